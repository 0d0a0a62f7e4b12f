/**
 * Ticket Changed's reader: every ticket created in the last Lookback days (center zone) is read at each
 * read of the center; a ticket is emitted when its status or resolution_created_at differs from what the
 * last read saw (with previous_status and previous_resolution_created_at). Manual mode shows the
 * ticket decided or created last.
 */
import type { IDataObject } from 'n8n-workflow';
import { capEntries, type CenterState } from '../state';
import { createdQuery, keyOf, ms, recordListReader, type Diff, type Window } from './recordList';
import type { PollRun, ReaderFactory } from '../types';

/**
 * An unknown ticket created less than this before the previous read started is taken as born since
 * that read (clocks of n8n and of the API a little apart).
 */
const BORN_MARGIN_MS = 60 * 60_000;

const KEY = 'ticket_uid';

export function ticketFingerprint(row: IDataObject): string {
	return `${String(row.status ?? '')}|${row.resolution_created_at === null || row.resolution_created_at === undefined ? '' : String(row.resolution_created_at)}`;
}

function splitFingerprint(fp: string): { status: string | null; resolution: string | null } {
	const i = fp.indexOf('|');
	const status = i < 0 ? fp : fp.slice(0, i);
	const resolution = i < 0 ? '' : fp.slice(i + 1);
	return { status: status || null, resolution: resolution || null };
}

/** The row as emitted: previous_status and previous_resolution_created_at first. */
function withPrevious(row: IDataObject, last: string | undefined): IDataObject {
	const p = last === undefined ? { status: null, resolution: null } : splitFingerprint(last);
	return Object.assign(
		{ previous_status: p.status, previous_resolution_created_at: p.resolution },
		row,
	);
}

/** Changed tickets: status or resolution_created_at other than last seen, oldest ticket first. */
function diffChanged(
	run: PollRun,
	rows: IDataObject[],
	previous: CenterState | undefined,
	w: Window,
): Diff {
	const seen = new Map(previous?.seen ?? []);
	const bornAfter = previous ? Date.parse(previous.at) - BORN_MARGIN_MS : Infinity;
	const emit: IDataObject[] = [];
	const next: Array<[string, string]> = [];
	let news = !previous;
	for (let i = rows.length - 1; i >= 0; i--) {
		const row = rows[i];
		const uid = keyOf(KEY, row);
		const fp = ticketFingerprint(row);
		const last = seen.get(uid);
		if (last !== fp) news = true;
		if (!previous) {
			if (run.cfg.firstPoll === 'emitAll') emit.push(withPrevious(row, undefined));
		} else if (last === undefined) {
			// not seen before: reported only when it was created since the last read and has moved on already
			if (ms(row.created_at) >= bornAfter && row.status !== 'new_request')
				emit.push(withPrevious(row, undefined));
		} else if (last !== fp) emit.push(withPrevious(row, last));
		next.push([uid, fp]);
	}
	return {
		emit,
		news,
		state: { day: w.today, at: run.startedAt.toISOString(), seen: capEntries(next) },
	};
}

/** Manual mode: the ticket decided or created last. */
function latestChanged(rows: IDataObject[], previous: CenterState | undefined): IDataObject {
	const when = (r: IDataObject) =>
		Math.max(ms(r.resolution_created_at) || 0, ms(r.created_at) || 0);
	const row = rows.reduce((a, b) => (when(b) > when(a) ? b : a));
	return withPrevious(row, new Map(previous?.seen ?? []).get(keyOf(KEY, row)));
}

export const ticketChangedReader: ReaderFactory = () =>
	recordListReader({
		route: 'listTickets',
		operation: 'list tickets',
		key: KEY,
		query: createdQuery,
		windowField: 'created_at',
		fixedWindow: true,
		diff: diffChanged,
		latest: latestChanged,
	});
