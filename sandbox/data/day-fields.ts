/**
 * The fields of a daily shop aggregate (the row's numbers, in output order) and a day's totals: apart
 * from daily.ts so that the store's view (store-view.ts) can name them without importing the helpers.
 */
import { NDS_FIELDS } from './receipt-gen';

/** The numeric fields of a daily row, in output order (after `date`, before `turnover`). */
export const DAILY_FIELDS = [
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
] as const;

export type DailyField = (typeof DAILY_FIELDS)[number];

/** A day's totals: the row's fields plus the correction documents' sums (for turnover only). */
export type DayTotals = Record<DailyField, number> & {
	correction_income_sum: number;
	correction_income_without_nds_sum: number;
	correction_refund_sum: number;
	correction_refund_without_nds_sum: number;
};
