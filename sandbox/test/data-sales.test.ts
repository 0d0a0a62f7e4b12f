/**
 * Daily aggregates and monthly totals: validation and plan rules, one row per day, exact agreement
 * receipts = daily row = share of the monthly row (integer kopecks), turnover by the documented rule,
 * declared turnover and PRO-only fields in monthly rows.
 */
import { turnoverSettingsOf } from '../fixtures/turnover-settings';
import { BASIC_CENTER, BUSY_SHOP, PRO_CENTER, shopById } from '../fixtures/centers';
import { call, expectError, NOW, walk, world } from './support/data-context';
import { aggregate, BASIC_SHOP, BUSY, DAILY_FIELDS, VAT_FIELDS } from './support/daily-row';

function withoutTurnover(row: Record<string, unknown>): Record<string, unknown> {
	// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the named fields are left out of the rest
	const { turnover: _t, ...rest } = row;
	return rest;
}

describe('daily: validation and plan rules', () => {
	const w = world();
	const daily = (
		center: string,
		q: Record<string, string>,
		shop = center === PRO_CENTER ? BUSY : BASIC_SHOP,
	) => call(w, 'sales.daily', center, q, shop);
	test('start_date and end_date are required and ordered', () => {
		expectError(
			() => daily(PRO_CENTER, { end_date: '2026-11-01' }),
			422,
			'validation_error',
			'start_date',
		);
		expectError(
			() => daily(PRO_CENTER, { start_date: '2026-11-01' }),
			422,
			'validation_error',
			'end_date',
		);
		expectError(
			() => daily(PRO_CENTER, { start_date: '2026-11-02', end_date: '2026-11-01' }),
			422,
			'validation_error',
			'end_date',
		);
		expectError(
			() => daily(PRO_CENTER, { start_date: '2026-11-31', end_date: '2026-12-01' }),
			422,
			'validation_error',
			'start_date',
		);
	});
	test('shop outside the center: 404', () => {
		expectError(
			() =>
				call(
					w,
					'sales.daily',
					PRO_CENTER,
					{ start_date: '2026-11-01', end_date: '2026-11-02' },
					{ shop_id: '1001-01' },
				),
			404,
			'not_found',
			'shop_id',
		);
	});
	test('Basic: 31 days (strict), 92 days (lenient); PRO: 366 days', () => {
		expect(
			daily(BASIC_CENTER, { start_date: '2026-10-20', end_date: '2026-11-19' }).meta.pagination
				.total,
		).toBe(31);
		const e = expectError(
			() => daily(BASIC_CENTER, { start_date: '2026-10-19', end_date: '2026-11-19' }),
			422,
			'validation_error',
			'end_date',
		);
		expect(e.details).toMatchObject({ max_days: 31 });
		const lenient = { ...world(), periodRule: 'lenient' as const };
		expect(
			call(
				lenient,
				'sales.daily',
				BASIC_CENTER,
				{ start_date: '2026-08-20', end_date: '2026-11-19', per_page: '1' },
				BASIC_SHOP,
			).meta.pagination.total,
		).toBe(92);
		expectError(
			() =>
				call(
					lenient,
					'sales.daily',
					BASIC_CENTER,
					{ start_date: '2026-08-19', end_date: '2026-11-19' },
					BASIC_SHOP,
				),
			422,
			'validation_error',
			'end_date',
		);
		expect(
			daily(PRO_CENTER, { start_date: '2025-11-20', end_date: '2026-11-20', per_page: '1' }).meta
				.pagination.total,
		).toBe(366);
		expectError(
			() => daily(PRO_CENTER, { start_date: '2025-11-19', end_date: '2026-11-20' }),
			422,
			'validation_error',
			'end_date',
		);
	});
	test('freshest date: Basic yesterday, PRO today', () => {
		expect(
			daily(BASIC_CENTER, { start_date: '2026-11-19', end_date: '2026-11-19' }).data,
		).toHaveLength(1);
		const e = expectError(
			() => daily(BASIC_CENTER, { start_date: '2026-11-19', end_date: '2026-11-20' }),
			422,
			'validation_error',
			'end_date',
		);
		expect(e.details).toMatchObject({ freshest_date: '2026-11-19' });
		expect(
			daily(PRO_CENTER, { start_date: '2026-11-20', end_date: '2026-11-20' }).data,
		).toHaveLength(1);
		expectError(
			() => daily(PRO_CENTER, { start_date: '2026-11-20', end_date: '2026-11-21' }),
			422,
			'validation_error',
			'end_date',
		);
	});
	test('per_page: default 100, maximum 366', () => {
		expect(
			daily(PRO_CENTER, { start_date: '2026-01-01', end_date: '2026-11-20' }).data,
		).toHaveLength(100);
		expectError(
			() =>
				daily(PRO_CENTER, { start_date: '2026-11-01', end_date: '2026-11-02', per_page: '367' }),
			422,
			'validation_error',
			'per_page',
		);
	});
});

describe('daily: rows', () => {
	const w = world();
	test('one row per day, ascending, with exactly the spec fields (turnover only for PRO)', () => {
		const pro = walk(
			w,
			'sales.daily',
			PRO_CENTER,
			{ start_date: '2026-10-01', end_date: '2026-11-09' },
			BUSY,
			15,
		);
		expect(pro).toHaveLength(40);
		expect(pro.map((r) => r.date)).toEqual(
			Array.from({ length: 40 }, (_, i) =>
				new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10),
			),
		);
		for (const r of pro) expect(Object.keys(r)).toEqual([...DAILY_FIELDS, 'turnover']);
		const basic = call(
			w,
			'sales.daily',
			BASIC_CENTER,
			{ start_date: '2026-11-01', end_date: '2026-11-03' },
			BASIC_SHOP,
		).data;
		for (const r of basic) expect(Object.keys(r)).toEqual(DAILY_FIELDS);
		expect(
			call(
				w,
				'sales.daily',
				BASIC_CENTER,
				{ start_date: '2026-11-01', end_date: '2026-11-01' },
				BASIC_SHOP,
			).meta.time_zone,
		).toBe('Europe/Moscow');
	});
	test('days without receipts still get a row with zeros', () => {
		const closed = call(
			w,
			'sales.daily',
			PRO_CENTER,
			{ start_date: '2026-01-01', end_date: '2026-01-01' },
			BUSY,
		).data[0];
		const noFiscal = call(
			w,
			'sales.daily',
			PRO_CENTER,
			{ start_date: '2026-11-01', end_date: '2026-11-05' },
			{ shop_id: '1002-05' },
		).data;
		const beforeData = call(
			w,
			'sales.daily',
			PRO_CENTER,
			{ start_date: '2023-12-30', end_date: '2024-01-02' },
			BUSY,
		).data;
		for (const row of [closed, ...noFiscal, beforeData[0], beforeData[1], beforeData[2]]) {
			for (const f of DAILY_FIELDS.slice(1)) expect(row[f]).toBe(0);
		}
		expect(beforeData[3].receipts_count).toBeGreaterThan(0);
	});
	test('same seed, same rows', () => {
		const q = { start_date: '2026-09-01', end_date: '2026-09-10' };
		expect(call(world(42), 'sales.daily', PRO_CENTER, q, { shop_id: '1002-03' }).data).toEqual(
			call(world(42), 'sales.daily', PRO_CENTER, q, { shop_id: '1002-03' }).data,
		);
	});
});

describe("daily = sum of the day's receipts (exact)", () => {
	const w = world();
	const cases: Array<[string, string]> = [
		[BUSY_SHOP, '2026-11-18'],
		[BUSY_SHOP, '2026-11-20'], // today: only what arrived by now
		['1002-02', '2026-06-15'],
		['1002-06', '2025-03-01'],
	];
	test.each(cases)('shop %s on %s', (shopId, date) => {
		const receipts = walk(
			w,
			'receipts',
			PRO_CENTER,
			{ start_created_date: date, end_created_date: date },
			{ shop_id: shopId },
			1000,
		);
		expect(receipts.length).toBeGreaterThan(0);
		const row = call(
			w,
			'sales.daily',
			PRO_CENTER,
			{ start_date: date, end_date: date },
			{ shop_id: shopId },
		).data[0];
		expect(withoutTurnover(row)).toEqual(aggregate(receipts, date));
		expect(
			w.store.truth(
				'daily',
				{ sc_id: PRO_CENTER, shop_id: shopId, start_date: date, end_date: date },
				NOW,
			),
		).toEqual({ ids: [date], count: 1, sum: row.income_sum });
	});
	test('a late receipt changes the row of its created day by exactly its sums', () => {
		const w2 = world();
		const q = { start_date: '2026-11-15', end_date: '2026-11-15' };
		const before = call(w2, 'sales.daily', PRO_CENTER, q, BUSY).data[0];
		const [id] = w2.store.insert('receipt', PRO_CENTER, 1, NOW, {
			shop_id: BUSY_SHOP,
			date: '2026-11-15',
			total_sum: 50_000,
		});
		const after = call(w2, 'sales.daily', PRO_CENTER, q, BUSY).data[0];
		expect(after.receipts_count).toBe(before.receipts_count + 1);
		expect(after.income_sum).toBe(before.income_sum + 50_000);
		const late = walk(
			w2,
			'receipts',
			PRO_CENTER,
			{ start_created_date: '2026-11-15', end_created_date: '2026-11-15' },
			BUSY,
			1000,
		);
		expect(withoutTurnover(after)).toEqual(aggregate(late, '2026-11-15'));
		expect(late.map((r) => r.id)).toContain(id);
	});
});

describe('turnover (PRO) by the documented rule', () => {
	const w = world();
	test.each(['1002-01', '1002-02', '1002-03', '1002-04', '1002-06'])('shop %s', (shopId) => {
		const s = turnoverSettingsOf(shopById(PRO_CENTER, shopId)!);
		const date = '2026-11-10';
		const row = call(
			w,
			'sales.daily',
			PRO_CENTER,
			{ start_date: date, end_date: date },
			{ shop_id: shopId },
		).data[0];
		const corrections = walk(
			w,
			'receipts',
			PRO_CENTER,
			{
				start_created_date: date,
				end_created_date: date,
				document_types: 'correction,bso_correction',
			},
			{ shop_id: shopId },
			1000,
		);
		const vatOf = (r: Record<string, number>) => VAT_FIELDS.reduce((a, f) => a + r[f], 0);
		let expected = row.income_sum;
		if (!s.advanced) expected -= row.advanced_sum;
		if (!s.prepayment) expected -= row.full_prepayment_sum + row.partial_prepayment_sum;
		if (!s.prepaid) expected -= row.prepaid_sum;
		if (!s.credit) expected -= row.credit_sum;
		if (!s.provision) expected -= row.provision_sum;
		if (!s.vat) expected -= row.income_sum - row.income_without_nds_sum;
		if (s.refund)
			expected -= Math.floor(
				((s.vat ? row.refund_sum : row.refund_without_nds_sum) * s.max_refund_part_in_turnover) /
					100,
			);
		if (s.correction) {
			for (const r of corrections)
				expected +=
					(r.operation_type === 1 ? 1 : -1) * (s.vat ? r.total_sum : r.total_sum - vatOf(r));
		}
		expect(row.turnover).toBe(expected);
		expect(Number.isInteger(row.turnover)).toBe(true);
	});
});
