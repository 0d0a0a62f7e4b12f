/**
 * No request is spent just to learn a center's plan: a walk whose windows depend on the plan starts
 * with a window valid on both plans and learns the plan from that answer's X-RateLimit-Limit, then
 * walks the rest in the plan's own windows (PRO: 366 days up to today). Nothing lost, nothing twice.
 * Counted in the sandbox's request log, through the n8n-core harness.
 */
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { forgetCenters } from '../../nodes/shared/center';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import { daily, daysOf, NOW, run, startTestSandbox } from '../helpers/action-run';
import { BASIC_CENTER, PRO_CENTER, type Sandbox } from '../../sandbox';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	clearPlans();
	forgetCenters();
});

test('PRO, plan not known: no probe; one 31-day window, then 366-day windows up to today', async () => {
	const r = await run(
		sb,
		new ShoppingCenterRevenue(),
		daily(PRO_CENTER, '1002-03', '2024-06-01', '2026-11-20'),
	);
	expect(r.error).toBeUndefined();
	const routes = r.requests.map((e) => e.route);
	expect(routes.filter((x) => x !== 'centers' && x !== 'sales.daily')).toEqual([]);
	const windows = r.requests
		.filter((e) => e.route === 'sales.daily')
		.map((e) => [e.query.start_date, e.query.end_date]);
	expect(windows).toEqual([
		['2024-06-01', '2024-07-01'],
		['2024-07-02', '2025-07-02'],
		['2025-07-03', '2026-07-03'],
		['2026-07-04', '2026-11-20'],
	]);
	const want = sb.store.truth(
		'daily',
		{ sc_id: PRO_CENTER, shop_id: '1002-03', start_date: '2024-06-01', end_date: '2026-11-20' },
		new Date(NOW),
	);
	expect(r.json.map((x) => x.date)).toEqual(want.ids);
	expect(r.json).toHaveLength(daysOf('2024-06-01', '2026-11-20').length);
}, 60_000);

test('Basic, plan not known: no probe; 31-day windows up to yesterday', async () => {
	const r = await run(
		sb,
		new ShoppingCenterRevenue(),
		daily(BASIC_CENTER, '1001-02', '2026-09-01', '2026-11-20'),
	);
	expect(r.error).toBeUndefined();
	expect(r.requests.filter((e) => e.route === 'shops')).toEqual([]);
	const windows = r.requests
		.filter((e) => e.route === 'sales.daily')
		.map((e) => [e.query.start_date, e.query.end_date]);
	expect(windows).toEqual([
		['2026-09-01', '2026-10-01'],
		['2026-10-02', '2026-11-01'],
		['2026-11-02', '2026-11-19'],
	]);
	expect(r.json.map((x) => x.date)).toEqual(daysOf('2026-09-01', '2026-11-19'));
}, 60_000);

test('plan known from an earlier answer: PRO windows from the first request', async () => {
	await run(
		sb,
		new ShoppingCenterRevenue(),
		daily(PRO_CENTER, '1002-03', '2026-11-01', '2026-11-02'),
	);
	const r = await run(
		sb,
		new ShoppingCenterRevenue(),
		daily(PRO_CENTER, '1002-03', '2025-06-01', '2026-11-20'),
	);
	const windows = r.requests
		.filter((e) => e.route === 'sales.daily')
		.map((e) => [e.query.start_date, e.query.end_date]);
	expect(windows).toEqual([
		['2025-06-01', '2026-06-01'],
		['2026-06-02', '2026-11-20'],
	]);
}, 60_000);
