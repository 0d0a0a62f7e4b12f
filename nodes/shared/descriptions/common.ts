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
			displayOptions: {
				...displayOptions,
				show: { ...(displayOptions?.show ?? {}), returnAll: [false] },
			},
		},
	];
}

/** A day (YYYY-MM-DD) as text: a date-time picker would suggest a time that is not used. */
export function dateField(
	name: string,
	displayName: string,
	description: string,
	displayOptions: Display,
	required = true,
	hint?: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		default: '',
		placeholder: 'YYYY-MM-DD',
		required,
		description,
		...(hint ? { hint } : {}),
		displayOptions,
	};
}
