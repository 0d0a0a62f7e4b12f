/**
 * The trigger's shared types: the events, its configuration, the saved state of a center, a center a
 * poll reads, what the poll sequence hands an event's reader (PollRun), and what a reader gives back:
 * the units of a center it reads (the center itself, or New Receipt's shops), one read of a unit, and
 * the center's next state. It imports nothing of the trigger but the types of budget.ts and
 * schedule.ts, so no import circle runs through it.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import type { RequestCounter } from '../shared/transport';
import type { WalkStats } from '../shared/walk/pageStream';
import type { Budget, BudgetState } from './budget';
import type { UnitSchedule } from './schedule';

export type TriggerEvent =
	| 'newAnomaly'
	| 'newTicket'
	| 'ticketChanged'
	| 'newPass'
	| 'newReceipt'
	| 'centerChanges';

export interface TriggerConfig {
	event: TriggerEvent;
	scope: 'all' | 'selected';
	centerIds: string[];
	lookbackDays: number;
	firstPoll: 'remember' | 'emitAll';
	/** percent of the plan's day limit the trigger may spend per center */
	dayBudgetShare: number;
	/** the longest a quiet unit waits between reads (ms) */
	quietMaxWaitMs: number;
}

export interface CenterState {
	/** the center's date (its time zone) at the last successful poll, YYYY-MM-DD */
	day: string;
	/** when the last successful poll started, ISO 8601 (UTC) */
	at: string;
	/**
	 * the first date (center zone) the last successful poll read: a later window that starts earlier
	 * (the lookback was raised) reads dates no poll read before, whose records existed before
	 */
	start?: string;
	/** emitted keys, oldest first (new records) */
	keys?: string[];
	/** [ticket_uid, "status|resolution_created_at"] as last seen, oldest first (Ticket Changed) */
	seen?: Array<[string, string]>;
	/** New Receipt: the cursors of the center's shops (readers/newReceipt/cursor.ts checks it when read) */
	receipts?: IDataObject;
	/** Center Changes: what each table was last seen as (readers/centerChanges/changesState.ts checks it) */
	changes?: IDataObject;
	/** when the center (as one unit) is read next: the list events */
	sched?: UnitSchedule;
	/** the trigger's requests of the center's day */
	budget?: BudgetState;
}

export interface TriggerState {
	version: number;
	event: TriggerEvent;
	centers: Record<string, CenterState>;
}

export interface Target {
	id: string;
	zone: string;
	/** from "All My Centers": a center that cannot answer is skipped, not an error */
	optional: boolean;
}

/** One poll as the sequence runs it, for the readers. */
export interface PollRun {
	ctx: IPollFunctions;
	cfg: TriggerConfig;
	startedAt: Date;
	/** no request of this poll goes past it (the transport's waits included) */
	deadlineMs: number;
	/** counts every request the poll sends (the day budget); the sequence reads it per center */
	counter: RequestCounter;
	/** "Selected Centers" with one center: a shop filter may go to the API */
	singleCenter: boolean;
	/** pages and windows read (New Receipt's file summary) */
	stats: WalkStats;
	/**
	 * per center: the last day this poll reads, when the API refused a read through the host's today
	 * right after midnight (its clock behind n8n's; pollTime.ts apiDayBehind); else the host's today
	 */
	readDays: Record<string, string>;
	/** per center: what a reader adds to the center's part of the poll's log line (Center Changes' backfill) */
	notes?: Record<string, string>;
}

/** A unit of a center that is read as one (the center for the list events; a shop for New Receipt). */
export interface Unit {
	id: string;
	sched?: UnitSchedule;
}

/** The new records of a center, oldest first, each as the items carry it (without event and sc_id). */
export interface Found {
	scId: string;
	rows: IDataObject[];
}

/** What one read of a unit tells the schedule (schedule.ts afterRead). */
export interface ReadResult {
	/** it found something new */
	news: boolean;
	/**
	 * the moment (epoch ms) of the unit's latest record it saw, when the reader knows it: at a unit's
	 * first read it tells how active the unit was before (a shop that sold ten minutes ago is active)
	 */
	lastMs?: number;
}

/** One center of one poll, as the event's reader handles it. */
export interface CenterDraft {
	/** the units of the center with their schedules (may cost requests: New Receipt's shop list) */
	units(): Promise<Unit[]>;
	/** reads one unit and compares it with what is saved: whether it found anything new */
	read(unit: Unit): Promise<ReadResult>;
	/** records the unit's next schedule */
	schedule(unit: Unit, next: UnitSchedule): void;
	/** the center's next state when anything was read; undefined: the saved one stays */
	finish(): CenterState | undefined;
	/** what this center emits */
	found(): IDataObject[];
	/**
	 * after the units (`cut`: the poll's time ended among them): reads more with what the budget still
	 * allows (Center Changes' backfill); whether the poll's time ended
	 */
	spare?(budget: Budget, cut: boolean, hasTime: () => boolean): Promise<boolean>;
}

/** What differs per event, besides its row in EVENTS: its reader. */
export interface EventReader {
	/** one center of a scheduled poll */
	begin(run: PollRun, target: Target, previous: CenterState | undefined): CenterDraft;
	/** manual mode ("Fetch Test Event"): the latest record of the center, as an item's row */
	latest(
		run: PollRun,
		target: Target,
		previous: CenterState | undefined,
	): Promise<IDataObject | undefined>;
	/** the poll's output when it is not one item per record (New Receipt's file) */
	output?(run: PollRun, found: Found[]): Promise<INodeExecutionData[][] | null>;
	/**
	 * A center this poll did not read and that has no state yet (its time ran out first): what to keep
	 * of it now, so that its first read, at a later poll, counts from this one. n8n 1.x saves the
	 * activation's poll but not the empty polls after it: without this, the first read of a center the
	 * activation did not reach was lost at a restart and done again then, and what arrived in between
	 * was taken as existing (New Receipt: its origin).
	 */
	unreached?(run: PollRun, target: Target): CenterState | undefined;
}

/** An event's reader for one poll, made after its own fields were read and checked (before any request). */
export type ReaderFactory = (ctx: IPollFunctions) => EventReader;
