/**
 * New Receipt on a day budget (issue 29), over a simulated 24 hours of the sandbox's clock through
 * n8n-core's PollContext (test/helpers/trigger-day.ts runDay): PRO centers whose shops sell 10:00–22:00
 * (a few round the clock, a few never), receipts arriving up to 12 hours after they were printed, a
 * poll every minute (Poll Times' default) and one restart of "n8n" in the afternoon. Checked:
 * - the trigger's requests of the center's day ≤ its Day Budget Share (default 50 % of PRO's 50,000);
 * - every receipt received in the day emitted once, against the sandbox's true set;
 * - the lag from reception to emission within what the share allows: with the cycle the time the
 *   share's pace needs to read every shop once (shops × 1,440 / share minutes), a shop that sold at its
 *   last read is read again within a cycle, a quiet one within its wait (at most a cycle) and a cycle,
 *   so a receipt waits at most two cycles and two polls (docs/trigger.md, "The day budget");
 * - 30 shops: at most 2 poll intervals (a small center does not pay for the economy);
 * - no 429 from the center's budget.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import {
	centerById,
	DAY_CENTER,
	DAY_SMALL_CENTER,
	shopsOfCenter,
} from '../../sandbox/fixtures/centers';
import { dayStartMs } from '../../nodes/shared/walk/dateWindows';
import { quantile, runDay, type DayRunResult } from '../helpers/trigger-day';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** New Receipt's default share of PRO's 50,000 requests a day */
const SHARE = 25_000;
/** the day simulated (a Friday), and how long polls go on after it for its last receipts */
const DATE = '2026-11-20';

let sb: Sandbox | undefined;
afterEach(async () => {
	await sb?.close();
	sb = undefined;
});

interface DayFacts {
	run: DayRunResult;
	dayStart: number;
	/** receipts received in the day: id → reception moment */
	received: Map<string, number>;
	/** their first emission's lag, ms */
	lags: number[];
}

/** Runs New Receipt over the center's day (and `tailMs` after it) with a restart at 15:00. */
async function day(scId: string, tailMs: number): Promise<DayFacts> {
	const zone = centerById(scId)!.time_zone;
	const dayStart = dayStartMs(DATE, zone);
	sb = await startSandbox({ now: new Date(dayStart).toISOString() });
	const run = await runDay({
		sb,
		parameters: { event: 'newReceipt', centerScope: 'selected', centerIds: [scId] },
		start: dayStart,
		durationMs: DAY + tailMs,
		intervalMs: MIN,
		restartAt: dayStart + 15 * 60 * MIN,
	});
	const received = new Map<string, number>();
	for (const r of run.truth[scId] ?? [])
		if (r.received < dayStart + DAY) received.set(r.id, r.received);
	const lags = [...received.keys()].map((id) => run.lagMs.get(id) ?? Infinity);
	return { run, dayStart, received, lags };
}

function checkExactlyOnce(f: DayFacts): void {
	expect(f.run.duplicates).toEqual([]);
	expect(f.run.unexpected).toEqual([]);
	const missing = [...f.received.keys()].filter((id) => !f.run.lagMs.has(id));
	expect(missing).toEqual([]);
	expect(f.received.size).toBeGreaterThan(1000);
}

function requestsOfDay(f: DayFacts, scId: string): number {
	return f.run.requestsPerCenterDay[scId]?.[DATE] ?? 0;
}

describe('New Receipt on a day budget', () => {
	test('300 shops, a poll every minute for 24 hours, one restart: the day’s requests within the share, every receipt once, the lag within two cycles and two polls', async () => {
		const shops = shopsOfCenter(DAY_CENTER).filter((s) => !s.is_archived).length;
		// a quiet shop's wait (at most a cycle) and a cycle, plus two polls
		const cycleMs = (shops * DAY) / SHARE;
		const boundMs = 2 * cycleMs + 2 * MIN;
		const f = await day(DAY_CENTER, boundMs + 5 * MIN);
		checkExactlyOnce(f);
		const used = requestsOfDay(f, DAY_CENTER);
		expect(used).toBeLessThanOrEqual(SHARE);
		// far below reading every shop at every poll (the bench's target: at most a quarter of it)
		expect(used).toBeLessThanOrEqual((shops * 1440) / 4);
		const max = Math.max(...f.lags);
		expect(max).toBeLessThanOrEqual(boundMs);
		// half of the receipts wait at most a cycle and a poll (a quiet shop's wait is the rest)
		expect(quantile(f.lags, 0.5)!).toBeLessThanOrEqual(cycleMs + MIN);
		expect(f.run.polls.every((p) => p.rateLimited === 0)).toBe(true);
		process.stdout.write(
			`300 shops: ${used} requests in the day (share ${SHARE}), ${f.received.size} receipts, lag p50 ${(quantile(f.lags, 0.5)! / MIN).toFixed(1)} min, p95 ${(quantile(f.lags, 0.95)! / MIN).toFixed(1)} min, max ${(max / MIN).toFixed(1)} min (bound ${(boundMs / MIN).toFixed(1)}), ${f.run.polls.length} polls in ${(f.run.wallMs / 1000).toFixed(0)} s\n`,
		);
	}, 900_000);

	test('30 shops, the same day: every receipt within 2 poll intervals, within the share', async () => {
		const f = await day(DAY_SMALL_CENTER, 5 * MIN);
		checkExactlyOnce(f);
		const used = requestsOfDay(f, DAY_SMALL_CENTER);
		expect(used).toBeLessThanOrEqual(SHARE);
		const max = Math.max(...f.lags);
		expect(max).toBeLessThanOrEqual(2 * MIN);
		expect(f.run.polls.every((p) => p.rateLimited === 0)).toBe(true);
		process.stdout.write(
			`30 shops: ${used} requests in the day, ${f.received.size} receipts, lag p95 ${(quantile(f.lags, 0.95)! / MIN).toFixed(2)} min, max ${(max / MIN).toFixed(2)} min\n`,
		);
	}, 900_000);
});
