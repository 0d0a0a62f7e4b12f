/**
 * Shopping Center Trigger, New Receipt, past the per-shop cap (MAX_IDS_PER_SHOP, newReceipt/cursor.ts)
 * through real polls: n8n-core's PollContext (test/harness runPoll) against the sandbox over real HTTP.
 * One shop of the bulk center (1006-04, about 1,180 receipts a day) with Lookback 20: every poll re-reads
 * about 24,000 receipts, more than the cap. Four polls (the first emits everything in the Lookback, the
 * last after midnight, center time), with receipts arriving between them: the day's own, five inserted
 * through the control API, and two shown late (their received_datetime hours in the past). Checked
 * against the sandbox's true set: every receipt emitted exactly once; the shop's saved ids at most
 * MAX_IDS_PER_SHOP, the newest ones, with the floor just past the oldest dropped one; the cap's warning
 * logged by each poll, naming that floor; each poll's requests = ⌈receipts received in the re-read
 * period / 1000⌉; and the documented consequence of the cap: a receipt received before the raised
 * floor (inside the re-read period) that shows up only later is taken as emitted and never emitted,
 * while one received after the floor but hours below the newest one seen is emitted once.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { RunPollResult } from '../../harness';
import {
	H,
	items,
	lastSeq,
	now,
	ok,
	sandbox,
	sb,
	useTriggerSandbox,
} from '../../helpers/trigger-setup';
import { sandboxCredentials } from '../../helpers/sandboxCredentials';
import { BIG_CENTER, BULK_CLIENT_ID, BULK_CLIENT_SECRET } from '../../../sandbox/fixtures/centers';
import {
	keepFromMs,
	MAX_IDS_PER_SHOP,
	readReceiptState,
	type ShopCursor,
} from '../../../nodes/ShoppingCenterEventsTrigger/readers/newReceipt/cursor';
import { addDays, todayIn } from '../../../nodes/shared/walk/dateWindows';

useTriggerSandbox();

const MIN = 60_000;
const SHOP = '1006-04';
const ZONE = 'Asia/Yekaterinburg'; // the bulk center's
const LOOKBACK = 20;
const params: INodeParameters = {
	event: 'newReceipt',
	centerScope: 'selected',
	centerIds: [BIG_CENTER],
	receiptShops: 'selected',
	receiptShopIds: SHOP,
	lookbackDays: LOOKBACK,
	firstPoll: 'emitAll',
};

/** One poll as n8n runs it (a workflow id of its own: nothing carried in the process plays a part). */
const poll = (staticData?: IDataObject): Promise<RunPollResult> =>
	ok(params, {
		staticData,
		credentials: sandboxCredentials(sb.baseUrl, BULK_CLIENT_ID, BULK_CLIENT_SECRET),
		// a loaded machine must not cut the poll short: the request count is checked exactly
		pollBudgetMs: 120_000,
	});

const cursorOf = (r: RunPollResult): ShopCursor => {
	const center = (r.staticData.centers as IDataObject)[BIG_CENTER] as IDataObject;
	return readReceiptState(center.receipts)!.shops[SHOP];
};

/** The shop's receipts the API shows now, received from `from` through `to` (center dates). */
const truth = (from: string, to: string) =>
	sb.store.truth(
		'receipts',
		{ sc_id: BIG_CENTER, shop_id: SHOP, start_received_date: from, end_received_date: to },
		now(),
	);

/** Inserts receipts through the control API (received now, printed 1–47 hours before). */
async function insertViaControl(count: number): Promise<string[]> {
	const res = await fetch(`${sb.controlUrl}/insert`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ kind: 'receipt', sc_id: BIG_CENTER, count, shop_id: SHOP }),
	});
	expect(res.status).toBe(200);
	return ((await res.json()) as { data: { ids: string[] } }).data.ids;
}

describe('New Receipt: a shop with more receipts in its re-read period than MAX_IDS_PER_SHOP', () => {
	test('every receipt once, ids capped with the floor past the dropped ones, the warning, requests = the formula, a late receipt below the raised floor taken as emitted', async () => {
		await sandbox({ now: '2026-11-20T07:00:00Z' }); // 12:00 in Yekaterinburg
		/** every receipt emitted so far, with its reception moment (epoch ms) */
		const emitted = new Map<string, number>();
		/** reception moments of receipts never emitted (known from their insertion) */
		const rxOf = new Map<string, number>();
		let duplicates = 0;
		let previous: ShopCursor | undefined;
		let state: IDataObject | undefined;

		/** One poll, and what every poll must show; returns the ids it emitted. */
		async function checkedPoll(): Promise<string[]> {
			const today = todayIn(ZONE, now());
			const start = addDays(previous?.day ?? today, -LOOKBACK);
			const period = truth(start, today);
			const seq = lastSeq();
			const r = await poll(state);
			const got: string[] = [];
			for (const it of items(r)) {
				const id = String(it.json.id);
				if (emitted.has(id)) duplicates++;
				expect(it.json).toMatchObject({ event: 'newReceipt', sc_id: BIG_CENTER, shop_id: SHOP });
				emitted.set(id, Date.parse(String(it.json.received_datetime)));
				got.push(id);
			}
			// requests: ⌈receipts received in the re-read period / 1000⌉ (one shop, one 30-day window)
			const calls = sb.log.list({ since: seq }).filter((e) => e.route === 'receipts');
			expect(period.count).toBeGreaterThan(MAX_IDS_PER_SHOP + 2000);
			expect(calls).toHaveLength(Math.ceil(period.count / 1000));
			expect(calls.every((e) => e.status === 200)).toBe(true);
			expect(r.logs.some((l) => /the budget ended/.test(l.message))).toBe(false);

			// the ids kept: the newest MAX_IDS_PER_SHOP of the period from the floor on (every receipt
			// visible there was emitted, or taken as emitted below an earlier raised floor)
			const c = cursorOf(r);
			const keepFrom = keepFromMs(today, LOOKBACK, ZONE);
			const floor = Math.max(previous?.since ?? keepFrom, keepFrom);
			const rx = (id: string) => emitted.get(id) ?? rxOf.get(id)!;
			const above = period.ids.map(rx).filter((t) => t >= floor);
			expect(period.ids.filter((id) => !emitted.has(id) && !rxOf.has(id))).toEqual([]);
			above.sort((a, b) => a - b);
			expect(above.length).toBeGreaterThan(MAX_IDS_PER_SHOP);
			const lastDropped = above[above.length - MAX_IDS_PER_SHOP - 1];
			expect(c.ids).toHaveLength(MAX_IDS_PER_SHOP);
			expect(c.rx).toHaveLength(MAX_IDS_PER_SHOP);
			expect(new Set(c.ids).size).toBe(MAX_IDS_PER_SHOP);
			expect(c.since).toBe(lastDropped + 1);
			expect(c.since!).toBeGreaterThan(keepFrom + 24 * H); // well above the period's start
			expect(c.day).toBe(today);
			const kept = new Set(c.ids);
			// each kept id with its reception moment, none older than the last dropped (the same second at
			// worst), and every receipt from the floor on kept
			expect(c.ids.filter((id, i) => rx(id) !== c.rx[i] || c.rx[i] < lastDropped)).toEqual([]);
			expect(period.ids.filter((id) => rx(id) >= c.since! && !kept.has(id))).toEqual([]);
			// the warning, naming the shop and the raised floor
			const warnings = r.logs.filter((l) => l.level === 'warn');
			expect(warnings.map((l) => l.message)).toEqual([
				`Shopping Center Trigger (New Receipt): shop ${SHOP} has more than ${MAX_IDS_PER_SHOP} receipts in its re-read period; a receipt received before ${new Date(c.since!).toISOString()} that shows up later is taken as emitted`,
			]);
			// the state stays bounded: about 40 bytes an id
			expect(JSON.stringify(r.staticData).length).toBeLessThan(45 * MAX_IDS_PER_SHOP + 1000);
			previous = c;
			state = r.staticData;
			return got;
		}

		// 1: the first poll emits the whole Lookback (about 24,000 receipts) and keeps the newest 20,000
		const first = await checkedPoll();
		const firstDay = addDays(todayIn(ZONE, now()), -LOOKBACK);
		expect(first.sort()).toEqual([...truth(firstDay, '2099-01-01').ids].sort());

		// 2: two hours later: the day's own receipts arrived, and five through the control API
		sb.clock.advance(2 * H);
		const viaControl = await insertViaControl(5);
		expect(viaControl).toHaveLength(5);
		const second = await checkedPoll();
		expect(second).toEqual(expect.arrayContaining(viaControl));
		expect(second.length).toBeGreaterThan(viaControl.length);

		// 3: two receipts the platform shows only now, though received hours ago (a lagging platform):
		// one an hour before the raised floor (inside the re-read period), one an hour after it (hours
		// below the newest reception seen)
		const floor = previous!.since!;
		const hw = previous!.hw!;
		expect(hw - floor).toBeGreaterThan(24 * H);
		expect(floor - H).toBeGreaterThan(keepFromMs(todayIn(ZONE, now()), LOOKBACK, ZONE));
		sb.clock.advance(30 * MIN);
		const [belowFloor] = sb.store.insert('receipt', BIG_CENTER, 1, new Date(floor - H), {
			shop_id: SHOP,
		});
		const [aboveFloor] = sb.store.insert('receipt', BIG_CENTER, 1, new Date(floor + H), {
			shop_id: SHOP,
		});
		rxOf.set(belowFloor, floor - H);
		const today = todayIn(ZONE, now());
		const start = addDays(previous!.day, -LOOKBACK);
		// both are in what the poll re-reads (and counted by the request formula)
		expect(truth(start, today).ids).toEqual(expect.arrayContaining([belowFloor, aboveFloor]));
		const third = await checkedPoll();
		expect(third).toContain(aboveFloor);
		// the documented consequence of the cap: received before the raised floor, shown later → taken
		// as emitted (cursor.ts MAX_IDS_PER_SHOP, README, docs/trigger.md)
		expect(third).not.toContain(belowFloor);

		// 4: after midnight (center time) the re-read period starts a day later than the floor's day
		sb.clock.advance(12 * H + 30 * MIN); // 03:00 the next day in Yekaterinburg
		expect(todayIn(ZONE, now())).toBe('2026-11-21');
		const fourth = await checkedPoll();
		expect(fourth.length).toBeGreaterThan(0);
		expect(fourth).not.toContain(belowFloor);

		// every receipt the API shows from the first day read on was emitted exactly once, except the one
		// received before the raised floor and shown late
		expect(duplicates).toBe(0);
		const all = truth(firstDay, '2099-01-01').ids;
		expect(all).toContain(belowFloor);
		expect([...emitted.keys()].sort()).toEqual(all.filter((id) => id !== belowFloor).sort());
	});
});
