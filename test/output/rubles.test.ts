/**
 * One "Add Ruble Amounts" switch: item output, a CSV file and a JSON Lines file all get the ruble
 * amounts when it is on and none when it is off (Daily Sales Aggregate and Receipts); File Options has no second
 * switch; monthly PRO rows get average_check_sum_rub and revenue_per_area_rub, and the notice says
 * their unit. Through n8n-core's engine against the sandbox.
 */
import type { IDataObject, INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import * as pkg from '../../index';
import { locator, run, startTestSandbox } from '../helpers/action-run';
import { PRO_CENTER, type Sandbox } from '../../sandbox';
import { csvRecords, fileText, parseCsv } from '../helpers/csv-read';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});

const CASES: Array<[string, () => INodeType, IDataObject, string]> = [
	[
		'Daily Sales Aggregate',
		() => new ShoppingCenterRevenue(),
		{
			resource: 'dailySalesAggregate',
			operation: 'getMany',
			center: locator(PRO_CENTER),
			shop: locator('1002-01'),
			startDate: '2026-11-01',
			endDate: '2026-11-05',
			returnAll: true,
		},
		'income_sum',
	],
	[
		'Receipts',
		() => new ShoppingCenterReceipts(),
		{
			resource: 'receipt',
			operation: 'export',
			center: locator(PRO_CENTER),
			shop: locator('1002-02'),
			periodBy: 'created',
			createdStartDate: '2026-11-01',
			createdEndDate: '2026-11-02',
			returnAll: true,
		},
		'total_sum',
	],
];

/** The records of a run in any output: items, or the file read back (CSV cells are text). */
async function recordsOf(node: INodeType, params: IDataObject): Promise<IDataObject[]> {
	const r = await run(sb, node, params as INodeParameters);
	if (r.error) throw new Error(r.error.message);
	if (params.output !== 'file') return r.json as IDataObject[];
	const text = fileText(r.items[0][0]);
	if (params.fileFormat === 'jsonl')
		return text
			.trimEnd()
			.split('\n')
			.map((l) => JSON.parse(l) as IDataObject);
	return csvRecords(text);
}

const OUTPUTS: Array<[string, IDataObject]> = [
	['items', {}],
	['CSV', { output: 'file' }],
	['JSON Lines', { output: 'file', fileFormat: 'jsonl' }],
];

describe.each(CASES)('%s: one switch for every output', (_name, node, params, money) => {
	test.each(OUTPUTS)('%s: rubles when on, none when off', async (_out, output) => {
		const on = await recordsOf(node(), { ...params, ...output, addRubles: true });
		const off = await recordsOf(node(), { ...params, ...output, addRubles: false });
		expect(on.length).toBeGreaterThan(0);
		expect(on.length).toBe(off.length);
		for (const row of on) {
			const kopecks = Number(row[money]);
			expect(Number.isInteger(kopecks)).toBe(true);
			expect(Number(row[`${money}_rub`])).toBeCloseTo(kopecks / 100, 2);
		}
		for (const row of off) expect(Object.keys(row).filter((k) => k.endsWith('_rub'))).toEqual([]);
		if (output.output === 'file' && output.fileFormat !== 'jsonl') {
			const r = await run(sb, node(), { ...params, ...output, addRubles: true });
			const [header] = parseCsv(fileText(r.items[0][0]));
			expect(header.slice(header.indexOf(money), header.indexOf(money) + 2)).toEqual([
				money,
				`${money}_rub`,
			]);
		}
	});
});

describe('the editor shows one switch', () => {
	const nodes = (Object.values(pkg) as Array<new () => INodeType>)
		.filter((C) => typeof C === 'function')
		.map((C) => new C())
		.filter((n) => n.description?.properties);

	test('no File Options collection has a ruble switch of its own', () => {
		const fileOptions = nodes.flatMap((n) =>
			(n.description.properties as INodeProperties[]).filter((p) => p.name === 'fileOptions'),
		);
		expect(fileOptions.length).toBeGreaterThanOrEqual(5);
		for (const p of fileOptions)
			expect((p.options as INodeProperties[]).map((o) => o.name)).not.toContain('addRubles');
	});

	test.each([
		['shoppingCenterRevenue', 'dailySalesAggregate'],
		['shoppingCenterReceipts', 'receipt'],
	])('%s %s: "Add Ruble Amounts" beside Output', (name, resource) => {
		const n = nodes.find((x) => x.description.name === name)!;
		const props = n.description.properties.filter((p) =>
			p.displayOptions?.show?.resource?.includes(resource),
		);
		const names = props.map((p) => p.name);
		expect(names).toContain('addRubles');
		expect(names).toContain('output');
		expect(props.find((p) => p.name === 'addRubles')!.description).toMatch(/CSV.*JSON Lines/);
	});
});

describe('monthly totals on PRO', () => {
	test('average_check_sum and revenue_per_area get ruble columns; ocr does not', async () => {
		const r = await run(sb, new ShoppingCenterRevenue(), {
			resource: 'monthlyTotal',
			operation: 'getMany',
			center: locator(PRO_CENTER),
			shop: locator('1002-01'),
			startDate: '2026-08-01',
			endDate: '2026-10-31',
			returnAll: true,
			addRubles: true,
		});
		expect(r.error).toBeUndefined();
		expect(r.json.length).toBe(3);
		for (const row of r.json) {
			for (const f of ['average_check_sum', 'revenue_per_area', 'income_sum']) {
				expect(typeof row[f]).toBe('number');
				expect(row[`${f}_rub`]).toBe(Math.round(row[f] as number) / 100);
			}
			expect(row).not.toHaveProperty('ocr_rub');
		}
	});

	test('the PRO notice says the unit of average_check_sum and revenue_per_area', () => {
		const n = new ShoppingCenterRevenue();
		const notices = n.description.properties.filter(
			(p) => p.type === 'notice' && p.displayOptions?.show?.resource?.includes('monthlyTotal'),
		);
		const text = notices.map((p) => p.displayName).join(' ');
		expect(text).toMatch(/average_check_sum \(kopecks per receipt\)/);
		expect(text).toMatch(/revenue_per_area \(kopecks per unit of area_size\)/);
		expect(text).toMatch(/Add Ruble Amounts/);
	});
});
