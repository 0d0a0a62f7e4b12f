/**
 * The reader of the list events (New Anomaly, New Ticket, Ticket Changed, New Pass): a center is one
 * unit, read as one date window with every page at the largest page size, and compared with the
 * center's saved keys. Each event's module gives what differs: its route, key, query and window field,
 * and for Ticket Changed its own comparison.
 *
 * The window: dates (center zone) from (the day of the center's last read − Lookback) through today.
 * A raised lookback reads dates no read before covered: their records that existed at the last read
 * are remembered, not emitted.
 */
import type { IDataObject } from 'n8n-workflow';
import { collectPages, type EncodableRecord } from '../../shared/transport';
import { addDays, toCenterDate } from '../../shared/walk/dateWindows';
import { readDay } from '../pollTime';
import { nextKeys, type CenterState } from '../state';

type PagedRoute = Parameters<typeof collectPages>[1];
import type { CenterDraft, EventReader, PollRun, ReadResult, Target, Unit } from '../types';
import type { UnitSchedule } from '../schedule';

/** Manual mode looks at least this far back for a test record. */
const MANUAL_MIN_LOOKBACK_DAYS = 30;

export interface Window {
	start: string;
	end: string;
	today: string;
}

/** What a list event's module says of its list. */
export interface RecordListSpec {
	route: PagedRoute;
	/** in words, for error messages */
	operation: string;
	/** the record's identity */
	key: string;
	/** the query of a window, and the records kept of its answer (local filters) */
	query(run: PollRun, start: string, end: string): EncodableRecord;
	keep?(run: PollRun, rows: IDataObject[]): IDataObject[];
	/** the field whose date (center zone) the window filters on */
	windowField: string;
	/** the API takes a period of at most this many days */
	maxSpanDays?: number;
	/** Ticket Changed: the window is always the last Lookback days */
	fixedWindow?: boolean;
	/** the comparison with the saved state (default: records whose key was not emitted before) */
	diff?(run: PollRun, rows: IDataObject[], previous: CenterState | undefined, w: Window): Diff;
	/** manual mode's record (default: the first of the list, the newest) */
	latest?(rows: IDataObject[], previous: CenterState | undefined): IDataObject | undefined;
}

export interface Diff {
	/** what the center emits, oldest first, as the items carry it */
	emit: IDataObject[];
	/** whether anything was new (for the schedule: also what is only remembered) */
	news: boolean;
	state: CenterState;
}

/** The window as a creation-date pair (tickets, passes). */
export function createdQuery(_run: PollRun, start: string, end: string): EncodableRecord {
	return { start_created_date: start, end_created_date: end };
}

export function ms(value: unknown): number {
	return typeof value === 'string' ? Date.parse(value) : NaN;
}

/** A record's identity (the whole record when the key field is missing). */
export function keyOf(key: string, row: IDataObject): string {
	const v = row[key];
	return v === undefined || v === null ? JSON.stringify(row) : String(v);
}

function windowOf(
	spec: RecordListSpec,
	run: PollRun,
	target: Target,
	previous: CenterState | undefined,
	manual: boolean,
): Window {
	const today = readDay(run, target);
	const lookback = run.cfg.lookbackDays;
	if (spec.fixedWindow) return { start: addDays(today, -lookback), end: today, today };
	if (manual)
		return {
			start: addDays(today, -Math.max(lookback, MANUAL_MIN_LOOKBACK_DAYS)),
			end: today,
			today,
		};
	const base = previous && previous.day < today ? previous.day : today;
	let start = addDays(base, -lookback);
	if (spec.maxSpanDays) {
		const earliest = addDays(today, -(spec.maxSpanDays - 1));
		if (start < earliest) start = earliest;
	}
	return { start, end: today, today };
}

async function readWindow(
	spec: RecordListSpec,
	run: PollRun,
	target: Target,
	w: Window,
): Promise<IDataObject[]> {
	const rows = await collectPages(run.ctx, spec.route, {
		params: { sc_id: target.id },
		query: spec.query(run, w.start, w.end),
		operation: spec.operation,
		deadlineMs: run.deadlineMs,
		counter: run.counter,
	});
	return spec.keep ? spec.keep(run, rows) : rows;
}

/**
 * New records: what the saved keys do not hold, oldest first. Where the window starts before the last
 * read's (a raised lookback), a record dated before that start is emitted only when it was created
 * since the last read; the others existed already and are only remembered.
 */
function diffNew(
	spec: RecordListSpec,
	run: PollRun,
	target: Target,
	rows: IDataObject[],
	previous: CenterState | undefined,
	w: Window,
): Diff {
	const key = (r: IDataObject) => keyOf(spec.key, r);
	const known = new Set(previous?.keys ?? []);
	const inWindow = new Set(rows.map(key));
	const fresh = rows.filter((r) => !known.has(key(r))).reverse();
	let emit = previous || run.cfg.firstPoll === 'emitAll' ? fresh : [];
	const readBefore = previous?.start;
	if (previous && readBefore !== undefined && w.start < readBefore) {
		const since = Date.parse(previous.at);
		emit = fresh.filter((r) => {
			const date = toCenterDate(r[spec.windowField], target.zone);
			return date === undefined || date >= readBefore || ms(r.created_at) >= since;
		});
	}
	return {
		emit,
		news: fresh.length > 0,
		state: {
			day: w.today,
			at: run.startedAt.toISOString(),
			start: w.start,
			keys: nextKeys(previous?.keys ?? [], inWindow, fresh.map(key)),
		},
	};
}

/** The reader of a list event. */
export function recordListReader(spec: RecordListSpec): EventReader {
	return {
		begin(run: PollRun, target: Target, previous: CenterState | undefined): CenterDraft {
			let next: CenterState | undefined;
			let emit: IDataObject[] = [];
			let sched = previous?.sched;
			return {
				units: async (): Promise<Unit[]> => [{ id: target.id, sched: previous?.sched }],
				read: async (): Promise<ReadResult> => {
					const w = windowOf(spec, run, target, previous, false);
					const rows = await readWindow(spec, run, target, w);
					const diff = spec.diff
						? spec.diff(run, rows, previous, w)
						: diffNew(spec, run, target, rows, previous, w);
					next = diff.state;
					emit = diff.emit;
					return { news: diff.news };
				},
				schedule: (_unit: Unit, s: UnitSchedule) => {
					sched = s;
				},
				finish: () => {
					const state = next ?? previous;
					if (state && sched) state.sched = sched;
					return state;
				},
				found: () => emit,
			};
		},
		async latest(run, target, previous) {
			const rows = await readWindow(spec, run, target, windowOf(spec, run, target, previous, true));
			if (rows.length === 0) return undefined;
			return spec.latest ? spec.latest(rows, previous) : rows[0];
		},
	};
}
