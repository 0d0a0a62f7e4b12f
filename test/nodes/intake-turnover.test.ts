/**
 * Shopping Center Intake through the n8n-core harness against the sandbox: money conversion (decimal
 * text, never float arithmetic) and Declared Turnover → Submit.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { toKopecks } from '../../nodes/ShoppingCenterIntake/helpers/money';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../sandbox/fixtures/centers';
import {
	BASIC,
	errorMessage,
	intakeCalls,
	out,
	PRO,
	rl,
	routeCalls,
	run,
	sb,
	useIntakeSandbox,
} from '../helpers/intake-setup';

useIntakeSandbox();

// ---------------------------------------------------------------- Daily attendance

describe('money conversion (decimal text, no float arithmetic)', () => {
	it.each([
		['12.34', 1234],
		['12.3', 1230],
		['12', 1200],
		['12,34', 1234],
		['1 234,56', 123456],
		['1\u00A0234\u00A0567.89', 123456789],
		['12.340', 1234],
		['0.01', 1],
		['0', 0],
		['  7.5 ', 750],
		[12.34, 1234],
		[0.29, 29],
		['90071992547409.91', 9007199254740991],
	])('currency units %j → %d kopecks', (value, kopecks) => {
		expect(toKopecks(value, 'currencyUnits')).toBe(kopecks);
	});

	it.each([
		['12.345', /more than two decimal places/],
		['-5', /negative/],
		[-0.01, /negative/],
		['1,234.56', /more than one/],
		['1.234,56', /more than one/],
		['12 34', /not an amount/],
		['12.', /decimal part must be digits/],
		['.5', /digit must come before/],
		['12,3a', /decimal part must be digits/],
		['€12', /not an amount/],
		['1e3', /not an amount/],
		['', /is required/],
		['90071992547409.92', /too large/],
		[1e21, /too large or too small/],
		[0.1 + 0.2, /more than two decimal places/],
	])('currency units %j is refused (%s)', (value, message) => {
		expect(() => toKopecks(value, 'currencyUnits')).toThrow(message);
	});

	it('kopecks must be a whole number ≥ 0', () => {
		expect(toKopecks('123456', 'kopecks')).toBe(123456);
		expect(toKopecks('1 234 567', 'kopecks')).toBe(1234567);
		expect(toKopecks(500, 'kopecks')).toBe(500);
		expect(() => toKopecks('12.00', 'kopecks')).toThrow(/kopecks are whole numbers/);
		expect(() => toKopecks(12.5, 'kopecks')).toThrow(/kopecks are whole numbers/);
		expect(() => toKopecks('-1', 'kopecks')).toThrow(/negative/);
	});
});

describe('Declared Turnover → Submit', () => {
	const turnover = (extra: INodeParameters): INodeParameters => ({
		resource: 'declaredTurnover',
		operation: 'submit',
		amountUnit: 'kopecks',
		...extra,
	});

	async function monthly(
		sc: string,
		shop: string,
		start: string,
		end: string,
	): Promise<IDataObject[]> {
		const tokenRes = await fetch(`${sb.baseUrl}/auth/token`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ client_id: DEMO_CLIENT_ID, client_secret: DEMO_CLIENT_SECRET }),
		});
		const { access_token } = (await tokenRes.json()) as { access_token: string };
		const res = await fetch(
			`${sb.baseUrl}/sc/${sc}/shops/${shop}/sales/monthly?start_date=${start}&end_date=${end}`,
			{ headers: { authorization: `Bearer ${access_token}` } },
		);
		const body = (await res.json()) as { data: IDataObject[] };
		return body.data;
	}

	it('spreadsheet-like items in currency units → exact kopecks stored and shown as manual_turnover (Basic)', async () => {
		const items = [
			{
				json: {
					Shop: '1001-01',
					Month: '2026-10',
					Revenue: '1 234 567,89',
					Receipts: '4210',
					Visitors: 15000,
				},
			},
			{
				json: {
					Shop: '1001-02',
					Month: '2026-10-31',
					Revenue: '98765.4',
					Receipts: 310,
					Visitors: '',
				},
			},
			{
				json: {
					Shop: '1001-03',
					Month: '2026-09-15T00:00:00',
					Revenue: 1500,
					Receipts: '',
					Visitors: '',
				},
			},
			{ json: { Shop: '1001-04', Month: '2026-10-01', Revenue: '0.29', Receipts: 1, Visitors: 2 } },
		];
		const r = await run(
			turnover({
				center: rl(BASIC),
				shop: rl('={{ $json.Shop }}'),
				month: '={{ $json.Month }}',
				turnover: '={{ $json.Revenue }}',
				amountUnit: 'currencyUnits',
				additionalFields: {
					receiptsCount: '={{ $json.Receipts }}',
					visitorsCount: '={{ $json.Visitors }}',
				},
			}),
			{ items },
		);
		expect(r.error).toBeUndefined();
		expect(out(r)).toEqual([
			{
				shop_id: '1001-01',
				month: '2026-10',
				manual_turnover: 123456789,
				manual_receipts_count: 4210,
				manual_visitors_count: 15000,
			},
			{
				shop_id: '1001-02',
				month: '2026-10',
				manual_turnover: 9876540,
				manual_receipts_count: 310,
				manual_visitors_count: 0,
			},
			{
				shop_id: '1001-03',
				month: '2026-09',
				manual_turnover: 150000,
				manual_receipts_count: 0,
				manual_visitors_count: 0,
			},
			{
				shop_id: '1001-04',
				month: '2026-10',
				manual_turnover: 29,
				manual_receipts_count: 1,
				manual_visitors_count: 2,
			},
		]);
		expect(r.items[0].map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(sb.intake.declaredTurnover(BASIC, '1001-01', '2026-10')?.manual_turnover).toBe(
			123456789,
		);
		expect(sb.intake.declaredTurnover(BASIC, '1001-04', '2026-10')?.manual_turnover).toBe(29);
		const rows = await monthly(BASIC, '1001-01', '2026-09-01', '2026-10-31');
		expect(rows.find((row) => row.date === '2026-10')).toMatchObject({
			manual_turnover: 123456789,
			is_manual: true,
		});
		expect(rows.find((row) => row.date === '2026-09')).toMatchObject({
			manual_turnover: 0,
			is_manual: false,
		});
		const three = await monthly(BASIC, '1001-03', '2026-09-01', '2026-09-30');
		expect(three[0]).toMatchObject({ date: '2026-09', manual_turnover: 150000, is_manual: true });
	});

	it('kopecks on PRO: stored as given, a repeat overwrites the month, monthly totals follow', async () => {
		const first = await run(
			turnover({
				center: rl(PRO),
				shop: rl('1002-05'),
				month: '2026-11-03',
				turnover: '5000000',
				additionalFields: { receiptsCount: 120 },
			}),
		);
		expect(out(first)).toEqual([
			{
				shop_id: '1002-05',
				month: '2026-11',
				manual_turnover: 5000000,
				manual_receipts_count: 120,
				manual_visitors_count: 0,
			},
		]);
		const second = await run(
			turnover({
				center: rl(PRO),
				shop: rl('1002-05'),
				month: '2026-11-20',
				turnover: '5 100 000',
			}),
		);
		expect(out(second)[0]).toMatchObject({ manual_turnover: 5100000 });
		const rows = await monthly(PRO, '1002-05', '2026-11-01', '2026-11-20');
		expect(rows[0]).toMatchObject({ date: '2026-11', manual_turnover: 5100000, is_manual: true });
		expect(routeCalls('turnover.declare')).toHaveLength(2);
	});

	it.each([
		[
			{ turnover: '12.345', amountUnit: 'currencyUnits' },
			/^Turnover: "12.345" has more than two decimal places.*\[row 1 of \d+: [^\]]*\]/,
		],
		[{ turnover: '-100' }, /^Turnover: "-100" is negative.*\[row 1 of \d+: [^\]]*\]/],
		[{ turnover: '12.34' }, /^Turnover: "12.34" has a decimal part, but kopecks are whole numbers/],
		[
			{ turnover: '1,234.56', amountUnit: 'currencyUnits' },
			/^Turnover: "1,234.56" has more than one/,
		],
		[{ turnover: '={{ $json.empty }}' }, /^Turnover: is required \[row 1 of \d+: [^\]]*\]/],
		[{ month: '2026-13-01' }, /^Month: "2026-13-01" is not a valid date/],
		[
			{ additionalFields: { receiptsCount: -2 } },
			/^Receipts Count: -2 is below 0 \[row 1 of \d+: [^\]]*\]/,
		],
		[
			{ additionalFields: { visitorsCount: 1.5 } },
			/^Visitors Count: "1.5" is not a whole number \[row 1 of \d+: [^\]]*\]/,
		],
		[{ shop: rl('={{ $json.empty }}') }, /^Shop: is required \[row 1 of \d+: [^\]]*\]/],
		[
			{ amountUnit: '={{ "rubles" }}' },
			/^Amount Unit: "rubles" is not one of: kopecks, currencyUnits \[row 1 of \d+: [^\]]*\]/,
		],
	])('bad input %j is refused without any request', async (bad, message) => {
		const r = await run(
			turnover({
				center: rl(BASIC),
				shop: rl('1001-06'),
				month: '2026-10-01',
				turnover: '100',
				...bad,
			}),
			{ items: [{ json: { empty: '' } }] },
		);
		expect(errorMessage(r)).toMatch(message);
		expect(sb.log.list()).toEqual([]);
	});

	it('a month not begun in any time zone is refused before the submission; near the boundary the API decides (shop zone)', async () => {
		const future = await run(
			turnover({ center: rl(BASIC), shop: rl('1001-06'), month: '2026-12-01', turnover: '100' }),
		);
		expect(errorMessage(future)).toMatch(
			/^Month: 2026-12 is a future month in every time zone \(it is 2026-11 even at UTC\+14\).*\[row 1 of \d+: [^\]]*\]/,
		);
		expect(intakeCalls()).toEqual([]);
		// 30 Nov 20:00 UTC is already 1 December in Yekaterinburg and at UTC+14, still November in Moscow
		const late = '2026-11-30T20:00:00Z';
		sb.clock.set(late);
		const pro = await run(
			turnover({ center: rl(PRO), shop: rl('1002-06'), month: '2026-12-01', turnover: '100' }),
			{ now: late },
		);
		expect(out(pro)[0]).toMatchObject({ month: '2026-12', manual_turnover: 100 });
		// a Moscow shop: not refused locally (its zone is not known to the node); the API's 422 is shown
		const basic = await run(
			turnover({ center: rl(BASIC), shop: rl('1001-06'), month: '2026-12-01', turnover: '100' }),
			{ now: late },
		);
		expect(errorMessage(basic)).toMatch(
			/^The API rejected the parameter month: month must not be in the future \(shop time zone\)/,
		);
		expect(routeCalls('turnover.declare')).toHaveLength(2);
		// 1 December has not begun at UTC+14 before 30 Nov 10:00 UTC: refused locally again
		const early = '2026-11-30T09:00:00Z';
		sb.clock.set(early);
		const before = await run(
			turnover({ center: rl(PRO), shop: rl('1002-06'), month: '2026-12-01', turnover: '100' }),
			{ now: early },
		);
		expect(errorMessage(before)).toMatch(/^Month: 2026-12 is a future month in every time zone/);
		expect(routeCalls('turnover.declare')).toHaveLength(2);
	});

	it('Continue On Fail: local and API errors become error items; the good items are written', async () => {
		const items = [
			{ json: { shop: '1001-07', sum: '10.50' } },
			{ json: { shop: '1001-07', sum: '10.505' } },
			{ json: { shop: '9999-99', sum: '1' } },
			{ json: { shop: '1001-08', sum: '1 000' } },
		];
		const r = await run(
			turnover({
				center: rl(BASIC),
				shop: rl('={{ $json.shop }}'),
				month: '2026-08-01',
				turnover: '={{ $json.sum }}',
				amountUnit: 'currencyUnits',
			}),
			{ items, continueOnFail: true },
		);
		expect(r.error).toBeUndefined();
		const json = out(r);
		expect(json[0]).toMatchObject({ shop_id: '1001-07', manual_turnover: 1050 });
		expect(json[1].error).toMatch(
			/^Turnover: "10.505" has more than two decimal places.*\[row 2 of \d+: [^\]]*\]/,
		);
		expect(json[2]).toMatchObject({ code: 'not_found', httpCode: '404' });
		expect(json[3]).toMatchObject({ shop_id: '1001-08', manual_turnover: 100000 });
		expect(r.items[0].map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(routeCalls('turnover.declare').map((e) => e.status)).toEqual([200, 404, 200]);
	});
});
