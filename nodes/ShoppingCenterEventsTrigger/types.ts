/**
 * The trigger's shared types: the events, a center a poll reads, what the poll sequence hands an event's
 * reader (PollRun), and what a reader gives back: the units of a center it reads (the center itself, or
 * New Receipt's shops), one read of a unit, and the center's next state.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import type { RequestCounter } from '../shared/transport';
import type { WalkStats } from '../shared/walk/pageStream';
import type { TriggerConfig } from './config';
import type { CenterState } from './state';
import type { UnitSchedule } from './schedule';

export type TriggerEvent = 'newAnomaly' | 'newTicket' | 'ticketChanged' | 'newPass' | 'newReceipt';

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

/** One center of one poll, as the event's reader handles it. */
export interface CenterDraft {
	/** the units of the center with their schedules (may cost requests: New Receipt's shop list) */
	units(): Promise<Unit[]>;
	/** reads one unit and compares it with what is saved; true when it found anything new */
	read(unit: Unit): Promise<boolean>;
	/** records the unit's next schedule */
	schedule(unit: Unit, next: UnitSchedule): void;
	/** the center's next state when anything was read; undefined: the saved one stays */
	finish(): CenterState | undefined;
	/** what this center emits */
	found(): IDataObject[];
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
}

/** An event's reader for one poll, made after its own fields were read and checked (before any request). */
export type ReaderFactory = (ctx: IPollFunctions) => EventReader;
