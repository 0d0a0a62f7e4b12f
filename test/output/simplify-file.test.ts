/**
 * A file holds what the items would hold: with Simplify on, Output "One File" writes the simplified
 * records (the field set's columns in a CSV, its fields in JSON Lines), with and without Add Ruble
 * Amounts, for every operation that has the switch (Daily Sales one shop and all shops, Receipts one
 * shop and all shops, Tickets, Passes); the hint under the switch says so. Compared with the item
 * output of the same run parameters, through n8n-core's engine against the sandbox.
 */
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterPortal } from '../../nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
import { locator, run, startTestSandbox } from '../helpers/action-run';
import { PRO_CENTER, type Sandbox } from '../../sandbox';
import { fileText, parseCsv } from '../helpers/csv-read';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});

const daily = (shop: IDataObject) => ({
	resource: 'dailySalesAggregate',
	operation: 'getMany',
	center: locator(PRO_CENTER),
	...shop,
	startDate: '2026-11-01',
	endDate: '2026-11-04',
	returnAll: true,
});
const receipts = (shop: IDataObject) => ({
	resource: 'receipt',
	operation: 'export',
	center: locator(PRO_CENTER),
	...shop,
	periodBy: 'created',
	createdStartDate: '2026-11-01',
	createdEndDate: '2026-11-01',
	returnAll: true,
});
const portal = (resource: 'ticket' | 'pass') => ({
	resource,
	operation: 'getMany',
	center: locator(PRO_CENTER),
	selectBy: 'createdPeriod',
	startDate: '2026-09-01',
	endDate: '2026-11-20',
	returnAll: true,
});

const CASES: Array<[string, () => INodeType, IDataObject, boolean]> = [
	[
		'Daily Sales, one shop',
		() => new ShoppingCenterRevenue(),
		daily({ shop: locator('1002-01') }),
		true,
	],
	['Daily Sales, all shops', () => new ShoppingCenterRevenue(), daily({ shopScope: 'all' }), true],
	[
		'Receipts, one shop',
		() => new ShoppingCenterReceipts(),
		receipts({ shop: locator('1002-02') }),
		true,
	],
	['Receipts, all shops', () => new ShoppingCenterReceipts(), receipts({ shopScope: 'all' }), true],
	['Tickets', () => new ShoppingCenterPortal(), portal('ticket'), false],
	['Passes', () => new ShoppingCenterPortal(), portal('pass'), false],
];

async function runOk(node: INodeType, params: IDataObject) {
	const r = await run(sb, node, params as INodeParameters);
	if (r.error) throw new Error(r.error.message);
	return r;
}

/** A CSV cell as the item's value would be written: text as it is, numbers as numbers, objects as JSON. */
function asCell(name: string, value: unknown, item: IDataObject): string {
	if (value === undefined || value === null) return '';
	// a ruble column: its money field in currency units, two decimals
	if (name.endsWith('_rub')) return ((item[name.slice(0, -4)] as number) / 100).toFixed(2);
	return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

describe.each(CASES)(
	'%s with Simplify on: the file holds what the items hold',
	(_, make, params, money) => {
		const rubleSides = money ? [false, true] : [false];
		test.each(rubleSides)('Add Ruble Amounts %s: CSV and JSON Lines', async (addRubles) => {
			const set = { ...params, simplify: true, ...(money ? { addRubles } : {}) };
			const items = (await runOk(make(), set)).json as IDataObject[];
			expect(items.length).toBeGreaterThan(0);
			const keys = [...new Set(items.flatMap((i) => Object.keys(i)))];
			// Simplify shapes the items: about a dozen fields (a shop-level record names its center),
			// each money field with its ruble twin beside it when Add Ruble Amounts is on
			const rubleTwins = keys.filter((k) => k.endsWith('_rub'));
			expect(keys.length - rubleTwins.length).toBeLessThanOrEqual(16);
			if (money) expect(items.every((i) => i.sc_id === PRO_CENTER)).toBe(true);
			if (money) expect(rubleTwins.length > 0).toBe(addRubles);
			for (const i of items)
				for (const k of Object.keys(i))
					if (addRubles && /_sum$|^turnover$/.test(k) && typeof i[k] === 'number')
						expect(i[`${k}_rub`]).toBe((i[k] as number) / 100);

			const csv = await runOk(make(), { ...set, output: 'file', fileFormat: 'csv' });
			const [header, ...rows] = parseCsv(fileText(csv.items[0][0]));
			// the CSV's columns are the simplified fields in the items' order (a field a record lacks
			// is an empty cell), and nothing else
			for (const i of items) expect(header.filter((h) => h in i)).toEqual(Object.keys(i));
			expect(header).not.toContain('other_fields');
			expect(rows).toEqual(items.map((i) => header.map((h) => asCell(h, i[h], i))));
			expect(csv.items[0][0].json.records).toBe(items.length);

			const jsonl = await runOk(make(), { ...set, output: 'file', fileFormat: 'jsonl' });
			const lines = fileText(jsonl.items[0][0])
				.split('\n')
				.filter(Boolean)
				.map((l) => JSON.parse(l) as IDataObject);
			expect(lines).toEqual(items);
		});
	},
);

test('Simplify off: the file keeps every field (the unchanged path), wider than the simplified one', async () => {
	const params = daily({ shop: locator('1002-01') });
	const wide = await runOk(new ShoppingCenterRevenue(), { ...params, output: 'file' });
	const slim = await runOk(new ShoppingCenterRevenue(), {
		...params,
		output: 'file',
		simplify: true,
	});
	const [wideHeader] = parseCsv(fileText(wide.items[0][0]));
	const [slimHeader] = parseCsv(fileText(slim.items[0][0]));
	expect(wideHeader).toContain('other_fields');
	expect(slimHeader.length).toBeLessThan(wideHeader.length / 2);
	expect(slimHeader).not.toContain('other_fields');
	// the summary's money sums are those of the file's money columns
	expect(Object.keys(slim.items[0][0].json.sumsInKopecks as IDataObject)).toEqual(
		slimHeader.filter((h) => /_sum$|^turnover$/.test(h)),
	);
});

test('the hint under Simplify says it applies to One File too', () => {
	for (const node of [
		new ShoppingCenterRevenue(),
		new ShoppingCenterReceipts(),
		new ShoppingCenterPortal(),
	]) {
		const fields = node.description.properties.filter((p) => p.name === 'simplify');
		expect(fields.length).toBeGreaterThan(0);
		for (const f of fields) expect(f.hint).toMatch(/One File/);
	}
});
