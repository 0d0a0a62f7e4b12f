/**
 * Center Changes' history readers, one per table (history.ts runs them): where a table's history starts
 * (its positions, once the table's own unit has read, so that its first read and the history meet
 * without a gap) and one page of it, newest first. A row the table's unit already emitted (the same
 * content as the hash it keeps) is left out; a row emitted here updates that hash, so the unit does not
 * emit it again. Adding a table's history is one more entry of HISTORY_TABLES.
 */
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';
import type { PlanRules } from '../../../shared/plan';
import { addDays } from '../../../shared/walk/dateWindows';
import type { PollRun, Target } from '../../types';
import {
	changeRecord,
	contentHash,
	type ChangeRecord,
	type ChangesState,
	type Table,
} from './changesState';
import { shopKey } from './directory';
import { readSales } from './sales';
import { readTickets } from './tickets';

/** Days of tickets (by creation date) one history page reads (⌈tickets / 100⌉ requests). */
export const TICKET_PAGE_DAYS = 31;

/** What a history reader is given: the poll, the center, its tables' state and days. */
export interface HistoryContext {
	run: PollRun;
	target: Target;
	state: ChangesState;
	/** the center's today and the plan's freshest day (Basic: yesterday) */
	today: string;
	last: string;
	rules: PlanRules;
	ticketDays: number;
}

export interface HistoryPage {
	records: ChangeRecord[];
	/** the newest day still to read after this page */
	next: string;
}

export interface HistoryReader {
	table: Table;
	/** positions that should exist now, [id, the day a new one starts at] (its unit has read) */
	starts(c: HistoryContext): Array<[string, string]>;
	/** the oldest day a position reads down to, for History From */
	floor(from: string): string;
	/** the page that ends at `next` (not before `floor`) */
	page(c: HistoryContext, id: string, next: string, floor: string): Promise<HistoryPage>;
}

const later = (a: string, b: string) => (a > b ? a : b);
/** The month (YYYY-MM) `n` months before that of the day `date`. */
const monthsBack = (date: string, n: number) =>
	DateTime.fromISO(date, { zone: 'utc' }).minus({ months: n }).toFormat('yyyy-MM');

/** Rows keyed by `date` against the unit's kept hashes (`kept`): the new ones as upserts. */
function historyRecords(
	table: 'daily_sales' | 'monthly',
	key: IDataObject,
	rows: IDataObject[],
	kept: Record<string, string> | undefined,
): ChangeRecord[] {
	const records: ChangeRecord[] = [];
	const name = table === 'daily_sales' ? 'date' : 'month';
	for (const row of rows) {
		const date = String(row.date);
		const hash = contentHash(row);
		if (kept?.[date] === hash) continue;
		if (kept && kept[date] !== undefined) kept[date] = hash;
		records.push(changeRecord(table, Object.assign({}, key, { [name]: date }), 'upsert', row));
	}
	return records;
}

/** The shops whose unit has read (its schedule exists): their positions start at `start`. */
function shopStarts(c: HistoryContext, prefix: string, unit: 'ds' | 'ms', start: string) {
	const out: Array<[string, string]> = [];
	for (const id of Object.keys(c.state.dir?.rows ?? {}))
		if (c.state.shops[id]?.[unit]) out.push([`${prefix}${id}`, start]);
	return out;
}

/** Yesterday (the unit's first read emitted today's rows and the days before it kept). */
const yesterday = (c: HistoryContext) => {
	const day = addDays(c.today, -1);
	return day < c.last ? day : c.last;
};

const dailyHistory: HistoryReader = {
	table: 'daily_sales',
	starts: (c) => shopStarts(c, 'd:', 'ds', yesterday(c)),
	floor: (from) => from,
	async page(c, id, next, floor) {
		const shop = id.slice(2);
		const start = later(floor, addDays(next, -(c.rules.dailyWindowDays - 1)));
		const rows = await readSales('daily_sales', c.run, c.target, shop, start, next);
		const t = c.state.shops[shop] ?? {};
		const key = shopKey(c.target.id, shop);
		return { records: historyRecords('daily_sales', key, rows, t.d), next: addDays(start, -1) };
	},
};

const monthlyHistory: HistoryReader = {
	table: 'monthly',
	// the month before the current one (the unit reads the current one)
	starts: (c) => shopStarts(c, 'm:', 'ms', addDays(`${c.last.slice(0, 7)}-01`, -1)),
	floor: (from) => `${from.slice(0, 7)}-01`,
	async page(c, id, next, floor) {
		const shop = id.slice(2);
		const first = later(floor.slice(0, 7), monthsBack(next, c.rules.monthlyWindowMonths - 1));
		const rows = await readSales('monthly', c.run, c.target, shop, `${first}-01`, next);
		const t = c.state.shops[shop] ?? {};
		const key = shopKey(c.target.id, shop);
		return { records: historyRecords('monthly', key, rows, t.m), next: addDays(`${first}-01`, -1) };
	},
};

/** Tickets created before the watched window (the tickets unit read that window first). */
const ticketsHistory: HistoryReader = {
	table: 'tickets',
	starts: (c) => (c.state.tickets ? [['t', addDays(c.today, -c.ticketDays - 1)]] : []),
	floor: (from) => from,
	async page(c, _id, next, floor) {
		const start = later(floor, addDays(next, -(TICKET_PAGE_DAYS - 1)));
		const days = Math.round((Date.parse(next) - Date.parse(start)) / 86_400_000);
		const rows = await readTickets(c.run, c.target, next, days);
		const kept = new Map(c.state.tickets ?? []);
		const records: ChangeRecord[] = [];
		for (const row of [...rows].reverse()) {
			const uid = String(row.ticket_uid);
			if (kept.get(uid) === contentHash(row)) continue;
			records.push(
				changeRecord('tickets', { sc_id: c.target.id, ticket_uid: row.ticket_uid }, 'upsert', row),
			);
		}
		return { records, next: addDays(start, -1) };
	},
};

export const HISTORY_TABLES: readonly HistoryReader[] = [
	dailyHistory,
	monthlyHistory,
	ticketsHistory,
];
