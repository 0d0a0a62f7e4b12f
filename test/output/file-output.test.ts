/**
 * Output "One File" through n8n-core's engine (test/harness) against the sandbox: the file's records
 * are the sandbox's true sets (CSV and JSON Lines), in the same order as item output; columns in the
 * spec's order with dotted names, RFC 4180 quoting, delimiter and BOM, ruble columns; all shops of a
 * center in one run; the limit; the summary's figures against the request log.
 */
import type { IDataObject } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterPortal } from '../../nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
import { locator, NOW, ofRoute, run, startTestSandbox } from '../helpers/action-run';
import { PRO_CENTER, shopsOfCenter, type Sandbox } from '../../sandbox';
import { csvRecords, fileText, parseCsv } from '../helpers/csv-read';
import { dailySalesBetween, ticketsByCreated } from '../helpers/read-params';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});

const receipts = (more: IDataObject) => ({
	resource: 'receipt',
	operation: 'export',
	center: locator(PRO_CENTER),
	shop: locator('1002-02'),
	periodBy: 'created',
	createdStartDate: '2026-09-01',
	createdEndDate: '2026-10-20',
	returnAll: true,
	...more,
});

const truth = (kind: 'receipts' | 'daily' | 'tickets', q: Record<string, string>) =>
	sb.store.truth(kind, { sc_id: PRO_CENTER, ...q }, new Date(NOW));

function one(r: Awaited<ReturnType<typeof run>>) {
	if (r.error) throw new Error(r.error.message);
	expect(r.items[0]).toHaveLength(1);
	return r.items[0][0];
}

describe('Receipt → Export to one file', () => {
	test('CSV: the true set in item order, spec columns, integer kopecks, summary = request log', async () => {
		const items = await run(sb, new ShoppingCenterReceipts(), receipts({}));
		const r = await run(sb, new ShoppingCenterReceipts(), receipts({ output: 'file' }));
		const item = one(r);
		const text = fileText(item);
		expect(text.startsWith('\uFEFF')).toBe(false);
		const [header] = parseCsv(text);
		expect(header).toEqual([
			...ShoppingCenterReceipts.resources.receipt.resource.modules.export.fileColumns.columns,
			'other_fields',
		]);
		const rows = csvRecords(text);
		const want = truth('receipts', {
			shop_id: '1002-02',
			start_created_date: '2026-09-01',
			end_created_date: '2026-10-20',
		});
		expect(rows.map((x) => x.id)).toEqual(items.json.map((x) => x.id));
		expect(new Set(rows.map((x) => x.id))).toEqual(new Set(want.ids));
		expect(rows).toHaveLength(want.count);
		expect(rows.reduce((a, x) => a + Number(x.total_sum), 0)).toBe(want.sum);
		expect(rows.every((x) => /^-?\d+$/.test(x.total_sum) && x.shop_id === '1002-02')).toBe(true);
		expect(rows.every((x) => x.sc_id === PRO_CENTER && x.other_fields === '')).toBe(true);
		const calls = ofRoute(r.requests, 'receipts');
		expect(item.json).toMatchObject({
			records: want.count,
			requests: calls.length,
			windows: 2,
			firstDate: items.json[0].created_datetime,
			lastDate: items.json[items.json.length - 1].created_datetime,
			format: 'csv',
		});
		expect((item.json.sumsInKopecks as IDataObject).total_sum).toBe(want.sum);
		// every money field's Σ, counted by the encoder as it writes the cells, = Σ over the items
		const sums: IDataObject = {};
		for (const m of ShoppingCenterReceipts.resources.receipt.resource.modules.export.fileColumns
			.money)
			sums[m] = items.json.reduce((a, x) => a + (Number.isInteger(x[m]) ? (x[m] as number) : 0), 0);
		expect(Object.keys(sums).length).toBeGreaterThan(10);
		expect(item.json.sumsInKopecks).toEqual(sums);
		expect(item.binary?.data.mimeType).toBe('text/csv');
	}, 60_000);

	test('JSON Lines: each line the record as item output has it', async () => {
		const items = await run(sb, new ShoppingCenterReceipts(), receipts({}));
		const r = await run(
			sb,
			new ShoppingCenterReceipts(),
			receipts({ output: 'file', fileFormat: 'jsonl', fileOptions: { fileName: 'r.jsonl' } }),
		);
		const item = one(r);
		const text = fileText(item);
		expect(text.endsWith('\n')).toBe(true);
		const lines = text
			.trimEnd()
			.split('\n')
			.map((l) => JSON.parse(l) as IDataObject);
		expect(lines).toEqual(items.json);
		expect(item.binary?.data.fileName).toBe('r.jsonl');
	}, 60_000);

	test('semicolon, BOM and ruble columns with a decimal comma', async () => {
		const r = await run(
			sb,
			new ShoppingCenterReceipts(),
			receipts({
				createdStartDate: '2026-10-01',
				createdEndDate: '2026-10-03',
				output: 'file',
				addRubles: true,
				fileOptions: { delimiter: ';', bom: true },
			}),
		);
		const text = fileText(one(r));
		expect(text.startsWith('\uFEFF')).toBe(true);
		const rows = csvRecords(text.slice(1), ';');
		expect(rows.length).toBeGreaterThan(10);
		const [header] = parseCsv(text.slice(1), ';');
		expect(header.slice(header.indexOf('total_sum'), header.indexOf('total_sum') + 3)).toEqual([
			'total_sum',
			'total_sum_rub',
			'cash_sum',
		]);
		for (const x of rows) {
			const k = Number(x.total_sum);
			expect(x.total_sum_rub).toBe((k / 100).toFixed(2).replace('.', ','));
		}
	}, 60_000);

	test('limit: the first records of the item output, in a file', async () => {
		const items = await run(
			sb,
			new ShoppingCenterReceipts(),
			receipts({ returnAll: false, limit: 1500 }),
		);
		const r = await run(
			sb,
			new ShoppingCenterReceipts(),
			receipts({ returnAll: false, limit: 1500, output: 'file' }),
		);
		const rows = csvRecords(fileText(one(r)));
		expect(rows).toHaveLength(1500);
		expect(rows.map((x) => x.id)).toEqual(items.json.map((x) => x.id));
		expect(one(r).json.records).toBe(1500);
	}, 60_000);

	test.each([
		['all', false],
		['allWithArchived', true],
	])(
		'all shops of the center (%s): one walk, the center true set, shop_id on every row',
		async (scope, archived) => {
			const period = { createdStartDate: '2026-11-10', createdEndDate: '2026-11-12' };
			const r = await run(
				sb,
				new ShoppingCenterReceipts(),
				receipts({ ...period, shopScope: scope, output: 'file', fileFormat: 'jsonl' }),
			);
			const lines = fileText(one(r))
				.trimEnd()
				.split('\n')
				.map((l) => JSON.parse(l) as IDataObject);
			const want = truth('receipts', {
				start_created_date: '2026-11-10',
				end_created_date: '2026-11-12',
			});
			expect(lines.map((x) => x.id).sort()).toEqual([...want.ids].sort());
			expect(lines.reduce((a, x) => a + (x.total_sum as number), 0)).toBe(want.sum);
			for (const x of lines) expect(String(x.id).startsWith(`${String(x.shop_id)}-`)).toBe(true);
			const shopsCalls = ofRoute(r.requests, 'shops');
			expect(shopsCalls).toHaveLength(1);
			expect(shopsCalls[0].query.archived).toBe(archived ? 'true' : undefined);
			const walked = new Set(ofRoute(r.requests, 'receipts').map((e) => e.path.split('/')[7]));
			const shops = shopsOfCenter(PRO_CENTER).filter((s) => archived || !s.is_archived);
			expect([...walked].sort()).toEqual(shops.map((s) => s.id).sort());
			// shop by shop, in the shop list's order
			const order = [...new Set(lines.map((x) => x.shop_id))];
			expect(order).toEqual([...order].sort());
		},
		60_000,
	);
});

describe('Daily Sales Aggregate, tickets and passes to one file', () => {
	test('daily sales of all shops: per shop the true days and sums, item and file output alike', async () => {
		const params = dailySalesBetween(locator(PRO_CENTER), '2026-10-01', '2026-10-31', {
			shopScope: 'all',
			returnAll: true,
		});
		const items = await run(sb, new ShoppingCenterRevenue(), params);
		const r = await run(sb, new ShoppingCenterRevenue(), { ...params, output: 'file' });
		const rows = csvRecords(fileText(one(r)));
		expect(rows.map((x) => `${x.shop_id}|${x.date}`)).toEqual(
			items.json.map((x) => `${String(x.shop_id)}|${String(x.date)}`),
		);
		for (const shop of shopsOfCenter(PRO_CENTER).filter((s) => !s.is_archived)) {
			const mine = rows.filter((x) => x.shop_id === shop.id);
			const want = truth('daily', {
				shop_id: shop.id,
				start_date: '2026-10-01',
				end_date: '2026-10-31',
			});
			expect(mine.map((x) => x.date)).toEqual(want.ids);
			expect(mine.reduce((a, x) => a + Number(x.income_sum), 0)).toBe(want.sum);
		}
	}, 60_000);

	test('tickets: nested objects as dotted columns, text with quotes and line breaks read back exactly', async () => {
		const params = ticketsByCreated(locator(PRO_CENTER), '2026-01-01', '2026-11-20', {
			returnAll: true,
		});
		const items = await run(sb, new ShoppingCenterPortal(), params);
		const r = await run(sb, new ShoppingCenterPortal(), { ...params, output: 'file' });
		const rows = csvRecords(fileText(one(r)));
		expect(rows).toHaveLength(items.json.length);
		expect(rows.length).toBeGreaterThan(10);
		rows.forEach((x, i) => {
			const t = items.json[i] as IDataObject;
			expect(x.ticket_uid).toBe(t.ticket_uid);
			expect(x.text).toBe(t.text ?? '');
			expect(x['ticket_type.title']).toBe((t.ticket_type as IDataObject).title);
			expect(x['author.email']).toBe(((t.author as IDataObject | null)?.email as string) ?? '');
			expect(x.parameters).toBe(JSON.stringify(t.parameters));
		});
	}, 60_000);
});
