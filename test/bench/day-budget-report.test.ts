/**
 * The bench's dayBudget row (bench/report/day-budget.js, bench/scenarios/day-budget-window.js): the
 * share's bound from poll start to poll start, the center's midnight, the lag bound docs/trigger.md
 * states, the trigger's poll line, the window's true set (the first poll's reads, the boundary), the
 * table against it, and each target met or not met from the figures, with "day budget" and "New
 * Receipt" in the target and "a window of a real day" in what was measured. The night row
 * (bench/report/day-budget-night.js): a shop is quiet with no receipt from the look-back on (3 hours).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */

type DayTarget = { scenario: string; target: string; met: boolean; measured: string };
type DayPoll = { at: number; startedAt: number; sandboxUsedByEnd: number };
const report = require('../../bench/report/day-budget.js') as {
	dayBudgetTargets: (s: unknown) => DayTarget[];
	dayBudgetRows: (s: unknown) => Array<Record<string, unknown>>;
	shareBound: (
		plan: { share: number; units: number; zone: string },
		polls: DayPoll[],
	) => { credit: number; paced: number; bound: number; pacePerMinute: number[] };
	lagBound: (plan: { share: number; units: number }) => { cycleMin: number; boundMin: number };
	nextMidnight: (ms: number, zone: string) => number;
	rssGrowth: (peaksKb: number[]) => {
		polls: Record<string, number>;
		warm: Record<string, number>;
		growthKb: number;
	};
};
type DayReceived = { id: string; shop_id: string; received: number; created: number };
type DayRow = { id: string; received: number; loaded: number; writes: number };
type DayTruth = { truth: Map<string, DayReceived>; boundary: Set<string> };
const win = require('../../bench/scenarios/day-budget-window.js') as {
	parsePollLine: (line: string, at: number, sc: string) => Record<string, number> | undefined;
	windowTruth: (
		received: DayReceived[],
		firstReads: Map<string, number>,
		originFrom: number,
		originTo: number,
		windowEnd: number,
	) => DayTruth;
	compareTable: (
		rows: DayRow[],
		truth: DayTruth,
		later: Set<string>,
		windowEnd: number,
		lateIds: Set<string>,
	) => Record<string, unknown> & { lagSeconds: Record<string, number> };
};

const night = require('../../bench/report/day-budget-night.js') as {
	nightTargets: (s: unknown) => DayTarget[];
};

const MIN = 60_000;
const T0 = Date.parse('2026-11-27T17:00:00Z'); // 20:00 in Moscow: 240 minutes to the center's midnight

/** A result as scenarios/day-budget.js returns it: `n` polls a minute apart, `perPoll` requests each. */
function result(n: number, perPoll: number, more: Record<string, unknown> = {}) {
	const polls = Array.from({ length: n }, (_, i) => ({
		at: T0 + i * MIN + 20_000,
		startedAt: T0 + i * MIN,
		reads: perPoll,
		requests: perPoll,
		items: 3,
		centerRequests: perPoll,
		todayUsed: (i + 1) * perPoll,
		todayShare: 25_000,
		sandboxUsedByEnd: (i + 1) * perPoll,
	}));
	return {
		key: 'dayBudget',
		label: 'New Receipt on a day budget, center 1008 (300 shops), a window of a real day',
		config: { sc: '1008', zone: 'Europe/Moscow', shops: 300, sharePercent: 50, limit: 50_000 },
		window: {
			startedAt: new Date(T0).toISOString(),
			endAt: new Date(T0 + 30 * MIN).toISOString(),
			drainedAt: new Date(T0 + 35 * MIN).toISOString(),
			startLocal: '20:00',
			endLocal: '20:30',
		},
		loads: [{ load: [1.5] }, { load: [2.5] }],
		units: 299,
		polls,
		requests: { total: n * perPoll, rateLimited: 0, byRoute: { receipts: n * perPoll } },
		table: {
			written: 500,
			trueCount: 500,
			missing: 0,
			extra: 0,
			rewritten: 0,
			tail: 10,
			tailExtra: 0,
			late: 40,
			lateWritten: 40,
			boundary: 0,
			boundaryWritten: 0,
			examples: { missing: [], extra: [] },
			lagSeconds: { n: 500, p50: 60, p95: 200, max: 300 },
		},
		executions: { success: n },
		memory: {
			baselineMainKb: 500 * 1024,
			// the poll at activation and n8n's first execution higher, then flat
			peakPerPollKb: polls.map((_, i) => (i < 2 ? 650 : 600) * 1024),
			cpuMs: 1000,
		},
		...more,
	};
}

const byTarget = (targets: DayTarget[], words: string) => {
	const t = targets.find((x) => x.target.includes(words));
	if (!t) throw new Error(`no target with "${words}"`);
	return t;
};

describe('bench: the day budget row, New Receipt in real n8n over a window of a real day', () => {
	it("counts the center's midnight in its zone (Moscow, and a zone on summer time)", () => {
		expect(new Date(report.nextMidnight(T0, 'Europe/Moscow')).toISOString()).toBe(
			'2026-11-27T21:00:00.000Z',
		);
		const july = Date.parse('2026-07-01T10:00:00Z');
		expect(new Date(report.nextMidnight(july, 'Europe/Berlin')).toISOString()).toBe(
			'2026-07-01T22:00:00.000Z',
		);
	});

	it('bounds the requests by the credit plus what was left of the share over what was left of the day', () => {
		const polls = [
			{ at: T0 + 25_000, startedAt: T0, sandboxUsedByEnd: 300 },
			{ at: T0 + MIN + 10_000, startedAt: T0 + MIN, sandboxUsedByEnd: 400 },
			{ at: T0 + 2 * MIN + 10_000, startedAt: T0 + 2 * MIN, sandboxUsedByEnd: 500 },
		];
		const b = report.shareBound({ share: 25_000, units: 299, zone: 'Europe/Moscow' }, polls);
		expect(b.credit).toBe(598);
		// poll 2: (25,000 − 300) over the 239 minutes left, for the minute since poll 1 began; poll 3 likewise
		const second = 24_700 / 239;
		const third = 24_600 / 238;
		expect(b.pacePerMinute[0]).toBeCloseTo(second, 6);
		expect(b.paced).toBeCloseTo(second + third, 6);
		expect(b.bound).toBeCloseTo(598 + second + third, 6);
		// a share smaller than two reads of every shop caps the credit
		expect(report.shareBound({ share: 500, units: 299, zone: 'Europe/Moscow' }, polls).credit).toBe(
			500,
		);
	});

	it('states the lag bound of docs/trigger.md: two cycles and two polls', () => {
		const l = report.lagBound({ share: 25_000, units: 299 });
		expect(l.cycleMin).toBeCloseTo(17.2224, 4);
		expect(l.boundMin).toBeCloseTo(36.4448, 4);
	});

	it("reads the trigger's poll line: reads, requests, items, the center's day against its share", () => {
		const line =
			'2026-11-27T17:20:00.123Z | info | Shopping Center Trigger (New Receipt): 98 read(s), 99 request(s), 3 item(s); center 1008: 99 request(s), today 4,210 of 25,000 (50 % of PRO\'s 50,000); node "New receipt" of workflow "Receipts"';
		expect(win.parsePollLine(line, 7, '1008')).toEqual({
			at: 7,
			reads: 98,
			requests: 99,
			items: 3,
			centerRequests: 99,
			todayUsed: 4210,
			todayShare: 25_000,
		});
		expect(win.parsePollLine('Shopping Center Trigger (New Ticket): 1 read(s)', 7, '1008')).toBe(
			undefined,
		);
	});

	it("takes the window's true set from the first poll's reads and its start, and compares the table", () => {
		const r = (id: string, shop: string, s: number, createdS = s - 60): DayReceived => ({
			id,
			shop_id: shop,
			received: T0 + s * 1000,
			created: T0 + createdS * 1000,
		});
		const received = [
			r('a-1', 'a', 5), // shop a read by the first poll at +10 s: remembered
			r('a-2', 'a', 11), // after that read: in the window
			r('b-1', 'b', -1), // shop b first read later: before the first poll's start
			r('b-2', 'b', 1), // between originFrom (+0.5 s) and originTo (+2 s): boundary
			r('b-3', 'b', 3, -7200), // after the start, a late arrival
			r('b-4', 'b', 700), // after the window's end (+600 s)
		];
		const truth = win.windowTruth(
			received,
			new Map([['a', T0 + 10_000]]),
			T0 + 500,
			T0 + 2000,
			T0 + 600_000,
		);
		expect([...truth.truth.keys()]).toEqual(['a-2', 'b-3']);
		expect([...truth.boundary]).toEqual(['b-2']);
		const row = (x: DayReceived, lagS: number, writes = 1): DayRow => ({
			id: x.id,
			received: x.received,
			loaded: x.received + lagS * 1000,
			writes,
		});
		const later = new Set(['b-4']);
		const late = new Set(['b-3']);
		const ok = win.compareTable(
			[row(received[1], 30), row(received[4], 90), row(received[3], 5), row(received[5], 1)],
			truth,
			later,
			T0 + 600_000,
			late,
		);
		expect(ok).toMatchObject({
			written: 2,
			trueCount: 2,
			missing: 0,
			extra: 0,
			rewritten: 0,
			boundaryWritten: 1,
			tail: 1,
			tailExtra: 0,
			lateWritten: 1,
		});
		expect(ok.lagSeconds).toEqual({ n: 2, p50: 30, p95: 90, max: 90 });
		const bad = win.compareTable(
			[row(received[1], 30, 2), row(received[0], 1)],
			truth,
			later,
			T0 + 600_000,
			late,
		);
		expect(bad).toMatchObject({ written: 1, missing: 1, extra: 1, rewritten: 1 });
	});

	it('meets every target when the figures are within their bounds, and names them', () => {
		// 30 polls of 70 requests: within the pace (≈ 104 a minute) and under ¼ of 299 a poll
		const targets = report.dayBudgetTargets(result(30, 70));
		expect(targets).toHaveLength(6);
		for (const t of targets) {
			expect(t.scenario).toBe('dayBudget');
			expect(t.target).toContain('day budget');
			expect(t.target).toContain('New Receipt');
			expect(t.measured).toContain('a window of a real day, not a compressed day');
			expect(t.met).toBe(true);
		}
		expect(byTarget(targets, "share's pace").measured).toContain('2,100 requests');
		expect(byTarget(targets, '¼').measured).toContain('299 shops × 30 polls = 8,970');
	});

	it('does not meet the targets the figures exceed', () => {
		// 104 requests a poll: within the pace, over ¼ of every shop every poll
		let t = report.dayBudgetTargets(result(30, 104));
		expect(byTarget(t, "share's pace").met).toBe(true);
		expect(byTarget(t, '¼').met).toBe(false);
		// 130 a poll: over the pace too
		t = report.dayBudgetTargets(result(30, 130));
		expect(byTarget(t, "share's pace").met).toBe(false);
		const base = result(30, 70);
		const worse = (table: object, more: object = {}) =>
			report.dayBudgetTargets({ ...base, table: { ...base.table, ...table }, ...more });
		expect(byTarget(worse({ missing: 1, written: 499 }), 'true set').met).toBe(false);
		expect(byTarget(worse({ rewritten: 1 }), 'true set').met).toBe(false);
		expect(byTarget(worse({ tailExtra: 1 }), 'true set').met).toBe(false);
		expect(byTarget(worse({ lateWritten: 39 }), 'true set').met).toBe(false);
		expect(
			byTarget(worse({ lagSeconds: { n: 500, p50: 60, p95: 200, max: 37 * 60 } }), 'lag').met,
		).toBe(false);
		expect(byTarget(worse({}, { requests: { ...base.requests, rateLimited: 2 } }), '429').met).toBe(
			false,
		);
		// growth counts without the first execution's poll too: 600 → 651 MB is over 50 MB
		const grown = base.memory.peakPerPollKb.map((kb, i) => (i >= 24 ? 651 * 1024 : kb));
		expect(
			byTarget(worse({}, { memory: { ...base.memory, peakPerPollKb: grown } }), 'RSS').met,
		).toBe(false);
	});

	it("takes n8n's RSS growth without the poll at activation, and without the first execution's", () => {
		const mb = (xs: number[]) => xs.map((x) => x * 1024);
		const g = report.rssGrowth(mb([700, 690, 450, 455, 460, 470, 480, 490, 500]));
		// after activation: [690 … 500], quarters of 2: 690 → 500; without poll 2: 455 → 500
		expect(g.polls).toMatchObject({ quarter: 2, firstKb: 690 * 1024, lastKb: 500 * 1024 });
		expect(g.warm).toMatchObject({ quarter: 1, firstKb: 450 * 1024, lastKb: 500 * 1024 });
		expect(g.growthKb).toBe(50 * 1024);
	});

	it('gives a row, and a "not run" row with no target when it could not run', () => {
		const [row] = report.dayBudgetRows(result(30, 70));
		expect(row.scenario).toBe('dayBudget');
		expect(row.exactText).toContain('yes (500 of 500');
		const failed = { key: 'dayBudget', failedToRun: 'n8n did not start' };
		expect(report.dayBudgetRows(failed)[0].exactText).toContain('not run: n8n did not start');
		expect(report.dayBudgetTargets(failed)).toEqual([]);
	});

	it('holds a quiet shop at night to one read per bound, a shop with a receipt in the look-back to every second poll', () => {
		// 60 polls of a 60-minute window: 1008-02 received a receipt 2 h before it and is read twice (the
		// doubling after its active hour); every other shop once
		const reads: Record<string, number> = { '1008-01': 1, '1008-02': 2, '1008-03': 1 };
		const nightRun = (activeShops: string[], quietLookbackMs?: number) =>
			result(60, 1, {
				key: 'dayBudgetNight',
				config: { ...result(1, 1).config, windowMs: 60 * MIN, n8nVersion: '1.123.81' },
				units: 3,
				requests: {
					total: 4,
					inWindow: 4,
					rateLimited: 0,
					byRoute: { receipts: 4 },
					readsPerShopInWindow: reads,
				},
				activeShops,
				quietLookbackMs,
			});
		const quiet = (s: unknown) => byTarget(night.nightTargets(s), 'each quiet shop');
		const now = quiet(nightRun(['1008-02'], 3 * 60 * MIN));
		expect(now.target).toContain('no receipt from 3 hours before the window on');
		expect(now.met).toBe(true);
		// the same reads with 1008-02 counted quiet: over one read per bound
		expect(quiet(nightRun([], 3 * 60 * MIN)).met).toBe(false);
		// a row measured before the look-back was recorded said an hour
		expect(quiet(nightRun(['1008-02'])).target).toContain('from an hour before');
	});
});
