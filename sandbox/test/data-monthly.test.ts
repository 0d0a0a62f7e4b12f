/**
 * The sandbox's monthly sales: totals by the documented rule and the monthly rows.
 */
import { BASIC_CENTER, BUSY_SHOP, NO_TRAFFIC_CENTER, PRO_CENTER } from '../fixtures/centers';
import { call, expectError, NOW, walk, world } from './support/data-context';
import { aggregate, BASIC_SHOP, BUSY } from './support/daily-row';

describe('monthly: validation and plan rules', () => {
	const w = world();
	const monthly = (center: string, q: Record<string, string>, ww = w) =>
		call(
			ww,
			'sales.monthly',
			center,
			q,
			center === PRO_CENTER ? { shop_id: '1002-02' } : BASIC_SHOP,
		);
	test('required, ordered dates; shop of the center', () => {
		expectError(
			() => monthly(PRO_CENTER, { end_date: '2026-11-01' }),
			422,
			'validation_error',
			'start_date',
		);
		expectError(
			() => monthly(PRO_CENTER, { start_date: '2026-11-01' }),
			422,
			'validation_error',
			'end_date',
		);
		expectError(
			() => monthly(PRO_CENTER, { start_date: '2026-11-02', end_date: '2026-11-01' }),
			422,
			'validation_error',
			'end_date',
		);
		expectError(
			() =>
				call(
					w,
					'sales.monthly',
					PRO_CENTER,
					{ start_date: '2026-11-01', end_date: '2026-11-02' },
					{ shop_id: '9999' },
				),
			404,
			'not_found',
		);
	});
	test('strict: Basic at most 92 days, PRO at most 366 days after widening to whole months', () => {
		expect(
			monthly(BASIC_CENTER, { start_date: '2026-08-15', end_date: '2026-10-02' }).data.map(
				(r) => r.date,
			),
		).toEqual(['2026-08', '2026-09', '2026-10']);
		expectError(
			() => monthly(BASIC_CENTER, { start_date: '2026-07-31', end_date: '2026-10-01' }),
			422,
			'validation_error',
			'end_date',
		);
		expect(
			monthly(PRO_CENTER, { start_date: '2025-12-20', end_date: '2026-11-20' }).data,
		).toHaveLength(12);
		expectError(
			() => monthly(PRO_CENTER, { start_date: '2025-11-30', end_date: '2026-11-01' }),
			422,
			'validation_error',
			'end_date',
		);
	});
	test('lenient: Basic 12 months, PRO 36 months', () => {
		const lenient = { ...world(), periodRule: 'lenient' as const };
		expect(
			monthly(BASIC_CENTER, { start_date: '2025-12-01', end_date: '2026-11-19' }, lenient).data,
		).toHaveLength(12);
		expectError(
			() => monthly(BASIC_CENTER, { start_date: '2025-11-30', end_date: '2026-11-19' }, lenient),
			422,
			'validation_error',
			'end_date',
		);
		expect(
			monthly(PRO_CENTER, { start_date: '2024-01-01', end_date: '2026-11-20' }, lenient).data,
		).toHaveLength(35);
	});
	test('freshest date applies to end_date', () => {
		expectError(
			() => monthly(BASIC_CENTER, { start_date: '2026-11-01', end_date: '2026-11-20' }),
			422,
			'validation_error',
			'end_date',
		);
		expect(
			monthly(PRO_CENTER, { start_date: '2026-11-20', end_date: '2026-11-20' }).data.map(
				(r) => r.date,
			),
		).toEqual(['2026-11']);
	});
});

describe('monthly rows', () => {
	const w = world();
	const MONTHLY_FIELDS = [
		'date',
		'receipts_count',
		'income_receipts_count',
		'refund_receipts_count',
		'income_sum',
		'income_without_nds_sum',
		'refund_sum',
		'refund_without_nds_sum',
		'manual_turnover',
		'is_manual',
		'visitors',
		'area_size',
		'is_outdoor',
	];
	const SUMMED = MONTHLY_FIELDS.slice(1, 8);

	function sumDaily(
		center: string,
		shop: Record<string, string>,
		start: string,
		end: string,
	): Record<string, number> {
		const rows = walk(w, 'sales.daily', center, { start_date: start, end_date: end }, shop, 366);
		return Object.fromEntries(SUMMED.map((f) => [f, rows.reduce((a, r) => a + r[f], 0)]));
	}

	test('fields: PRO rows add average_check_sum, revenue_per_area, ocr; Basic rows do not', () => {
		const pro = call(
			w,
			'sales.monthly',
			PRO_CENTER,
			{ start_date: '2026-10-01', end_date: '2026-10-31' },
			BUSY,
		).data[0];
		expect(Object.keys(pro)).toEqual([
			...MONTHLY_FIELDS,
			'average_check_sum',
			'revenue_per_area',
			'ocr',
		]);
		expect(pro.average_check_sum).toBeCloseTo(pro.income_sum / pro.income_receipts_count, 2);
		expect(pro.ocr).toBeGreaterThan(0);
		const basic = call(
			w,
			'sales.monthly',
			BASIC_CENTER,
			{ start_date: '2026-10-01', end_date: '2026-10-31' },
			BASIC_SHOP,
		).data[0];
		expect(Object.keys(basic)).toEqual(MONTHLY_FIELDS);
	});
	test('each month equals the sum of its daily rows; the current month is clipped to the freshest date', () => {
		const rows = call(
			w,
			'sales.monthly',
			PRO_CENTER,
			{ start_date: '2026-09-10', end_date: '2026-11-20' },
			BUSY,
		).data;
		expect(rows.map((r) => r.date)).toEqual(['2026-09', '2026-10', '2026-11']);
		expect(rows[0]).toMatchObject(sumDaily(PRO_CENTER, BUSY, '2026-09-01', '2026-09-30')); // widened to the whole month
		expect(rows[1]).toMatchObject(sumDaily(PRO_CENTER, BUSY, '2026-10-01', '2026-10-31'));
		expect(rows[2]).toMatchObject(sumDaily(PRO_CENTER, BUSY, '2026-11-01', '2026-11-20'));
		const basic = call(
			w,
			'sales.monthly',
			BASIC_CENTER,
			{ start_date: '2026-11-01', end_date: '2026-11-19' },
			BASIC_SHOP,
		).data;
		expect(basic[0]).toMatchObject(sumDaily(BASIC_CENTER, BASIC_SHOP, '2026-11-01', '2026-11-19'));
	});
	test('receipts of a day = its daily row = its share of the monthly total (exact kopecks)', () => {
		const date = '2026-10-14';
		const receipts = walk(
			w,
			'receipts',
			PRO_CENTER,
			{ start_created_date: date, end_created_date: date },
			BUSY,
			1000,
		);
		const dayRow = call(w, 'sales.daily', PRO_CENTER, { start_date: date, end_date: date }, BUSY)
			.data[0];
		const month = call(w, 'sales.monthly', PRO_CENTER, { start_date: date, end_date: date }, BUSY)
			.data[0];
		const others = [
			sumDaily(PRO_CENTER, BUSY, '2026-10-01', '2026-10-13'),
			sumDaily(PRO_CENTER, BUSY, '2026-10-15', '2026-10-31'),
		];
		const fromReceipts = aggregate(receipts, date) as Record<string, number>;
		for (const f of SUMMED) {
			expect(dayRow[f]).toBe(fromReceipts[f]);
			expect(month[f] - others[0][f] - others[1][f]).toBe(dayRow[f]);
		}
	});
	test('declared turnover appears as manual_turnover with is_manual; visitors from the declaration', () => {
		const w2 = world();
		w2.intake.putDeclaredTurnover(
			PRO_CENTER,
			{
				shop_id: BUSY_SHOP,
				month: '2026-10',
				manual_turnover: 12_345_600,
				manual_receipts_count: 10,
				manual_visitors_count: 777,
			},
			{ person_id: 'person-501', client_id: 'demo-client', at: NOW.toISOString() },
		);
		const rows = call(
			w2,
			'sales.monthly',
			PRO_CENTER,
			{ start_date: '2026-09-01', end_date: '2026-10-31' },
			BUSY,
		).data;
		expect(rows[0]).toMatchObject({ date: '2026-09', manual_turnover: 0, is_manual: false });
		expect(rows[1]).toMatchObject({
			date: '2026-10',
			manual_turnover: 12_345_600,
			is_manual: true,
			visitors: 777,
		});
		expect(rows[1].revenue_per_area).toBeCloseTo(12_345_600 / rows[1].area_size, 2);
	});
	test("visitors: counted in the shop's zone; 0 outside zones and without a counting system", () => {
		const q = { start_date: '2026-10-01', end_date: '2026-10-31' };
		expect(call(w, 'sales.monthly', PRO_CENTER, q, BUSY).data[0].visitors).toBeGreaterThan(1000);
		expect(call(w, 'sales.monthly', PRO_CENTER, q, { shop_id: '1002-07' }).data[0].visitors).toBe(
			0,
		);
		expect(
			call(w, 'sales.monthly', NO_TRAFFIC_CENTER, q, { shop_id: '1004-01' }).data[0].visitors,
		).toBe(0);
	});
});
