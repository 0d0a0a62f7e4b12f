/**
 * Center Changes, the tickets table: the tickets created in the last Tickets Watched (Days) read as
 * one unit (as Ticket Changed reads them: every page, the window by creation date), each compared with
 * the hash of its row as last read (lists.ts, shared with passes and anomalies): a ticket new to the
 * window, or whose row changed (a status, a decision), is an upsert.
 */
import type { IDataObject } from 'n8n-workflow';
import type { PollRun, Target } from '../../types';
import { diffList, readList, TICKETS, type ListDiff } from './lists';

/** The tickets created from `today` − `days` through `today` (center zone), newest first. */
export async function readTickets(
	run: PollRun,
	target: Target,
	today: string,
	days: number,
): Promise<IDataObject[]> {
	return await readList(TICKETS, run, target, today, days);
}

export type TicketsDiff = ListDiff;

/** The tickets read against the hashes kept; `emit` false: a baseline. Oldest ticket first. */
export function diffTickets(
	scId: string,
	rows: IDataObject[],
	kept: Array<[string, string]> | undefined,
	emit: boolean,
): TicketsDiff {
	return diffList(TICKETS, scId, rows, kept, emit);
}
