/**
 * The receipts a center received in a span of time, each with its reception moment: the true set a
 * trigger that reads by reception must emit between two polls, and the moment each one became visible
 * (so a test computes every receipt's lag from reception to emission). Same selection code as the
 * export (receipt-query.ts); only the days the span touches (and the day before) are generated.
 */
import { ApiError } from '../core/types';
import { centerById, shopsOfCenter } from '../fixtures/centers';
import { dayOfMs } from './calendar';
import { SALES_TYPES } from './receipt-gen';
import { forEachReceipt } from './receipt-query';
import type { StoreView } from './store-view';

export interface ReceivedReceipt {
	id: string;
	shop_id: string;
	/** received_datetime, epoch ms */
	received: number;
	/** created_datetime, epoch ms */
	created: number;
}

/**
 * Every receipt of the center (all its shops, archived ones too) received in [fromMs, toMs) and by
 * `nowMs` (a receipt exists once received), of the export's default document types unless `types`
 * (DOCUMENT_TYPES indexes) are given; sorted by reception, then id.
 */
export function receivedBetween(
	store: StoreView,
	scId: string,
	fromMs: number,
	toMs: number,
	nowMs: number,
	types: readonly number[] = SALES_TYPES,
): ReceivedReceipt[] {
	const center = centerById(scId);
	if (!center) throw new ApiError(404, 'not_found', `No center ${scId}.`, { field: 'sc_id' });
	const until = Math.min(toMs - 1, nowMs);
	if (!(until >= fromMs)) return [];
	const zone = center.time_zone;
	const received: [number, number] = [dayOfMs(zone, fromMs), dayOfMs(zone, until)];
	const out: ReceivedReceipt[] = [];
	for (const shop of shopsOfCenter(scId))
		forEachReceipt(store, { shop, zone, received, types, now: until }, (r) => {
			if (r.received >= fromMs)
				out.push({ id: r.id, shop_id: shop.id, received: r.received, created: r.created });
		});
	return out.sort((a, b) => a.received - b.received || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
