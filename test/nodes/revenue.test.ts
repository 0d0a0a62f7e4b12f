/**
 * Shopping Center Revenue node through n8n-core's engine (test/harness) against the sandbox:
 * daily sales, monthly totals, turnover settings, cash registers on Basic (1001) and PRO (1002) centers.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { runNode, type RunNodeResult } from '../harness';
import { sb, useSandbox } from '../helpers/sandbox';
import { BASIC_CENTER, BLOCKED_CENTER, PRO_CENTER } from '../../sandbox/fixtures/centers';
import { harnessBase } from '../helpers/action-run';

const NOW = '2026-11-20T09:00:00Z'; // 12:00 in Moscow (1001), 14:00 in Yekaterinburg (1002)
const BASIC_SHOP = '1001-02';
const PRO_SHOP = '1002-02';

useSandbox({ seed: 42, now: NOW });

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function run(
	parameters: INodeParameters,
	extra: { inputItems?: INodeExecutionData[]; continueOnFail?: boolean } = {},
): Promise<RunNodeResult> {
	return await runNode({
		nodeType: new ShoppingCenterRevenue(),
		parameters,
		...harnessBase(sb),
		...extra,
	});
}

/** Runs and returns the sandbox log entries the run caused. */
async function runLogged(parameters: INodeParameters, extra: Parameters<typeof run>[1] = {}) {
	const since = sb.log.list().at(-1)?.seq ?? 0;
	const result = await run(parameters, extra);
	return { result, log: sb.log.list({ since }) };
}

function rows(result: RunNodeResult): IDataObject[] {
	if (result.error) throw new Error(`node failed: ${result.error.message}`);
	return result.items[0].map((i) => i.json);
}

const daily = (
	sc: string,
	shop: string,
	start: string,
	end: string,
	more: INodeParameters = {},
): INodeParameters => ({
	resource: 'dailySalesAggregate',
	operation: 'getMany',
	center: byId(sc),
	shop: byId(shop),
	startDate: start,
	endDate: end,
	returnAll: true,
	...more,
});

const monthly = (
	sc: string,
	shop: string,
	start: string,
	end: string,
	more: INodeParameters = {},
): INodeParameters => ({
	...daily(sc, shop, start, end, more),
	resource: 'monthlyTotal',
});

const days = (start: string, end: string) =>
	Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

describe('Daily Sales Aggregate → Get Many', () => {
	test('Basic: 4 months read in 31-day windows, end clipped to yesterday, exactly the true days and sums', async () => {
		const { result, log } = await runLogged(
			daily(BASIC_CENTER, BASIC_SHOP, '2026-08-01', '2026-12-31'),
		);
		const got = rows(result);
		const truth = sb.store.truth(
			'daily',
			{
				sc_id: BASIC_CENTER,
				shop_id: BASIC_SHOP,
				start_date: '2026-08-01',
				end_date: '2026-11-19',
			},
			sb.clock.now(),
		);
		expect(got.map((r) => r.date)).toEqual(truth.ids);
		expect(got.reduce((a, r) => a + (r.income_sum as number), 0)).toBe(truth.sum);
		expect(truth.count).toBe(111);
		// Basic rows carry no calculated turnover; money stays integer kopecks
		expect(got.every((r) => r.turnover === undefined && Number.isInteger(r.income_sum))).toBe(true);

		const windows = log.filter((e) => e.route === 'sales.daily');
		expect(windows.map((e) => [e.query.start_date, e.query.end_date])).toEqual([
			['2026-08-01', '2026-08-31'],
			['2026-09-01', '2026-10-01'],
			['2026-10-02', '2026-11-01'],
			['2026-11-02', '2026-11-19'],
		]);
		expect(windows.every((e) => e.status === 200 && e.query.per_page === '366')).toBe(true);
	});

	test('PRO: 416 days, plan learned from the first answer, then windows of up to 366 days (today included), turnover present', async () => {
		const { result, log } = await runLogged(
			daily(PRO_CENTER, PRO_SHOP, '2025-10-01', '2026-11-20'),
		);
		const got = rows(result);
		const truth = sb.store.truth(
			'daily',
			{ sc_id: PRO_CENTER, shop_id: PRO_SHOP, start_date: '2025-10-01', end_date: '2026-11-20' },
			sb.clock.now(),
		);
		expect(got).toHaveLength(days('2025-10-01', '2026-11-20'));
		expect(got.map((r) => r.date)).toEqual(truth.ids);
		expect(got.reduce((a, r) => a + (r.income_sum as number), 0)).toBe(truth.sum);
		expect(got.every((r) => typeof r.turnover === 'number')).toBe(true);
		const windows = log.filter((e) => e.route === 'sales.daily');
		// the plan is not known yet and no request is spent to learn it: the first window is one valid on
		// both plans (31 days); its answer says PRO, the rest goes in 366-day windows up to today
		expect(windows.map((e) => [e.query.start_date, e.query.end_date])).toEqual([
			['2025-10-01', '2025-10-31'],
			['2025-11-01', '2026-11-01'],
			['2026-11-02', '2026-11-20'],
		]);
	});

	test('Limit stops after the first page; Add Ruble Amounts adds *_rub and keeps kopecks', async () => {
		const { result, log } = await runLogged(
			daily(PRO_CENTER, PRO_SHOP, '2025-10-01', '2026-11-20', {
				returnAll: false,
				limit: 7,
				addRubles: true,
			}),
		);
		const got = rows(result);
		expect(got.map((r) => r.date)).toEqual([
			'2025-10-01',
			'2025-10-02',
			'2025-10-03',
			'2025-10-04',
			'2025-10-05',
			'2025-10-06',
			'2025-10-07',
		]);
		expect(log.filter((e) => e.route === 'sales.daily')).toHaveLength(1);
		for (const r of got) {
			expect(Number.isInteger(r.income_sum)).toBe(true);
			expect(r.income_sum_rub).toBe((r.income_sum as number) / 100);
			expect(r.refund_nds_20_sum_rub).toBe((r.refund_nds_20_sum as number) / 100);
			expect(r.turnover_rub).toBe((r.turnover as number) / 100);
			expect(r.receipts_count_rub).toBeUndefined();
		}
	});

	test('a period wholly after the freshest day (Basic: today) asks nothing and says why, naming Start Date', async () => {
		const { result, log } = await runLogged(
			daily(BASIC_CENTER, BASIC_SHOP, '2026-11-20', '2026-11-25'),
		);
		expect(result.error?.message).toBe(
			'Start Date: 2026-11-20 is after the last day with data. Basic centers have data up to yesterday, 2026-11-19 in Europe/Moscow. [row 1 of 1]',
		);
		expect(log.filter((e) => e.route === 'sales.daily')).toHaveLength(0);
	});
});

describe('Monthly Total → Get Many', () => {
	test('Basic: widened to whole months, 3-month windows, one row per month, sums agree with the daily truth', async () => {
		const { result, log } = await runLogged(
			monthly(BASIC_CENTER, BASIC_SHOP, '2026-01-15', '2026-11-30'),
		);
		const got = rows(result);
		expect(got.map((r) => r.date)).toEqual([
			'2026-01',
			'2026-02',
			'2026-03',
			'2026-04',
			'2026-05',
			'2026-06',
			'2026-07',
			'2026-08',
			'2026-09',
			'2026-10',
			'2026-11',
		]);
		const truth = sb.store.truth(
			'daily',
			{
				sc_id: BASIC_CENTER,
				shop_id: BASIC_SHOP,
				start_date: '2026-01-01',
				end_date: '2026-11-19',
			},
			sb.clock.now(),
		);
		expect(got.reduce((a, r) => a + (r.income_sum as number), 0)).toBe(truth.sum);
		expect(got.every((r) => r.average_check_sum === undefined)).toBe(true);
		expect(
			log
				.filter((e) => e.route === 'sales.monthly')
				.map((e) => [e.query.start_date, e.query.end_date]),
		).toEqual([
			['2026-01-01', '2026-03-31'],
			['2026-04-01', '2026-06-30'],
			['2026-07-01', '2026-09-30'],
			['2026-10-01', '2026-11-19'],
		]);
	});

	test('PRO: 30 months in 12-month windows, PRO fields, no duplicate months; Limit applied locally', async () => {
		const { result, log } = await runLogged(
			monthly(PRO_CENTER, PRO_SHOP, '2024-06-10', '2026-11-20'),
		);
		const got = rows(result);
		expect(got).toHaveLength(30);
		expect(new Set(got.map((r) => r.date)).size).toBe(30);
		expect(got[0].date).toBe('2024-06');
		expect(got.at(-1)?.date).toBe('2026-11');
		expect(got.every((r) => 'average_check_sum' in r && 'ocr' in r)).toBe(true);
		expect(log.filter((e) => e.route === 'sales.monthly')).toHaveLength(3);

		const limited = await runLogged(
			monthly(PRO_CENTER, PRO_SHOP, '2024-06-10', '2026-11-20', { returnAll: false, limit: 5 }),
		);
		expect(rows(limited.result).map((r) => r.date)).toEqual([
			'2024-06',
			'2024-07',
			'2024-08',
			'2024-09',
			'2024-10',
		]);
		expect(limited.log.filter((e) => e.route === 'sales.monthly')).toHaveLength(1);
	});
});

describe('Turnover Setting → Get', () => {
	test.each([
		[BASIC_CENTER, BASIC_SHOP],
		[PRO_CENTER, PRO_SHOP],
	])('center %s shop %s: one settings object', async (sc, shop) => {
		const { result, log } = await runLogged({
			resource: 'turnoverSetting',
			operation: 'get',
			center: byId(sc),
			shop: byId(shop),
		});
		const got = rows(result);
		expect(got).toHaveLength(1);
		expect(['shop', 'shopping_center', 'default']).toContain(got[0].source);
		expect(typeof got[0].refund).toBe('boolean');
		expect(log.filter((e) => e.route !== null && e.route.startsWith('turnover'))).toHaveLength(1);
	});
});

describe('Cash Register → Get Many', () => {
	test.each([
		[BASIC_CENTER, BASIC_SHOP],
		[PRO_CENTER, PRO_SHOP],
	])(
		'center %s shop %s: active by default, archived added on request, Limit applied locally',
		async (sc, shop) => {
			const base = {
				resource: 'cashRegister',
				operation: 'getMany',
				center: byId(sc),
				shop: byId(shop),
			};
			const active = rows(await run({ ...base, returnAll: true }));
			const all = rows(await run({ ...base, returnAll: true, includeArchived: true }));
			expect(active.length).toBeGreaterThan(0);
			expect(active.every((k) => k.is_archived === false)).toBe(true);
			expect(all.filter((k) => k.is_archived === true).length).toBeGreaterThan(0);
			expect(all.filter((k) => !k.is_archived).map((k) => k.id)).toEqual(active.map((k) => k.id));

			const { result, log } = await runLogged({
				...base,
				returnAll: false,
				limit: 1,
				includeArchived: true,
			});
			expect(rows(result)).toEqual([all[0]]);
			const kkts = log.filter((e) => e.route !== null && e.route.includes('kkt'));
			expect(kkts).toHaveLength(1);
			expect(kkts[0].query.archived).toBe('true');
		},
	);
});

describe('bad input: NodeOperationError naming the field and the item, before any request', () => {
	test.each<[string, INodeParameters, RegExp]>([
		[
			'impossible date',
			daily(PRO_CENTER, PRO_SHOP, '2026-02-30', '2026-03-10'),
			/^Start Date: .*2026-02-30.* is not a valid date.*\[row 1 of 1\]/,
		],
		[
			'unparsable date',
			daily(PRO_CENTER, PRO_SHOP, '2026-02-01', 'next tuesday'),
			/^End Date: .*not a valid date.*\[row 1 of 1\]/,
		],
		[
			'end before start',
			daily(PRO_CENTER, PRO_SHOP, '2026-03-10', '2026-03-01'),
			/^End Date: 2026-03-01 is earlier than Start Date 2026-03-10 \[row 1 of 1\]/,
		],
		// an empty required field only gets past n8n's own check through an expression
		[
			'missing date',
			monthly(PRO_CENTER, PRO_SHOP, '={{ "" }}', '2026-03-01'),
			/^Start Date: is required.*\[row 1 of 1\]/,
		],
		[
			'empty shop',
			daily(PRO_CENTER, '={{ "  " }}', '2026-03-01', '2026-03-02'),
			/^Shop: is required \[row 1 of 1\]/,
		],
		[
			'empty center',
			{
				resource: 'turnoverSetting',
				operation: 'get',
				center: byId('={{ "" }}'),
				shop: byId(PRO_SHOP),
			},
			/^Center: is required \[row 1 of 1\]/,
		],
		[
			'fractional limit',
			daily(PRO_CENTER, PRO_SHOP, '2026-03-01', '2026-03-02', { returnAll: false, limit: 2.5 }),
			/^Limit: .*2\.5.* not a whole number.*\[row 1 of 1\]/,
		],
		[
			'zero limit',
			{
				resource: 'cashRegister',
				operation: 'getMany',
				center: byId(PRO_CENTER),
				shop: byId(PRO_SHOP),
				returnAll: false,
				limit: 0,
			},
			/^Limit: .*\[row 1 of 1\]/,
		],
	])('%s', async (_name, parameters, message) => {
		const { result, log } = await runLogged(parameters);
		expect(result.error?.message).toMatch(message);
		expect(result.error?.name).toBe('NodeOperationError');
		expect(log).toHaveLength(0);
	});

	test('the item number is the failing item (second input item)', async () => {
		const { result, log } = await runLogged(
			{
				...daily(PRO_CENTER, PRO_SHOP, '={{ $json.start }}', '2026-03-05'),
				returnAll: false,
				limit: 3,
			},
			{ inputItems: [{ json: { start: '2026-03-01' } }, { json: { start: '2026-13-01' } }] },
		);
		expect(result.error?.message).toMatch(/^Start Date: .*2026-13-01.*\[row 2 of 2\]/);
		// item 0 ran before item 1 failed; item 1 asked nothing
		expect(log.filter((e) => e.route === 'sales.daily')).toHaveLength(1);
	});
});

describe('API errors', () => {
	test('a center blocked for non-payment (402) fails with a clear message', async () => {
		const { result, log } = await runLogged(
			daily(BLOCKED_CENTER, '1003-02', '2026-10-01', '2026-10-31'),
		);
		expect(result.error?.message).toMatch(/blocked for non-payment/);
		expect(log.some((e) => e.status === 402)).toBe(true);
	});

	test('continueOnFail: an error item with the API code for the failing item, records for the others', async () => {
		const { result } = await runLogged(
			{ ...daily('={{ $json.sc }}', '={{ $json.shop }}', '2026-11-01', '2026-11-10') },
			{
				continueOnFail: true,
				inputItems: [
					{ json: { sc: PRO_CENTER, shop: PRO_SHOP } },
					{ json: { sc: BLOCKED_CENTER, shop: '1003-02' } },
					{ json: { sc: PRO_CENTER, shop: '' } },
				],
			},
		);
		expect(result.error).toBeUndefined();
		const out = result.items[0];
		expect(out.filter((i) => (i.pairedItem as { item: number }).item === 0)).toHaveLength(10);
		const failed1 = out.filter((i) => (i.pairedItem as { item: number }).item === 1);
		expect(failed1).toHaveLength(1);
		expect(failed1[0].json.error).toMatch(/blocked for non-payment/);
		expect(failed1[0].json.httpCode).toBe('402');
		const failed2 = out.filter((i) => (i.pairedItem as { item: number }).item === 2);
		expect(failed2.map((i) => i.json.error)).toEqual(['Shop: is required [row 3 of 3]']);
	});
});
