/**
 * The bench's replica row (bench/report/replica.js, bench/scenarios/replica-records.js): the Center
 * Changes poll line with the backfill's progress, today's requests told from the backfill's, the
 * minimum pages of a backfill, each change's lag to its record (pending, missing), records twice, and
 * each target met or not met from the figures, with "replica" in every target's name.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */

type ReplicaTarget = { scenario: string; target: string; met: boolean; measured: string };
type ReplicaEntry = {
	route: string;
	path: string;
	time: string;
	clock?: string;
	status?: number;
	query: Record<string, string>;
};
type ReplicaRec = {
	table: string;
	key: string;
	op: string;
	row: Record<string, unknown>;
	at: number;
};
type ReplicaLag = { n: number; p95: number; max: number; pending: number; missing?: number };
const changes = require('../../bench/scenarios/replica-records.js') as {
	isHistory: (e: ReplicaEntry, zone: string, ticketDays: number) => boolean;
	requestsByTable: (
		entries: ReplicaEntry[],
		zone: string,
		ticketDays: number,
	) => Record<string, { today: number; history: number }>;
	historyMinimum: (o: Record<string, unknown>) => Record<string, number>;
	receiptLags: (
		receipts: Array<{ id: string; shop_id: string; received: number; created: number }>,
		entries: ReplicaEntry[],
		records: ReplicaRec[],
		o: { zone: string; endMs: number },
	) => Record<string, ReplicaLag>;
	ticketLags: (
		changes: Array<{ uid: string; status: string; at: number }>,
		records: ReplicaRec[],
		endMs: number,
		entries?: ReplicaEntry[],
	) => ReplicaLag;
	twice: (records: ReplicaRec[]) => { n: number; examples: string[] };
};
const pollLines = require('../../bench/scenarios/day-budget-window.js') as {
	parsePollLine: (
		line: string,
		at: number,
		sc: string,
		event?: string,
	) => Record<string, unknown> | undefined;
};
const replicaReport = require('../../bench/report/replica.js') as {
	replicaTargets: (s: unknown) => ReplicaTarget[];
	replicaRows: (s: unknown) => Array<Record<string, unknown>>;
};

const R_MIN = 60_000;
const R_T0 = Date.parse('2026-11-28T09:40:00Z'); // 12:40 in Moscow
const ZONE = 'Europe/Moscow';
const at = (ms: number) => new Date(ms).toISOString();
const entry = (
	route: string,
	shop: string,
	ms: number,
	query: Record<string, string>,
): ReplicaEntry => ({
	route,
	path: `/api/external/v2/sc/1008/shops/${shop}/sales/${route === 'sales.daily' ? 'daily' : 'monthly'}`,
	time: at(ms),
	clock: at(ms),
	query,
});
const dailyKey = (shop: string, date: string) =>
	JSON.stringify({ sc_id: '1008', shop_id: shop, date });
const monthKey = (shop: string, month: string) =>
	JSON.stringify({ sc_id: '1008', shop_id: shop, month });

describe('bench: the replica row, Center Changes in real n8n with a backfill', () => {
	it("reads the Center Changes poll line with the backfill's progress", () => {
		const line =
			'info | Shopping Center Trigger (Center Changes): 40 read(s), 612 request(s), 900 item(s); center 1008: 612 request(s), today 1,204 of 25,000; history: 12 of 60 days, ~9 minutes left at this share; node "Center changes" of workflow "x"';
		expect(pollLines.parsePollLine(line, 5, '1008', 'Center Changes')).toMatchObject({
			at: 5,
			reads: 40,
			requests: 612,
			centerRequests: 612,
			todayUsed: 1204,
			todayShare: 25_000,
			history: { done: 12, of: 60, finished: false },
		});
		const done = line.replace(
			'12 of 60 days, ~9 minutes left at this share',
			'60 of 60 days, done',
		);
		expect(pollLines.parsePollLine(done, 5, '1008', 'Center Changes')?.history).toEqual({
			done: 60,
			of: 60,
			finished: true,
		});
		expect(
			pollLines.parsePollLine(
				'Shopping Center Trigger (New Receipt): 1 read(s)',
				5,
				'1008',
				'Center Changes',
			),
		).toBe(undefined);
	});

	it("tells the backfill's requests from today's by the days they end on", () => {
		const entries = [
			entry('sales.daily', '1008-001', R_T0, { start_date: '2026-11-27', end_date: '2026-11-28' }),
			entry('sales.daily', '1008-001', R_T0, { start_date: '2026-09-29', end_date: '2026-11-27' }),
			entry('sales.daily', '1008-001', R_T0, { start_date: '2026-09-29', end_date: '2026-11-26' }),
			entry('sales.monthly', '1008-001', R_T0, {
				start_date: '2026-11-01',
				end_date: '2026-11-28',
			}),
			entry('sales.monthly', '1008-001', R_T0, {
				start_date: '2026-09-01',
				end_date: '2026-10-31',
			}),
			{ route: 'shops', path: '/sc/1008/shops', time: at(R_T0), query: {} },
		];
		// the units' daily reads end today (their Lookback days through today); the history's pages end
		// yesterday at the latest
		expect(changes.requestsByTable(entries, ZONE, 30)).toEqual({
			daily_sales: { today: 1, history: 2 },
			monthly: { today: 1, history: 1 },
			shops: { today: 1, history: 0 },
		});
	});

	it("counts a backfill's minimum pages: a page per shop and table, the tickets' windows", () => {
		const m = changes.historyMinimum({
			shops: 270,
			historyFrom: '2026-09-29',
			today: '2026-11-28',
			ticketDays: 30,
			ticketCounts: [130],
		});
		expect(m).toMatchObject({ days: 60, months: 2, daily: 270, monthly: 270, tickets: 2 });
		expect(m.total).toBe(542);
		expect(m.ticketDays).toBe(30);
		expect(
			changes.historyMinimum({
				shops: 10,
				historyFrom: '2025-11-01',
				today: '2026-11-28',
				ticketDays: 30,
			}).daily,
		).toBe(20);
	});

	it("takes each change's lag from its reception to the record after the read that covered it", () => {
		const receipts = [
			{ id: 'r1', shop_id: '1008-001', received: R_T0 + 10_000, created: R_T0 - R_MIN }, // read at +2 min
			{ id: 'r2', shop_id: '1008-002', received: R_T0 + 10_000, created: R_T0 - R_MIN }, // read, no record
			{ id: 'r3', shop_id: '1008-003', received: R_T0 + 10_000, created: R_T0 - R_MIN }, // not read yet
		];
		const today = { start_date: '2026-11-27', end_date: '2026-11-28' };
		const entries = [
			entry('sales.daily', '1008-001', R_T0, today), // before the receipt: does not cover it
			entry('sales.daily', '1008-001', R_T0 + 2 * R_MIN, today),
			entry('sales.daily', '1008-002', R_T0 + 2 * R_MIN, today),
		];
		const record = (key: string, ms: number): ReplicaRec => ({
			table: 'daily_sales',
			key,
			op: 'upsert',
			row: {},
			at: ms,
		});
		const records = [
			record(dailyKey('1008-001', '2026-11-28'), R_T0 + 5000), // the earlier read's record
			record(dailyKey('1008-001', '2026-11-28'), R_T0 + 2 * R_MIN + 5000),
		];
		const l = changes.receiptLags(receipts, entries, records, {
			zone: ZONE,
			endMs: R_T0 + 10 * R_MIN,
		});
		expect(l.daily_sales).toMatchObject({ n: 1, max: 115, missing: 1, pending: 1 });
		expect(l.monthly).toMatchObject({ n: 0, pending: 3 });
		expect(monthKey('1008-001', '2026-11')).toContain('"month":"2026-11"');
		const t = changes.ticketLags(
			[
				{ uid: '7', status: 'new_request', at: R_T0 },
				{ uid: '7', status: 'agreed', at: R_T0 + R_MIN },
			],
			[
				{
					table: 'tickets',
					key: '{}',
					op: 'upsert',
					row: { ticket_uid: 7, status: 'new_request' },
					at: R_T0 + 30_000,
				},
			],
			R_T0 + 3 * R_MIN,
		);
		expect(t).toMatchObject({ n: 1, max: 30, pending: 1 });
		// a tickets read after the last change, records after it, none of that status: missing
		const tickets = (ms: number): ReplicaEntry => ({
			route: 'tickets',
			path: '/sc/1008/portal/tickets',
			time: at(ms),
			query: {},
		});
		const other = (ms: number): ReplicaRec => ({
			table: 'tickets',
			key: '{}',
			op: 'upsert',
			row: { ticket_uid: 8, status: 'new_request' },
			at: ms,
		});
		const lost = changes.ticketLags(
			[{ uid: '7', status: 'agreed', at: R_T0 }],
			[other(R_T0 + 40_000)],
			R_T0 + 3 * R_MIN,
			[tickets(R_T0 + 30_000)],
		);
		expect(lost).toMatchObject({ n: 0, missing: 1, pending: 0 });
	});

	it('finds a record emitted twice with the same content, not a row that changed', () => {
		const r = (row: Record<string, unknown>, ms: number): ReplicaRec => ({
			table: 'daily_sales',
			key: 'k',
			op: 'upsert',
			row,
			at: ms,
		});
		expect(changes.twice([r({ a: 1 }, 1), r({ a: 2 }, 2)]).n).toBe(0);
		expect(changes.twice([r({ a: 1 }, 1), r({ a: 1 }, 2)])).toEqual({
			n: 1,
			examples: ['daily_sales|k'],
		});
	});

	it('sets every target from the figures, "replica" in each name, the backfill not done failing its own', () => {
		const polls = Array.from({ length: 10 }, (_, i) => ({
			at: R_T0 + i * R_MIN + 20_000,
			startedAt: R_T0 + i * R_MIN,
			centerRequests: i ? 10 : 700,
			todayUsed: 700 + i * 10,
			todayShare: 25_000,
			sandboxUsedByEnd: 700 + i * 10,
			history: { done: i < 1 ? 20 : 60, of: 60, finished: i >= 1 },
		}));
		const lag = (n: number, max: number): ReplicaLag & Record<string, number> => ({
			n,
			p50: max / 2,
			p95: max,
			max,
			pending: 0,
			pendingMaxWait: 0,
			missing: 0,
			examples: [] as unknown as number,
		});
		const s = {
			key: 'replica',
			label: 'Center Changes replica, center 1008 (300 shops)',
			config: {
				sc: '1008',
				zone: ZONE,
				tables: ['shops', 'daily_sales', 'monthly', 'zones', 'tickets'],
				quietMinutes: 60,
				historyFrom: '2026-09-29',
				sharePercent: 50,
				limit: 50_000,
				n8nVersion: '1.123.81',
				sink: 'No Operation',
			},
			window: {
				startedAt: at(R_T0),
				endAt: at(R_T0 + 10 * R_MIN),
				drainedAt: at(R_T0 + 11 * R_MIN),
				startLocal: '12:40',
				endLocal: '12:50',
			},
			loads: [{ load: [1.5] }],
			units: 270,
			polls,
			requests: {
				total: 1300,
				rateLimited: 0,
				byTable: {
					daily_sales: { today: 300, history: 270 },
					monthly: { today: 290, history: 270 },
					shops: { today: 1, history: 0 },
					zones: { today: 1, history: 0 },
					tickets: { today: 2, history: 0 },
				},
				firstPoll: { before: { today: 545, history: 100 }, after: { today: 49, history: 440 } },
			},
			naive: {
				perPoll: { daily_sales: 270, monthly: 270, shops: 1, zones: 1, tickets: 2 },
				watchedTickets: 150,
			},
			records: {
				total: 4000,
				byTable: { 'daily_sales upsert': 3000 },
				history: 2000,
				twice: { n: 0, examples: [] },
				executions: { success: 10 },
			},
			lag: {
				daily_sales: lag(200, 400),
				monthly: lag(150, 500),
				tickets: lag(3, 100),
				receivedInWindow: 200,
				late: 10,
				lateLag: lag(10, 300),
				duringHistory: lag(50, 200),
			},
			ticketChanges: [{}, {}, {}],
			history: {
				minimum: {
					total: 542,
					daily: 270,
					monthly: 270,
					tickets: 2,
					days: 60,
					months: 2,
					ticketCounts: [130],
				},
				doneAt: at(R_T0 + R_MIN + 20_000),
				wallMs: R_MIN + 20_000,
				lastProgress: { done: 60, of: 60, finished: true },
			},
			memory: { baselineMainKb: 400 * 1024, peakPerPollKb: polls.map(() => 500 * 1024), cpuMs: 1 },
		};
		const targets = replicaReport.replicaTargets(s);
		expect(targets.length).toBe(9);
		for (const t of targets) {
			expect(t.target).toMatch(/replica/);
			expect(t.scenario).toBe('replica');
		}
		const not = targets.filter((t) => !t.met).map((t) => t.target);
		// the backfill's 540 pages against 542; all within bounds
		expect(not).toEqual([]);
		// the floor: (543 units + 542 pages) / the share's pace (24,300 left over 679 minutes) ≈ 30 min
		const slow = replicaReport.replicaTargets({
			...s,
			history: { ...s.history, wallMs: 45 * R_MIN },
		});
		const floor = slow.find((t) => t.target.includes('wall'));
		expect(floor?.measured).toMatch(/a floor of 30\.\d min/);
		// 45 min > 1.25 × 30 + 2: too slow
		expect(slow.filter((t) => !t.met).map((t) => t.target)).toEqual([
			'Center Changes replica backfill (real n8n): wall ≤ 1.25 × the floor the share allows + 2 polls',
		]);
		const notDone = replicaReport.replicaTargets({
			...s,
			history: { ...s.history, doneAt: undefined, wallMs: undefined },
			lag: { ...s.lag, duringHistory: undefined, daily_sales: { ...lag(200, 400), missing: 1 } },
		});
		const failed = notDone.filter((t) => !t.met).map((t) => t.target);
		expect(failed.some((t) => t.includes('lag per table'))).toBe(true);
		expect(failed.some((t) => t.includes('records exact'))).toBe(true);
		expect(failed.filter((t) => t.includes('backfill')).length).toBe(3);
		expect(replicaReport.replicaRows(s)).toHaveLength(2);
		expect(replicaReport.replicaRows({ key: 'replica', failedToRun: 'boom' })[0].exactText).toMatch(
			/not run/,
		);
	});
});
