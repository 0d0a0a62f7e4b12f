/**
 * Daily shop aggregates, computed from exactly the documents of the receipt export: the default sales
 * types (receipt, delivery, form_of_strict_accountability) created that day (center zone) and received by
 * "now". Income = operation_type 1, refund = operation_type 2. Correction documents are not counted in
 * the row; they enter only `turnover` (when the settings say so).
 */
import type { CenterFixture, ShopFixture } from '../core/types';
import { turnoverSettingsOf } from '../fixtures/turnover-settings';
import { dateOfIndex, dayStartMs } from './calendar';
import {
	CORRECTION_TYPES,
	MAX_RECEIPT_LAG_MS,
	NDS_FIELDS,
	OP_INCOME,
	OP_REFUND,
	SALES_TYPES,
	vatOf,
	type RawReceipt,
} from './receipt-gen';
import { receiptsOnDay } from './receipt-query';
import type { StoreView } from './store-view';
import { DAILY_FIELDS, type DailyField, type DayTotals } from './day-fields';
import { turnoverOf } from './turnover';

function emptyTotals(): DayTotals {
	const t = {
		correction_income_sum: 0,
		correction_income_without_nds_sum: 0,
		correction_refund_sum: 0,
		correction_refund_without_nds_sum: 0,
	} as DayTotals;
	for (const f of DAILY_FIELDS) t[f] = 0;
	return t;
}

function addReceipt(t: DayTotals, r: RawReceipt): void {
	if (r.op === OP_INCOME) {
		t.income_receipts_count++;
		t.income_sum += r.total;
		t.income_without_nds_sum += r.total - vatOf(r);
		t.cash_sum += r.cash;
		t.ecash_sum += r.ecash;
		t.advanced_sum += r.advanced;
		t.full_prepayment_sum += r.fullPrep;
		t.partial_prepayment_sum += r.partialPrep;
		t.prepaid_sum += r.prepaid;
		t.credit_sum += r.credit;
		t.provision_sum += r.provision;
		NDS_FIELDS.forEach((f, k) => (t[f] += r.nds[k]));
	} else if (r.op === OP_REFUND) {
		t.refund_receipts_count++;
		t.refund_sum += r.total;
		t.refund_without_nds_sum += r.total - vatOf(r);
		t.refund_cash_sum += r.cash;
		t.refund_ecash_sum += r.ecash;
		t.refund_prepaid_sum += r.prepaid;
		t.refund_credit_sum += r.credit;
		t.refund_provision_sum += r.provision;
		NDS_FIELDS.forEach((f, k) => (t[`refund_${f}` as DailyField] += r.nds[k]));
	}
	t.receipts_count++;
}

function computeTotals(
	store: StoreView,
	shop: ShopFixture,
	zone: string,
	d: number,
	now: number,
): DayTotals {
	const t = emptyTotals();
	const kkts = new Set<string>();
	const sales = receiptsOnDay(store, { shop, zone, types: SALES_TYPES, now }, d);
	for (const r of sales) {
		addReceipt(t, r);
		kkts.add(r.kkt.id);
	}
	t.kkts_count = kkts.size;
	for (const r of receiptsOnDay(store, { shop, zone, types: CORRECTION_TYPES, now }, d)) {
		const net = r.total - vatOf(r);
		if (r.op === OP_INCOME) {
			t.correction_income_sum += r.total;
			t.correction_income_without_nds_sum += net;
		} else {
			t.correction_refund_sum += r.total;
			t.correction_refund_without_nds_sum += net;
		}
	}
	return t;
}

/** Totals of a shop's day at `now` (cached once the day can no longer change). */
export function dayTotals(
	store: StoreView,
	shop: ShopFixture,
	zone: string,
	d: number,
	now: number,
): DayTotals {
	const settled =
		dayStartMs(zone, d + 1) + MAX_RECEIPT_LAG_MS <= now && !store.hasInsertedReceipts(shop.id, d);
	const key = `${shop.id}|${d}`;
	if (settled) {
		const hit = store.dayTotalsCache.get(key);
		if (hit) return hit;
	}
	const t = computeTotals(store, shop, zone, d, now);
	if (settled) {
		if (store.dayTotalsCache.size > 100_000) store.dayTotalsCache.clear();
		store.dayTotalsCache.set(key, t);
	}
	return t;
}

/** One row of the daily aggregates; `turnover` only for PRO centers. */
export function dailyRow(
	store: StoreView,
	center: CenterFixture,
	shop: ShopFixture,
	d: number,
	now: number,
): Record<string, unknown> {
	const t = dayTotals(store, shop, center.time_zone, d, now);
	const row: Record<string, unknown> = { date: dateOfIndex(d) };
	for (const f of DAILY_FIELDS) row[f] = t[f];
	if (center.plan === 'pro') row.turnover = turnoverOf(t, turnoverSettingsOf(shop));
	return row;
}
