/**
 * Shared by the sandbox's daily and monthly sales tests: the shops they ask for, the daily row's
 * fields and the daily row computed independently from exported receipts.
 */
import { NDS_FIELDS } from '../../data/receipt-gen';
import { BUSY_SHOP } from '../../fixtures/centers';
import type { Rows } from './data-context';

export const BUSY = { shop_id: BUSY_SHOP };
export const BASIC_SHOP = { shop_id: '1001-02' };

export const DAILY_FIELDS = [
	'date',
	'kkts_count',
	'receipts_count',
	'income_receipts_count',
	'refund_receipts_count',
	'income_sum',
	'income_without_nds_sum',
	'refund_sum',
	'refund_without_nds_sum',
	'cash_sum',
	'ecash_sum',
	'advanced_sum',
	'full_prepayment_sum',
	'partial_prepayment_sum',
	'prepaid_sum',
	'credit_sum',
	'provision_sum',
	'refund_cash_sum',
	'refund_ecash_sum',
	'refund_prepaid_sum',
	'refund_credit_sum',
	'refund_provision_sum',
	...NDS_FIELDS,
	...NDS_FIELDS.map((f) => `refund_${f}`),
];
export const VAT_FIELDS = NDS_FIELDS.filter((f) => f !== 'nds_no_sum' && f !== 'nds_0_sum');

/** The daily row computed independently from exported receipts (the test's own reading of the spec). */
export function aggregate(receipts: Rows, date: string): Record<string, unknown> {
	const row: Record<string, number | string> = { date };
	for (const f of DAILY_FIELDS.slice(1)) row[f] = 0;
	const add = (f: string, v: number) => ((row[f] as number) += v);
	for (const r of receipts) {
		const vat = VAT_FIELDS.reduce((a, f) => a + r[f], 0);
		add('receipts_count', 1);
		if (r.operation_type === 1) {
			add('income_receipts_count', 1);
			add('income_sum', r.total_sum);
			add('income_without_nds_sum', r.total_sum - vat);
			for (const f of [
				'cash_sum',
				'ecash_sum',
				'advanced_sum',
				'full_prepayment_sum',
				'partial_prepayment_sum',
				'prepaid_sum',
				'credit_sum',
				'provision_sum',
				...NDS_FIELDS,
			])
				add(f, r[f]);
		} else {
			add('refund_receipts_count', 1);
			add('refund_sum', r.total_sum);
			add('refund_without_nds_sum', r.total_sum - vat);
			for (const f of [
				'cash_sum',
				'ecash_sum',
				'prepaid_sum',
				'credit_sum',
				'provision_sum',
				...NDS_FIELDS,
			])
				add(`refund_${f}`, r[f]);
		}
	}
	row.kkts_count = new Set(receipts.map((r) => r.kkt_id)).size;
	return row;
}
