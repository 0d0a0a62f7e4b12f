/**
 * Ticket Changed's diff (a ticket whose status or resolution_created_at differs from the last poll's)
 * and manual mode's "latest record of a center", for the poll (poll.ts).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { keyOf, type TriggerEvent } from './events';
import { capEntries, type CenterState } from './state';
import { ms, splitFingerprint, ticketFingerprint } from './targets';

/**
 * Ticket Changed: an unknown ticket created less than this before the previous poll started is taken
 * as born since that poll (clocks of n8n and of the API a little apart).
 */
const BORN_MARGIN_MS = 60 * 60_000;

/** One output item of the center: the record with the event, sc_id and the extra fields. */
export type ItemOf = (row: IDataObject, extra?: IDataObject) => INodeExecutionData;

/** Changed tickets: status or resolution_created_at other than last seen, oldest ticket first. */
export function diffChanged(
	item: ItemOf,
	firstPoll: 'remember' | 'emitAll',
	rows: IDataObject[],
	previous: CenterState | undefined,
	today: string,
	startedAt: Date,
): { items: INodeExecutionData[]; state: CenterState } {
	const seen = new Map(previous?.seen ?? []);
	const bornAfter = previous ? Date.parse(previous.at) - BORN_MARGIN_MS : Infinity;
	const items: INodeExecutionData[] = [];
	const next: Array<[string, string]> = [];
	for (const row of [...rows].reverse()) {
		const uid = keyOf('ticketChanged', row);
		const fp = ticketFingerprint(row);
		const last = seen.get(uid);
		if (!previous) {
			if (firstPoll === 'emitAll')
				items.push(item(row, { previous_status: null, previous_resolution_created_at: null }));
		} else if (last === undefined) {
			// not seen before: reported only when it was created since the last poll and has moved on already
			if (ms(row.created_at) >= bornAfter && row.status !== 'new_request') {
				items.push(item(row, { previous_status: null, previous_resolution_created_at: null }));
			}
		} else if (last !== fp) {
			const p = splitFingerprint(last);
			items.push(
				item(row, { previous_status: p.status, previous_resolution_created_at: p.resolution }),
			);
		}
		next.push([uid, fp]);
	}
	return {
		items,
		state: { day: today, at: startedAt.toISOString(), seen: capEntries(next) },
	};
}

/** Manual mode: the latest record of the center (for Ticket Changed the latest decided or created). */
export function latestRecord(
	item: ItemOf,
	event: TriggerEvent,
	rows: IDataObject[],
	previous: CenterState | undefined,
): INodeExecutionData[] {
	if (rows.length === 0) return [];
	if (event !== 'ticketChanged') return [item(rows[0])];
	const when = (r: IDataObject) =>
		Math.max(ms(r.resolution_created_at) || 0, ms(r.created_at) || 0);
	const row = rows.reduce((a, b) => (when(b) > when(a) ? b : a));
	const last = new Map(previous?.seen ?? []).get(keyOf('ticketChanged', row));
	const p = last === undefined ? { status: null, resolution: null } : splitFingerprint(last);
	return [item(row, { previous_status: p.status, previous_resolution_created_at: p.resolution })];
}
