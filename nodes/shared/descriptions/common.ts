/**
 * Return All / Limit and period fields, the same on every list operation.
 */
import type { INodeProperties } from 'n8n-workflow';

type Display = INodeProperties['displayOptions'];

export function returnAllAndLimit(displayOptions: Display): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions,
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { ...displayOptions, show: { ...(displayOptions?.show ?? {}), returnAll: [false] } },
		},
	];
}

export function dateField(name: string, displayName: string, description: string, displayOptions: Display, required = true): INodeProperties {
	return { displayName, name, type: 'dateTime', default: '', required, description, displayOptions };
}

/** A start/end pair of dates (inclusive, read in the center's time zone). */
export function periodFields(displayOptions: Display, what = 'the period'): INodeProperties[] {
	return [
		dateField('startDate', 'Start Date', `First day of ${what} (inclusive, in the center's time zone)`, displayOptions),
		dateField('endDate', 'End Date', `Last day of ${what} (inclusive, in the center's time zone)`, displayOptions),
	];
}
