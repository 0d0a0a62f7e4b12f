/**
 * A newcomer's first hour (issue 16), through the n8n-core harness against the sandbox: a period
 * after the plan's freshest day is never silent (an error when nothing is left, an execution hint when
 * the end was clipped, a hint when an unknown plan's answer is empty), pickers show names with ids and
 * each center's plan, rows of shop-level lists carry sc_id / shop_id beside the API's own fields.
 */
import type { INodeParameters, IRunData } from 'n8n-workflow';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterAttendance } from '../../nodes/ShoppingCenterAttendance/ShoppingCenterAttendance.node';
import { forgetCenters } from '../../nodes/shared/center';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import { runListSearch } from '../harness';
import { startSandbox, type Sandbox } from '../../sandbox';
import { NOW, daysOf, harnessBase, ofRoute, q, run, locator } from './action-run';

const revenue = new ShoppingCenterRevenue();

function hints(runData: IRunData): string[] {
	return Object.values(runData).flatMap((runs) =>
		runs.flatMap((r) => (r.hints ?? []).map((h) => h.message)),
	);
}

const daily = (sc: string, shop: string, startDate: string, endDate: string): INodeParameters => ({
	resource: 'dailySalesAggregate',
	operation: 'getMany',
	center: locator(sc),
	shop: locator(shop),
	startDate,
	endDate,
	returnAll: true,
});

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

describe('defect 2: a period past the freshest day is never silent', () => {
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
			'Start Date: 2026-11-20 is after the last day with data. Basic centers have data up to yesterday, 2026-11-19 in Europe/Moscow. [item 0]',
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

describe('defect 11: rows of shop-level lists carry sc_id and shop_id; the API fields are unchanged', () => {
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

describe('defects 6 and 7: pickers show names with ids, centers with their plan', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await sandboxWith();
	});
	afterAll(async () => {
		await sb?.close();
	});
	const base = () => ({ nodeType: revenue, ...harnessBase(sb) });

	test('centers: "title · plan · id" (blocked said as such)', async () => {
		const r = await runListSearch({ ...base(), method: 'searchCenters' });
		expect(r.error).toBeUndefined();
		expect(r.results?.results.map((x) => [x.name, x.value])).toEqual([
			['Galereya Basic · Basic · 1001', '1001'],
			['Mega PRO · PRO · 1002', '1002'],
			['Baltia Blocked · blocked for non-payment · 1003', '1003'],
			['Okean NoTraffic · PRO · 1004', '1004'],
		]);
		// a second opening asks again only for the center whose plan no answer told (the blocked one)
		const before = sb.log.list().length;
		await runListSearch({ ...base(), method: 'searchCenters' });
		const probed = sb.log
			.list()
			.slice(before)
			.filter((e) => e.route === 'shops')
			.map((e) => e.path);
		expect(probed).toEqual([expect.stringContaining('/sc/1003/shops')]);
	});

	test('shops: "name · id"; the search matches the name and the id', async () => {
		const parameters = {
			resource: 'dailySalesAggregate',
			operation: 'getMany',
			center: locator('1002'),
		};
		const all = await runListSearch({ ...base(), method: 'searchShops', parameters });
		const first = all.results?.results[0];
		expect(first?.name).toBe('Coffee Point MEGA · 1002-01');
		expect(first?.value).toBe('1002-01');
		const byId = await runListSearch({
			...base(),
			method: 'searchShops',
			parameters,
			filter: '1002-01',
		});
		expect(byId.results?.results.map((x) => x.value)).toEqual(['1002-01']);
		const byName = await runListSearch({
			...base(),
			method: 'searchShops',
			parameters,
			filter: 'coffee',
		});
		expect(byName.results?.results.map((x) => x.name)).toContain('Coffee Point MEGA · 1002-01');
	});

	test('zones: "title · id"', async () => {
		const r = await runListSearch({
			...base(),
			nodeType: new ShoppingCenterAttendance(),
			method: 'searchZones',
			parameters: { resource: 'countingZone', operation: 'getMany', center: locator('1002') },
		});
		expect(r.results?.results.length).toBeGreaterThan(0);
		for (const z of r.results?.results ?? []) expect(z.name).toMatch(new RegExp(` · ${z.value}$`));
	});
});

describe('defects 4, 5, 6, 10: what the panel says before anything runs', () => {
	const props = (node: { description: { properties: unknown[] } }) =>
		node.description.properties as Array<{
			name: string;
			type: string;
			displayName: string;
			hint?: string;
			placeholder?: string;
			default?: unknown;
			displayOptions?: { show?: Record<string, unknown[]>; hide?: Record<string, unknown[]> };
		}>;
	const shownFor = (
		node: { description: { properties: unknown[] } },
		resource: string,
		operation: string,
	) =>
		props(node).filter(
			(p) =>
				p.displayOptions?.show?.resource?.includes(resource) &&
				p.displayOptions?.show?.operation?.includes(operation),
		);

	test('money: kopecks said in a notice and the Add Ruble Amounts hint; the ruble field is not under Options and off', () => {
		for (const op of ['dailySalesAggregate', 'monthlyTotal']) {
			const fields = shownFor(revenue, op, 'getMany');
			expect(
				fields.find((p) => p.type === 'notice' && /kopecks/.test(p.displayName)),
			).toBeDefined();
			const rub = fields.find((p) => p.name === 'addRubles');
			expect(rub).toMatchObject({ type: 'boolean', default: false });
			expect(rub?.hint).toMatch(/kopecks/);
			expect(fields.find((p) => p.name === 'options')).toBeUndefined();
		}
	});

	test('declared turnover: the placeholder is in the unit chosen (kopecks by default)', () => {
		const {
			ShoppingCenterIntake,
		} = require('../../nodes/ShoppingCenterIntake/ShoppingCenterIntake.node');
		const fields = shownFor(new ShoppingCenterIntake(), 'declaredTurnover', 'submit');
		const unit = fields.find((p) => p.name === 'amountUnit');
		expect(unit?.default).toBe('kopecks');
		const turnover = fields.filter((p) => p.name === 'turnover');
		const forUnit = (u: string) =>
			turnover.find((p) => p.displayOptions?.show?.amountUnit?.includes(u));
		expect(forUnit('kopecks')?.placeholder).toMatch(/^\d+$/);
		expect(forUnit('kopecks')?.hint).toMatch(/kopecks/i);
		expect(forUnit('currencyUnits')?.placeholder).toBe('1 234 567,89');
	});

	test('PRO-only operations and options show a notice in the panel', () => {
		const notices = (node: { description: { properties: unknown[] } }, r: string, o: string) =>
			shownFor(node, r, o)
				.filter((p) => p.type === 'notice')
				.map((p) => ({ text: p.displayName, when: p.displayOptions?.show }));
		expect(notices(new ShoppingCenterReceipts(), 'receipt', 'export')[0].text).toMatch(/PRO/);
		const {
			ShoppingCenterAnomalies,
		} = require('../../nodes/ShoppingCenterAnomalies/ShoppingCenterAnomalies.node');
		expect(notices(new ShoppingCenterAnomalies(), 'anomaly', 'getMany')[0].text).toMatch(/PRO/);
		const att = notices(new ShoppingCenterAttendance(), 'attendance', 'get');
		expect(att.map((n) => n.when?.granularity ?? n.when?.scope)).toEqual([
			['hour'],
			['zone', 'shop'],
		]);
		expect(
			notices(revenue, 'dailySalesAggregate', 'getMany').some((n) => /turnover.*PRO/.test(n.text)),
		).toBe(true);
	});

	test('hints under fields: where ids come from, date format and window sizes', () => {
		const fields = shownFor(revenue, 'dailySalesAggregate', 'getMany');
		const hint = (name: string) => fields.find((p) => p.name === name)?.hint ?? '';
		expect(hint('center')).toMatch(/1002/);
		expect(hint('shop')).toMatch(/1002-01/);
		expect(hint('startDate')).toMatch(/YYYY-MM-DD/);
		expect(hint('endDate')).toMatch(/31 days.*366 days/);
	});
});

describe('defect 9: each node keeps its own description in the node picker', () => {
	test("no trigger's name is an action node's name + 'Trigger' (n8n's node creator then shows the trigger's description for the action node)", () => {
		const pkg = require('../../package.json') as { n8n: { nodes: string[] } };
		const nodes = pkg.n8n.nodes.map((file) => {
			const mod = require(`../../${file.replace(/^dist\//, '').replace(/\.js$/, '')}`) as Record<
				string,
				new () => { description: { name: string; group: string[]; description: string } }
			>;
			const Cls = Object.values(mod)[0];
			return new Cls().description;
		});
		const actions = nodes.filter((d) => !d.group.includes('trigger')).map((d) => d.name);
		const triggers = nodes.filter((d) => d.group.includes('trigger'));
		expect(triggers.length).toBeGreaterThan(0);
		// the editor's rule (generateMergedNodesAndActions): app = trigger.name.replace('Trigger', '')
		for (const t of triggers) expect(actions).not.toContain(t.name.replace('Trigger', ''));
		// and every node's description is its own
		expect(new Set(nodes.map((d) => d.description)).size).toBe(nodes.length);
	});
});
