/**
 * New Receipt: what the trigger remembers per shop, bounded by design. A shop's cursor holds its
 * high-water mark (the latest received_datetime seen), a floor `since` (receipts received before it
 * are taken as emitted and never emitted again) and the ids emitted at or after the floor. The floor
 * is the start of the period the next poll re-reads (the center's day of this poll − Lookback, in its
 * time zone): below it nothing is read again, so no id is needed there; above it every id is kept, so
 * a receipt that shows up late — however far its received_datetime lies below the newest one seen — is
 * emitted once as long as its reception day is inside the re-read period. The ids kept are the
 * receipts received in that period (what a poll re-reads anyway), never every id ever seen. Versioned;
 * it lives in the center's state, which the trigger saves all-or-nothing.
 */
import type { IDataObject } from 'n8n-workflow';
import { addDays, dayStartMs } from '../../../shared/walk/dateWindows';
import { readSchedule, type UnitSchedule } from '../../schedule';

export const RECEIPT_STATE_VERSION = 1;

/**
 * At most this many ids per shop (more receipts received in the re-read period than that): the floor
 * rises past the oldest ones dropped, and a receipt received before it that shows up only later is
 * taken as emitted (the poll logs it).
 */
export const MAX_IDS_PER_SHOP = 20_000;

/**
 * The floor after a poll on `today` (the center's date): the start, in the center's zone, of the first
 * day the next poll re-reads (today − Lookback). Receipts received before it are not read again.
 */
export function keepFromMs(today: string, lookbackDays: number, zone: string): number {
	return dayStartMs(addDays(today, -lookbackDays), zone);
}

export interface ShopCursor {
	/** the center's date (its zone) when this shop was last read, YYYY-MM-DD */
	day: string;
	/** epoch ms: receipts received before it count as emitted; null: none yet */
	since: number | null;
	/** epoch ms of the latest received_datetime seen; null: none yet */
	hw: number | null;
	/** ids at or after `since`, in the order of `rx` (ascending reception) */
	ids: string[];
	/** epoch ms of reception of each id */
	rx: number[];
	/** when the shop is read next (schedule.ts) */
	sched?: UnitSchedule;
}

export interface ReceiptCenterState {
	v: number;
	/** when the center was first polled (epoch ms): a shop first read later counts receipts from it */
	origin: number;
	shops: Record<string, ShopCursor>;
	/** the center's shop list as last read (it is read again every SHOP_LIST_MS) */
	list?: ShopList;
}

export interface ShopList {
	ids: string[];
	/** epoch ms of the read */
	at: number;
	/** whether archived shops were asked for */
	archived: boolean;
}

function readList(v: unknown): ShopList | undefined {
	if (!v || typeof v !== 'object') return undefined;
	const l = v as IDataObject;
	if (!Array.isArray(l.ids) || !isNum(l.at) || typeof l.archived !== 'boolean') return undefined;
	if (!l.ids.every((x) => typeof x === 'string')) return undefined;
	return { ids: l.ids as string[], at: l.at, archived: l.archived };
}

function isNum(v: unknown): v is number {
	return typeof v === 'number' && Number.isFinite(v);
}

export function readCursor(v: unknown): ShopCursor | undefined {
	if (!v || typeof v !== 'object') return undefined;
	const c = v as IDataObject;
	if (typeof c.day !== 'string' || !Array.isArray(c.ids) || !Array.isArray(c.rx)) return undefined;
	if (c.ids.length !== c.rx.length) return undefined;
	if (!c.ids.every((x) => typeof x === 'string') || !c.rx.every(isNum)) return undefined;
	const cursor: ShopCursor = {
		day: c.day,
		since: isNum(c.since) ? c.since : null,
		hw: isNum(c.hw) ? c.hw : null,
		ids: c.ids as string[],
		rx: c.rx as number[],
	};
	const sched = readSchedule(c.sched);
	if (sched) cursor.sched = sched;
	return cursor;
}

/** The saved receipt state of a center; undefined when absent, broken or of another version. */
export function readReceiptState(v: unknown): ReceiptCenterState | undefined {
	if (!v || typeof v !== 'object') return undefined;
	const r = v as IDataObject;
	if (r.v !== RECEIPT_STATE_VERSION || !isNum(r.origin) || !r.shops || typeof r.shops !== 'object')
		return undefined;
	const shops: Record<string, ShopCursor> = {};
	for (const [id, raw] of Object.entries(r.shops as IDataObject)) {
		const c = readCursor(raw);
		if (c) shops[id] = c;
	}
	const state: ReceiptCenterState = { v: RECEIPT_STATE_VERSION, origin: r.origin, shops };
	const list = readList(r.list);
	if (list) state.list = list;
	return state;
}

/** The reception moment of a receipt (epoch ms), or `fallback` when it has none. */
export function receivedMs(row: IDataObject, fallback: number): number {
	const v = row.received_datetime;
	const t = typeof v === 'string' ? Date.parse(v) : NaN;
	return Number.isNaN(t) ? fallback : t;
}

export interface ShopDiff {
	/** receipts not emitted before, in the API's order */
	fresh: IDataObject[];
	cursor: ShopCursor;
	/** ids dropped by MAX_IDS_PER_SHOP (the floor rose past them) */
	dropped: number;
}

/**
 * Compares one shop's re-read period with its cursor. `floor`: for a shop read for the first time,
 * the moment before which receipts count as existing (null: emit everything read). `keepFrom`: the
 * start of the next poll's re-read period (keepFromMs): the ids from it on are kept.
 */
export function diffShop(
	rows: IDataObject[],
	previous: ShopCursor | undefined,
	floor: number | null,
	today: string,
	now: number,
	keepFrom: number,
): ShopDiff {
	const since = previous ? previous.since : floor;
	const known = new Set(previous?.ids ?? []);
	let hw = previous?.hw ?? null;
	const fresh: IDataObject[] = [];
	const freshRx: number[] = [];
	for (const row of rows) {
		const t = receivedMs(row, now);
		if (hw === null || t > hw) hw = t;
		if (since !== null && t < since) continue;
		const id = String(row.id);
		if (known.has(id)) continue;
		known.add(id);
		fresh.push(row);
		freshRx.push(t);
	}
	// the new floor: the start of the next re-read period (never lower than before: the ids below the
	// old floor are gone, so lowering it would emit them again)
	const nextFloor = since !== null && since > keepFrom ? since : keepFrom;
	const pairs: Array<[number, string]> = [];
	const prevIds = previous?.ids ?? [];
	const prevRx = previous?.rx ?? [];
	for (let i = 0; i < prevIds.length; i++)
		if (prevRx[i] >= nextFloor) pairs.push([prevRx[i], prevIds[i]]);
	for (let i = 0; i < fresh.length; i++)
		if (freshRx[i] >= nextFloor) pairs.push([freshRx[i], String(fresh[i].id)]);
	pairs.sort((a, b) => a[0] - b[0]);
	let nextSince = nextFloor;
	let dropped = 0;
	if (pairs.length > MAX_IDS_PER_SHOP) {
		const gone = pairs.splice(0, pairs.length - MAX_IDS_PER_SHOP);
		dropped = gone.length;
		// everything received up to the last dropped id now counts as emitted
		nextSince = gone[gone.length - 1][0] + 1;
	}
	return {
		fresh,
		dropped,
		cursor: {
			day: today,
			since: nextSince,
			hw,
			ids: pairs.map((p) => p[1]),
			rx: pairs.map((p) => p[0]),
		},
	};
}
