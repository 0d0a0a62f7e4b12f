/**
 * Every operation of every action node (one file a node in ./operations/), as the bad-input table
 * drives it: the parameters (each tested field read from the item through an expression), values the
 * node accepts, the tested fields with their kind, and the operation's own cases (end before start,
 * half a period pair, future days near midnight in the center's zone, ...).
 */
import type { IDataObject } from 'n8n-workflow';
import { BAD_VALUES, type BadValue } from './bad-values';
import type { BadCase, OpSpec } from './operations/common';
import { SHOPPING_CENTER_OPERATIONS } from './operations/shopping-center';
import { REVENUE_OPERATIONS } from './operations/revenue';
import { RECEIPTS_OPERATIONS } from './operations/receipts';
import { ATTENDANCE_OPERATIONS } from './operations/attendance';
import { PORTAL_OPERATIONS } from './operations/portal';
import { ANOMALIES_OPERATIONS } from './operations/anomalies';
import { INTAKE_OPERATIONS } from './operations/intake';

export * from './operations/common';

export const OPERATIONS: OpSpec[] = [
	...SHOPPING_CENTER_OPERATIONS,
	...REVENUE_OPERATIONS,
	...RECEIPTS_OPERATIONS,
	...ATTENDANCE_OPERATIONS,
	...PORTAL_OPERATIONS,
	...ANOMALIES_OPERATIONS,
	...INTAKE_OPERATIONS,
];

/** Every bad case of an operation: the generated table for its fields, then its own cases. */
export function casesOf(op: OpSpec): BadCase[] {
	const generated = op.fields.flatMap((f) =>
		BAD_VALUES[f.kind].map((b: BadValue) => ({
			title: `${f.label}: ${b.title}`,
			p: { [f.name]: b.value },
			label: f.label,
		})),
	);
	return [...generated, ...(op.extra ?? [])];
}

/** The input items of a case (one item unless the case is a list of items). */
export function itemsOf(op: OpSpec, c: BadCase): IDataObject[] {
	if (c.items) return c.items;
	return [
		{ ...(op.itemJson ?? {}), ...(c.item ?? {}), p: { ...op.good, ...(c.p ?? {}) } } as IDataObject,
	];
}
