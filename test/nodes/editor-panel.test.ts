/**
 * What the editor shows before anything runs: pickers with names, ids and each center's plan, the
 * panel's notices, and each node's own description in the node picker; through the n8n-core harness
 * against the sandbox.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterAttendance } from '../../nodes/ShoppingCenterAttendance/ShoppingCenterAttendance.node';
import { forgetCenters } from '../../nodes/shared/center';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import { runListSearch } from '../harness';
import { startSandbox, type Sandbox } from '../../sandbox';
import { shopsOfCenter } from '../../sandbox/fixtures/centers';
import { NOW, harnessBase, locator } from '../helpers/action-run';

const revenue = new ShoppingCenterRevenue();

async function sandboxWith(options: Parameters<typeof startSandbox>[0] = {}): Promise<Sandbox> {
	clearPlans();
	forgetCenters();
	return await startSandbox({ now: NOW, rateWindowMs: 10_000, ...options });
}

describe('the pickers show names with ids, centers with their plan', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await sandboxWith();
	});
	afterAll(async () => {
		await sb?.close();
	});
	const base = () => ({ nodeType: revenue, ...harnessBase(sb) });
	/** the Shop picker of Revenue → Daily Sales Aggregate on center 1002, with a filter or a page token */
	const searchShops = async (more: { filter?: string; paginationToken?: string } = {}) =>
		await runListSearch({
			...base(),
			method: 'searchShops',
			parameters: {
				resource: 'dailySalesAggregate',
				operation: 'getMany',
				center: locator('1002'),
			},
			...more,
		});

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
		const all = await searchShops();
		const first = all.results?.results[0];
		expect(first?.name).toBe('Coffee Point MEGA · 1002-01');
		expect(first?.value).toBe('1002-01');
		const byId = await searchShops({ filter: '1002-01' });
		expect(byId.results?.results.map((x) => x.value)).toEqual(['1002-01']);
		const byName = await searchShops({ filter: 'coffee' });
		expect(byName.results?.results.map((x) => x.name)).toContain('Coffee Point MEGA · 1002-01');
	});

	test('shops are searched a page of the API at a time: one page gives no token; the token asks that page only', async () => {
		const first = await searchShops();
		expect(first.results?.results).toHaveLength(shopsOfCenter('1002').length);
		expect(first.results?.paginationToken).toBeUndefined();
		const before = sb.log.list().length;
		const second = await searchShops({ paginationToken: '2' });
		expect(second.results?.results).toEqual([]);
		expect(second.results?.paginationToken).toBeUndefined();
		const asked = sb.log
			.list()
			.slice(before)
			.filter((e) => e.route === 'shops');
		expect(asked.map((e) => e.query.page)).toEqual(['2']);
	});

	test("the examples' center pickers show what the picker shows (its cached name: title · plan · id)", async () => {
		const r = await runListSearch({ ...base(), method: 'searchCenters' });
		const picker = new Map((r.results?.results ?? []).map((x) => [String(x.value), x.name]));
		const { loadExamples } = require('../../scripts/lib/examples.js') as {
			loadExamples(): Array<{
				key: string;
				workflow: { nodes: Array<{ name: string; parameters: Record<string, unknown> }> };
			}>;
		};
		let checked = 0;
		for (const { key, workflow } of loadExamples())
			for (const node of workflow.nodes) {
				const center = node.parameters.center as
					| { mode?: string; value?: string; cachedResultName?: string }
					| undefined;
				if (center?.mode !== 'list') continue;
				expect({ key, node: node.name, shown: center.cachedResultName }).toEqual({
					key,
					node: node.name,
					shown: picker.get(String(center.value)),
				});
				checked++;
			}
		expect(checked).toBeGreaterThanOrEqual(5);
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
		// the hint's and the placeholder's example is an id the list shows, not a number of its own
		const zone = (
			new ShoppingCenterAttendance().description.properties as Array<{
				name: string;
				hint?: string;
				modes?: Array<{ name: string; placeholder?: string }>;
			}>
		).find((p) => p.name === 'zone')!;
		const example = /e\.g\. (\S+)/.exec(zone.hint ?? '')?.[1];
		const ids = (r.results?.results ?? []).map((z) => String(z.value));
		expect(ids).toContain(example);
		expect(zone.modes?.find((m) => m.name === 'id')?.placeholder).toBe(example);
	});
});

describe('what the panel says before anything runs: notices, placeholders, hints', () => {
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

	test('Simplify names the fields it keeps; Granularity and Scope say what they change', () => {
		const simplify = shownFor(revenue, 'dailySalesAggregate', 'getMany').find(
			(p) => p.name === 'simplify',
		);
		const { simpleFields } =
			require('../../nodes/ShoppingCenterRevenue/actions/dailySalesAggregate/getMany.operation') as {
				simpleFields: Array<[string, string]>;
			};
		expect(simplify?.hint).toContain(`Keeps ${simpleFields.map(([n]) => n).join(', ')}:`);
		expect(simplify?.hint).not.toMatch(/these columns/);
		const attendance = shownFor(new ShoppingCenterAttendance(), 'attendance', 'get');
		const hint = (name: string) => attendance.find((p) => p.name === name)?.hint ?? '';
		expect(hint('granularity')).toMatch(/Week and Month rows are labelled with their first day/);
		expect(hint('granularity')).toMatch(/Hour needs a PRO center/);
		expect(hint('scope')).toMatch(/Counting Zone and Shop need a PRO center/);
		const {
			ShoppingCenterIntake,
		} = require('../../nodes/ShoppingCenterIntake/ShoppingCenterIntake.node');
		const intakeScope = shownFor(new ShoppingCenterIntake(), 'dailyAttendance', 'submit').find(
			(p) => p.name === 'scope',
		);
		expect(intakeScope?.hint).toMatch(/Zone: of the counting zone chosen below/);
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

describe('each node keeps its own description in the node picker', () => {
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
