/**
 * Center Changes' History From field (the backfill, history.ts) and its reading, checked before any
 * request: empty is no backfill; a date is the oldest day of the picked tables' history to emit.
 */
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import { expressionInFixedField, fail, quoted } from '../../../shared/input';
import { toCenterDate } from '../../../shared/walk/dateWindows';
import type { Table } from './changesState';

/** The tables whose history can be backfilled (history.ts HISTORY_TABLES reads them). */
export const HISTORY_TABLE_NAMES: readonly Table[] = ['daily_sales', 'monthly', 'tickets'];

export const historyFromField: INodeProperties = {
	displayName: 'History From',
	name: 'historyFrom',
	type: 'dateTime',
	default: '',
	description:
		"Empty: no backfill. A date: from the first poll on, the picked tables' rows from this date on (daily sales per shop and day, monthly rows per shop and month, tickets by creation date) are emitted once as upserts, newest first, with the requests the Day Budget Share leaves after each poll's own reads (those go first: their lag stays). The progress is in n8n's log line of each poll.",
	hint: "A 300-shop PRO center's year: about 625 requests, about an hour at a poll a minute and the default share (docs/replica.md, History)",
	displayOptions: { show: { event: ['centerChanges'] } },
};

/** History From as YYYY-MM-DD, or undefined (empty: no backfill). */
export function readHistoryFrom(ctx: IPollFunctions): string | undefined {
	const value = ctx.getNodeParameter('historyFrom', '') as unknown;
	if (value === '' || value === undefined || value === null) return undefined;
	const typed = expressionInFixedField(value);
	if (typed) fail(ctx, undefined, 'History From', typed);
	// a picked date has no offset: the same day in every center's zone
	const day = toCenterDate(value, 'UTC');
	if (!day)
		fail(ctx, undefined, 'History From', `${quoted(value)} is not a valid date (YYYY-MM-DD)`);
	return day;
}
