/**
 * Hourly counter records checked before any request: the field names of a record, and each record
 * (an hour's start in the center's zone, not in the future, whole non-negative counts).
 */
import { DateTime } from 'luxon';
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';
import { fail, quoted, toInteger } from '../../shared/input';
import { RowProblems } from '../../shared/upload';

export interface HourRecord {
	datetime: string;
	in: number;
	out: number;
	[key: string]: string | number;
}

export interface FieldNames {
	datetime: string;
	in: string;
	out: string;
}

export function fieldNames(ctx: IExecuteFunctions, itemIndex: number): FieldNames {
	const o = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const name = (key: string, label: string, fallback: string): string => {
		const v = o[key];
		if (v === undefined || v === '') return fallback;
		if (typeof v !== 'string' || !v.trim())
			fail(ctx, itemIndex, label, `${quoted(v)} is not a field name`);
		return v.trim();
	};
	return {
		datetime: name('datetimeField', 'Datetime Field Name', 'datetime'),
		in: name('inField', 'In Field Name', 'in'),
		out: name('outField', 'Out Field Name', 'out'),
	};
}

/**
 * One record checked (index counted from 0, named from 1: "Record 1" is the first): an ISO 8601 date-time at the start of an hour (in the center's zone), not in
 * the future, with in/out whole numbers ≥ 0. Sent with the center's offset (unambiguous).
 */
function checkRecord(
	ctx: IExecuteFunctions,
	itemIndex: number,
	index: number,
	raw: unknown,
	names: FieldNames,
	zone: string,
	now?: DateTime,
): HourRecord {
	const label = (field?: string) =>
		field === undefined ? `Record ${index + 1}` : `Record ${index + 1} "${field}"`;
	if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
		fail(
			ctx,
			itemIndex,
			label(),
			`${quoted(raw)} is not an object {${names.datetime}, ${names.in}, ${names.out}}`,
		);
	const rec = raw as IDataObject;
	const dt = rec[names.datetime];
	if (dt === undefined || dt === null || dt === '')
		fail(ctx, itemIndex, label(names.datetime), 'is required (the start of the hour, ISO 8601)');
	let at: DateTime;
	if (typeof dt === 'string') {
		const text = dt.trim();
		if (!/^\d{4}-\d{2}-\d{2}T\d{2}/.test(text))
			fail(
				ctx,
				itemIndex,
				label(names.datetime),
				`${quoted(dt)} is not an ISO 8601 date-time (like 2026-11-19T10:00:00+03:00)`,
			);
		at = DateTime.fromISO(text, { zone });
	} else if (dt instanceof Date) {
		at = DateTime.fromJSDate(dt, { zone });
	} else if (DateTime.isDateTime(dt)) {
		at = (dt as DateTime).setZone(zone);
	} else {
		fail(ctx, itemIndex, label(names.datetime), `${quoted(dt)} is not an ISO 8601 date-time`);
	}
	if (!at.isValid)
		fail(ctx, itemIndex, label(names.datetime), `${quoted(dt)} is not a valid ISO 8601 date-time`);
	// without `now` (the first pass, before the center's zone is known) only zone-free checks run
	if (now && (at.minute !== 0 || at.second !== 0 || at.millisecond !== 0)) {
		fail(
			ctx,
			itemIndex,
			label(names.datetime),
			`${quoted(dt)} is not the start of an hour (minutes and seconds must be 0 in the center's time zone ${zone})`,
		);
	}
	if (now && at > now)
		fail(ctx, itemIndex, label(names.datetime), `${quoted(dt)} is in the future`);
	const count = (field: string) =>
		toInteger(ctx, rec[field], label(field), itemIndex, { min: 0, required: true }) as number;
	return {
		datetime: at.toISO({ suppressMilliseconds: true }) as string,
		in: count(names.in),
		out: count(names.out),
	};
}

/**
 * Every record checked, each bad one named: From All Input Items (one record per item) as bad rows
 * of their own (RowProblems); records in a field of one item as one error listing them all.
 */
export function checkRecords(
	ctx: IExecuteFunctions,
	raws: Array<{ value: unknown; itemIndex: number }>,
	names: FieldNames,
	zone: string,
	allItems: boolean,
	now?: DateTime,
): HourRecord[] {
	const records: HourRecord[] = [];
	const problems: Array<{ itemIndex: number; error: NodeOperationError }> = [];
	for (let index = 0; index < raws.length; index++) {
		const r = raws[index];
		try {
			records.push(
				checkRecord(ctx, r.itemIndex, allItems ? r.itemIndex : index, r.value, names, zone, now),
			);
		} catch (error) {
			problems.push({
				itemIndex: r.itemIndex,
				error:
					error instanceof NodeOperationError
						? error
						: new NodeOperationError(ctx.getNode(), error as Error, { itemIndex: r.itemIndex }),
			});
		}
	}
	if (problems.length === 0) return records;
	if (allItems) throw new RowProblems(ctx.getNode(), problems);
	if (problems.length === 1) throw problems[0].error;
	const said = problems.map((p) => p.error.message.replace(/ \[item \d+\]$/, ''));
	throw new NodeOperationError(
		ctx.getNode(),
		`${problems.length} of ${raws.length} records are bad: ${said.slice(0, 10).join('; ')}${
			said.length > 10 ? `; … and ${said.length - 10} more (all in the details)` : ''
		} [item ${problems[0].itemIndex}]`,
		{ itemIndex: problems[0].itemIndex, description: said.join('\n') },
	);
}
