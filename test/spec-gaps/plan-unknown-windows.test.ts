/**
 * A center whose plan no answer tells (its X-RateLimit-Limit is neither 60 nor 300): after the first
 * window valid on both plans, the walk tries PRO's window size and steps down to Basic's when the API
 * refuses the period; the outcome is remembered per center. A walk costs at most one request more than
 * with the plan known, the next walk none more, and nothing is lost or refused locally. Under every
 * answer the spec leaves open here: the code of a too-long period (sandbox periodRefusal: 422
 * validation_error, 422 period_too_long, 403 plan_required) and the Basic period rule (periodRule
 * strict 31 days / lenient 92). Counted in the sandbox's request log, through the n8n-core harness.
 */
import type { INodeParameters, INodeType } from 'n8n-workflow';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterAttendance } from '../../nodes/ShoppingCenterAttendance/ShoppingCenterAttendance.node';
import { forgetCenters } from '../../nodes/shared/center';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import { daily, locator, NOW, ofRoute, run } from '../helpers/action-run';
import { BASIC_CENTER, PRO_CENTER, startSandbox, type Sandbox } from '../../sandbox';
import type { PeriodRefusal } from '../../sandbox/handlers/context';

let sb: Sandbox | undefined;
afterEach(async () => {
	await sb?.close();
	sb = undefined;
});

const REFUSALS: PeriodRefusal[] = ['validation_error', 'period_too_long', 'plan_required'];
const revenue = new ShoppingCenterRevenue();

interface Side {
	periodRule?: 'strict' | 'lenient';
	periodRefusal?: PeriodRefusal;
	/** the Basic center's X-RateLimit-Limit (neither 60 nor 300) */
	basicLimit?: number;
}

/** A sandbox whose limits tell no plan ('off the table'), or the plan table's (60 / 300). */
async function sandbox(limits: 'off the table' | 'the plan table', side: Side = {}) {
	clearPlans();
	forgetCenters();
	sb = await startSandbox({
		now: NOW,
		rateWindowMs: 10_000,
		periodRule: side.periodRule ?? 'strict',
		periodRefusal: side.periodRefusal,
		...(limits === 'off the table'
			? { rateLimits: { basic: { perWindow: side.basicLimit ?? 90 }, pro: { perWindow: 400 } } }
			: {}),
	});
	return sb;
}

const monthly = (sc: string, shop: string, startDate: string, endDate: string) => ({
	...daily(sc, shop, startDate, endDate),
	resource: 'monthlyTotal',
});

const attendanceByDay = (sc: string, startDate: string, endDate: string): INodeParameters => ({
	resource: 'attendance',
	operation: 'get',
	center: locator(sc),
	startDate,
	endDate,
	granularity: 'day',
	scope: 'sc',
});

/** The requests of one run on a route, and its rows; a run that fails fails the test. */
async function walk(s: Sandbox, params: INodeParameters, route: string, node: INodeType = revenue) {
	const r = await run(s, node, params);
	expect(r.error).toBeUndefined();
	const calls = ofRoute(r.requests, route);
	return {
		rows: r.json,
		requests: calls.length,
		refused: calls.filter((e) => e.status !== 200),
		windows: calls.map((e) => `${String(e.query.start_date)}..${String(e.query.end_date)}`),
	};
}

/** What the same walk costs with the plan known (learned by a first run, then the walk measured). */
async function knownCost(params: INodeParameters, route: string, node?: INodeType) {
	const s = await sandbox('the plan table');
	await walk(s, params, route, node);
	const measured = await walk(s, params, route, node);
	await s.close();
	sb = undefined;
	return measured;
}

/** The days of a shop's daily sales the sandbox holds over the period (what every page gives). */
const truthDays = (s: Sandbox, sc: string, shop: string, start: string, end: string) =>
	s.store.truth(
		'daily',
		{ sc_id: sc, shop_id: shop, start_date: start, end_date: end },
		new Date(NOW),
	).ids;

describe.each(REFUSALS)('a too-long period refused with %s', (periodRefusal) => {
	const status = periodRefusal === 'plan_required' ? 403 : 422;

	test('Basic center whose limit says 40, 100 days of daily sales: the trial refused once, the walk exact', async () => {
		// the case: the first 31-day window is read, the trial 69-day window refused, then Basic's
		const params = daily(BASIC_CENTER, '1001-02', '2026-08-12', '2026-11-19');
		const known = await knownCost(params, 'sales.daily');
		const s = await sandbox('off the table', { periodRefusal, basicLimit: 40 });
		const first = await walk(s, params, 'sales.daily');
		expect(first.windows.slice(0, 2)).toEqual(['2026-08-12..2026-09-11', '2026-09-12..2026-11-19']);
		expect(first.refused.map((e) => [e.status, e.code])).toEqual([[status, periodRefusal]]);
		expect(first.requests).toBe(known.requests + 1);
		const want = truthDays(s, BASIC_CENTER, '1001-02', '2026-08-12', '2026-11-19');
		expect(first.rows.map((x) => x.date)).toEqual(want);
		expect(want).toHaveLength(100);
		const again = await walk(s, params, 'sales.daily');
		expect(again.refused).toEqual([]);
		expect(again.requests).toBe(known.requests);
		expect(again.rows.map((x) => x.date)).toEqual(want);
	}, 120_000);

	test.each(['strict', 'lenient'] as const)(
		'Basic period rule %s: a Basic center of unknown plan, a year of daily sales, then PRO of unknown plan, 400 days',
		async (periodRule) => {
			const basic = daily(BASIC_CENTER, '1001-02', '2025-11-20', '2026-11-19');
			const basicKnown = await knownCost(basic, 'sales.daily');
			const pro = daily(PRO_CENTER, '1002-03', '2025-10-17', '2026-11-19');
			const proKnown = await knownCost(pro, 'sales.daily');
			const s = await sandbox('off the table', { periodRule, periodRefusal });
			const b = await walk(s, basic, 'sales.daily');
			expect(b.refused.map((e) => e.code)).toEqual([periodRefusal]);
			expect(b.requests).toBe(basicKnown.requests + 1);
			const basicDays = truthDays(s, BASIC_CENTER, '1001-02', '2025-11-20', '2026-11-19');
			expect(b.rows.map((x) => x.date)).toEqual(basicDays);
			const bAgain = await walk(s, basic, 'sales.daily');
			expect(bAgain.refused).toEqual([]);
			expect(bAgain.requests).toBe(basicKnown.requests);

			const p = await walk(s, pro, 'sales.daily');
			expect(p.refused).toEqual([]);
			expect(p.requests).toBeLessThanOrEqual(proKnown.requests + 1);
			expect(p.windows[1]).toBe('2025-11-17..2026-11-17'); // the tried PRO-sized window
			const proDays = truthDays(s, PRO_CENTER, '1002-03', '2025-10-17', '2026-11-19');
			expect(p.rows.map((x) => x.date)).toEqual(proDays);
			const pAgain = await walk(s, pro, 'sales.daily');
			expect(pAgain.requests).toBe(proKnown.requests);
			expect(pAgain.rows.map((x) => x.date)).toEqual(proDays);
		},
		120_000,
	);

	test.each(['strict', 'lenient'] as const)(
		'monthly totals of unknown plan, period rule %s: Basic refuses the tried 12 months once (strict: 92 days) or takes them (lenient: 12 months), PRO takes them; every month once',
		async (periodRule) => {
			const basic = monthly(BASIC_CENTER, '1001-02', '2025-01-01', '2026-10-31');
			const pro = monthly(PRO_CENTER, '1002-03', '2024-11-01', '2026-10-31');
			const basicKnown = await knownCost(basic, 'sales.monthly');
			const proKnown = await knownCost(pro, 'sales.monthly');
			const s = await sandbox('off the table', { periodRefusal, periodRule });
			const b = await walk(s, basic, 'sales.monthly');
			if (periodRule === 'strict') {
				expect(b.refused.map((e) => [e.status, e.code])).toEqual([[status, periodRefusal]]);
				expect(b.requests).toBe(basicKnown.requests + 1);
			} else {
				expect(b.refused).toEqual([]);
				expect(b.requests).toBeLessThanOrEqual(basicKnown.requests + 1);
			}
			expect(b.rows.map((x) => x.date)).toEqual(basicKnown.rows.map((x) => x.date));
			const p = await walk(s, pro, 'sales.monthly');
			expect(p.refused).toEqual([]);
			expect(p.requests).toBeLessThanOrEqual(proKnown.requests + 1);
			expect(p.rows.map((x) => x.date)).toEqual(proKnown.rows.map((x) => x.date));
			expect(p.rows).toHaveLength(24);
		},
		120_000,
	);

	test('attendance by day, a Basic center of unknown plan over 100 days: the trial refused once, every day once', async () => {
		const node = new ShoppingCenterAttendance();
		const params = attendanceByDay(BASIC_CENTER, '2026-08-12', '2026-11-19');
		const known = await knownCost(params, 'attendance.read', node);
		const s = await sandbox('off the table', { periodRefusal });
		const first = await walk(s, params, 'attendance.read', node);
		expect(first.refused.map((e) => [e.status, e.code])).toEqual([[status, periodRefusal]]);
		expect(first.requests).toBe(known.requests + 1);
		expect(first.rows).toEqual(known.rows);
		expect(first.rows).toHaveLength(100);
	}, 120_000);
});

test.each(REFUSALS)(
	'asked up to today, %s: the trial window reaching today is refused; the rest in Basic’s windows up to yesterday, and the run says so',
	async (periodRefusal) => {
		// the trial window (2025-12-02..2026-11-20) is refused for its end (a Basic center has data up to
		// yesterday) or its length: either way the center is not PRO, so it is Basic
		const params = daily(BASIC_CENTER, '1001-02', '2025-11-01', '2026-11-20');
		const s = await sandbox('off the table', { periodRefusal, basicLimit: 40 });
		const r = await run(s, revenue, params);
		expect(r.error).toBeUndefined();
		const calls = ofRoute(r.requests, 'sales.daily');
		expect(calls.filter((e) => e.status !== 200)).toHaveLength(1);
		expect(calls.map((e) => String(e.query.end_date)).slice(-1)).toEqual(['2026-11-19']);
		expect(r.json.map((x) => x.date)).toEqual(
			truthDays(s, BASIC_CENTER, '1001-02', '2025-11-01', '2026-11-19'),
		);
		const hints = Object.values(r.runData).flatMap((runs) =>
			runs.flatMap((x) => (x.hints ?? []).map((h) => h.message)),
		);
		expect(hints.join('\n')).toMatch(/End Date 2026-11-20 is after the last day with data/);
	},
	120_000,
);
