/**
 * The sandbox's receipts: plan and validation, the fields and consistency of one day, windows by
 * creation and reception date.
 */
import { BASIC_CENTER, BUSY_SHOP, PRO_CENTER } from '../fixtures/centers';
import { call, expectError, NOW, walk, world, type Rows } from './support/data-context';

const SHOP = { shop_id: BUSY_SHOP };
const day = (q: Record<string, string>) => call(world(), 'receipts', PRO_CENTER, q, SHOP);

const RECEIPT_FIELDS = [
	'id',
	'document_type',
	'created_datetime',
	'received_datetime',
	'kkt_id',
	'kkt_reg_id',
	'kkt_serial_number',
	'kkt_fiscal_drive_number',
	'fiscal_document_number',
	'shift_number',
	'shift_check_number',
	'operation_type',
	'total_sum',
	'cash_sum',
	'ecash_sum',
	'advanced_sum',
	'full_prepayment_sum',
	'partial_prepayment_sum',
	'prepaid_sum',
	'credit_sum',
	'provision_sum',
	'nds_no_sum',
	'nds_0_sum',
	'nds_5_sum',
	'nds_7_sum',
	'nds_10_sum',
	'nds_18_sum',
	'nds_20_sum',
	'nds_22_sum',
	'nds_105_sum',
	'nds_107_sum',
	'nds_110_sum',
	'nds_118_sum',
	'nds_120_sum',
	'nds_122_sum',
	'items_count',
];
const VAT_RATES: Record<string, number> = {
	nds_5_sum: 5,
	nds_7_sum: 7,
	nds_10_sum: 10,
	nds_18_sum: 18,
	nds_20_sum: 20,
	nds_22_sum: 22,
	nds_105_sum: 5,
	nds_107_sum: 7,
	nds_110_sum: 10,
	nds_118_sum: 18,
	nds_120_sum: 20,
	nds_122_sum: 22,
};

describe('receipts: plan and validation', () => {
	const w = world();
	const q = { start_created_date: '2026-11-01', end_created_date: '2026-11-02' };
	test('Basic center: 403 plan_required', () => {
		expectError(
			() => call(w, 'receipts', BASIC_CENTER, q, { shop_id: '1001-01' }),
			403,
			'plan_required',
		);
	});
	test('shop of another center: 404 not_found', () => {
		expectError(
			() => call(w, 'receipts', PRO_CENTER, q, { shop_id: '1001-01' }),
			404,
			'not_found',
			'shop_id',
		);
	});
	test('no pair at all: 422', () => {
		expectError(
			() => call(w, 'receipts', PRO_CENTER, {}, SHOP),
			422,
			'validation_error',
			'start_created_date',
		);
	});
	test('half a pair: 422 naming the missing field', () => {
		expectError(
			() => call(w, 'receipts', PRO_CENTER, { start_created_date: '2026-11-01' }, SHOP),
			422,
			'validation_error',
			'end_created_date',
		);
		expectError(
			() => call(w, 'receipts', PRO_CENTER, { end_received_date: '2026-11-01' }, SHOP),
			422,
			'validation_error',
			'start_received_date',
		);
		expectError(
			() => call(w, 'receipts', PRO_CENTER, { ...q, start_received_date: '2026-11-01' }, SHOP),
			422,
			'validation_error',
			'end_received_date',
		);
	});
	test('each pair at most 30 days', () => {
		expect(
			call(
				w,
				'receipts',
				PRO_CENTER,
				{ start_created_date: '2026-10-01', end_created_date: '2026-10-30', per_page: '1' },
				SHOP,
			).data,
		).toHaveLength(1);
		expectError(
			() =>
				call(
					w,
					'receipts',
					PRO_CENTER,
					{ start_created_date: '2026-10-01', end_created_date: '2026-10-31' },
					SHOP,
				),
			422,
			'validation_error',
			'end_created_date',
		);
		expectError(
			() =>
				call(
					w,
					'receipts',
					PRO_CENTER,
					{ start_received_date: '2026-10-01', end_received_date: '2026-10-31' },
					SHOP,
				),
			422,
			'validation_error',
			'end_received_date',
		);
	});
	test('end before start, bad dates, future dates: 422', () => {
		expectError(
			() =>
				call(
					w,
					'receipts',
					PRO_CENTER,
					{ start_created_date: '2026-11-02', end_created_date: '2026-11-01' },
					SHOP,
				),
			422,
			'validation_error',
			'end_created_date',
		);
		expectError(
			() =>
				call(
					w,
					'receipts',
					PRO_CENTER,
					{ start_created_date: '2026-02-30', end_created_date: '2026-03-01' },
					SHOP,
				),
			422,
			'validation_error',
			'start_created_date',
		);
		expectError(
			() =>
				call(
					w,
					'receipts',
					PRO_CENTER,
					{ start_created_date: '2026-11-20', end_created_date: '2026-11-21' },
					SHOP,
				),
			422,
			'validation_error',
			'end_created_date',
		);
		expect(
			call(
				w,
				'receipts',
				PRO_CENTER,
				{ start_created_date: '2026-11-20', end_created_date: '2026-11-20', per_page: '1' },
				SHOP,
			).meta.pagination.total,
		).toBeGreaterThan(0);
	});
	test('document_types: unknown gives 422, known ones are accepted', () => {
		expectError(
			() => call(w, 'receipts', PRO_CENTER, { ...q, document_types: 'receipt,banana' }, SHOP),
			422,
			'validation_error',
			'document_types',
		);
		expect(
			call(w, 'receipts', PRO_CENTER, { ...q, document_types: 'correction', per_page: '1' }, SHOP)
				.meta.pagination.total,
		).toBeGreaterThanOrEqual(0);
	});
	test('per_page: default 500, maximum 1000', () => {
		expect(call(w, 'receipts', PRO_CENTER, q, SHOP).meta.pagination.per_page).toBe(500);
		expect(call(w, 'receipts', PRO_CENTER, { ...q, per_page: '1000' }, SHOP).data).toHaveLength(
			1000,
		);
		expectError(
			() => call(w, 'receipts', PRO_CENTER, { ...q, per_page: '1001' }, SHOP),
			422,
			'validation_error',
			'per_page',
		);
	});
});

describe('receipts: fields and consistency of one day', () => {
	const w = world();
	const rows = walk(
		w,
		'receipts',
		PRO_CENTER,
		{ start_created_date: '2026-11-18', end_created_date: '2026-11-18' },
		SHOP,
		1000,
	);

	test('a busy day has hundreds of receipts, each with exactly the spec fields', () => {
		expect(rows.length).toBeGreaterThan(400);
		for (const r of rows) expect(Object.keys(r)).toEqual(RECEIPT_FIELDS);
	});
	test('meta carries pagination and the center zone', () => {
		const r = day({
			start_created_date: '2026-11-18',
			end_created_date: '2026-11-18',
			page: '2',
			per_page: '100',
		});
		expect(r.meta).toEqual({
			pagination: { page: 2, per_page: 100, total: rows.length },
			time_zone: 'Asia/Yekaterinburg',
		});
	});
	test('sums are integers; payment types add up to the total; settlement methods are all or nothing', () => {
		const sumFields = RECEIPT_FIELDS.filter((x) => x.endsWith('_sum'));
		const bad = rows.filter(
			(r) =>
				!sumFields.every((f) => Number.isInteger(r[f]) && r[f] >= 0) ||
				r.total_sum <= 0 ||
				r.cash_sum + r.ecash_sum + r.prepaid_sum + r.credit_sum + r.provision_sum !== r.total_sum ||
				!['advanced_sum', 'full_prepayment_sum', 'partial_prepayment_sum'].every(
					(f) => r[f] === 0 || r[f] === r.total_sum,
				),
		);
		expect(bad).toEqual([]);
		expect(rows.some((r) => r.cash_sum > 0 && r.ecash_sum > 0)).toBe(true);
	});
	test('VAT is consistent with the total (single-rate receipts: exactly round(total * r / (100 + r)))', () => {
		let singleRate = 0;
		for (const r of rows) {
			const vatFields = Object.keys(VAT_RATES).filter((f) => r[f] !== 0);
			const vat = vatFields.reduce((a, f) => a + r[f], 0);
			expect(vat + r.nds_no_sum + r.nds_0_sum).toBeLessThanOrEqual(r.total_sum);
			expect(r.nds_18_sum + r.nds_118_sum + r.nds_20_sum + r.nds_120_sum).toBe(0); // 2026: 22 %, never 18 %
			if (vatFields.length === 1 && r.nds_no_sum === 0 && r.nds_0_sum === 0) {
				singleRate++;
				const rate = VAT_RATES[vatFields[0]];
				expect(r[vatFields[0]]).toBe(Math.round((r.total_sum * rate) / (100 + rate)));
			}
		}
		expect(singleRate).toBeGreaterThan(100);
	});
	test('created inside the day in the center zone; received minutes to hours later, not after now', () => {
		for (const r of rows) {
			expect(r.created_datetime).toMatch(/^2026-11-18T\d{2}:\d{2}:\d{2}\+05:00$/);
			expect(r.received_datetime).toMatch(/\+05:00$/);
			const lag = Date.parse(r.received_datetime) - Date.parse(r.created_datetime);
			expect(lag).toBeGreaterThanOrEqual(60_000);
			expect(lag).toBeLessThanOrEqual(12 * 3600_000);
			expect(Date.parse(r.received_datetime)).toBeLessThanOrEqual(NOW.getTime());
		}
		expect(rows.some((r) => r.received_datetime.startsWith('2026-11-19'))).toBe(true); // crossed midnight
	});
	test('sorted by created_datetime ascending, then id; ids unique', () => {
		for (let i = 1; i < rows.length; i++) {
			const a = rows[i - 1];
			const b = rows[i];
			const order =
				Date.parse(a.created_datetime) - Date.parse(b.created_datetime) || (a.id < b.id ? -1 : 1);
			expect(order).toBeLessThan(0);
		}
		expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
	});
	test('operation types: income and some refunds; registers belong to the shop', () => {
		expect(new Set(rows.map((r) => r.operation_type))).toEqual(new Set([1, 2]));
		for (const r of rows) expect(r.kkt_id).toMatch(new RegExp(`^kkt-${BUSY_SHOP}-`));
	});
	test('default document types only, unless asked', () => {
		expect(new Set(rows.map((r) => r.document_type))).toEqual(
			new Set(['receipt', 'delivery', 'form_of_strict_accountability']),
		);
		const byType = (t: string) =>
			walk(
				w,
				'receipts',
				PRO_CENTER,
				{ start_created_date: '2026-11-10', end_created_date: '2026-11-18', document_types: t },
				SHOP,
				1000,
			);
		const corrections = byType('correction,bso_correction');
		expect(corrections.length).toBeGreaterThan(0);
		expect(
			corrections.every((r) => ['correction', 'bso_correction'].includes(r.document_type)),
		).toBe(true);
		const all = byType('receipt,delivery,form_of_strict_accountability');
		const parts = ['receipt', 'delivery', 'form_of_strict_accountability'].map(
			(t) => byType(t).length,
		);
		expect(parts.reduce((a, b) => a + b, 0)).toBe(all.length);
	});
});

describe('receipts: windows', () => {
	const w = world();
	const ids = (rows: Rows) => rows.map((r) => r.id);

	test('the received-date filter uses received_datetime: receipts created late on D are found on D+1', () => {
		const receivedD1 = walk(
			w,
			'receipts',
			PRO_CENTER,
			{ start_received_date: '2026-11-17', end_received_date: '2026-11-17' },
			SHOP,
			1000,
		);
		expect(receivedD1.every((r) => r.received_datetime.startsWith('2026-11-17'))).toBe(true);
		const fromDayBefore = receivedD1.filter((r) => r.created_datetime.startsWith('2026-11-16'));
		expect(fromDayBefore.length).toBeGreaterThan(0);
		const createdD = walk(
			w,
			'receipts',
			PRO_CENTER,
			{ start_created_date: '2026-11-16', end_created_date: '2026-11-16' },
			SHOP,
			1000,
		);
		const crossed = createdD.filter((r) => r.received_datetime.startsWith('2026-11-17'));
		expect(ids(crossed)).toEqual(ids(fromDayBefore));
	});
	test('both pairs together: the intersection', () => {
		const both = walk(
			w,
			'receipts',
			PRO_CENTER,
			{
				start_created_date: '2026-11-16',
				end_created_date: '2026-11-16',
				start_received_date: '2026-11-17',
				end_received_date: '2026-11-17',
			},
			SHOP,
			1000,
		);
		expect(both.length).toBeGreaterThan(0);
		expect(
			both.every(
				(r) =>
					r.created_datetime.startsWith('2026-11-16') &&
					r.received_datetime.startsWith('2026-11-17'),
			),
		).toBe(true);
	});
	test('today: only what was received by now', () => {
		const today = walk(
			w,
			'receipts',
			PRO_CENTER,
			{ start_created_date: '2026-11-20', end_created_date: '2026-11-20' },
			SHOP,
			1000,
		);
		expect(today.length).toBeGreaterThan(50);
		expect(today.every((r) => Date.parse(r.received_datetime) <= NOW.getTime())).toBe(true);
	});
	test('paging covers the window exactly once, whatever the page size', () => {
		const q = { start_created_date: '2026-11-08', end_created_date: '2026-11-17' };
		const big = walk(w, 'receipts', PRO_CENTER, q, SHOP, 1000);
		const odd = walk(w, 'receipts', PRO_CENTER, q, SHOP, 777);
		expect(big.length).toBeGreaterThan(5000);
		expect(new Set(ids(big)).size).toBe(big.length);
		expect(ids(odd)).toEqual(ids(big));
		const truth = w.store.truth(
			'receipts',
			{ sc_id: PRO_CENTER, shop_id: BUSY_SHOP, start_date: '2026-11-08', end_date: '2026-11-17' },
			NOW,
		);
		expect(truth.ids).toEqual(ids(big));
		expect(truth.count).toBe(big.length);
		expect(truth.sum).toBe(big.reduce((a, r) => a + r.total_sum, 0));
	});
	test('a page past the end is empty with the right total', () => {
		const r = call(
			w,
			'receipts',
			PRO_CENTER,
			{ start_created_date: '2026-11-18', end_created_date: '2026-11-18', page: '99' },
			SHOP,
		);
		expect(r.data).toEqual([]);
		expect(r.meta.pagination.total).toBeGreaterThan(400);
	});
	test('a shop without cash registers has no receipts', () => {
		expect(
			call(
				w,
				'receipts',
				PRO_CENTER,
				{ start_created_date: '2026-11-01', end_created_date: '2026-11-18' },
				{ shop_id: '1002-05' },
			).meta.pagination.total,
		).toBe(0);
	});
});
