/**
 * Shopping Center Trigger, Center Changes, through n8n-core's PollContext (test/harness runPoll) against
 * the sandbox over real HTTP, time from the sandbox's clock: a center's tables (shops, daily sales,
 * monthly rows, tickets) as {table, key, op, row} records. The first read of each table remembers (or
 * emits everything); then a shop opened and one closed, days restated by receipts that arrived late
 * (yesterday's and an older one within the quiet bound), a ticket created and
 * moved on: each an upsert or a delete once, its row what the API shows, the requests per table within
 * what docs/replica.md states, a failed poll saving nothing.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { addDays, todayIn } from '../../../nodes/shared/walk/dateWindows';
import {
	lastSeq,
	now,
	ok,
	PRO,
	PRO_FAR,
	BASIC,
	sandbox,
	sb,
	useTriggerSandbox,
} from '../../helpers/trigger-setup';
import {
	apiRows,
	changes,
	expectFailedPollSavesNothing,
	expectNoRepeats,
	keyText,
	latestDate,
	of,
	pollEvery,
	requestsSince,
} from '../../helpers/center-changes';

useTriggerSandbox();

const MIN = 60_000;
const ZONE = 'Asia/Yekaterinburg';
/** the PRO center's listed shops (1002-09 is archived) */
const SHOPS = 11;

const params = (extra: INodeParameters = {}): INodeParameters => ({
	event: 'centerChanges',
	centerScope: 'selected',
	centerIds: [PRO],
	...extra,
});

/** The PRO center's answer now, outside the trigger's count. */
const api = (path: string) => apiRows(PRO, path);

/** A shop's daily or monthly rows from `start` through today. */
const truth = (route: 'daily' | 'monthly', shopId: string, start: string) =>
	api(
		`/shops/${shopId}/sales/${route}?start_date=${start}&end_date=${todayIn(ZONE, now())}&per_page=366`,
	);

/** Polls until the baselines are read: the directory and tickets first, then every shop's tables. */
async function baseline(extra: INodeParameters = {}) {
	await sandbox();
	const first = await ok(params(extra));
	sb.clock.advance(MIN);
	const second = await ok(params(extra), { staticData: first.staticData });
	return { first, second, state: second.staticData };
}

/** Polls every `stepMin` minutes for `minutes`, collecting what they emit. */
const pollFor = (state: IDataObject, minutes: number, stepMin: number, extra = {}) =>
	pollEvery(params(extra), state, minutes, stepMin);

describe('Center Changes', () => {
	test('first poll remembers: the directory and tickets first, then one daily and one monthly read per shop, nothing emitted', async () => {
		await sandbox();
		const seq0 = lastSeq();
		const first = await ok(params());
		expect(first.items).toBeNull();
		const r1 = requestsSince(seq0);
		expect(r1.shops).toBe(1);
		expect(r1.tickets).toBeGreaterThanOrEqual(1);
		expect(r1['sales.daily']).toBeUndefined();
		sb.clock.advance(MIN);
		const seq1 = lastSeq();
		const second = await ok(params(), { staticData: first.staticData });
		expect(of(changes(second), 'daily_sales').concat(of(changes(second), 'monthly'))).toEqual([]);
		const r2 = requestsSince(seq1);
		expect(r2['sales.daily']).toBe(SHOPS);
		expect(r2['sales.monthly']).toBe(SHOPS);
		expect(r2.shops).toBeUndefined();
		// the saved state is plain JSON, small: hashes, not rows (the directory's rows only)
		expect(JSON.stringify(second.staticData).length).toBeLessThan(20_000);
	});

	test('On First Poll: Emit Everything: every shop, its daily rows of the net window and its two months, as the API shows them', async () => {
		const { first, second } = await baseline({ firstPoll: 'emitAll' });
		const shops = of(changes(first), 'shops');
		expect(shops).toHaveLength(SHOPS);
		expect(shops.every((c) => c.op === 'upsert' && c.key.sc_id === PRO)).toBe(true);
		const daily = of(changes(second), 'daily_sales');
		const today = todayIn(ZONE, now());
		expect(daily).toHaveLength(SHOPS * 4); // today and the 3 days of the default Lookback
		const monthly = of(changes(second), 'monthly');
		expect(monthly).toHaveLength(SHOPS * 2); // this month and the one before
		const shop = '1002-02';
		const rows = await truth('daily', shop, addDays(today, -3));
		expect(daily.filter((c) => c.key.shop_id === shop).map((c) => c.row)).toEqual(rows);
		expect(daily[0].key).toEqual({
			sc_id: PRO,
			shop_id: daily[0].key.shop_id,
			date: daily[0].row.date,
		});
		// the counting zones, keyed by zone_id
		const zones = await api('/traffic/zones');
		expect(zones.length).toBeGreaterThan(0);
		expect(of(changes(first), 'zones')).toEqual(
			zones.map((z) =>
				expect.objectContaining({ key: { sc_id: PRO, zone_id: z.id }, op: 'upsert', row: z }),
			),
		);
		const months = await truth('monthly', shop, `${addDays(today, -40).slice(0, 7)}-01`);
		expect(monthly.filter((c) => c.key.shop_id === shop).map((c) => c.row)).toEqual(months);
	});

	test('a Basic center reads its daily rows up to yesterday (its freshest day); a center without a counting system has no zones, and no error', async () => {
		await sandbox();
		const o = { firstPoll: 'emitAll', centerIds: [BASIC, PRO_FAR] };
		const first = await ok(params(o));
		sb.clock.advance(MIN);
		const second = await ok(params(o), { staticData: first.staticData });
		const all = [...changes(first), ...changes(second)];
		const zones = of(all, 'zones');
		expect(zones.length).toBeGreaterThan(0);
		expect(zones.every((c) => c.key.sc_id === BASIC)).toBe(true);
		const basicDays = of(all, 'daily_sales').filter((c) => c.key.sc_id === BASIC);
		expect(basicDays.length).toBeGreaterThan(0);
		const yesterday = addDays(todayIn('Europe/Moscow', now()), -1);
		expect(latestDate(basicDays)).toBe(yesterday);
		expect(of(all, 'daily_sales').some((c) => c.key.sc_id === PRO_FAR)).toBe(true);
	});

	test("late receipts: yesterday's and an older day's restated rows within the bound (every read covers the Lookback days), each once, its month after it; the replica equals the API; the requests per table", async () => {
		const { first, second, state } = await baseline({ firstPoll: 'emitAll' });
		const today = todayIn(ZONE, now());
		const shop = '1002-02';
		sb.store.insert('receipt', PRO, 1, now(), { shop_id: shop, date: addDays(today, -1) });
		sb.store.insert('receipt', PRO, 1, now(), { shop_id: shop, date: addDays(today, -2) });
		const seq = lastSeq();
		// 14:01 → 15:21 in Yekaterinburg, a poll every 20 minutes: the bound (60 minutes) and a poll
		const soon = await pollFor(state, 80, 20, { firstPoll: 'emitAll' });
		const restated = (date: string) =>
			of(soon.all, 'daily_sales').filter((c) => c.key.shop_id === shop && c.key.date === date);
		expect(restated(addDays(today, -1))).toHaveLength(1);
		expect(restated(addDays(today, -2))).toHaveLength(1);
		// → next day 05:01: the night reads nothing of them again
		const later = await pollFor(soon.state, 15 * 60 - 80, 20, { firstPoll: 'emitAll' });
		const all = [...soon.all, ...later.all];
		const after = later.state;
		const daily = of(all, 'daily_sales').filter((c) => c.key.shop_id === shop);
		const yesterday = daily.filter((c) => c.key.date === addDays(today, -1));
		const older = daily.filter((c) => c.key.date === addDays(today, -2));
		expect(yesterday).toHaveLength(1);
		expect(older).toHaveLength(1);
		const month = of(all, 'monthly').filter((c) => c.key.shop_id === shop);
		expect(month.length).toBeGreaterThanOrEqual(1);
		expect(all.indexOf(month[0])).toBeGreaterThan(all.indexOf(yesterday[0]));
		expect(all.every((c) => c.op === 'upsert')).toBe(true);
		expectNoRepeats(all);

		// the replica (every record applied in order) equals the API: one more poll an hour on reads
		// the Lookback days and today again
		sb.clock.advance(61 * MIN);
		const last = await ok(params({ firstPoll: 'emitAll' }), { staticData: after });
		const replica = new Map<string, IDataObject>();
		for (const c of [...changes(first), ...changes(second), ...all, ...changes(last)])
			replica.set(keyText(c), c.row);
		const dayKey = (date: unknown) =>
			`daily_sales|${JSON.stringify({ sc_id: PRO, shop_id: shop, date })}`;
		const rows = await truth('daily', shop, addDays(todayIn(ZONE, now()), -3));
		expect(rows).toHaveLength(4);
		expect(rows.map((row) => replica.get(dayKey(row.date)))).toEqual(rows);

		// requests: a shop's daily rows once per bound (60 minutes); its monthly rows at most as often
		// (and once by the night's net); the directory every 4 hours; within the share
		const perShop = (route: string) =>
			sb.log.list().filter((e) => e.seq > seq && e.route === route && e.path.includes(`/${shop}/`))
				.length;
		expect(perShop('sales.daily')).toBeLessThanOrEqual(15 + 2);
		expect(perShop('sales.daily')).toBeGreaterThanOrEqual(14);
		expect(perShop('sales.monthly')).toBeLessThanOrEqual(perShop('sales.daily'));
		const r = requestsSince(seq);
		expect(r.shops).toBeLessThanOrEqual(Math.ceil(16 / 4) + 1);
		const total = Object.values(r).reduce((a, b) => a + b, 0);
		expect(total).toBeLessThanOrEqual(SHOPS * 2 * 17 + 5 + 60);
	});

	test('a shop closed and one opened: a delete with its last row and an upsert, once, at the next directory read; the closed one is read no more', async () => {
		const { state } = await baseline();
		const closed = (state.centers as IDataObject)[PRO] as {
			changes: { dir: { rows: Record<string, IDataObject> } };
		};
		const lastRow = closed.changes.dir.rows['1002-03'];
		sb.store.setShopArchived(PRO, '1002-03', true);
		sb.store.setShopArchived(PRO, '1002-09', false);
		const early = await pollFor(state, 60, 30);
		expect(of(early.all, 'shops')).toEqual([]);
		const seq = lastSeq();
		const later = await pollFor(early.state, 5 * 60, 30);
		const shops = of(later.all, 'shops');
		expect(shops).toEqual([
			{
				event: 'centerChanges',
				sc_id: PRO,
				table: 'shops',
				key: { sc_id: PRO, shop_id: '1002-09' },
				op: 'upsert',
				row: expect.objectContaining({ id: '1002-09', is_archived: false }),
			},
			{
				event: 'centerChanges',
				sc_id: PRO,
				table: 'shops',
				key: { sc_id: PRO, shop_id: '1002-03' },
				op: 'delete',
				row: lastRow,
			},
		]);
		// the opened shop's rows are new: its first read emits them
		expect(of(later.all, 'daily_sales').some((c) => c.key.shop_id === '1002-09')).toBe(true);
		// from the directory read on, no request for the closed shop
		const listed = sb.log.list().find((x) => x.seq > seq && x.route === 'shops')!.seq;
		const reads = sb.log.list().filter((e) => e.seq > listed && e.route?.startsWith('sales.'));
		expect(reads.length).toBeGreaterThan(0);
		expect(reads.some((e) => e.path.includes('/1002-03/'))).toBe(false);
		expectNoRepeats(later.all);
	});

	test('a ticket created and moved on: an upsert at each change, once each', async () => {
		const { state } = await baseline({ centerTables: ['tickets'] });
		const [uid] = sb.store.insert('ticket', PRO, 1, now());
		// a quiet center's tickets are read at least every Read Quiet Tables at Least Every (60 minutes)
		const a = await pollFor(state, 70, 5, { centerTables: ['tickets'] });
		sb.store.setTicketStatus(PRO, uid, 'in_progress', now());
		const b = await pollFor(a.state, 70, 5, { centerTables: ['tickets'] });
		const mine = [...a.all, ...b.all].filter((c) => String(c.key.ticket_uid) === uid);
		expect(mine.map((c) => c.row.status)).toEqual(['new_request', 'in_progress']);
		expect(mine.every((c) => c.table === 'tickets' && c.op === 'upsert')).toBe(true);
		expectNoRepeats([...a.all, ...b.all]);
	});

	test("Fetch Test Event: the center's first shop as an upsert of the shops table, nothing saved", async () => {
		await sandbox();
		const r = await ok(params(), { mode: 'manual' });
		expect(changes(r)).toEqual([
			expect.objectContaining({
				table: 'shops',
				key: { sc_id: PRO, shop_id: '1002-01' },
				op: 'upsert',
				row: expect.objectContaining({ id: '1002-01' }),
			}),
		]);
		expect(r.staticData).toEqual({});
	});

	test('a failed poll saves nothing: the restated row comes with the next one, once', async () => {
		const { state } = await baseline();
		const today = todayIn(ZONE, now());
		sb.clock.advance(61 * MIN);
		// today's rows of the selling shops changed: their months are due at the next bound
		const a = await ok(params(), { staticData: state });
		expect(of(changes(a), 'daily_sales').length).toBeGreaterThan(0);
		sb.store.insert('receipt', PRO, 1, now(), { shop_id: '1002-02', date: addDays(today, -1) });
		sb.clock.advance(61 * MIN);
		const seq = lastSeq();
		await expectFailedPollSavesNothing(params(), a.staticData, 'sales.monthly');
		expect(requestsSince(seq)['sales.monthly']).toBe(1);
		const r = await ok(params(), { staticData: a.staticData });
		const restated = (x: typeof r) =>
			of(changes(x), 'daily_sales').filter(
				(c) => c.key.shop_id === '1002-02' && c.key.date === addDays(today, -1),
			);
		expect(restated(r)).toHaveLength(1);
		sb.clock.advance(61 * MIN);
		expect(restated(await ok(params(), { staticData: r.staticData }))).toEqual([]);
	});
});
