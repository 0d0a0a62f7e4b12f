/**
 * Selecting receipts for the export and the truth: a window of created days and/or received days, a set of
 * document types, visibility at "now" (a document exists once it was received). Pages are located with
 * per-day counts and prefix sums, so only the days a page touches are generated.
 */
import type { ShopFixture } from '../core/types';
import { dayOfMs, dayStartMs, DATA_START_IDX } from './calendar';
import { dayCount, MAX_RECEIPT_LAG_MS, type RawReceipt } from './receipt-gen';
import type { StoreView } from './store-view';

export interface ReceiptWindow {
	shop: ShopFixture;
	/** the center's zone: day boundaries */
	zone: string;
	/** inclusive day indexes of created_datetime */
	created?: [number, number];
	/** inclusive day indexes of received_datetime */
	received?: [number, number];
	/** document type indexes (DOCUMENT_TYPES) */
	types: readonly number[];
	/** epoch ms of "now" */
	now: number;
}

/** Created days that can hold a matching document, ascending. */
function candidateDays(store: StoreView, w: ReceiptWindow): number[] {
	let lo = DATA_START_IDX;
	let hi = dayOfMs(w.zone, w.now);
	if (w.created) {
		lo = Math.max(lo, w.created[0]);
		hi = Math.min(hi, w.created[1]);
	}
	const days = new Set<number>();
	if (w.received) {
		// the lag is below one day: a document received on day D was created on D or D-1
		for (let d = Math.max(lo, w.received[0] - 1); d <= Math.min(hi, w.received[1]); d++)
			days.add(d);
		// late-arriving (inserted) documents may be older
		for (const d of store.insertedReceiptDays(w.shop.id)) if (d >= lo && d <= hi) days.add(d);
	} else {
		for (let d = lo; d <= hi; d++) days.add(d);
	}
	return [...days].sort((a, b) => a - b);
}

/** Count without generating the day, when every document of the day certainly matches; else undefined. */
function fastCount(store: StoreView, w: ReceiptWindow, d: number): number | undefined {
	if (store.hasInsertedReceipts(w.shop.id, d)) return undefined;
	if (dayStartMs(w.zone, d + 1) + MAX_RECEIPT_LAG_MS > w.now) return undefined; // not all received yet
	if (w.received && (d < w.received[0] || d + 1 > w.received[1])) return undefined; // edge days
	return dayCount(store.seed, w.shop, d, w.types);
}

function matches(r: RawReceipt, w: ReceiptWindow): boolean {
	if (r.received > w.now || !w.types.includes(r.type)) return false;
	if (w.received) {
		const rd = dayOfMs(w.zone, r.received);
		if (rd < w.received[0] || rd > w.received[1]) return false;
	}
	return true;
}

/** The matching documents created on one day, sorted by created_datetime then id. */
export function receiptsOnDay(store: StoreView, w: ReceiptWindow, d: number): RawReceipt[] {
	return store.dayReceipts(w.shop, w.zone, d).filter((r) => matches(r, w));
}

function countOnDay(store: StoreView, w: ReceiptWindow, d: number): number {
	return fastCount(store, w, d) ?? receiptsOnDay(store, w, d).length;
}

/** One page (offset, limit) of the window in export order, and the window's total. */
export function receiptPage(
	store: StoreView,
	w: ReceiptWindow,
	offset: number,
	limit: number,
): { rows: RawReceipt[]; total: number } {
	const days = candidateDays(store, w);
	const counts = days.map((d) => countOnDay(store, w, d));
	const total = counts.reduce((a, b) => a + b, 0);
	const rows: RawReceipt[] = [];
	let before = 0;
	for (let i = 0; i < days.length && rows.length < limit; i++) {
		const after = before + counts[i];
		if (after > offset && counts[i] > 0) {
			const dayRows = receiptsOnDay(store, w, days[i]);
			rows.push(
				...dayRows.slice(
					Math.max(0, offset - before),
					Math.max(0, offset - before) + (limit - rows.length),
				),
			);
		}
		before = after;
	}
	return { rows, total };
}

/** Number of matching documents (per-day counts; generates only days that cannot be counted directly). */
export function receiptCount(store: StoreView, w: ReceiptWindow): number {
	return candidateDays(store, w).reduce((sum, d) => sum + countOnDay(store, w, d), 0);
}

/** Visits every matching document in export order, day by day (the truth; generates every day of the window). */
export function forEachReceipt(
	store: StoreView,
	w: ReceiptWindow,
	visit: (r: RawReceipt) => void,
): void {
	for (const d of candidateDays(store, w)) for (const r of receiptsOnDay(store, w, d)) visit(r);
}
