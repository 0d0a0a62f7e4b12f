/**
 * A period after the plan's freshest day is never silent (an error when nothing is left, an execution
 * hint when the end was clipped, a hint when an unknown plan's answer is empty), and rows of shop-level
 * lists carry sc_id / shop_id beside the API's own fields; through the n8n-core harness against the
 * sandbox.
 */
import type { INodeParameters, IRunData } from 'n8n-workflow';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterAttendance } from '../../nodes/ShoppingCenterAttendance/ShoppingCenterAttendance.node';
import { forgetCenters } from '../../nodes/shared/center';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import { startSandbox, type Sandbox } from '../../sandbox';
import { NOW, daily, daysOf, ofRoute, q, run, locator } from '../helpers/action-run';

const revenue = new ShoppingCenterRevenue();

function hints(runData: IRunData): string[] {
	return Object.values(runData).flatMap((runs) =>
		runs.flatMap((r) => (r.hints ?? []).map((h) => h.message)),
	);
}

async function sandboxWith(options: Parameters<typeof startSandbox>[0] = {}): Promise<Sandbox> {
	clearPlans();
	forgetCenters();
	return await startSandbox({ now: NOW, rateWindowMs: 10_000, ...options });
}

/** An earlier run for the center, whose answer's X-RateLimit-Limit tells the node its plan. */
async function learnPlan(sb: Sandbox, sc: string, shop: string): Promise<void> {
	const r = await run(sb, revenue, daily(sc, shop, '2026-11-01', '2026-11-02'));
	expect(r.status).toBe('success');
}

describe('a period past the freshest day is never silent', () => {
	let sb: Sandbox;
	afterEach(async () => {
		await sb?.close();
	});

	test('Basic known, asked for today only: an error naming Start Date with the rule, the day and the zone; nothing asked', async () => {
		sb = await sandboxWith();
		await learnPlan(sb, '1001', '1001-02');
		const r = await run(sb, revenue, daily('1001', '1001-02', '2026-11-20', '2026-11-20'));
		expect(r.status).toBe('error');
		expect(r.error?.message).toBe(
			'Start Date: 2026-11-20 is after the last day with data. Basic centers have data up to yesterday, 2026-11-19 in Europe/Moscow. [row 1 of 1]',
		);
		expect(ofRoute(r.requests, 'sales.daily')).toEqual([]);
	});

	test('Basic known, a week up to today: the rows up to yesterday and a hint that the end was clipped', async () => {
		sb = await sandboxWith();
		await learnPlan(sb, '1001', '1001-02');
		const r = await run(sb, revenue, daily('1001', '1001-02', '2026-11-14', '2026-11-20'));
		expect(r.status).toBe('success');
		expect(r.json.map((row) => row.date)).toEqual([
			'2026-11-14',
			'2026-11-15',
			'2026-11-16',
			'2026-11-17',
			'2026-11-18',
			'2026-11-19',
		]);
		expect(hints(r.runData)).toEqual([
			'End Date 2026-11-20 is after the last day with data (Basic centers have data up to yesterday, 2026-11-19 in Europe/Moscow): read 2026-11-14 to 2026-11-19.',
		]);
		expect(ofRoute(r.requests, 'sales.daily').map((e) => q(e, 'end_date'))).toEqual(['2026-11-19']);
	});

	test('a period inside the data: no hint', async () => {
		sb = await sandboxWith();
		const r = await run(sb, revenue, daily('1002', '1002-01', '2026-11-01', '2026-11-05'));
		expect(r.status).toBe('success');
		expect(hints(r.runData)).toEqual([]);
	});

	test('plan not known yet, a week up to today: the first answer tells Basic; the rows up to yesterday and a hint that the end was clipped', async () => {
		sb = await sandboxWith();
		const r = await run(sb, revenue, daily('1001', '1001-02', '2026-11-14', '2026-11-20'));
		expect(r.status).toBe('success');
		expect(r.json.map((row) => row.date)).toEqual(daysOf('2026-11-14', '2026-11-19'));
		expect(hints(r.runData)).toEqual([
			'End Date 2026-11-20 is after the last day with data (Basic centers have data up to yesterday, 2026-11-19 in Europe/Moscow): read 2026-11-14 to 2026-11-19.',
		]);
		expect(ofRoute(r.requests, 'sales.daily').map((e) => q(e, 'end_date'))).toEqual(['2026-11-19']);
	});

	test('several items asking the same clipped period: the hint once', async () => {
		sb = await sandboxWith();
		await learnPlan(sb, '1001', '1001-02');
		const r = await run(
			sb,
			revenue,
			daily('1001', '={{ $json.shop }}', '2026-11-18', '2026-11-25'),
			{ inputItems: [{ json: { shop: '1001-02' } }, { json: { shop: '1001-03' } }] },
		);
		expect(r.status).toBe('success');
		expect(hints(r.runData)).toHaveLength(1);
	});

	test('plan unknown (limit 30 is not in the plan table), the API rejects the day (422): its words, naming end_date', async () => {
		sb = await sandboxWith({ rateLimits: { basic: { perWindow: 30 } } });
		const r = await run(sb, revenue, daily('1001', '1001-02', '2026-11-20', '2026-11-20'));
		expect(r.status).toBe('error');
		expect(ofRoute(r.requests, 'sales.daily')).toHaveLength(1);
		expect(r.error?.message).toMatch(/end_date/);
		expect(r.error?.message).toMatch(/2026-11-19/);
	});

	test('plan unknown, the API answers nothing for today (sandbox afterFreshest: empty): a hint says why it may be empty', async () => {
		sb = await sandboxWith({ rateLimits: { basic: { perWindow: 30 } }, afterFreshest: 'empty' });
		const r = await run(sb, revenue, daily('1001', '1001-02', '2026-11-20', '2026-11-20'));
		expect(r.status).toBe('success');
		expect(r.json).toEqual([]);
		expect(ofRoute(r.requests, 'sales.daily')).toHaveLength(1);
		expect(hints(r.runData)).toEqual([
			"The API returned no records for 2026-11-20 to 2026-11-20. This center's plan is not known yet; if it is Basic, there is no data from 2026-11-20 on (Basic centers have data up to yesterday, 2026-11-19 in Europe/Moscow).",
		]);
	});

	test('attendance (Basic known): a period up to tomorrow is read to yesterday, with the hint', async () => {
		sb = await sandboxWith();
		const r = await run(sb, new ShoppingCenterAttendance(), {
			resource: 'attendance',
			operation: 'get',
			center: locator('1001'),
			granularity: 'day',
			scope: 'sc',
			startDate: '2026-11-17',
			endDate: '2026-11-21',
		});
		expect(r.status).toBe('success');
		expect(r.json.map((row) => row.date)).toEqual(['2026-11-17', '2026-11-18', '2026-11-19']);
		expect(hints(r.runData)[0]).toMatch(/^End Date 2026-11-21 is after the last day with data/);
	});
});

describe('rows of shop-level lists carry sc_id and shop_id; the API fields are unchanged', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await sandboxWith();
	});
	afterAll(async () => {
		await sb?.close();
	});

	const cases: Array<[string, INodeParameters, string]> = [
		['daily sales', daily('1002', '1002-01', '2026-11-01', '2026-11-03'), 'sales.daily'],
		[
			'monthly totals',
			{ ...daily('1002', '1002-01', '2026-09-01', '2026-10-31'), resource: 'monthlyTotal' },
			'sales.monthly',
		],
		[
			'cash registers',
			{
				resource: 'cashRegister',
				operation: 'getMany',
				center: locator('1002'),
				shop: locator('1002-01'),
				returnAll: true,
				includeArchived: true,
			},
			'kkts',
		],
		[
			'turnover settings',
			{
				resource: 'turnoverSetting',
				operation: 'get',
				center: locator('1002'),
				shop: locator('1002-01'),
			},
			'turnover.settings',
		],
	];

	test.each(cases)('%s', async (_name, parameters, route) => {
		const r = await run(sb, revenue, parameters);
		expect(r.status).toBe('success');
		expect(r.json.length).toBeGreaterThan(0);
		const answered = ofRoute(r.requests, route);
		expect(answered.length).toBeGreaterThan(0);
		for (const row of r.json) {
			expect(row.sc_id).toBe('1002');
			expect(row.shop_id).toBe('1002-01');
			// the API's own fields come first and unchanged: no field of the API is named sc_id / shop_id here
			// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the named fields are left out of the rest
			const { sc_id: _s, shop_id: _p, ...api } = row;
			expect(Object.keys(api).length).toBeGreaterThan(0);
		}
	});

	test('receipts: sc_id and shop_id beside every receipt, the receipt ids and sums as the sandbox has them', async () => {
		const r = await run(sb, new ShoppingCenterReceipts(), {
			resource: 'receipt',
			operation: 'export',
			center: locator('1002'),
			shop: locator('1002-01'),
			periodBy: 'created',
			createdStartDate: '2026-11-01',
			createdEndDate: '2026-11-01',
			limit: 5,
		});
		expect(r.status).toBe('success');
		expect(r.json).toHaveLength(5);
		for (const row of r.json) {
			expect(row).toMatchObject({ sc_id: '1002', shop_id: '1002-01' });
			expect(typeof row.id).toBe('string');
			expect(Number.isInteger(row.total_sum)).toBe(true);
		}
	});
});
