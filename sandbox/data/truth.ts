/**
 * The true sets behind the list endpoints, for tests and benchmarks: what a client walking every page
 * would collect. Same selection code as the handlers, without page, period or plan limits.
 * Query keys (all optional unless said): see DataStore.truth in docs/sandbox.md.
 */
import { ApiError, validationError } from '../core/types';
import { centerById, shopById, shopsOfCenter } from '../fixtures/centers';
import { dayIndex, dayOfMs, dateOfIndex, DATA_START_IDX } from './calendar';
import { DOCUMENT_TYPES, SALES_TYPES } from './receipt-gen';
import { forEachReceipt, type ReceiptWindow } from './receipt-query';
import { dayTotals } from './daily';
import { selectAnomalies } from './anomalies';
import { selectPasses, selectTickets, type PortalFilter } from './portal-query';
import type { StoreView, TruthQuery, TruthSet } from './store-view';

function day(q: TruthQuery, field: string): number | undefined {
	const v = q[field];
	if (v === undefined || v === '') return undefined;
	if (!/^\d{4}-\d{2}-\d{2}$/.test(v))
		throw validationError(field, `${field} must be a date in the form YYYY-MM-DD.`);
	return dayIndex(v);
}

function pair(q: TruthQuery, start: string, end: string): [number, number] | undefined {
	const a = day(q, start);
	const b = day(q, end);
	if (a === undefined && b === undefined) return undefined;
	return [a ?? DATA_START_IDX, b ?? 1e9];
}

function csv(q: TruthQuery, field: string): string[] | undefined {
	const v = q[field];
	return v === undefined || v === ''
		? undefined
		: v
				.split(',')
				.map((x) => x.trim())
				.filter((x) => x !== '');
}

/** The selection of a receipts truth query: one window per shop (every shop of the center unless shop_id). */
export function receiptWindows(q: TruthQuery, nowDate: Date): ReceiptWindow[] {
	const center = centerById(q.sc_id);
	if (!center) throw new ApiError(404, 'not_found', `No center ${q.sc_id}.`, { field: 'sc_id' });
	const now = nowDate.getTime();
	const zone = center.time_zone;
	const shops = q.shop_id ? [shopById(center.id, q.shop_id)] : shopsOfCenter(center.id);
	if (shops.some((s) => s === undefined))
		throw new ApiError(404, 'not_found', `No shop ${q.shop_id} in center ${center.id}.`, {
			field: 'shop_id',
		});
	const created =
		pair(q, 'start_created_date', 'end_created_date') ?? pair(q, 'start_date', 'end_date');
	const received = pair(q, 'start_received_date', 'end_received_date');
	const names = csv(q, 'document_types');
	const types = names ? names.map((n) => DOCUMENT_TYPES.indexOf(n as never)) : SALES_TYPES;
	if (types.some((t) => t < 0)) throw validationError('document_types', 'Unknown document type.');
	const today = dayOfMs(zone, now);
	return shops.map((shop) => ({
		shop: shop!,
		zone,
		created: created ?? (received ? undefined : ([DATA_START_IDX, today] as [number, number])),
		received,
		types,
		now,
	}));
}

export function computeTruth(
	store: StoreView,
	kind: string,
	q: TruthQuery,
	nowDate: Date,
): TruthSet {
	const center = centerById(q.sc_id);
	if (!center) throw new ApiError(404, 'not_found', `No center ${q.sc_id}.`, { field: 'sc_id' });
	const now = nowDate.getTime();
	const zone = center.time_zone;
	const today = dayOfMs(zone, now);
	const shops = q.shop_id ? [shopById(center.id, q.shop_id)] : shopsOfCenter(center.id);
	if (shops.some((s) => s === undefined))
		throw new ApiError(404, 'not_found', `No shop ${q.shop_id} in center ${center.id}.`, {
			field: 'shop_id',
		});

	if (kind === 'receipts') {
		const ids: string[] = [];
		let sum = 0;
		for (const w of receiptWindows(q, nowDate))
			forEachReceipt(store, w, (r) => {
				ids.push(r.id);
				sum += r.total;
			});
		return { ids, count: ids.length, sum };
	}
	if (kind === 'daily') {
		if (!q.shop_id) throw validationError('shop_id', 'shop_id is required for daily.');
		const [from, to] = pair(q, 'start_date', 'end_date') ?? [DATA_START_IDX, today];
		const ids: string[] = [];
		let sum = 0;
		for (let d = from; d <= Math.min(to, today); d++) {
			ids.push(dateOfIndex(d));
			sum += dayTotals(store, shops[0]!, zone, d, now).income_sum;
		}
		return { ids, count: ids.length, sum };
	}
	if (kind === 'anomalies') {
		const [start, end] = pair(q, 'start_date', 'end_date') ?? [DATA_START_IDX, today];
		const rows = selectAnomalies(
			store.seed,
			center,
			store.insertedAnomalies(center.id),
			{ start, end, shopId: q.shop_id, status: q.status, level: q.level },
			now,
		);
		return { ids: rows.map((a) => a.id), count: rows.length };
	}
	if (kind === 'tickets' || kind === 'passes') {
		const f: PortalFilter = {
			created:
				pair(q, 'start_created_date', 'end_created_date') ?? pair(q, 'start_date', 'end_date'),
			active: pair(q, 'start_active_date', 'end_active_date'),
			uids: csv(q, 'ticket_uids'),
			statuses: csv(q, 'statuses'),
		};
		if (f.active && f.active[1] === 1e9) f.active[1] = today + 3650;
		const ids =
			kind === 'tickets'
				? selectTickets(store, center, f, now).map((x) => x.ticket.uid)
				: selectPasses(store, center, f, now).map((x) => String(x.pass.id));
		return { ids, count: ids.length };
	}
	throw validationError('kind', 'kind must be one of receipts, anomalies, tickets, passes, daily.');
}
