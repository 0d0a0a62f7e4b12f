/**
 * New Receipt over a simulated 24 hours of the sandbox's clock (test/helpers/trigger-day.ts runDay):
 * PRO centers whose shops sell 10:00–22:00 (a few round the clock, a few never), receipts arriving up
 * to 12 hours after they were printed, a poll every minute (Poll Times' default), every default, and
 * one restart of "n8n" in the afternoon. Cost follows activity, whatever the share (schedule.ts):
 * - every receipt received in the day emitted once, against the sandbox's true set;
 * - a receipt at a selling shop (one that received another within the hour before) within 2 polls
 *   (p95); the first receipt after a quiet spell within the quiet bound (60 minutes) and 2 polls;
 * - a closed hour (03:00–04:00) costs each closed shop at most one read, plus what a late arrival at
 *   that shop wakes: the read that finds it, every second poll for the active hour (30), then 2, 4, 8 …
 *   polls up to the bound (6 more), so at most 37 reads for a receipt received from 3 hours before on;
 * - 30 shops: the day ≤ 0.4 × reading every shop at every poll; 300 shops: within the share (it binds
 *   there: the shops waiting longest go first), the lag within the bound, a cycle and two polls;
 * - no 429 from the center's budget.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { Sandbox } from '../../../sandbox';
import { startSandbox } from '../../../sandbox';
import {
	centerById,
	DAY_CENTER,
	DAY_SMALL_CENTER,
	dayShopKind,
	shopsOfCenter,
} from '../../../sandbox/fixtures/centers';
import { dayStartMs } from '../../../nodes/shared/walk/dateWindows';
import { ACTIVE_MS } from '../../../nodes/ShoppingCenterEventsTrigger/schedule';
import { quantile, runDay, type DayRunResult } from '../../helpers/trigger-day';

const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;
/** New Receipt's default share of PRO's 50,000 requests a day */
const SHARE = 25_000;
/** Read Quiet Shops at Least Every's default */
const BOUND = 60 * MIN;
/** the day simulated (a Friday) */
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
	/** first-emission lags of receipts at selling shops, and of first receipts after a quiet spell */
	selling: number[];
	afterQuiet: number[];
	shops: number;
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
		restartAt: dayStart + 15 * H,
	});
	const received = new Map<string, number>();
	const selling: number[] = [];
	const afterQuiet: number[] = [];
	const lastAt = new Map<string, number>();
	const rows = (run.truth[scId] ?? []).slice().sort((a, b) => a.received - b.received);
	for (const r of rows) {
		if (r.received >= dayStart + DAY) continue;
		received.set(r.id, r.received);
		const lag = run.lagMs.get(r.id) ?? Infinity;
		const before = lastAt.get(r.shop_id);
		(before !== undefined && r.received - before <= ACTIVE_MS ? selling : afterQuiet).push(lag);
		lastAt.set(r.shop_id, r.received);
	}
	const shops = shopsOfCenter(scId).filter((s) => !s.is_archived).length;
	return { run, dayStart, received, selling, afterQuiet, shops };
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

/** Reads a late arrival wakes at most: the one that finds it, 30 in its active hour, 6 as it quiets down. */
const WAKE_READS = 37;

/**
 * 03:00–04:00: each shop closed then (not round the clock) read once per Read Quiet … at Least Every
 * (the hour): a shop nothing woke is read at most twice, and then only a bound apart (a read at 03:00
 * and the next one due at 03:59:30, a wait within half a poll counting as over); plus WAKE_READS per
 * receipt it received from 00:00 on (a receipt's wake lasts its active hour and the doubling after it).
 */
function checkClosedHour(f: DayFacts, scId: string): { requests: number; shops: number } {
	const from = f.dayStart + 3 * H;
	const to = from + H;
	const reads = new Map<string, number>();
	const readAt = new Map<string, number[]>();
	for (const e of sb!.log.list()) {
		const at = Date.parse(e.clock);
		if (e.route !== 'receipts' || e.sc_id !== scId || at < from || at >= to) continue;
		// a read is its first page: a shop with over 1,000 receipts in its re-read period takes two; and
		// its answer: a 401 token_expired (once per token's life, wherever it falls) is the same read
		// sent again with a new token
		if (Number(e.query?.page ?? 1) > 1 || e.status === 401) continue;
		const shop = e.path.split('/shops/')[1]?.split('/')[0] ?? '';
		reads.set(shop, (reads.get(shop) ?? 0) + 1);
		readAt.set(shop, [...(readAt.get(shop) ?? []), at]);
	}
	const wakes = new Map<string, number>();
	for (const r of f.run.truth[scId] ?? [])
		if (r.received >= from - 3 * H && r.received < to)
			wakes.set(r.shop_id, (wakes.get(r.shop_id) ?? 0) + 1);
	const closed = shopsOfCenter(scId).filter((s) => {
		const kind = dayShopKind(s);
		return kind === 'hours10to22' || kind === 'closedForGood';
	});
	const over = closed
		.map((s) => ({ shop: s.id, reads: reads.get(s.id) ?? 0, wakes: wakes.get(s.id) ?? 0 }))
		.filter((x) => {
			if (x.wakes) return x.reads > 1 + WAKE_READS * x.wakes;
			const at = readAt.get(x.shop) ?? [];
			return at.length > 2 || (at.length === 2 && at[1] - at[0] < BOUND - MIN / 2);
		});
	expect(over).toEqual([]);
	let requests = 0;
	for (const s of closed) requests += reads.get(s.id) ?? 0;
	return { requests, shops: closed.length };
}

const minutes = (ms: number | undefined) => ((ms ?? NaN) / MIN).toFixed(2);

describe('New Receipt: cost follows activity, within the share', () => {
	test('30 shops, a poll every minute for 24 hours, one restart: every receipt once, ≤ 0.4 × every shop every poll, selling shops within 2 polls (p95)', async () => {
		const f = await day(DAY_SMALL_CENTER, BOUND + 5 * MIN);
		checkExactlyOnce(f);
		const used = requestsOfDay(f, DAY_SMALL_CENTER);
		const everyPoll = f.shops * 1440;
		expect(used).toBeLessThanOrEqual(0.4 * everyPoll);
		expect(used).toBeLessThanOrEqual(SHARE);
		expect(quantile(f.selling, 0.95)!).toBeLessThanOrEqual(2 * MIN);
		expect(Math.max(...f.afterQuiet)).toBeLessThanOrEqual(BOUND + 2 * MIN);
		const night = checkClosedHour(f, DAY_SMALL_CENTER);
		expect(f.run.polls.every((p) => p.rateLimited === 0)).toBe(true);
		process.stdout.write(
			`30 shops: ${used} requests in the day (${((100 * used) / everyPoll).toFixed(1)} % of ${everyPoll} for every shop every poll), ${f.received.size} receipts; selling ${f.selling.length}: lag p95 ${minutes(quantile(f.selling, 0.95))} min, max ${minutes(Math.max(...f.selling))}; after a quiet spell ${f.afterQuiet.length}: p95 ${minutes(quantile(f.afterQuiet, 0.95))} min, max ${minutes(Math.max(...f.afterQuiet))}; 03:00–04:00: ${night.requests} reads of ${night.shops} closed shops\n`,
		);
	}, 1_800_000);

	test('300 shops, the same day: every receipt once, within the share, the lag within the bound, a cycle and two polls', async () => {
		const probe = shopsOfCenter(DAY_CENTER).filter((s) => !s.is_archived).length;
		// when the share binds, a shop past its wait competes for a cycle (the share's pace reading every shop once)
		const cycleMs = (probe * DAY) / SHARE;
		const boundMs = BOUND + cycleMs + 2 * MIN;
		const f = await day(DAY_CENTER, boundMs + 5 * MIN);
		checkExactlyOnce(f);
		const used = requestsOfDay(f, DAY_CENTER);
		expect(used).toBeLessThanOrEqual(SHARE);
		const all = [...f.selling, ...f.afterQuiet];
		expect(Math.max(...all)).toBeLessThanOrEqual(boundMs);
		const night = checkClosedHour(f, DAY_CENTER);
		expect(f.run.polls.every((p) => p.rateLimited === 0)).toBe(true);
		process.stdout.write(
			`300 shops: ${used} requests in the day (share ${SHARE}; every shop every poll ${f.shops * 1440}), ${f.received.size} receipts, lag p50 ${minutes(quantile(all, 0.5))} min, p95 ${minutes(quantile(all, 0.95))}, max ${minutes(Math.max(...all))} (bound ${minutes(boundMs)}); selling p95 ${minutes(quantile(f.selling, 0.95))}; 03:00–04:00: ${night.requests} reads of ${night.shops} closed shops; ${(f.run.wallMs / 1000).toFixed(0)} s\n`,
		);
	}, 1_800_000);
});
