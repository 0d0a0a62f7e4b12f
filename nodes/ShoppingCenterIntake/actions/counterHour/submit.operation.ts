/**
 * Counter Hour → Submit: hourly in/out counts of a counter, from a field of records per item or one
 * record per item, sent in batches.
 */
import { DateTime } from 'luxon';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { collectionField } from '../../../shared/descriptions/common';
import { centerLocator } from '../../../shared/descriptions/locators';
import type { OperationOutput } from '../../../shared/router';
import { asNodeError, apiRequest } from '../../../shared/transport';
import { fail, readId, readString, quoted, valueAt } from '../../../shared/input';
import { LIMITS } from '../../../shared/plan';
import { chunk } from '../../../shared/walk/dateWindows';
import { centerZone } from '../../../shared/center';

export const description: INodeProperties[] = [
	centerLocator(),
	{
		displayName: 'Counter External ID',
		name: 'externalId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'entrance-north-1',
		description:
			"The counter's own identifier given when it was connected (the API has no list of counters)",
	},
	{
		displayName: 'Records Source',
		name: 'recordsSource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'From a Field of Each Item',
				value: 'field',
				description:
					'Each input item holds an array of hourly records; each item is one submission',
			},
			{
				name: 'From All Input Items',
				value: 'allItems',
				description:
					'Each input item is one hourly record; all items are submitted together as one submission',
			},
		],
		default: 'field',
	},
	{
		displayName: 'Records Field',
		name: 'recordsField',
		type: 'string',
		default: 'records',
		required: true,
		placeholder: 'records',
		description:
			'The field of the input item holding the array of hourly records (a dotted path like data.records works)',
		displayOptions: { show: { recordsSource: ['field'] } },
	},
	collectionField('options', [
		{
			displayName: 'Datetime Field Name',
			name: 'datetimeField',
			type: 'string',
			default: 'datetime',
			description:
				"Name of the record field with the start of the hour (ISO 8601, e.g. 2026-11-19T10:00:00+03:00; without an offset it is read in the center's time zone)",
		},
		{
			displayName: 'In Field Name',
			name: 'inField',
			type: 'string',
			default: 'in',
			description:
				'Name of the record field with the number of visitors who came in during the hour',
		},
		{
			displayName: 'Out Field Name',
			name: 'outField',
			type: 'string',
			default: 'out',
			description:
				'Name of the record field with the number of visitors who went out during the hour',
		},
	]),
];

import { checkRecords, fieldNames, type HourRecord } from '../../helpers/hourRecords';

async function submit(
	ctx: IExecuteFunctions,
	itemIndex: number,
	scId: string,
	externalId: string,
	records: HourRecord[],
): Promise<IDataObject> {
	const batches = chunk(records, LIMITS.counterRecordsPerCall);
	const results: IDataObject[] = [];
	let written = 0;
	for (const [n, batch] of batches.entries()) {
		try {
			const res = await apiRequest(ctx, 'submitCounterHours', {
				params: { sc_id: scId, external_id: externalId },
				body: { data: batch },
				itemIndex,
				operation: `submit hourly counts (batch ${n + 1} of ${batches.length})`,
			});
			const data = (res.data ?? {}) as IDataObject;
			const w = typeof data.written === 'number' ? data.written : batch.length;
			written += w;
			results.push({ batch: n + 1, records: batch.length, written: w });
		} catch (error) {
			if (n > 0 && error && typeof error === 'object') {
				// earlier batches are stored; hours overwrite, so running the whole submission again is safe
				const e = error as { description?: string | null };
				const done =
					n === 1
						? `batch 1 (${written} records) was written`
						: `batches 1–${n} (${written} records) were written`;
				e.description = `${e.description ? `${e.description} ` : ''}Batch ${n + 1} of ${batches.length} failed; ${done}. Submitting again is safe: a repeated hour overwrites.`;
			}
			throw asNodeError(ctx.getNode(), error, itemIndex);
		}
	}
	return {
		external_id: externalId,
		records: records.length,
		batches: batches.length,
		written,
		batch_results: results,
	};
}

/**
 * POST /sc/{sc_id}/traffic/counters/{external_id} (form, data[i][datetime|in|out]) in batches of at
 * most 1000 records. Per item (records in a field) or all items at once (one record per item).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	items: INodeExecutionData[],
): Promise<OperationOutput> {
	const source = this.getNodeParameter('recordsSource', itemIndex, 'field') as string;
	// An all-items submission runs once, at the first item. Reaching a later item means that run
	// failed under "Continue On Fail" (its error item is out already): never submit it again per item.
	if (source === 'allItems' && itemIndex > 0) return { records: [], allItems: true };
	const scId = readId(this, 'center', 'Center', itemIndex);
	const externalId = readString(this, 'externalId', 'Counter External ID', itemIndex, {
		required: true,
		max: 200,
	});
	if (/[\s/?#]/.test(externalId))
		fail(
			this,
			itemIndex,
			'Counter External ID',
			`${quoted(externalId)} must not contain spaces, "/", "?" or "#"`,
		);
	const names = fieldNames(this, itemIndex);

	// the shape of every record is checked before any request
	const raws: Array<{ value: unknown; itemIndex: number }> = [];
	if (source === 'allItems') {
		items.forEach((item, i) => raws.push({ value: item.json, itemIndex: i }));
	} else {
		const field = readString(this, 'recordsField', 'Records Field', itemIndex, { required: true });
		const value = valueAt(items[itemIndex].json, field);
		if (value === undefined || value === null)
			fail(this, itemIndex, 'Records Field', `the item has no field "${field}"`);
		if (!Array.isArray(value))
			fail(
				this,
				itemIndex,
				'Records Field',
				`the field "${field}" is not an array of records (got ${quoted(value)})`,
			);
		value.forEach((v) => raws.push({ value: v, itemIndex }));
	}
	if (raws.length === 0)
		fail(
			this,
			itemIndex,
			source === 'allItems' ? 'Records Source' : 'Records Field',
			'there are no records to submit',
		);
	// a first pass catches what does not depend on the center's zone, before asking for the zone
	checkRecords(this, raws, names, 'UTC', source === 'allItems');

	const zone = await centerZone(this, scId);
	const records = checkRecords(this, raws, names, zone, source === 'allItems', DateTime.now());
	const summary = await submit(this, itemIndex, scId, externalId, records);
	return source === 'allItems' ? { records: [summary], allItems: true } : [summary];
}
