/**
 * Center Changes, the tickets table: the tickets created in the last Tickets Watched (Days) read as
 * one unit (as Ticket Changed reads them: every page, the window by creation date), each compared with
 * the hash of its row as last read: a ticket new to the window, or whose row changed (a status, a
 * decision), is an upsert. Every status change between two reads of the unit is one upsert; a change
 * and its reversal between two reads are not seen.
 */
import type { IDataObject } from 'n8n-workflow';
import { collectPages } from '../../../shared/transport';
import { addDays } from '../../../shared/walk/dateWindows';
import type { PollRun, Target } from '../../types';
import { createdQuery, keyOf, ms } from '../recordList';
import { changeRecord, contentHash, type ChangeRecord } from './changesState';

const KEY = 'ticket_uid';

/** The tickets created from `today` − `days` through `today` (center zone), newest first. */
export async function readTickets(
	run: PollRun,
	target: Target,
	today: string,
	days: number,
): Promise<IDataObject[]> {
	return await collectPages(run.ctx, 'listTickets', {
		params: { sc_id: target.id },
		query: createdQuery(run, addDays(today, -days), today),
		operation: 'list tickets',
		deadlineMs: run.deadlineMs,
		counter: run.counter,
	});
}

export interface TicketsDiff {
	records: ChangeRecord[];
	seen: Array<[string, string]>;
	news: boolean;
	/** the moment of the latest ticket or decision read (a first read's activity) */
	lastMs?: number;
}

/** The tickets read against the hashes kept; `emit` false: a baseline. Oldest ticket first. */
export function diffTickets(
	scId: string,
	rows: IDataObject[],
	kept: Array<[string, string]> | undefined,
	emit: boolean,
): TicketsDiff {
	const last = new Map(kept ?? []);
	const records: ChangeRecord[] = [];
	const seen: Array<[string, string]> = [];
	let news = false;
	let lastMs: number | undefined;
	for (let i = rows.length - 1; i >= 0; i--) {
		const row = rows[i];
		const uid = keyOf(KEY, row);
		const hash = contentHash(row);
		seen.push([uid, hash]);
		for (const at of [ms(row.created_at), ms(row.resolution_created_at)])
			if (Number.isFinite(at)) lastMs = Math.max(lastMs ?? 0, at);
		if (last.get(uid) === hash) continue;
		news = true;
		if (emit)
			records.push(
				changeRecord('tickets', { sc_id: scId, ticket_uid: row[KEY] ?? uid }, 'upsert', row),
			);
	}
	return { records, seen, news, lastMs };
}
