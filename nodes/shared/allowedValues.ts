/**
 * The spec's value sets, one place for each: the options a node shows and the list its reader checks
 * come from the same entry, so a node, its reader and the trigger never differ.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

/** A value set: the values a reader accepts and the options an editor shows (sorted by name). */
export interface ValueSet<T extends string> {
	values: readonly T[];
	options: INodePropertyOptions[];
}

function valueSet<T extends string>(
	entries: ReadonlyArray<{ value: T; name: string; description?: string }>,
): ValueSet<T> {
	return {
		values: entries.map((e) => e.value),
		options: [...entries].sort((a, b) => a.name.localeCompare(b.name)).map((e) => ({ ...e })),
	};
}

export const ANOMALY_LEVELS = valueSet([
	{ value: 'high', name: 'High' },
	{ value: 'medium', name: 'Medium' },
	{ value: 'low', name: 'Low' },
] as const);

export const ANOMALY_STATUSES = valueSet([
	{ value: 'new', name: 'New', description: 'Nobody has handled it yet' },
	{ value: 'completed', name: 'Completed' },
	{ value: 'archived', name: 'Archived' },
] as const);

export const TICKET_STATUSES = valueSet([
	{ value: 'new_request', name: 'New Request' },
	{ value: 'in_progress', name: 'In Progress' },
	{ value: 'agreed', name: 'Agreed' },
	{ value: 'agreed_with_conditions', name: 'Agreed With Conditions' },
	{ value: 'revoked', name: 'Revoked' },
	{ value: 'rejected', name: 'Rejected' },
] as const);

/** Pass statuses the spec documents (others are passed through as the portal names them). */
export const PASS_STATUSES = valueSet([{ value: 'approved', name: 'Approved' }] as const);

export const CALENDAR_EVENT_TYPES = valueSet([
	{ value: 'calendar', name: 'Calendar', description: 'Holidays and other calendar days' },
	{
		value: 'marketing',
		name: 'Marketing',
		description: 'Promotions, sales, advertising campaigns',
	},
	{ value: 'other', name: 'Other' },
] as const);

export const GRANULARITIES = valueSet([
	{ value: 'day', name: 'Day', description: 'One row per day, labelled YYYY-MM-DD' },
	{ value: 'week', name: 'Week', description: 'One row per week, labelled with its first day' },
	{ value: 'month', name: 'Month', description: 'One row per month, labelled with its first day' },
	{
		value: 'hour',
		name: 'Hour',
		description:
			"One row per hour, labelled with the hour's start and the center's UTC offset (PRO only)",
	},
] as const);
export type Granularity = (typeof GRANULARITIES.values)[number];

export const ATTENDANCE_SCOPES = valueSet([
	{ value: 'sc', name: 'Center', description: 'Visitors of the whole center' },
	{ value: 'zone', name: 'Counting Zone', description: 'Visitors of one counting zone (PRO only)' },
	{
		value: 'shop',
		name: 'Shop',
		description:
			'Visitors of the zone a shop lies in (PRO only); empty when the shop is in no zone',
	},
] as const);

export const INTAKE_SCOPES = valueSet([
	{ value: 'sc', name: 'Center', description: 'The count is for the whole center' },
	{ value: 'zone', name: 'Zone', description: 'The count is for one counting zone of the center' },
] as const);
