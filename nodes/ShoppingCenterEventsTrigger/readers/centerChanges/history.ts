/**
 * Center Changes' backfill (History From): after a poll's own units, with what the center's budget
 * still allows (the same Budget asked the same way: mayRead before a page, sent after it), the picked
 * tables' history is read a page at a time, newest first across the center (the position whose next
 * day is the newest goes first), each row emitted once as an upsert (historyTables.ts). Priority-first:
 * it runs only when every unit due this poll was read, so it never takes today's requests. Resumable:
 * the positions ([the day it started at, the newest day still to read] per table and shop) are part of
 * the center's state, saved with the poll all-or-nothing (state.ts): a page not emitted is read again,
 * a page emitted is never passed without its position. Bounded: positions, not rows, are kept; a poll
 * takes no more pages once MAX_HISTORY_ROWS history rows are in it, its centers together (at most one
 * page more).
 */
import type { IDataObject } from 'n8n-workflow';
import { asNodeError, isDeadlineError } from '../../../shared/transport';
import type { PlanRules } from '../../../shared/plan';
import type { Budget } from '../../budget';
import type { UnitSchedule } from '../../schedule';
import type { CenterDraft, CenterState, PollRun, ReadResult, Target, Unit } from '../../types';
import { boundedState, type ChangeRecord, type ChangesState, type Table } from './changesState';
import type { ChangesSettings } from './fields';
import { HISTORY_TABLE_NAMES } from './historyField';
import { HISTORY_TABLES, type HistoryContext, type HistoryReader } from './historyTables';

/** A poll takes no history page more once this many history rows are in it (all its centers). */
export const MAX_HISTORY_ROWS = 5000;

/** The history rows each running poll took so far (its centers one after the other). */
const taken = new WeakMap<object, number>();

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WAITING = '; history: waiting for the first reads of its tables';

/** The backfill's state: per position [the day it started at, the newest day still to read]. */
export interface HistoryState {
	pos: Record<string, [string, string]>;
	/** requests the backfill sent, and when it began (epoch ms): its pace */
	req: number;
	at: number;
}

export function readHistory(v: unknown, now: number): HistoryState {
	const h = (v && typeof v === 'object' ? v : {}) as IDataObject;
	const pos: HistoryState['pos'] = {};
	const raw = (h.pos && typeof h.pos === 'object' ? h.pos : {}) as IDataObject;
	for (const [id, p] of Object.entries(raw))
		if (Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'string' && DAY.test(x)))
			pos[id] = [p[0] as string, p[1] as string];
	const num = (x: unknown, d: number) => (typeof x === 'number' && Number.isFinite(x) ? x : d);
	return { pos, req: num(h.req, 0), at: num(h.at, now) };
}

/** What a poll's backfill of one center did. */
export interface HistoryRun {
	records: ChangeRecord[];
	pages: number;
	/** the poll's time ended before a page */
	cut: boolean;
}

const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);

function duration(ms: number): string {
	if (ms >= 2 * DAY_MS) return `~${Math.round(ms / DAY_MS)} days`;
	if (ms >= 2 * 3_600_000) return `~${Math.round(ms / 3_600_000)} hours`;
	const minutes = Math.max(Math.round(ms / 60_000), 1);
	return `~${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** "; history: 312 of 730 days, ~2 days left at this share": the positions' days done, as days of the span. */
function progress(
	c: HistoryContext,
	h: HistoryState,
	floors: Record<string, string>,
	from: string,
) {
	const entries = Object.entries(h.pos);
	const total = Math.max(days(from, c.today), 0);
	let all = 0;
	let read = 0;
	for (const [id, [start, next]] of entries) {
		const span = Math.max(days(floors[id], start) + 1, 0);
		all += span;
		read += Math.min(Math.max(days(next, start), 0), span);
	}
	if (read >= all) return `; history: ${total} of ${total} days, done`;
	const done = Math.floor((total * read) / all);
	const elapsed = c.run.startedAt.getTime() - h.at;
	const left =
		read > 0 && elapsed > 0
			? `, ${duration((elapsed * (all - read)) / read)} left at this share`
			: '';
	return `; history: ${done} of ${total} days${left}`;
}

/**
 * One poll's backfill of a center (its state's `hist` and the log line's note set; none without
 * History From): positions started for the tables whose units have read, dropped
 * for shops gone; then pages, newest first, while every due unit was read, the budget allows, the poll
 * has time and the rows are under MAX_HISTORY_ROWS.
 */
export async function backfill(
	context: Omit<HistoryContext, 'ticketDays'>,
	settings: ChangesSettings,
	tables: ReadonlySet<Table>,
	budget: Budget,
	todayDone: boolean,
	hasTime: () => boolean,
): Promise<HistoryRun> {
	const c: HistoryContext = { ...context, ticketDays: settings.ticketDays };
	const from = settings.historyFrom;
	const out: HistoryRun = { records: [], pages: 0, cut: false };
	if (!from || !tables.size) {
		delete c.state.hist;
		return out;
	}
	const now = c.run.startedAt.getTime();
	const h = readHistory(c.state.hist, now);
	const readers = HISTORY_TABLES.filter((r) => tables.has(r.table));
	const floors: Record<string, string> = {};
	const owner: Record<string, HistoryReader> = {};
	let waiting = false;
	for (const r of readers) {
		const starts = r.starts(c);
		waiting ||= !starts.length;
		for (const [id, start] of starts) {
			owner[id] = r;
			h.pos[id] ??= [start, start];
			floors[id] = r.floor(from);
		}
	}
	for (const id of Object.keys(h.pos)) if (!owner[id]) delete h.pos[id];
	const page: Unit = { id: 'history', sched: { read: now, news: now, cost: 1 } };
	if (todayDone) budget.spare();
	const rowsBefore = taken.get(c.run) ?? 0;
	while (todayDone && rowsBefore + out.records.length < MAX_HISTORY_ROWS) {
		let id: string | undefined;
		for (const [pid, p] of Object.entries(h.pos))
			if (p[1] >= floors[pid] && (id === undefined || p[1] > h.pos[id][1])) id = pid;
		if (id === undefined || !budget.mayRead(page)) break;
		if (!hasTime()) {
			out.cut = true;
			break;
		}
		if (h.req === 0) h.at = now; // the pace counts from the first page
		const before = c.run.counter.sent;
		try {
			const got = await owner[id].page(c, id, h.pos[id][1], floors[id]);
			out.records.push(...got.records);
			h.pos[id] = [h.pos[id][0], got.next];
		} catch (error) {
			budget.sent(c.run.counter.sent);
			if (!isDeadlineError(error)) throw asNodeError(c.run.ctx.getNode(), error);
			out.cut = true;
			break;
		} finally {
			h.req += c.run.counter.sent - before;
		}
		budget.sent(c.run.counter.sent);
		out.pages++;
	}
	taken.set(c.run, rowsBefore + out.records.length);
	c.state.hist = h as unknown as IDataObject;
	const note = waiting ? WAITING : progress(c, h, floors, from);
	(c.run.notes ??= {})[c.target.id] = note;
	return out;
}

/** What the backfill reads of Center Changes' draft of a center (reader.ts ChangesDraft). */
export interface ChangesDraftParts extends CenterDraft {
	readonly state: ChangesState;
	readonly today: string;
	lastDay(): Promise<string>;
	rules(): Promise<PlanRules>;
}

/**
 * A center's draft with History From: its units' first reads emit (the rows are new to the warehouse,
 * as with On First Poll: Emit Everything), and once every unit due was read the backfill follows
 * (spare). A poll that read only history keeps the center's day and moment, the units' clock (their
 * tolerance), as without a backfill. Without History From, the draft as it is.
 */
export function withBackfill(
	run: PollRun,
	target: Target,
	settings: ChangesSettings,
	make: (run: PollRun) => ChangesDraftParts,
): CenterDraft {
	const tables = new Set(HISTORY_TABLE_NAMES.filter((t) => settings.tables.includes(t)));
	if (!settings.historyFrom || !tables.size) {
		const draft = make(run);
		delete draft.state.hist;
		return draft;
	}
	run.notes ??= {};
	const draft = make({ ...run, cfg: { ...run.cfg, firstPoll: 'emitAll' } });
	let listed: Unit[] = [];
	let reads = 0;
	let pages = 0;
	const records: ChangeRecord[] = [];
	return {
		async units() {
			listed = await draft.units();
			return listed;
		},
		async read(unit: Unit): Promise<ReadResult> {
			const result = await draft.read(unit);
			reads++;
			return result;
		},
		schedule: (unit: Unit, next: UnitSchedule) => draft.schedule(unit, next),
		async spare(budget: Budget, cut: boolean, hasTime: () => boolean) {
			const todayDone = !cut && budget.order(listed).length === reads;
			const [last, rules] = [await draft.lastDay(), await draft.rules()];
			const c = { run, target, state: draft.state, today: draft.today, last, rules };
			const h = await backfill(c, settings, tables, budget, todayDone, hasTime);
			records.push(...h.records);
			pages += h.pages;
			return h.cut;
		},
		finish(): CenterState | undefined {
			const state = draft.finish();
			if (reads > 0 || pages === 0 || !state) return state;
			return Object.assign({}, state, { changes: boundedState(draft.state) });
		},
		found: () => [...draft.found(), ...records],
	};
}
