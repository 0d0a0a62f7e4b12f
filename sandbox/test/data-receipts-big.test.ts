/**
 * The large PRO center (1006, the production-size bench's): only the bulk key sees it; more than
 * 10,000,000 receipts over the data's range, counted across pages without generating them; the same
 * pages for the same seed; the streaming truth summary (count, Σ total_sum, id groups) agrees with the
 * pages walked, also for a day not fully received yet, and over HTTP.
 */
import * as receiptGen from '../data/receipt-gen';
import { receiptTruthSummary, type ReceiptTruthSummary } from '../data/truth-summary';
import {
	BIG_CENTER,
	BULK_CLIENT_ID,
	BULK_CLIENT_SECRET,
	PRO_CENTER,
	shopsOfCenter,
} from '../fixtures/centers';
import type { Sandbox } from '../index';
import { call, NOW, walk, world, type Rows } from './support/data-context';
import { api, control, start, token } from './support/helpers';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const active = shopsOfCenter(BIG_CENTER).filter((s) => !s.is_archived);

/** Every id of the summary's groups (dense and sparse), as a set. */
function idsOf(s: ReceiptTruthSummary): Set<string> {
	const ids = new Set<string>();
	for (const [prefix, n] of Object.entries(s.groups))
		for (let i = 1; i <= n; i++) ids.add(prefix + String(i).padStart(5, '0'));
	for (const [prefix, list] of Object.entries(s.sparse))
		for (const i of list) ids.add(prefix + String(i).padStart(5, '0'));
	return ids;
}

function expectSummaryOf(rows: Rows, s: ReceiptTruthSummary): void {
	const ids = rows.map((r) => r.id as string);
	expect(new Set(ids).size).toBe(ids.length);
	expect(s.count).toBe(ids.length);
	expect(s.sum).toBe(rows.reduce((a, r) => a + (r.total_sum as number), 0));
	expect([...idsOf(s)].sort()).toEqual([...ids].sort());
}

describe('the large center 1006', () => {
	test('more than 10,000,000 receipts over 2024-01-01..2026-11-19, counted across pages without generating them', () => {
		const spy = jest.spyOn(receiptGen, 'generateDay');
		const w = world();
		let total = 0;
		let windows = 0;
		const last = Date.UTC(2026, 10, 19);
		for (const shop of shopsOfCenter(BIG_CENTER))
			for (let start = Date.UTC(2024, 0, 1); start <= last; start += 30 * DAY) {
				const q = {
					start_created_date: iso(start),
					end_created_date: iso(Math.min(start + 29 * DAY, last)),
					per_page: '1',
				};
				total += call(w, 'receipts', BIG_CENTER, q, { shop_id: shop.id }).meta.pagination.total;
				windows++;
			}
		expect(total).toBeGreaterThanOrEqual(10_000_000);
		expect(total).toBeLessThan(12_000_000);
		expect(spy.mock.calls.length).toBeLessThanOrEqual(windows); // at most the first page's day
		spy.mockRestore();
	});

	test('a shop-window walked page by page: the total holds on every page, ids distinct, = the truth summary', () => {
		const w = world();
		const q = { start_created_date: '2026-10-01', end_created_date: '2026-10-30' };
		const totals = new Set<number>();
		const rows: Rows = [];
		for (let page = 1; ; page++) {
			const r = call(
				w,
				'receipts',
				BIG_CENTER,
				{ ...q, page: String(page), per_page: '1000' },
				{
					shop_id: active[0].id,
				},
			);
			totals.add(r.meta.pagination.total);
			rows.push(...r.data);
			if (r.data.length < 1000) break;
		}
		expect([...totals]).toEqual([rows.length]);
		expect(rows.length).toBeGreaterThan(25_000);
		const created = rows.map((r) => Date.parse(r.created_datetime as string));
		expect(created).toEqual([...created].sort((a, b) => a - b));
		const s = receiptTruthSummary(w.store, { sc_id: BIG_CENTER, shop_id: active[0].id, ...q }, NOW);
		expect(Object.keys(s.sparse)).toEqual([]);
		expectSummaryOf(rows, s);
		expect(s).toEqual(
			receiptTruthSummary(world().store, { sc_id: BIG_CENTER, shop_id: active[0].id, ...q }, NOW),
		);
	});

	test('the same seed gives the same pages, another seed other ones', () => {
		const q = { start_created_date: '2025-03-01', end_created_date: '2025-03-30', page: '7' };
		const shop = { shop_id: active[3].id };
		const a = call(world(42), 'receipts', BIG_CENTER, { ...q, per_page: '500' }, shop);
		expect(a.data).toHaveLength(500);
		expect(call(world(42), 'receipts', BIG_CENTER, { ...q, per_page: '500' }, shop)).toEqual(a);
		expect(
			call(world(43), 'receipts', BIG_CENTER, { ...q, per_page: '500' }, shop).data,
		).not.toEqual(a.data);
	});

	test('today (not every document received yet): the summary lists those groups sparsely, = the pages', () => {
		const w = world();
		const q = { start_created_date: '2026-11-19', end_created_date: '2026-11-20' };
		const rows = active.flatMap((s) => walk(w, 'receipts', BIG_CENTER, q, { shop_id: s.id }, 1000));
		const s = receiptTruthSummary(w.store, { sc_id: BIG_CENTER, ...q }, NOW);
		expect(Object.keys(s.sparse).length).toBeGreaterThan(0);
		expect(Object.keys(s.sparse).every((p) => p.includes('-20261120-'))).toBe(true);
		expectSummaryOf(rows, s);
	});
});

describe('the large center over HTTP', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await start({ rateLimits: false });
	});
	afterAll(() => sb.close());

	test('only the bulk key sees 1006, and the bulk key sees nothing else', async () => {
		const bulk = await token(sb, BULK_CLIENT_ID, BULK_CLIENT_SECRET);
		const list = await api(sb, 'GET', '/sc', { token: bulk });
		expect(list.json.data.map((c: { id: string }) => c.id)).toEqual([BIG_CENTER]);
		expect((await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: bulk })).status).toBe(404);
		const demo = await token(sb);
		const theirs = await api(sb, 'GET', '/sc', { token: demo });
		expect(theirs.json.data.map((c: { id: string }) => c.id)).not.toContain(BIG_CENTER);
		expect((await api(sb, 'GET', `/sc/${BIG_CENTER}/shops`, { token: demo })).status).toBe(404);
	});

	test('GET /__sandbox/truth-summary/receipts = the summary computed in process', async () => {
		const q = {
			sc_id: BIG_CENTER,
			start_created_date: '2026-11-10',
			end_created_date: '2026-11-12',
		};
		const r = await control(sb, 'GET', '/truth-summary/receipts', { query: q });
		expect(r.status).toBe(200);
		expect(r.json.data).toEqual(receiptTruthSummary(world().store, q, NOW));
		expect(r.json.data.count).toBeGreaterThan(25_000);
		const routes = (await control(sb, 'GET', '/')).json.data.routes;
		expect(routes).toEqual(
			expect.arrayContaining(['GET /truth/{kind}', 'GET /truth-summary/receipts']),
		);
	});
});
