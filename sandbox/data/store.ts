/**
 * The sandbox's data: everything generated from the seed (receipts, aggregates, anomalies, tickets, passes)
 * plus what was inserted at run time (late receipts, new tickets / passes / anomalies, ticket status
 * changes, shops opened or closed). Generated data is never held whole: days are generated on demand and cached in bounded maps.
 */
import {
	ApiError,
	validationError,
	type CenterFixture,
	type Clock,
	type ShopFixture,
} from '../core/types';
import { centerById, shopById, shopsOfCenter } from '../fixtures/centers';
import { Stream } from '../core/random';
import { InsertSequence } from './insert-sequence';
import { compactDate, dayIndex, dayOfMs, dayStartMs, DATA_START_IDX } from './calendar';
import { buildReceipt, compareReceipts, generateDay, type RawReceipt } from './receipt-gen';
import { kktsOnDay, shopProfile } from './shop-profile';
import { buildAnomaly, type AnomalyRecord } from './anomalies';
import { buildTicket, type TicketOverride, type TicketRecord } from './tickets';
import { buildStandalonePass, passesOfTicket, type PassRecord } from './passes';
import { TICKET_STATUSES, type TicketStatus } from './portal-catalog';
import { selectTickets } from './portal-query';
import type { DayTotals } from './day-fields';
import type { StoreView, TruthQuery, TruthSet } from './store-view';
import { computeTruth } from './truth';
import { receivedBetween, type ReceivedReceipt } from './truth-received';

export type InsertKind = 'ticket' | 'pass' | 'anomaly' | 'receipt';

export type { TruthQuery, TruthSet } from './store-view';

const RECEIPT_DAY_CACHE = 256;
const H = 3_600_000;

export class DataStore implements StoreView {
	readonly seed: number;
	/** settled days' totals, key `${shopId}|${day}` (see daily.ts) */
	readonly dayTotalsCache = new Map<string, DayTotals>();
	private readonly receiptDays = new Map<string, RawReceipt[]>();
	private readonly lateReceipts = new Map<string, Map<number, RawReceipt[]>>();
	private readonly memo = new Map<string, unknown>();
	private readonly anomalies = new Map<string, AnomalyRecord[]>();
	private readonly tickets = new Map<string, TicketRecord[]>();
	private readonly passes = new Map<string, PassRecord[]>();
	private readonly overrides = new Map<string, TicketOverride>();
	/** shops opened or closed at run time: `${centerId}|${shopId}` → archived */
	private readonly shopArchived = new Map<string, boolean>();
	/** the number of the record being inserted (see insert-sequence.ts) */
	private seq = 0;
	private readonly sequence: InsertSequence;

	constructor(public readonly opts: { seed: number; clock: Clock; idsFile?: string }) {
		this.seed = opts.seed;
		this.sequence = new InsertSequence(opts.idsFile);
	}

	/** Memoised value for a key (generated data that never changes for a seed). */
	cached<T>(key: string, make: () => T): T {
		if (!this.memo.has(key)) {
			if (this.memo.size > 50_000) this.memo.clear();
			this.memo.set(key, make());
		}
		return this.memo.get(key) as T;
	}

	// ---- receipts -------------------------------------------------------------------------------------

	/** Every document created on the day (generated and late-arriving), sorted by created then id. */
	dayReceipts(shop: ShopFixture, zone: string, d: number): RawReceipt[] {
		const key = `${shop.id}|${d}`;
		let rows = this.receiptDays.get(key);
		if (rows) {
			this.receiptDays.delete(key);
		} else {
			rows = generateDay(this.seed, shop, zone, d);
			const late = this.lateReceipts.get(shop.id)?.get(d);
			if (late) rows = [...rows, ...late].sort(compareReceipts);
			if (this.receiptDays.size >= RECEIPT_DAY_CACHE)
				this.receiptDays.delete(this.receiptDays.keys().next().value as string);
		}
		this.receiptDays.set(key, rows);
		return rows;
	}

	/** Created days that hold late-arriving (inserted) documents of the shop. */
	insertedReceiptDays(shopId: string): number[] {
		return [...(this.lateReceipts.get(shopId)?.keys() ?? [])];
	}

	hasInsertedReceipts(shopId: string, d: number): boolean {
		return this.lateReceipts.get(shopId)?.has(d) ?? false;
	}

	// ---- inserted records -----------------------------------------------------------------------------

	insertedAnomalies(centerId: string): readonly AnomalyRecord[] {
		return this.anomalies.get(centerId) ?? [];
	}

	insertedTickets(centerId: string): readonly TicketRecord[] {
		return this.tickets.get(centerId) ?? [];
	}

	insertedPasses(centerId: string): readonly PassRecord[] {
		return this.passes.get(centerId) ?? [];
	}

	ticketOverride(centerId: string, uid: string): TicketOverride | undefined {
		return this.overrides.get(`${centerId}|${uid}`);
	}

	/**
	 * Inserts `count` new records "now" and returns their ids.
	 * - receipt: a late-arriving income receipt (received now, created earlier). extra: shop_id (default:
	 *   the center's busiest shop; a shop without cash registers gets none), created_datetime (ISO), or date
	 *   (YYYY-MM-DD), or start_created_date + end_created_date (a day of that window), or created_ago_s
	 *   (printed 0..N seconds before now), total_sum (kopecks); default: created 1-47 hours before now.
	 * - anomaly: found now (created_at = now); extra: date (YYYY-MM-DD, default today), shop_id.
	 * - ticket: created now as new_request (its history goes on from now); extra: shop_id, status.
	 *   Its passes (if its type has any) are inserted with it.
	 * - pass: created now by staff; extra: ticket_uid (links it), valid_from (ISO; default now).
	 */
	insert(
		kind: InsertKind,
		centerId: string,
		count: number,
		now: Date,
		extra: Record<string, unknown> = {},
	): string[] {
		const center = centerById(centerId);
		if (!center) throw new ApiError(404, 'not_found', `No center ${centerId}.`, { field: 'sc_id' });
		if (!Number.isInteger(count) || count < 1 || count > 10_000)
			throw validationError('count', 'count must be an integer from 1 to 10000.');
		const ids: string[] = [];
		try {
			for (let i = 0; i < count; i++) {
				this.seq = this.sequence.next();
				if (kind === 'receipt') {
					const id = this.insertReceipt(center, now.getTime(), extra);
					if (id) ids.push(id);
				} else if (kind === 'anomaly') ids.push(this.insertAnomaly(center, now.getTime(), extra));
				else if (kind === 'ticket') ids.push(this.insertTicket(center, now.getTime(), extra));
				else if (kind === 'pass') ids.push(this.insertPass(center, now.getTime(), extra));
				else throw validationError('kind', 'kind must be one of ticket, pass, anomaly, receipt.');
			}
		} finally {
			this.sequence.save();
		}
		return ids;
	}

	private shopFor(
		center: CenterFixture,
		extra: Record<string, unknown>,
		/** 'receipts': a shop with fiscal data (a receipt is inserted there) */
		need: 'receipts' | 'any',
	): ShopFixture {
		if (typeof extra.shop_id === 'string') {
			const shop = shopById(center.id, extra.shop_id);
			if (!shop)
				throw new ApiError(404, 'not_found', `No shop ${extra.shop_id} in center ${center.id}.`, {
					field: 'shop_id',
				});
			return shop;
		}
		const shops = shopsOfCenter(center.id).filter(
			(s) => !s.is_archived && (need === 'any' || s.receiptsPerDay > 0),
		);
		return shops.reduce((a, b) => (b.receiptsPerDay > a.receiptsPerDay ? b : a));
	}

	private insertReceipt(
		center: CenterFixture,
		now: number,
		extra: Record<string, unknown>,
	): string | undefined {
		const shop = this.shopFor(center, extra, 'receipts');
		const profile = shopProfile(this.seed, shop);
		if (profile.kkts.length === 0) return undefined; // a shop without cash registers gets no documents
		const zone = center.time_zone;
		const s = new Stream(this.seed, 'late-receipt', shop.id, this.seq);
		let created = now - Math.floor(((1 + 46 * s.unit(0)) * H) / 1000) * 1000;
		if (typeof extra.created_ago_s === 'number' && extra.created_ago_s >= 0) {
			// printed up to created_ago_s seconds before it is received (a live till: seconds to minutes)
			created = now - Math.floor(extra.created_ago_s * s.unit(0)) * 1000;
		} else if (typeof extra.created_datetime === 'string') {
			created = Date.parse(extra.created_datetime);
		} else if (typeof extra.date === 'string') {
			created = createdInDays(zone, extra.date, extra.date, s, now);
		} else if (
			typeof extra.start_created_date === 'string' &&
			typeof extra.end_created_date === 'string'
		) {
			created = createdInDays(zone, extra.start_created_date, extra.end_created_date, s, now);
		}
		if (Number.isNaN(created) || created > now)
			throw validationError(
				'created_datetime',
				'created_datetime must be a moment not later than now.',
			);
		const d = dayOfMs(zone, created);
		if (d < DATA_START_IDX)
			throw validationError(
				'created_datetime',
				'created_datetime must not be earlier than the data start.',
			);
		const id = `${shop.id}-${compactDate(d)}-L${String(this.seq).padStart(5, '0')}`;
		const r = buildReceipt(s, 1, profile, kktsOnDay(profile, d), d, 0, created, now, id, this.seq);
		r.op = 1;
		if (
			typeof extra.total_sum === 'number' &&
			Number.isInteger(extra.total_sum) &&
			extra.total_sum > 0
		)
			scaleReceipt(r, extra.total_sum);
		let byDay = this.lateReceipts.get(shop.id);
		if (!byDay) this.lateReceipts.set(shop.id, (byDay = new Map()));
		const onDay = byDay.get(d);
		if (onDay) onDay.push(r);
		else byDay.set(d, [r]);
		this.receiptDays.delete(`${shop.id}|${d}`);
		this.dayTotalsCache.delete(`${shop.id}|${d}`);
		return id;
	}

	private insertAnomaly(
		center: CenterFixture,
		now: number,
		extra: Record<string, unknown>,
	): string {
		if (center.plan !== 'pro')
			throw new ApiError(403, 'plan_required', 'Anomalies exist only for PRO centers.', {
				plan: center.plan,
			});
		if (
			extra.date !== undefined &&
			(typeof extra.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(extra.date))
		) {
			throw validationError('date', 'date must be a date in the form YYYY-MM-DD.');
		}
		const day =
			typeof extra.date === 'string' ? dayIndex(extra.date) : dayOfMs(center.time_zone, now);
		const shopId =
			typeof extra.shop_id === 'string' ? this.shopFor(center, extra, 'any').id : undefined;
		const id = `an-${center.id}-${compactDate(day)}-n${String(this.seq).padStart(5, '0')}`;
		const a = buildAnomaly(
			new Stream(this.seed, 'anomaly-ins', center.id, this.seq),
			center,
			day,
			id,
			now,
			shopId,
		);
		// values the spec does not list (a newer API may send them): level / status as given
		for (const k of ['level', 'status'] as const)
			if (typeof extra[k] === 'string') a.unlisted = { ...a.unlisted, [k]: extra[k] };
		this.push(this.anomalies, center.id, a);
		return id;
	}

	private insertTicket(center: CenterFixture, now: number, extra: Record<string, unknown>): string {
		const shopId =
			typeof extra.shop_id === 'string' ? this.shopFor(center, extra, 'any').id : undefined;
		const uid = `${center.id}9${String(this.seq).padStart(5, '0')}`;
		const tk = buildTicket(
			new Stream(this.seed, 'ticket-ins', center.id, this.seq),
			center,
			uid,
			Math.floor(now / 1000) * 1000,
			shopId,
		);
		this.push(this.tickets, center.id, tk);
		for (const p of passesOfTicket(this.seed, tk)) this.push(this.passes, center.id, p);
		if (typeof extra.status === 'string')
			this.setTicketStatus(center.id, uid, extra.status, new Date(now));
		return uid;
	}

	private insertPass(center: CenterFixture, now: number, extra: Record<string, unknown>): string {
		let ticket: TicketRecord | undefined;
		if (extra.ticket_uid !== undefined && extra.ticket_uid !== '') {
			ticket = this.findTicket(center, String(extra.ticket_uid), now);
		}
		const validFrom = typeof extra.valid_from === 'string' ? Date.parse(extra.valid_from) : now;
		if (Number.isNaN(validFrom))
			throw validationError('valid_from', 'valid_from must be an ISO 8601 moment.');
		const id = Number(`${center.id}7${String(this.seq).padStart(5, '0')}0`);
		const p = buildStandalonePass(
			new Stream(this.seed, 'pass-ins', center.id, this.seq),
			center,
			id,
			Math.floor(now / 1000) * 1000,
			validFrom,
			ticket,
		);
		p.cancelledAt = null;
		this.push(this.passes, center.id, p);
		return String(id);
	}

	private push<T>(map: Map<string, T[]>, key: string, value: T): void {
		map.set(key, [...(map.get(key) ?? []), value]);
	}

	private findTicket(center: CenterFixture, uid: string, now: number): TicketRecord {
		const found = selectTickets(this, center, { uids: [uid] }, now)[0];
		if (!found)
			throw new ApiError(404, 'not_found', `No ticket ${uid} in center ${center.id}.`, {
				field: 'ticket_uid',
			});
		return found.ticket;
	}

	/** Changes a ticket's status (and resolution_created_at) at `now`; the history before `now` stays. */
	setTicketStatus(centerId: string, ticketUid: string, status: string, now: Date): void {
		const center = centerById(centerId);
		if (!center) throw new ApiError(404, 'not_found', `No center ${centerId}.`, { field: 'sc_id' });
		if (!(TICKET_STATUSES as readonly string[]).includes(status)) {
			throw validationError('status', `status must be one of ${TICKET_STATUSES.join(', ')}.`);
		}
		this.findTicket(center, ticketUid, now.getTime());
		this.overrides.set(`${centerId}|${ticketUid}`, {
			status: status as TicketStatus,
			at: now.getTime(),
		});
	}

	/**
	 * Opens (archived false) or closes (true) a shop of the center from now on: the shop list shows it
	 * with that is_archived (an archived shop is listed only with archived=true).
	 */
	setShopArchived(centerId: string, shopId: string, archived: boolean): void {
		if (!shopById(centerId, shopId))
			throw new ApiError(404, 'not_found', `No shop ${shopId} in center ${centerId}.`, {
				field: 'shop_id',
			});
		this.shopArchived.set(`${centerId}|${shopId}`, archived);
	}

	/** The shop as the shop list shows it now (opened or closed at run time, else as generated). */
	shopAsNow(shop: ShopFixture): ShopFixture {
		const archived = this.shopArchived.get(`${shop.center_id}|${shop.id}`);
		return archived === undefined ? shop : { ...shop, is_archived: archived };
	}

	/** The true set of records the API would return for this selection when walked completely. */
	truth(
		kind: 'receipts' | 'anomalies' | 'tickets' | 'passes' | 'daily',
		q: TruthQuery,
		now: Date,
	): TruthSet {
		return computeTruth(this, kind, q, now);
	}

	/** The center's receipts received in [fromMs, toMs) and by the clock's now, with their moments. */
	receivedBetween(
		scId: string,
		fromMs: number,
		toMs: number,
		types?: readonly number[],
	): ReceivedReceipt[] {
		return receivedBetween(this, scId, fromMs, toMs, this.opts.clock.now().getTime(), types);
	}
}

/** A moment on one of the days first..last (YYYY-MM-DD, center zone) during opening hours, not later than now. */
function createdInDays(zone: string, first: string, last: string, s: Stream, now: number): number {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(first) || !/^\d{4}-\d{2}-\d{2}$/.test(last)) return NaN;
	const from = dayIndex(first);
	const to = Math.min(dayIndex(last), dayOfMs(zone, now));
	if (to < from) return NaN;
	const d = from + Math.floor(s.unit(2) * (to - from + 1));
	return Math.min(now, dayStartMs(zone, d) + Math.floor(((10 + 11 * s.unit(3)) * H) / 1000) * 1000);
}

/** Gives a receipt another total: one payment type carries it; settlement methods and VAT follow. */
function scaleReceipt(r: RawReceipt, total: number): void {
	const k = total / r.total;
	const payments = ['cash', 'ecash', 'prepaid', 'credit', 'provision'] as const;
	const carrier = payments.find((f) => r[f] > 0) ?? 'ecash';
	for (const f of payments) r[f] = f === carrier ? total : 0;
	for (const f of ['advanced', 'fullPrep', 'partialPrep'] as const) if (r[f] > 0) r[f] = total;
	r.nds = r.nds.map((v, i) => (i < 2 && v === r.total ? total : Math.round(v * k)));
	r.total = total;
}
