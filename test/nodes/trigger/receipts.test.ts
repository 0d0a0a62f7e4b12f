/**
 * Shopping Center Trigger, New Receipt, through n8n-core's PollContext (test/harness runPoll) against
 * the sandbox over real HTTP. The sandbox clock is frozen and moved by the tests over a simulated day:
 * its receipts reach the platform minutes to 12 hours after they were printed (some after midnight in
 * the center's zone), and receipts inserted between polls arrive "now" though printed up to 47 hours
 * earlier. Checked against the sandbox's true set: each receipt emitted once, nothing twice, the
 * requests of a poll equal to the stated formula, the state bounded, the budget cut and the order of the reads (the shop read longest ago first).
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { runPoll, type RunPollResult } from '../../harness';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { shopsOfCenter } from '../../../sandbox/fixtures/centers';
import { dayOfMs } from '../../../sandbox/data/calendar';
import { ShoppingCenterApi } from '../../../credentials/ShoppingCenterApi.credentials';
import { ShoppingCenterEventsTrigger } from '../../../nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';
import {
	diffShop,
	keepFromMs,
	MAX_IDS_PER_SHOP,
	readReceiptState,
	type ReceiptCenterState,
} from '../../../nodes/ShoppingCenterEventsTrigger/readers/newReceipt/cursor';
import { DEFAULT_RETRY_POLICY } from '../../../nodes/shared/transport/retry';
import { pacer, tokenCache } from '../../../nodes/shared/transport';
import { forgetCenters } from '../../../nodes/shared/center';
import { clearPlans } from '../../../nodes/shared/transport/planCache';
import { forgetNodeMemory } from '../../../nodes/ShoppingCenterEventsTrigger/memory';
import { addDays, todayIn } from '../../../nodes/shared/walk/dateWindows';
import { fileText, parseCsv } from '../../helpers/csv-read';
import { sandboxCredentials } from '../../helpers/sandboxCredentials';

const MIN = 60_000;
const H = 60 * MIN;
const PRO = '1002'; // Asia/Yekaterinburg, UTC+5, 11 active shops, one busy (~620 a day)
const ZONE = 'Asia/Yekaterinburg';
const BASIC = '1001';

const trigger = new ShoppingCenterEventsTrigger();
const credentialTypes = [new ShoppingCenterApi()];

const savedPolicy = { ...DEFAULT_RETRY_POLICY };
beforeAll(() =>
	Object.assign(DEFAULT_RETRY_POLICY, { baseDelayMs: 1, maxDelayMs: 2, maxTotalWaitMs: 200 }),
);
afterAll(() => Object.assign(DEFAULT_RETRY_POLICY, savedPolicy));

let sb: Sandbox;
beforeEach(async () => {
	tokenCache.clear();
	pacer.clear();
	forgetCenters();
	clearPlans();
	forgetNodeMemory();
	// 06:00 in Yekaterinburg
	sb = await startSandbox({ now: '2026-11-20T01:00:00Z' });
});
afterEach(async () => {
	await sb?.close();
});

const params = (extra: INodeParameters = {}): INodeParameters => ({
	event: 'newReceipt',
	centerScope: 'selected',
	centerIds: [PRO],
	...extra,
});
/**
 * Every shop due at every poll (the quiet bound at its least, 1 minute, under polls 20–30 minutes
 * apart): these tests hold each poll's requests to the formula and the order of the shops to
 * lateness; which shops a poll skips when they are quiet is test/nodes/trigger/day-budget.test.ts's.
 */
const everyShop = () => params({ quietMaxWaitMinutes: 1 });

interface PollOptions {
	staticData?: IDataObject;
	pollBudgetMs?: number;
	workflowId?: string;
	mode?: 'trigger' | 'manual';
}

/** One poll as n8n runs it, against the sandbox (its error in the result). */
async function poll(parameters: INodeParameters, o: PollOptions = {}): Promise<RunPollResult> {
	return await runPoll({
		nodeType: trigger,
		credentialTypes,
		credentials: sandboxCredentials(sb.baseUrl),
		parameters,
		now: sb.clock.now(),
		...o,
	});
}

/** A poll that must succeed. */
async function ok(
	parameters: INodeParameters,
	staticData?: IDataObject,
	pollBudgetMs?: number,
	workflowId?: string,
): Promise<RunPollResult> {
	const r = await poll(parameters, { staticData, pollBudgetMs, workflowId });
	if (r.error) throw r.error;
	return r;
}

const items = (r: RunPollResult): INodeExecutionData[] => r.items?.[0] ?? [];
const ids = (r: RunPollResult) => items(r).map((i) => String(i.json.id));
const activeShops = shopsOfCenter(PRO).filter((s) => !s.is_archived);
const lastSeq = () => sb.log.list().at(-1)?.seq ?? 0;

/** Every receipt visible now, received from `from` (a date) on, of the center. */
function visible(from: string): Map<string, number> {
	const out = new Map<string, number>();
	for (const shop of activeShops) {
		const t = sb.store.truth(
			'receipts',
			{ sc_id: PRO, shop_id: shop.id, start_received_date: from, end_received_date: '2099-01-01' },
			sb.clock.now(),
		);
		t.ids.forEach((id) => out.set(id, 0));
	}
	return out;
}

function receiptState(r: RunPollResult): ReceiptCenterState {
	const c = (r.staticData.centers as IDataObject)[PRO] as IDataObject;
	return readReceiptState(c.receipts)!;
}

/** Σ over the shops read of ⌈receipts received in the shop's re-read period / 1000⌉ (at least 1). */
function formula(before: ReceiptCenterState | undefined, shopsRead: string[], lookback = 1) {
	const today = todayIn(ZONE, sb.clock.now());
	let n = 0;
	for (const shopId of shopsRead) {
		const start = addDays(before?.shops[shopId]?.day ?? today, -lookback);
		const count = sb.store.truth(
			'receipts',
			{ sc_id: PRO, shop_id: shopId, start_received_date: start, end_received_date: today },
			sb.clock.now(),
		).count;
		n += Math.max(1, Math.ceil(count / 1000));
	}
	return n;
}

const shopOf = (path: string) => /\/shops\/([^/]+)\/receipts/.exec(path)?.[1] ?? '';
const receiptCalls = (since: number) =>
	sb.log.list({ since }).filter((e) => e.route === 'receipts');

describe('New Receipt: the per-shop cursor', () => {
	const T = Date.parse('2026-11-20T12:00:00Z');
	const row = (id: string, ms: number): IDataObject => ({
		id,
		received_datetime: new Date(ms).toISOString(),
	});

	// the next poll re-reads from 2026-11-19 (Lookback 1) in Yekaterinburg: the floor is its start
	const KEEP = keepFromMs('2026-11-20', 1, ZONE);

	test('the floor is the start of the next re-read period; a receipt that shows up late is emitted once however far below the newest one it was received', () => {
		expect(new Date(KEEP).toISOString()).toBe('2026-11-18T19:00:00.000Z');
		const first = diffShop(
			[row('a', T), row('b', T - 10 * MIN)],
			undefined,
			null,
			'2026-11-20',
			T,
			KEEP,
		);
		expect(first.fresh.map((r) => r.id)).toEqual(['a', 'b']);
		expect(first.cursor.since).toBe(KEEP);
		// later: c was received an hour before the high-water mark, d five hours, e the day before
		// (all inside the re-read period), f before it (no poll reads it again; taken as emitted)
		const late = [row('c', T - H), row('d', T - 5 * H), row('e', T - 20 * H), row('f', KEEP - 1)];
		const rows = [row('a', T), row('b', T - 10 * MIN), ...late];
		const second = diffShop(rows, first.cursor, null, '2026-11-20', T + H, KEEP);
		expect(second.fresh.map((r) => r.id)).toEqual(['c', 'd', 'e']);
		expect([...second.cursor.ids].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
		const third = diffShop(rows, second.cursor, null, '2026-11-20', T + 2 * H, KEEP);
		expect(third.fresh).toEqual([]);
		// the next day the floor moves up a day; the ids below it are dropped, never emitted again
		const nextKeep = keepFromMs('2026-11-21', 1, ZONE);
		const fourth = diffShop(rows, third.cursor, null, '2026-11-21', T + 20 * H, nextKeep);
		expect(fourth.fresh).toEqual([]);
		expect(fourth.cursor.since).toBe(nextKeep);
		expect([...fourth.cursor.ids].sort()).toEqual(['a', 'b', 'c', 'd']);
		// a floor never goes down (a lowered Lookback, then raised): the dropped ids are not emitted again
		expect(diffShop(rows, fourth.cursor, null, '2026-11-21', T + 21 * H, KEEP).fresh).toEqual([]);
	});

	test('the ids kept are bounded: those from the floor on, at most MAX_IDS_PER_SHOP', () => {
		const many = Array.from({ length: MAX_IDS_PER_SHOP + 50 }, (_, i) => row(`r${i}`, T + i));
		const d = diffShop(many, undefined, null, '2026-11-20', T, KEEP);
		expect(d.fresh).toHaveLength(many.length);
		expect(d.dropped).toBe(50);
		expect(d.cursor.ids).toHaveLength(MAX_IDS_PER_SHOP);
		expect(d.cursor.ids[0]).toBe('r50');
		// the dropped ones count as emitted: nothing comes again
		expect(diffShop(many, d.cursor, null, '2026-11-20', T, KEEP).fresh).toEqual([]);
		const old = diffShop(
			[row('x', T), row('y', T + 3 * H)],
			undefined,
			null,
			'2026-11-20',
			T,
			T + 1,
		);
		expect(old.cursor.ids).toEqual(['y']);
	});

	test('a saved cursor of another version or broken shape is not used', () => {
		const good = {
			v: 1,
			origin: T,
			shops: { s: { day: '2026-11-20', since: null, hw: null, ids: ['a'], rx: [T] } },
		};
		expect(readReceiptState(good)?.shops.s.ids).toEqual(['a']);
		expect(readReceiptState({ ...good, v: 2 })).toBeUndefined();
		expect(
			readReceiptState({ ...good, shops: { s: { day: '2026-11-20', ids: ['a'], rx: [] } } })?.shops,
		).toEqual({});
	});
});

describe('New Receipt', () => {
	test('over a simulated day: every receipt that arrives is emitted once (late arrivals too), requests = the formula, state bounded', async () => {
		const first = await ok(everyShop());
		expect(first.items).toBeNull(); // "remember what exists"
		const existing = visible('2026-11-18');
		let state = first.staticData;
		const emitted: IDataObject[] = [];
		const inserted: string[] = [];
		// 30-minute polls from 06:30 to 08:00 the next day (center time), receipts inserted between some
		for (let i = 1; i <= 52; i++) {
			sb.clock.advance(30 * MIN);
			if (i % 10 === 0) inserted.push(...sb.store.insert('receipt', PRO, 3, sb.clock.now()));
			const before = readReceiptState(
				((state.centers as IDataObject)[PRO] as IDataObject).receipts,
			);
			const seq = lastSeq();
			const r = await ok(everyShop(), state);
			const calls = receiptCalls(seq);
			const shopsRead = [...new Set(calls.map((e) => shopOf(e.path)))];
			expect(shopsRead.sort()).toEqual(activeShops.map((s) => s.id).sort());
			expect(calls).toHaveLength(formula(before, shopsRead));
			expect(calls.every((e) => e.status === 200)).toBe(true);
			for (const it of items(r)) emitted.push(it.json);
			state = r.staticData;
		}
		const ids = emitted.map((j) => String(j.id));
		// nothing twice, and exactly what arrived since the first poll
		expect(new Set(ids).size).toBe(ids.length);
		const expected = [...visible('2026-11-18').keys()].filter((id) => !existing.has(id));
		expect(ids.sort()).toEqual(expected.sort());
		expect(ids).toEqual(expect.arrayContaining(inserted));
		expect(inserted).toHaveLength(15);
		// late arrivals among them: hours after printing, and after midnight of the printing day
		const late = emitted.filter(
			(j) =>
				Date.parse(String(j.received_datetime)) - Date.parse(String(j.created_datetime)) > 3 * H,
		);
		const nextDay = emitted.filter(
			(j) =>
				dayOfMs(ZONE, Date.parse(String(j.received_datetime))) >
				dayOfMs(ZONE, Date.parse(String(j.created_datetime))),
		);
		expect(late.length).toBeGreaterThan(10);
		expect(nextDay.length).toBeGreaterThan(5);
		for (const j of emitted) {
			expect(j).toMatchObject({ event: 'newReceipt', sc_id: PRO });
			expect(String(j.shop_id)).toBe(String(j.id).slice(0, 7));
		}
		// bounded: per shop exactly the ids of the receipts the next poll re-reads (from yesterday on)
		const rs = receiptState({ staticData: state } as RunPollResult);
		const from = addDays(todayIn(ZONE, sb.clock.now()), -1);
		let kept = 0;
		for (const [shopId, c] of Object.entries(rs.shops)) {
			expect(c.ids.length).toBe(c.rx.length);
			expect(c.since).toBe(keepFromMs(todayIn(ZONE, sb.clock.now()), 1, ZONE));
			const rereads = sb.store.truth(
				'receipts',
				{ sc_id: PRO, shop_id: shopId, start_received_date: from, end_received_date: '2099-01-01' },
				sb.clock.now(),
			).ids;
			expect([...c.ids].sort()).toEqual([...rereads].sort());
			kept += c.ids.length;
		}
		// about 40 bytes an id (the id and its reception moment), plus a little per shop
		expect(JSON.stringify(state).length).toBeLessThan(45 * kept + 200 * activeShops.length);
	});

	test('a receipt that reaches the API hours after its received_datetime (far below the newest one seen) is emitted once', async () => {
		const first = await ok(everyShop());
		sb.clock.advance(9 * H); // 15:00 in Yekaterinburg: the busy shop receives all the time
		const second = await ok(everyShop(), first.staticData);
		// received 5 and 20 hours (the evening before, center time) before the newest receipt seen of
		// the busiest shop, visible only now (the platform's processing lagged)
		const busy = sb.store.insert('receipt', PRO, 1, sb.clock.now())[0].slice(0, 7);
		const hw = receiptState(second).shops[busy].hw!;
		const late = [5, 20].flatMap((h) =>
			sb.store.insert('receipt', PRO, 1, new Date(hw - h * H), { shop_id: busy }),
		);
		expect(late).toHaveLength(2);
		sb.clock.advance(10 * MIN);
		const third = await ok(everyShop(), second.staticData);
		expect(ids(third)).toEqual(expect.arrayContaining(late));
		sb.clock.advance(10 * MIN);
		const fourth = await ok(everyShop(), third.staticData);
		const all = [...ids(second), ...ids(third), ...ids(fourth)];
		expect(new Set(all).size).toBe(all.length);
	});

	test('a poll cut by its budget reads the shops it reaches; the shops read longest ago go first in the next poll, nothing lost or twice', async () => {
		const first = await ok(everyShop());
		const existing = visible('2026-11-18');
		const list = receiptState(first).shops;
		const shops = activeShops.map((s) => s.id); // the API's order
		expect(Object.keys(list).sort()).toEqual([...shops].sort());
		let state = first.staticData;
		const reached = new Set<string>();
		const emitted: string[] = [];
		// slow answers (150 ms) and a 1.5 s budget: a few shops a poll (a new token or center list takes
		// part of it now and then)
		sb.faults.set({ latencyMs: 150 });
		for (let i = 0; i < 12 && reached.size < shops.length; i++) {
			sb.clock.advance(20 * MIN);
			const before = receiptState({ staticData: state } as RunPollResult).shops;
			const seq = lastSeq();
			const r = await ok(everyShop(), state, 1500);
			const after = receiptState(r).shops;
			// the shops this poll finished: their read moment moved
			const done = shops.filter((id) => after[id].sched!.read !== before[id].sched!.read);
			expect(done.length).toBeGreaterThan(0);
			expect(done.length).toBeLessThan(shops.length);
			// they are the ones read longest ago (none left behind was read before one of them)
			const oldestLeft = Math.min(
				...shops.filter((id) => !done.includes(id)).map((id) => before[id].sched!.read),
			);
			for (const id of done) expect(before[id].sched!.read).toBeLessThanOrEqual(oldestLeft);
			const asked = new Set(receiptCalls(seq).map((e) => shopOf(e.path)));
			for (const shop of done) expect(asked.has(shop)).toBe(true);
			done.forEach((shop) => reached.add(shop));
			emitted.push(...ids(r));
			state = r.staticData;
		}
		sb.faults.clear();
		// no shop starved: every one was reached
		expect(reached.size).toBe(shops.length);
		// a full poll now catches up: everything that arrived since the first poll, once
		sb.clock.advance(20 * MIN);
		const last = await ok(everyShop(), state);
		emitted.push(...ids(last));
		expect(new Set(emitted).size).toBe(emitted.length);
		const expected = [...visible('2026-11-18').keys()].filter((id) => !existing.has(id));
		expect(emitted.sort()).toEqual(expected.sort());
	});

	test('selected shops, one file per poll written as the receipt export writes it; an error leaves the state as it was', async () => {
		const p = params({
			receiptShops: 'selected',
			receiptShopIds: '1002-01, 1002-02',
			output: 'file',
			fileFormat: 'csv',
		});
		const first = await ok(p);
		expect(Object.keys(receiptState(first).shops).sort()).toEqual(['1002-01', '1002-02']);
		sb.clock.advance(3 * H);
		const second = await ok(p, first.staticData);
		const [file] = items(second);
		const rows = parseCsv(fileText(file));
		const header = rows[0];
		expect(header.slice(0, 4)).toEqual(['sc_id', 'shop_id', 'id', 'document_type']);
		const body = rows.slice(1).filter((r) => r.length > 1);
		expect(body.length).toBeGreaterThan(0);
		expect(file.json.records).toBe(body.length);
		expect(body.every((r) => r[0] === PRO && ['1002-01', '1002-02'].includes(r[1]))).toBe(true);
		expect(new Set(body.map((r) => r[2])).size).toBe(body.length);

		// a 503 on every try: the poll fails and saves nothing, the next one emits what it missed
		sb.clock.advance(H);
		const seq = lastSeq();
		sb.faults.set({ failNext: { count: 50, code: 'service_unavailable', routes: ['receipts'] } });
		const failed = await poll(p, {
			staticData: second.staticData,
		});
		expect(failed.error).toBeDefined();
		expect(failed.staticData).toEqual(second.staticData);
		expect(sb.log.list({ since: seq }).some((e) => e.route === 'receipts')).toBe(true);
		sb.faults.clear();
		const third = await ok(p, second.staticData);
		const again = parseCsv(fileText(items(third)[0]))
			.slice(1)
			.filter((r) => r.length > 1)
			.map((r) => r[2]);
		expect(again.length).toBeGreaterThan(0);
		expect(again.some((id) => body.some((r) => r[2] === id))).toBe(false);
	});

	test('n8n drops the state of the poll at publishing (durable cursors): the next poll still emits what arrived since', async () => {
		const p = params({ receiptShops: 'selected', receiptShopIds: '1002-02' });
		const published = await ok(p, undefined, 36_000, 'wf-carry');
		expect(published.items).toBeNull();
		sb.clock.advance(10 * MIN);
		const late = sb.store.insert('receipt', PRO, 3, sb.clock.now(), { shop_id: '1002-02' });
		// n8n saved nothing: the first scheduled poll gets no state
		const first = await ok(p, undefined, 36_000, 'wf-carry');
		expect(ids(first)).toEqual(expect.arrayContaining(late));
		const again = await ok(p, first.staticData, 36_000, 'wf-carry');
		expect(ids(again).filter((id) => late.includes(id))).toEqual([]);
	});

	test('the budget ends inside a shop (slow answers): the poll saves nothing of it, the next one emits it all once', async () => {
		const p = params({ receiptShops: 'selected', receiptShopIds: '1002-01', lookbackDays: 4 });
		const first = await ok(p);
		sb.clock.advance(H);
		const late = sb.store.insert('receipt', PRO, 2, sb.clock.now(), { shop_id: '1002-01' });
		sb.faults.set({ latencyMs: 500 });
		const t0 = Date.now();
		const cut = await ok(p, first.staticData, 2000);
		const took = Date.now() - t0;
		sb.faults.clear();
		expect(cut.items).toBeNull();
		// nothing of the shop saved (the shop list read again on the way may be); the requests the cut
		// poll sent are counted
		expect(receiptState(cut).shops).toEqual(receiptState(first).shops);
		const budget = (s: IDataObject) =>
			((s.centers as IDataObject)[PRO] as IDataObject).budget as IDataObject;
		expect(budget(cut.staticData).used).toBeGreaterThanOrEqual(
			budget(first.staticData).used as number,
		);
		expect(took).toBeLessThan(2000 + 1500); // the answer in flight at the deadline is not awaited
		const next = await ok(p, cut.staticData);
		const got = ids(next);
		expect(got).toEqual(expect.arrayContaining(late));
		expect(new Set(got).size).toBe(got.length);
	});

	test('Fetch Test Event (manual) returns the latest receipt of each PRO center and saves nothing', async () => {
		const r = await poll(
			{ event: 'newReceipt', centerScope: 'all' },
			{
				mode: 'manual',
			},
		);
		expect(r.error).toBeUndefined();
		const got = items(r).map((i) => i.json);
		expect(got.map((j) => j.sc_id).sort()).toEqual([PRO, '1004']);
		for (const j of got) {
			const t = sb.store.truth(
				'receipts',
				{
					sc_id: String(j.sc_id),
					shop_id: String(j.shop_id),
					start_received_date: addDays(todayIn(ZONE, sb.clock.now()), -2),
					end_received_date: '2099-01-01',
				},
				sb.clock.now(),
			);
			expect(t.ids).toContain(j.id);
		}
		expect(r.staticData).toEqual({});
	});

	test('a Basic center is refused for Selected Centers and skipped for All My Centers; a shop of another center is named', async () => {
		const basic = await poll(params({ centerIds: [BASIC] }));
		expect(String(basic.error?.message)).toMatch(/PRO|plan/i);
		const all = await ok({ event: 'newReceipt', centerScope: 'all' });
		expect(Object.keys(all.staticData.centers as IDataObject).sort()).toEqual([PRO, '1004']);
		await expect(
			ok(params({ receiptShops: 'selected', receiptShopIds: '1001-01' })),
		).rejects.toThrow(/Shop IDs: 1001-01 is not a shop of center 1002/);
	});
});
