/**
 * The calculated `turnover` of a daily row (PRO), from the row's fields and the shop's turnover settings
 * (fixtures/turnover-settings.ts). The rule, in integer kopecks:
 *
 *   turnover = income_sum
 *            - (advanced   ? 0 : advanced_sum)
 *            - (prepayment ? 0 : full_prepayment_sum + partial_prepayment_sum)
 *            - (prepaid    ? 0 : prepaid_sum)
 *            - (credit     ? 0 : credit_sum)
 *            - (provision  ? 0 : provision_sum)
 *            - (vat        ? 0 : income_sum - income_without_nds_sum)
 *            - (refund     ? floor(R * max_refund_part_in_turnover / 100) : 0),  R = vat ? refund_sum : refund_without_nds_sum
 *            + (correction ? C : 0),  C = correction income minus correction refund documents of the day
 *                                         (with VAT when vat, else without)
 */
import type { TurnoverSettings } from '../fixtures/turnover-settings';
import type { DayTotals } from './day-fields';

export function turnoverOf(t: DayTotals, s: TurnoverSettings): number {
	let v = t.income_sum;
	if (!s.advanced) v -= t.advanced_sum;
	if (!s.prepayment) v -= t.full_prepayment_sum + t.partial_prepayment_sum;
	if (!s.prepaid) v -= t.prepaid_sum;
	if (!s.credit) v -= t.credit_sum;
	if (!s.provision) v -= t.provision_sum;
	if (!s.vat) v -= t.income_sum - t.income_without_nds_sum;
	if (s.refund) {
		const refunds = s.vat ? t.refund_sum : t.refund_without_nds_sum;
		v -= Math.floor((refunds * s.max_refund_part_in_turnover) / 100);
	}
	if (s.correction) {
		v += s.vat
			? t.correction_income_sum - t.correction_refund_sum
			: t.correction_income_without_nds_sum - t.correction_refund_without_nds_sum;
	}
	return v;
}
