/**
 * A center whose plan no answer tells (its X-RateLimit-Limit is neither 60 nor 300): after the first
 * window valid on both plans, the walk tries PRO's window size and steps down to Basic's when the API
 * refuses the period; the outcome is remembered per center. A walk costs at most one request more than
 * with the plan known, the next walk none more, and nothing is lost or refused locally. Both sides of
 * the spec's open Basic period rule (sandbox periodRule strict / lenient). Counted in the sandbox's
 * request log, through the n8n-core harness.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { forgetCenters } from '../../nodes/shared/center';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import { daily, NOW, ofRoute, run } from '../helpers/action-run';
import { BASIC_CENTER, PRO_CENTER, startSandbox, type Sandbox } from '../../sandbox';

let sb: Sandbox | undefined;
afterEach(async () => {
	await sb?.close();
	sb = undefined;
});

/** A sandbox whose limits tell no plan (unknown: true), or the plan table's (60 / 300). */
async function sandbox(unknown: boolean, periodRule: 'strict' | 'lenient' = 'strict') {
	clearPlans();
	forgetCenters();
	sb = await startSandbox({
		now: NOW,
		rateWindowMs: 10_000,
		periodRule,
		...(unknown ? { rateLimits: { basic: { perWindow: 90 }, pro: { perWindow: 400 } } } : {}),
	});
	return sb;
}

const monthly = (sc: string, shop: string, startDate: string, endDate: string) => ({
	...daily(sc, shop, startDate, endDate),
	resource: 'monthlyTotal',
});

/** The requests of one run on a route, and its rows, with the truth of the daily rows. */
async function walk(s: Sandbox, params: INodeParameters, route: string) {
	const r = await run(s, new ShoppingCenterRevenue(), params);
	expect(r.error).toBeUndefined();
	const calls = ofRoute(r.requests, route);
	return {
		rows: r.json,
		requests: calls.length,
		refused: calls.filter((e) => e.status === 422).length,
		windows: calls.map((e) => `${String(e.query.start_date)}..${String(e.query.end_date)}`),
	};
}

/** What the same walk costs with the plan known (learned by a first run, then the walk measured). */
async function knownCost(params: INodeParameters, route: string) {
	const s = await sandbox(false);
	await walk(s, params, route);
	const measured = await walk(s, params, route);
	await s.close();
	sb = undefined;
	return measured;
}

describe.each(['strict', 'lenient'] as const)('Basic period rule %s', (periodRule) => {
	test('PRO center of unknown plan, 400 days of daily sales: one request more than known, then none more', async () => {
		const params = daily(PRO_CENTER, '1002-03', '2025-10-17', '2026-11-19');
		const known = await knownCost(params, 'sales.daily');
		const s = await sandbox(true, periodRule);
		const first = await walk(s, params, 'sales.daily');
		expect(first.refused).toBe(0);
		expect(first.requests).toBeLessThanOrEqual(known.requests + 1);
		expect(first.windows[1]).toBe('2025-11-17..2026-11-17'); // the tried PRO-sized window
		const want = s.store.truth(
			'daily',
			{ sc_id: PRO_CENTER, shop_id: '1002-03', start_date: '2025-10-17', end_date: '2026-11-19' },
			new Date(NOW),
		);
		expect(first.rows.map((x) => x.date)).toEqual(want.ids);
		const again = await walk(s, params, 'sales.daily');
		expect(again.requests).toBe(known.requests);
		expect(again.rows.map((x) => x.date)).toEqual(want.ids);
	}, 120_000);

	test('Basic center of unknown plan, a year of daily sales: the PRO-sized window refused once, then Basic windows', async () => {
		const params = daily(BASIC_CENTER, '1001-02', '2025-11-20', '2026-11-19');
		const known = await knownCost(params, 'sales.daily');
		const s = await sandbox(true, periodRule);
		const first = await walk(s, params, 'sales.daily');
		expect(first.refused).toBe(1);
		expect(first.requests).toBe(known.requests + 1);
		const want = s.store.truth(
			'daily',
			{ sc_id: BASIC_CENTER, shop_id: '1001-02', start_date: '2025-11-20', end_date: '2026-11-19' },
			new Date(NOW),
		);
		expect(first.rows.map((x) => x.date)).toEqual(want.ids);
		expect(new Set(first.rows.map((x) => x.date)).size).toBe(first.rows.length);
		const again = await walk(s, params, 'sales.daily');
		expect(again.refused).toBe(0);
		expect(again.requests).toBe(known.requests);
	}, 120_000);
});

test('monthly totals, PRO center of unknown plan: at most one request more, every month once', async () => {
	const params = monthly(PRO_CENTER, '1002-03', '2024-11-01', '2026-10-31');
	const known = await knownCost(params, 'sales.monthly');
	const s = await sandbox(true);
	const first = await walk(s, params, 'sales.monthly');
	expect(first.refused).toBe(0);
	expect(first.requests).toBeLessThanOrEqual(known.requests + 1);
	expect(first.rows.map((x) => x.date)).toEqual(known.rows.map((x) => x.date));
	expect(first.rows).toHaveLength(24);
}, 120_000);

test('monthly totals, Basic center of unknown plan: the tried 12 months refused once, every month once', async () => {
	const params = monthly(BASIC_CENTER, '1001-02', '2025-01-01', '2026-10-31');
	const known = await knownCost(params, 'sales.monthly');
	const s = await sandbox(true);
	const first = await walk(s, params, 'sales.monthly');
	expect(first.refused).toBe(1);
	expect(first.requests).toBe(known.requests + 1);
	expect(first.rows.map((x) => x.date)).toEqual(known.rows.map((x) => x.date));
}, 120_000);
