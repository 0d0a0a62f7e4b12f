/**
 * The Simplify option of the wide records (receipts, daily sales, tickets, passes): the dozen fields a
 * person asks about instead of 30 to 60. On by default when the node runs as an AI tool (n8n's `@tool`
 * display condition: the node type's name ends in "Tool"), off otherwise. Nested objects become flat
 * fields (author.name → author_name); money stays in integer kopecks. Each operation with the option
 * exports its field set (`simpleFields`); tool/descriptions.ts gathers them.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { FieldSet } from '../actions';
import { valueAt } from '../input';

/** Fields whose output name is their name in the API's record. */
export const same = (...names: string[]): FieldSet => names.map((n) => [n, n]);

const TOOL = '@tool';

/**
 * The Simplify field of one operation: two fields of the same name, one shown when the node runs as a
 * tool (default on) and one otherwise (default off), so each place gets its own default.
 */
export function simplifyField(show: Record<string, string[]> = {}): INodeProperties[] {
	const base = {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean' as const,
		description:
			'Whether to return a simplified version of the response instead of the raw data (about a dozen fields; money stays in integer kopecks)',
	};
	return [
		{ ...base, default: false, displayOptions: { show, hide: { [TOOL]: [true] } } },
		{ ...base, default: true, displayOptions: { show: { ...show, [TOOL]: [true] } } },
	];
}

/** The record's simplified copy (fields in the set's order; absent ones left out). */
export function simplifyRecord(record: IDataObject, fields: FieldSet): IDataObject {
	const out: IDataObject = {};
	for (const [name, path] of fields) {
		const value = valueAt(record, path);
		if (value !== undefined) out[name] = value as IDataObject[keyof IDataObject];
	}
	return out;
}
