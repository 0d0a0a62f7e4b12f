/**
 * Return All / Limit (and, as an AI tool, Offset) and the period fields (a day as text; a Start / End
 * pair), the same on every list operation.
 */
import type { INodeProperties } from 'n8n-workflow';
import type { FieldSet } from '../output/columns';
import { rubleAmountsField } from './money';
import { YESTERDAY_HINT } from './notices';
import { outputFields } from '../output/fileOptions';
import { simplifyField } from '../tool/simplify';

type Display = INodeProperties['displayOptions'];

export function returnAllAndLimit(displayOptions?: Display): INodeProperties[] {
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
		{
			// shown only when the node runs as an AI tool (n8n's @tool display condition)
			displayName: 'Offset',
			name: 'offset',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			description:
				'How many records of the list to skip: 0 for the first answer. When an answer is cut, its last item (more_records) gives next_offset: the same call with that offset returns the next records, none repeated or skipped. Let the model define it.',
			displayOptions: {
				...displayOptions,
				show: { ...(displayOptions?.show ?? {}), '@tool': [true] },
			},
		},
	];
}

export interface DateFieldOptions {
	name: string;
	displayName: string;
	description: string;
	displayOptions?: Display;
	/** default true */
	required?: boolean;
	hint?: string;
}

/**
 * The end of a wide list's fields: Return All / Limit, Output (items or one file), Simplify (keeping
 * the operation's simple fields).
 */
export function listOutputFields(
	records: { money: boolean },
	simpleFields: FieldSet,
): INodeProperties[] {
	// records with money fields: the one "Add Ruble Amounts" switch, for items and files alike
	const rubles = records.money ? [rubleAmountsField()] : [];
	return [
		...returnAllAndLimit(),
		...rubles,
		...outputFields({}, records),
		...simplifyField(simpleFields),
	];
}

/** A day (YYYY-MM-DD) as text: a date-time picker would suggest a time that is not used. */
export function dateField(o: DateFieldOptions): INodeProperties {
	return {
		displayName: o.displayName,
		name: o.name,
		type: 'string',
		default: '',
		placeholder: 'YYYY-MM-DD',
		required: o.required ?? true,
		description: o.description,
		// every day field says how to write "yesterday" (the most asked relative day)
		hint: o.hint ? `${o.hint}. ${YESTERDAY_HINT}` : `YYYY-MM-DD. ${YESTERDAY_HINT}`,
		displayOptions: o.displayOptions,
	};
}

export interface PeriodOptions {
	/** the descriptions of the Start and End fields */
	start: string;
	end: string;
	/** hints under the fields (the Start hint is PERIOD_HINTS.start where the plan clips the end) */
	startHint?: string;
	endHint?: string;
	/** names the pair after what it dates: { name: 'created', label: 'Creation' } gives createdStartDate, "Creation Start Date" */
	of?: { name: string; label: string };
	displayOptions?: Display;
}

/** A period: its Start Date and End Date fields (startDate / endDate, or named after what they date). */
export function periodFields(o: PeriodOptions): INodeProperties[] {
	const field = (edge: 'Start' | 'End', description: string, hint?: string) =>
		dateField({
			name: o.of ? `${o.of.name}${edge}Date` : `${edge.toLowerCase()}Date`,
			displayName: o.of ? `${o.of.label} ${edge} Date` : `${edge} Date`,
			description,
			hint,
			displayOptions: o.displayOptions,
		});
	return [field('Start', o.start, o.startHint), field('End', o.end, o.endHint)];
}

/** "Additional Fields" / "Options": a collection of the optional fields an operation offers. */
export function collectionField(
	name: 'additionalFields' | 'options',
	options: INodeProperties[],
): INodeProperties {
	return name === 'options'
		? {
				displayName: 'Options',
				name,
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options,
			}
		: {
				displayName: 'Additional Fields',
				name,
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				options,
			};
}
