/**
 * Center Changes, the list tables (tickets, passes, anomalies): the records of a watched window read as
 * one unit (every page, as the list events read them), each compared with the hash of its row as last
 * read: a record new to the window, or whose row changed (a status, a decision), is an upsert. Every
 * change between two reads of the unit is one upsert; a change and its reversal between two reads are
 * not seen. Passes are watched by creation date, anomalies by their date (the API's window: 366 days).
 */
import type { IDataObject } from 'n8n-workflow';
import { collectPages, type EncodableRecord } from '../../../shared/transport';
import { LIMITS } from '../../../shared/plan';
import { addDays } from '../../../shared/walk/dateWindows';
import type { PollRun, Target } from '../../types';
import { createdQuery, keyOf, ms } from '../recordList';
import { changeRecord, contentHash, type ChangeRecord } from './changesState';

/** A list table: its name, its route, its id field, the key it has in the records, its moments. */
export interface ListTable {
	table: 'tickets' | 'passes' | 'anomalies';
	route: 'listTickets' | 'listPasses' | 'listAnomalies';
	field: string;
	key: string;
	/** the fields whose moments tell the unit's latest activity */
	times: string[];
	/** the window's query (start..end, center dates) */
	query(run: PollRun, start: string, end: string): EncodableRecord;
	/** the API takes a window of at most this many days */
	maxDays?: number;
}

export const TICKETS: ListTable = {
	table: 'tickets',
	route: 'listTickets',
	field: 'ticket_uid',
	key: 'ticket_uid',
	times: ['created_at', 'resolution_created_at'],
	query: createdQuery,
};

export const PASSES: ListTable = {
	table: 'passes',
	route: 'listPasses',
	field: 'id',
	key: 'pass_id',
	times: ['created_at'],
	query: createdQuery,
};

export const ANOMALIES: ListTable = {
	table: 'anomalies',
	route: 'listAnomalies',
	field: 'id',
	key: 'anomaly_id',
	times: ['created_at'],
	query: (_run, start, end) => ({ start_date: start, end_date: end }),
	maxDays: LIMITS.anomaliesPeriodDays,
};

/** The records of the window `today` − `days` through `today` (center zone), newest first. */
export async function readList(
	list: ListTable,
	run: PollRun,
	target: Target,
	today: string,
	days: number,
): Promise<IDataObject[]> {
	const span = list.maxDays ? Math.min(days, list.maxDays - 1) : days;
	return await collectPages(run.ctx, list.route, {
		params: { sc_id: target.id },
		query: list.query(run, addDays(today, -span), today),
		operation: `list ${list.table}`,
		deadlineMs: run.deadlineMs,
		counter: run.counter,
	});
}

export interface ListDiff {
	records: ChangeRecord[];
	seen: Array<[string, string]>;
	news: boolean;
	/** the moment of the latest record or decision read (a first read's activity) */
	lastMs?: number;
}

/** The records read against the hashes kept; `emit` false: a baseline. Oldest record first. */
export function diffList(
	list: ListTable,
	scId: string,
	rows: IDataObject[],
	kept: Array<[string, string]> | undefined,
	emit: boolean,
): ListDiff {
	const last = new Map(kept ?? []);
	const records: ChangeRecord[] = [];
	const seen: Array<[string, string]> = [];
	let news = false;
	let lastMs: number | undefined;
	for (let i = rows.length - 1; i >= 0; i--) {
		const row = rows[i];
		const id = keyOf(list.field, row);
		const hash = contentHash(row);
		seen.push([id, hash]);
		for (const field of list.times) {
			const at = ms(row[field]);
			if (Number.isFinite(at)) lastMs = Math.max(lastMs ?? 0, at);
		}
		if (last.get(id) === hash) continue;
		news = true;
		if (emit)
			records.push(
				changeRecord(list.table, { sc_id: scId, [list.key]: row[list.field] ?? id }, 'upsert', row),
			);
	}
	return { records, seen, news, lastMs };
}
