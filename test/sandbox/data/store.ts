/**
 * STUB written by the lead so both sandbox halves compile against one interface.
 * Owner of the implementation: the "sandbox data" helper. Keep these signatures (add more if needed).
 */
import type { Clock } from '../types';

export type InsertKind = 'ticket' | 'pass' | 'anomaly' | 'receipt';

export interface TruthQuery {
	sc_id: string;
	shop_id?: string;
	/** YYYY-MM-DD, inclusive, in the center's zone */
	start_date?: string;
	end_date?: string;
	[key: string]: string | undefined;
}

export interface TruthSet {
	ids: string[];
	count: number;
	/** sum of the money field that matters (receipts: total_sum; daily: income_sum), integer kopecks */
	sum?: number;
}

export class DataStore {
	constructor(public readonly opts: { seed: number; clock: Clock }) {}

	/** Inserts `count` new records "now" (newest-first lists shift); returns their ids. */
	insert(_kind: InsertKind, _centerId: string, _count: number, _now: Date, _extra?: Record<string, unknown>): string[] {
		throw new Error('not implemented');
	}

	/** Changes a ticket's status (and resolution_created_at) at `now`. */
	setTicketStatus(_centerId: string, _ticketUid: string, _status: string, _now: Date): void {
		throw new Error('not implemented');
	}

	/** The true set of records the API would return for this selection when walked completely. */
	truth(_kind: 'receipts' | 'anomalies' | 'tickets' | 'passes' | 'daily', _q: TruthQuery, _now: Date): TruthSet {
		throw new Error('not implemented');
	}
}
