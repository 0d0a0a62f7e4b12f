/**
 * The Simplify option of the wide records (receipts, daily sales, tickets, passes): the dozen fields a
 * person asks about instead of 30 to 60. On by default when the node runs as an AI tool (n8n's `@tool`
 * display condition: the node type's name ends in "Tool"), off otherwise. Nested objects become flat
 * fields (author.name → author_name); money stays in integer kopecks. It shapes the items and a One
 * File output alike (../output/writeFile.ts). Each operation with the option exports its field set
 * (`simpleFields`); the tests' table of them is gathered from these files.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import type { FieldSet } from '../actions';
import { readBoolean, valueAt } from '../input';
import { runsAsTool } from './mode';

/** Fields whose output name is their name in the API's record. */
export const same = (...names: string[]): FieldSet => names.map((n) => [n, n]);

const TOOL = '@tool';

/**
 * The Simplify field of one operation: two fields of the same name, one shown when the node runs as a
 * tool (default on) and one otherwise (default off), so each place gets its own default. Its hint names
 * the fields Simplify keeps (the operation's field set).
 */
export function simplifyField(
	fields: FieldSet,
	show: Record<string, string[]> = {},
): INodeProperties[] {
	const base = {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean' as const,
		description:
			'Whether to return a simplified version of the response instead of the raw data (about a dozen fields; money stays in integer kopecks)',
		hint: `Keeps ${fields.map(([name]) => name).join(', ')}: in the items and in Output "One File" alike (the CSV's columns, the JSON Lines' fields)`,
	};
	return [
		{ ...base, default: false, displayOptions: { show, hide: { [TOOL]: [true] } } },
		{ ...base, default: true, displayOptions: { show: { ...show, [TOOL]: [true] } } },
	];
}

/**
 * The operation's field set when Simplify is on for this item (by default as a tool), else undefined.
 * Read before any request: a bad value is refused naming the field.
 */
export function simplifiedFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	fields: FieldSet | undefined,
): FieldSet | undefined {
	if (!fields) return undefined;
	return readBoolean(ctx, 'simplify', 'Simplify', itemIndex, runsAsTool(ctx)) ? fields : undefined;
}

/**
 * The record's simplified copy (fields in the set's order; absent ones left out). A kept field's ruble
 * twin (`<field>_rub`, there with Add Ruble Amounts) stays beside it. `ids`: values for fields the
 * record does not carry itself (a file's center and shop of the path).
 */
export function simplifyRecord(
	record: IDataObject,
	fields: FieldSet,
	ids?: IDataObject,
): IDataObject {
	const out: IDataObject = {};
	for (const [name, path] of fields) {
		let value = valueAt(record, path);
		if (value === undefined && ids !== undefined) value = valueAt(ids, path);
		if (value === undefined) continue;
		out[name] = value as IDataObject[keyof IDataObject];
		const rubles = record[`${path}_rub`];
		if (rubles !== undefined) out[`${name}_rub`] = rubles;
	}
	return out;
}
