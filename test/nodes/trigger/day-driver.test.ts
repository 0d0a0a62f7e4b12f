/**
 * The day driver (test/helpers/trigger-day.ts) on the trigger as it is: New Receipt on the small day
 * center (1009, 30 shops, Tomsk UTC+7) polled every minute over a few simulated hours across the
 * center's midnight, with one restart of "n8n" at night. Checked: every receipt received meanwhile is
 * emitted once (the sandbox's true set), each lag is the emitting poll's moment minus the true
 * reception moment, and the driver's request counts (per poll, route, status, center and center day)
 * agree with the sandbox's own log; the restart starts from what n8n saved, with a new process.
 */
import { startSandbox, type Sandbox } from '../../../sandbox';
import { DAY_SMALL_CENTER, dayShopKind, shopsOfCenter } from '../../../sandbox/fixtures/centers';
import { DEFAULT_RETRY_POLICY } from '../../../nodes/shared/transport/retry';
import { quantile, restartProcess, runDay, type DayRunResult } from '../../helpers/trigger-day';

const MIN = 60_000;
const H = 60 * MIN;
/** 21:30 in Tomsk (UTC+7): the evening's last sales, midnight, the late arrivals of the night */
const START = '2026-11-20T14:30:00Z';
const RESTART = Date.parse('2026-11-20T16:45:00Z'); // 23:45 in Tomsk
const MIDNIGHT = Date.parse('2026-11-20T17:00:00Z');
const POLLS = 181;
const listed = shopsOfCenter(DAY_SMALL_CENTER).filter((s) => !s.is_archived);

const savedPolicy = { ...DEFAULT_RETRY_POLICY };
beforeAll(() =>
	Object.assign(DEFAULT_RETRY_POLICY, { baseDelayMs: 1, maxDelayMs: 2, maxTotalWaitMs: 200 }),
);
afterAll(() => Object.assign(DEFAULT_RETRY_POLICY, savedPolicy));

let sb: Sandbox;
let run: DayRunResult;
beforeAll(async () => {
	restartProcess();
	sb = await startSandbox({ now: START });
	run = await runDay({
		sb,
		parameters: { event: 'newReceipt', centerScope: 'selected', centerIds: [DAY_SMALL_CENTER] },
		start: START,
		durationMs: 3 * H,
		intervalMs: MIN,
		restartAt: RESTART,
	});
});
afterAll(async () => {
	restartProcess();
	await sb?.close();
});

describe("the day driver on the trigger's New Receipt (1009, every minute, 3 h, one restart)", () => {
	test('181 polls at one-minute steps of the sandbox clock, none failed, one restarted at the given moment; n8n saved the polls that emitted', () => {
		expect(run.polls).toHaveLength(POLLS);
		expect(run.polls.map((p) => p.at - Date.parse(START))).toEqual(
			Array.from({ length: POLLS }, (_, i) => i * MIN),
		);
		expect(run.polls.filter((p) => p.error)).toEqual([]);
		expect(run.polls.filter((p) => p.restarted).map((p) => p.at)).toEqual([RESTART]);
		// the first poll remembers what exists; the day's sales go on till 22:00, then trickle in late
		expect(run.polls[0].emitted).toBe(0);
		expect(run.polls.filter((p) => p.emitted > 0).length).toBeGreaterThan(30);
		expect(run.polls.filter((p) => p.emitted === 0).length).toBeGreaterThan(10);
		expect(run.polls.every((p) => p.saved === p.emitted > 0)).toBe(true);
	});

	test('every receipt received after the first poll is emitted once (but what a quiet shop received in the last hour): the true set, no duplicate', () => {
		const truth = run.truth[DAY_SMALL_CENTER];
		expect(Object.keys(run.truth)).toEqual([DAY_SMALL_CENTER]);
		expect(truth.length).toBeGreaterThan(100);
		expect(run.duplicates).toEqual([]);
		// a quiet shop (closed at night) is read at least every 60 minutes (Read Quiet Shops at Least
		// Every): a receipt received in the run's last 62 minutes may still wait for its read
		const end = Date.parse(START) + 3 * H;
		const received = new Map(truth.map((r) => [r.id, r.received]));
		expect(run.missing.filter((id) => (received.get(id) ?? 0) < end - 62 * MIN)).toEqual([]);
		expect(run.unexpected).toEqual([]);
		expect(run.emitted).toHaveLength(truth.length - run.missing.length);
		expect(run.polls.reduce((n, p) => n + p.emitted, 0)).toBe(run.emitted.length);
		// late arrivals among them: printed hours before, and received after the center's midnight
		expect(truth.filter((r) => r.received - r.created > 3 * H).length).toBeGreaterThan(5);
		expect(truth.filter((r) => r.received >= MIDNIGHT).length).toBeGreaterThan(5);
		// none from a shop closed for good or archived
		const silent = new Set(
			shopsOfCenter(DAY_SMALL_CENTER)
				.filter((s) => dayShopKind(s) === 'closedForGood' || s.is_archived)
				.map((s) => s.id),
		);
		expect(run.emitted.filter((e) => silent.has(e.shop_id))).toEqual([]);
	});

	test("lag = the emitting poll's moment − the true reception moment, never negative; quantile()", () => {
		const received = new Map(run.truth[DAY_SMALL_CENTER].map((r) => [r.id, r.received]));
		for (const e of run.emitted) {
			expect(e.received).toBe(received.get(e.id));
			expect(e.lagMs).toBe(e.at - e.received);
			expect(run.polls[e.poll].at).toBe(e.at);
			expect(run.lagMs.get(e.id)).toBe(e.lagMs);
		}
		const lags = [...run.lagMs.values()];
		expect(Math.min(...lags)).toBeGreaterThanOrEqual(0);
		expect(quantile(lags, 1)).toBe(Math.max(...lags));
		expect(quantile(lags, 0.95)).toBeLessThanOrEqual(quantile(lags, 1)!);
		expect(quantile([3, 1, 2, 10], 0.5)).toBe(2);
		expect(quantile([3, 1, 2, 10], 1)).toBe(10);
		expect(quantile([], 0.5)).toBeUndefined();
	});

	test('requests per poll, route, status, center and center day as the sandbox logged them', () => {
		const stats = sb.log.getStats();
		const total = run.polls.reduce((n, p) => n + p.requests, 0);
		expect(total).toBe(stats.total);
		for (const [route, byStatus] of Object.entries(stats.byRoute)) {
			const logged = Object.values(byStatus).reduce((n, k) => n + k, 0);
			expect(run.polls.reduce((n, p) => n + (p.byRoute[route] ?? 0), 0)).toBe(logged);
		}
		const receipts = sb.log.list({ route: 'receipts' });
		expect(receipts.every((e) => e.sc_id === DAY_SMALL_CENTER)).toBe(true);
		// the shops it read: the listed ones (archived only if it reads them), each at least once
		const read = new Set(receipts.map((e) => /\/shops\/([^/]+)\//.exec(e.path)![1]));
		for (const s of listed) expect(read.has(s.id)).toBe(true);
		// no 429; the only failures: the token's hour is over (401, then a new token in the same poll)
		expect(run.polls.every((p) => p.rateLimited === 0)).toBe(true);
		for (const p of run.polls) expect(p.failed).toBe(p.byStatus[401] ?? 0);
		for (const p of run.polls) if (p.failed) expect(p.byRoute.token).toBe(1);
		expect(run.polls.filter((p) => p.failed).length).toBeGreaterThan(0);
		const ofCenter = run.polls.reduce((n, p) => n + (p.byCenter[DAY_SMALL_CENTER] ?? 0), 0);
		// the center's day turns at 17:00Z (midnight in Tomsk): polls before it and from it on
		const beforeMidnight = run.polls.filter((p) => p.at < MIDNIGHT);
		const perDay = run.requestsPerCenterDay[DAY_SMALL_CENTER];
		expect(Object.keys(perDay).sort()).toEqual(['2026-11-20', '2026-11-21']);
		expect(perDay['2026-11-20']).toBe(
			beforeMidnight.reduce((n, p) => n + (p.byCenter[DAY_SMALL_CENTER] ?? 0), 0),
		);
		expect(perDay['2026-11-20'] + perDay['2026-11-21']).toBe(ofCenter);
		expect(ofCenter).toBe(sb.log.list().filter((e) => e.sc_id === DAY_SMALL_CENTER).length);
		expect(ofCenter).toBeGreaterThan(0);
	});

	test("the restart forgets the process (a new token, the center list again) and goes on from the saved static data, older than the last poll's", () => {
		const i = run.polls.findIndex((p) => p.restarted);
		expect(run.polls[i].byRoute.token).toBe(1);
		expect(run.polls[i].byRoute.centers).toBe(1);
		expect(run.polls[i - 1].byRoute.token).toBeUndefined();
		// the poll before the restart emitted nothing: n8n had not saved its state (and nothing was lost)
		expect(run.polls[i - 1].saved).toBe(false);
		expect(Object.keys(run.staticData)).toContain('centers');
		expect(Object.keys(run.savedStaticData)).toContain('centers');
	});

	test("settleMs: polls go on after the duration; the true set stays the duration's, what arrived later is not unexpected", async () => {
		restartProcess();
		const noon = '2026-11-21T05:00:00Z'; // 12:00 in Tomsk: shops sell
		const other = await startSandbox({ now: noon });
		try {
			const r = await runDay({
				sb: other,
				parameters: { event: 'newReceipt', centerScope: 'selected', centerIds: [DAY_SMALL_CENTER] },
				start: noon,
				durationMs: 10 * MIN,
				settleMs: 5 * MIN,
				workflowId: 'trigger-day-settle',
			});
			const end = Date.parse(noon) + 10 * MIN;
			expect(r.polls).toHaveLength(16);
			expect(r.truth[DAY_SMALL_CENTER].every((x) => x.received <= end)).toBe(true);
			expect(r.truth[DAY_SMALL_CENTER].length).toBeGreaterThan(3);
			expect(r.missing).toEqual([]);
			expect(r.unexpected).toEqual([]);
			expect(r.duplicates).toEqual([]);
			const later = r.emitted.filter((e) => e.received > end);
			expect(later.length).toBeGreaterThan(0);
			expect(r.emitted).toHaveLength(r.truth[DAY_SMALL_CENTER].length + later.length);
		} finally {
			await other.close();
			restartProcess();
		}
	});
});
