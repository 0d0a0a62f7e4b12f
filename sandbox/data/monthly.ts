/**
 * Monthly shop rows: sums of the daily rows of the month (days up to the freshest date), the declared
 * turnover from intake, visitors, area, and for PRO the average check, revenue per area and OCR.
 */
import type { CenterFixture, IntakeView, ShopFixture } from '../core/types';
import { DateTime } from 'luxon';
import { AttendanceModel } from './attendance-model';
import { visibleZonesOf, zonesOf } from '../fixtures/zones';
import type { IntakeStore } from './intake-store';
import { dateOfIndex, monthBounds, monthLabel } from './calendar';
import { dayTotals } from './daily';
import type { DayTotals } from './day-fields';
import { shopProfile } from './shop-profile';
import type { StoreView } from './store-view';

/** Daily fields that the monthly row sums. */
export const MONTHLY_SUM_FIELDS = [
	'receipts_count',
	'income_receipts_count',
	'refund_receipts_count',
	'income_sum',
	'income_without_nds_sum',
	'refund_sum',
	'refund_without_nds_sum',
] as const;

function round2(x: number): number {
	return Math.round(x * 100) / 100;
}

/**
 * Visitors counted for a shop over days (first..last): visitors_in of the counting zone the shop lies in,
 * exactly as attendance with scope=shop reports them; 0 when the shop lies in no zone or the center has no
 * counting system.
 */
function countedVisitors(
	seed: number,
	center: CenterFixture,
	shop: ShopFixture,
	intake: IntakeView,
	first: number,
	last: number,
	now: number,
): number {
	const zone = visibleZonesOf(center).find((z) => !z.entrance && z.shop_ids.includes(shop.id));
	if (!zone) return 0;
	const submitted = (intake as Partial<IntakeStore>).submittedAttendance?.bind(intake);
	const model = new AttendanceModel(seed, center, zonesOf(center), new Date(now), (z, date) =>
		submitted?.(center.id, z, date),
	);
	let sum = 0;
	for (let d = first; d <= last; d++)
		sum +=
			model.day(
				{ kind: 'zone', zone },
				DateTime.fromISO(dateOfIndex(d), { zone: center.time_zone }),
			)?.in ?? 0;
	return sum;
}

/**
 * Rows for every month from the month of `firstDay` to the month of `lastDay` (day indexes; `lastDay` is
 * already clipped to the freshest date). Days of a month after `lastDay` do not count.
 */
export function monthlyRows(
	store: StoreView,
	center: CenterFixture,
	shop: ShopFixture,
	intake: IntakeView,
	firstDay: number,
	lastDay: number,
	now: number,
): Array<Record<string, unknown>> {
	const profile = shopProfile(store.seed, shop);
	const rows: Array<Record<string, unknown>> = [];
	for (let m = monthBounds(firstDay).first; m <= lastDay; m = monthBounds(m).last + 1) {
		const { last } = monthBounds(m);
		const sums: Record<string, number> = {};
		for (const f of MONTHLY_SUM_FIELDS) sums[f] = 0;
		const end = Math.min(last, lastDay);
		for (let d = m; d <= end; d++) {
			const t: DayTotals = dayTotals(store, shop, center.time_zone, d, now);
			for (const f of MONTHLY_SUM_FIELDS) sums[f] += t[f];
		}
		const declared = intake.declaredTurnover(center.id, shop.id, monthLabel(m));
		const row: Record<string, unknown> = {
			date: monthLabel(m),
			...sums,
			manual_turnover: declared?.manual_turnover ?? 0,
			is_manual: declared !== undefined,
			visitors:
				declared && declared.manual_visitors_count > 0
					? declared.manual_visitors_count
					: countedVisitors(store.seed, center, shop, intake, m, end, now),
			area_size: profile.area_size,
			is_outdoor: profile.is_outdoor,
		};
		if (center.plan === 'pro') {
			const revenue = declared ? declared.manual_turnover : sums.income_sum - sums.refund_sum;
			const rent =
				profile.monthlyRent === null
					? 0
					: Math.round((profile.monthlyRent * (end - m + 1)) / (last - m + 1));
			row.average_check_sum =
				sums.income_receipts_count > 0 ? round2(sums.income_sum / sums.income_receipts_count) : 0;
			row.revenue_per_area = profile.area_size > 0 ? round2(revenue / profile.area_size) : 0;
			row.ocr = rent > 0 && revenue > 0 ? round2((rent / revenue) * 100) : 0;
		}
		rows.push(row);
	}
	return rows;
}
