/**
 * Center Changes: what a center's state keeps of its tables between polls (plain JSON, bounded), how it
 * is read back and checked, and the change record every table emits. Per shop: a compact hash of each
 * daily row in the re-read days and of each monthly row of the last months (so only a row whose
 * content changed is emitted), the months to re-read because a day of theirs changed, the day the
 * night's slow net last read its months, and the schedules of its two units; for the center: the shop directory's
 * last known rows (a shop gone from it becomes a delete record carrying that row), the tickets' hashes
 * and the schedules of the directory and the tickets. The added tables (tableUnits.ts): per shop the
 * hashes of its cash registers and turnover settings, when they were read, their unit's schedule and
 * its receipt cursor (New Receipt's); for the center the attendance hashes per zone and day and the
 * passes' and anomalies' hashes.
 */
import type { IDataObject } from 'n8n-workflow';
import { readSchedule, type UnitSchedule } from '../../schedule';
import { readCursor, type ShopCursor } from '../newReceipt/cursor';
import { capEntries } from '../../state';

export const CHANGES_STATE_VERSION = 1;

/** At most this many shops are remembered per center (directory rows and per-shop hashes). */
export const MAX_SHOPS = 3000;

/** The tables a user can pick, as the records name them. */
export const TABLES = [
	'shops',
	'daily_sales',
	'monthly',
	'tickets',
	'zones',
	'attendance',
	'cash_registers',
	'turnover_settings',
	'passes',
	'anomalies',
	'receipts',
] as const;
export type Table = (typeof TABLES)[number];

/** The units read once for the whole center (the others are a shop's: `<letter>:<shop id>`). */
export const CENTER_UNITS = [
	'shops',
	'tickets',
	'zones',
	'attendance',
	'passes',
	'anomalies',
] as const;
export type CenterUnit = (typeof CENTER_UNITS)[number];

/** One change of one row of one table, as an item carries it (besides event and sc_id). */
export interface ChangeRecord extends IDataObject {
	table: Table;
	/** the table's primary key values */
	key: IDataObject;
	op: 'upsert' | 'delete';
	/** the API's fields of the row; for a delete, the row as last seen */
	row: IDataObject;
}

export interface ShopTables {
	/** 1: the shop joined the directory after the center's first read (its first rows are emitted) */
	n?: number;
	/** daily rows: date → content hash (the re-read days only) */
	d?: Record<string, string>;
	/** monthly rows: YYYY-MM → content hash (the last months only) */
	m?: Record<string, string>;
	/** months (YYYY-MM) whose row is to be re-read: a daily row of theirs changed */
	mp?: string[];
	/** the center day the night's slow net last read the shop's monthly rows (the previous month) */
	mn?: string;
	/** the schedules of the shop's daily and monthly units */
	ds?: UnitSchedule;
	ms?: UnitSchedule;
	/** cash registers and turnover settings: 'k:<register id>' / 's' → content hash (registers.ts) */
	x?: Record<string, string>;
	/** when they were last read (epoch ms), and their unit's schedule */
	xr?: number;
	xs?: UnitSchedule;
	/** receipts: the shop's cursor as New Receipt keeps it (readers/newReceipt/cursor.ts) */
	r?: ShopCursor;
}

/** A listing table as last read: when, and the last known row by id. */
export interface Listed {
	at: number;
	rows: Record<string, IDataObject>;
}

export interface ChangesState {
	v: number;
	/** the directory: when it was read, and the last known row of each listed shop */
	dir?: Listed;
	/** the counting zones: when they were read, and the last known row of each */
	zones?: Listed;
	/** the schedules of the center-wide units */
	sched: Partial<Record<CenterUnit, UnitSchedule>>;
	shops: Record<string, ShopTables>;
	/** tickets watched: [ticket_uid, content hash], oldest first */
	tickets?: Array<[string, string]>;
	/** the backfill's positions (History From; history.ts reads and checks them) */
	hist?: IDataObject;
	/** passes and anomalies watched: [id, content hash], oldest first (lists.ts) */
	passes?: Array<[string, string]>;
	anomalies?: Array<[string, string]>;
	/** attendance: zone id ('0': the center) → date → content hash (attendance.ts) */
	att?: Record<string, Record<string, string>>;
}

const isObject = (v: unknown): v is IDataObject =>
	!!v && typeof v === 'object' && !Array.isArray(v);

const isPair = (p: unknown): p is [string, string] =>
	Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string';

function stringMap(v: unknown): Record<string, string> | undefined {
	if (!isObject(v)) return undefined;
	const out: Record<string, string> = {};
	for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
	return out;
}

function readShopTables(v: unknown): ShopTables | undefined {
	if (!isObject(v)) return undefined;
	const t: ShopTables = {};
	if (v.n === 1) t.n = 1;
	const d = stringMap(v.d);
	if (d) t.d = d;
	const m = stringMap(v.m);
	if (m) t.m = m;
	if (Array.isArray(v.mp)) t.mp = v.mp.filter((x): x is string => typeof x === 'string');
	if (typeof v.mn === 'string') t.mn = v.mn;
	const ds = readSchedule(v.ds);
	if (ds) t.ds = ds;
	const ms = readSchedule(v.ms);
	if (ms) t.ms = ms;
	const x = stringMap(v.x);
	if (x) t.x = x;
	if (typeof v.xr === 'number') t.xr = v.xr;
	const xs = readSchedule(v.xs);
	if (xs) t.xs = xs;
	const r = readCursor(v.r);
	if (r) t.r = r;
	return t;
}

function readListed(v: unknown): Listed | undefined {
	if (!isObject(v) || typeof v.at !== 'number' || !isObject(v.rows)) return undefined;
	const rows: Record<string, IDataObject> = {};
	for (const [id, row] of Object.entries(v.rows)) if (isObject(row)) rows[id] = row;
	return { at: v.at, rows };
}

/** The saved state of the center's tables; a fresh one when nothing (or another version) was saved. */
export function readChangesState(v: unknown): ChangesState {
	const state: ChangesState = { v: CHANGES_STATE_VERSION, sched: {}, shops: {} };
	if (!isObject(v) || v.v !== CHANGES_STATE_VERSION) return state;
	const dir = readListed(v.dir);
	if (dir) state.dir = dir;
	const zones = readListed(v.zones);
	if (zones) state.zones = zones;
	const sched = isObject(v.sched) ? v.sched : {};
	for (const unit of CENTER_UNITS) {
		const unitSched = readSchedule(sched[unit]);
		if (unitSched) state.sched[unit] = unitSched;
	}
	if (isObject(v.shops))
		for (const [id, t] of Object.entries(v.shops)) {
			const tables = readShopTables(t);
			if (tables) state.shops[id] = tables;
		}
	if (isObject(v.hist)) state.hist = v.hist;
	for (const list of ['tickets', 'passes', 'anomalies'] as const)
		if (Array.isArray(v[list])) state[list] = (v[list] as unknown[]).filter(isPair);
	if (isObject(v.att)) {
		state.att = {};
		for (const [zone, dates] of Object.entries(v.att)) state.att[zone] = stringMap(dates) ?? {};
	}
	return state;
}

/** The state as saved: shops beyond MAX_SHOPS and tickets beyond the keys' cap dropped. */
export function boundedState(state: ChangesState): IDataObject {
	const ids = Object.keys(state.shops);
	if (ids.length > MAX_SHOPS)
		for (const id of ids.slice(0, ids.length - MAX_SHOPS)) delete state.shops[id];
	for (const list of ['tickets', 'passes', 'anomalies'] as const) {
		const kept = state[list];
		if (kept) state[list] = capEntries(kept);
	}
	return JSON.parse(JSON.stringify(state)) as IDataObject;
}

/**
 * A compact hash of a row's content (53 bits, base 36): two rows with the same fields and values in the
 * same order hash alike; a changed value changes it.
 */
export function contentHash(row: IDataObject): string {
	const text = JSON.stringify(row);
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ c, 2654435761);
		h2 = Math.imul(h2 ^ c, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export function changeRecord(
	table: Table,
	key: IDataObject,
	op: ChangeRecord['op'],
	row: IDataObject,
): ChangeRecord {
	return { table, key, op, row };
}
