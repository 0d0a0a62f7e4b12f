/**
 * The trigger's events as one table: which list each polls, how far back it looks by default and
 * at most, what identifies a record, which date filter the window uses, and what counts as news
 * (a record not seen before, or a seen ticket whose status or decision changed).
 */
import type { IDataObject } from 'n8n-workflow';
import type { RouteKey } from '../shared/transport';

export type TriggerEvent = 'newAnomaly' | 'newTicket' | 'ticketChanged' | 'newPass' | 'newReceipt';

export interface EventDefinition {
	route: Extract<RouteKey, 'listAnomalies' | 'listTickets' | 'listPasses' | 'exportReceipts'>;
	/** in words, for error messages */
	operation: string;
	/** Lookback (Days) when the field is empty, and its maximum */
	lookbackDays: number;
	maxLookbackDays: number;
	/** the record's identity */
	key: string;
	/** the query of a window [start, end] */
	query: (start: string, end: string) => IDataObject;
	/** 'new': records not seen before; 'changed': seen tickets whose status or resolution changed */
	news: 'new' | 'changed';
	/** the API takes a period of at most this many days (anomalies) */
	maxSpanDays?: number;
	/** the plan feature the event needs */
	feature?: 'anomalies' | 'receipts';
}

const created = (start: string, end: string) => ({
	start_created_date: start,
	end_created_date: end,
});

export const EVENTS: Record<TriggerEvent, EventDefinition> = {
	newAnomaly: {
		route: 'listAnomalies',
		operation: 'list anomalies',
		lookbackDays: 3,
		maxLookbackDays: 365,
		key: 'id',
		query: (start, end) => ({ start_date: start, end_date: end }),
		news: 'new',
		maxSpanDays: 366,
		feature: 'anomalies',
	},
	newTicket: {
		route: 'listTickets',
		operation: 'list tickets',
		lookbackDays: 1,
		maxLookbackDays: 365,
		key: 'ticket_uid',
		query: created,
		news: 'new',
	},
	ticketChanged: {
		route: 'listTickets',
		operation: 'list tickets',
		lookbackDays: 30,
		maxLookbackDays: 3660,
		key: 'ticket_uid',
		query: created,
		news: 'changed',
	},
	newPass: {
		route: 'listPasses',
		operation: 'list passes',
		lookbackDays: 1,
		maxLookbackDays: 365,
		key: 'id',
		query: created,
		news: 'new',
	},
	// read per shop by reception date, with its own cursor (newReceipt/)
	newReceipt: {
		route: 'exportReceipts',
		operation: 'export receipts',
		lookbackDays: 1,
		maxLookbackDays: 365,
		key: 'id',
		query: (start, end) => ({ start_received_date: start, end_received_date: end }),
		news: 'new',
		feature: 'receipts',
	},
};

export const EVENT_NAMES = Object.keys(EVENTS) as TriggerEvent[];

/** A record's identity for an event (the whole record when the key field is missing). */
export function keyOf(event: TriggerEvent, row: IDataObject): string {
	const v = row[EVENTS[event].key];
	return v === undefined || v === null ? JSON.stringify(row) : String(v);
}
