/**
 * Anomaly → Get Many: the deviations the platform found in a center's sales or attendance in a
 * period (PRO centers only), filtered by level, status and shop; items or one file.
 */
import { ANOMALY_LEVELS, ANOMALY_STATUSES } from '../../../shared/allowedValues';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { centerInfo, centerPlan } from '../../../shared/center';
import {
	readOptionalChoice,
	readOptionalId,
	fail,
	readId,
	readLimit,
	readPeriod,
	clipPeriod,
	precheckPeriod,
} from '../../../shared/input';
import { periodFields, returnAllAndLimit } from '../../../shared/descriptions/common';
import { notice, PERIOD_HINTS, PRO_NOTICES } from '../../../shared/descriptions/notices';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import { featureRefusal, LIMITS, rulesFor } from '../../../shared/plan';
import { walkPages } from '../../../shared/walk/pageStream';
import { outputFields, readFileSettings } from '../../../shared/output/fileOptions';
import { deliver } from '../../../shared/output/deliver';
import { defineColumns, names } from '../../../shared/output/columns';
import type { OperationOutput } from '../../../shared/router';
import { splitDays } from '../../../shared/walk/dateWindows';
import { CENTER_ID, DAYS, MORE } from '../../../shared/tool/phrases';
import type { ListFacts } from '../../../shared/actions';

/** The tool description ("Set Manually") of this operation as an AI tool. */
export const toolDescription = `Anomalies (deviations the platform found in a center's sales or attendance) in a period, newest first: id, date, created_at, level (high, medium, low), status (new, completed, archived), shop_id, shop_name, title, description, magnitude. PRO centers only. ${CENTER_ID}; ${DAYS}; up to 366 days a request, today allowed. ${MORE}`;

/** The list it returns (the tool's "more exist" note). */
export const list: ListFacts = { noun: 'anomalies', dateField: 'date', newestFirst: true };

/** The columns of its file (the spec's field order). */
export const fileColumns = defineColumns(
	names(
		'id date created_at type type_title level magnitude status shop_id shop_name title description period',
	),
	'date',
	'anomalies',
);

export const description: INodeProperties[] = [
	notice('proNotice', PRO_NOTICES.anomalies),
	centerLocator(),
	...periodFields({
		start:
			"First day of the deviations to list (inclusive, in the center's time zone). Any period length: it is read 366 days a request.",
		end: "Last day of the deviations to list (inclusive, in the center's time zone). A day after today is clipped to today, and the run says so.",
		startHint: PERIOD_HINTS.start,
		endHint: PERIOD_HINTS.anomaliesEnd,
	}),
	...returnAllAndLimit(),
	{
		...shopLocator(),
		required: false,
		description: 'Only anomalies of this shop. Leave empty for every shop of the center.',
	},
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [{ name: 'Any', value: '' }, ...ANOMALY_STATUSES.options],
		default: '',
		description: "Only anomalies in this status (their handling in the center manager's interface)",
	},
	{
		displayName: 'Level',
		name: 'level',
		type: 'options',
		options: [{ name: 'Any', value: '' }, ...ANOMALY_LEVELS.options],
		default: '',
		description: 'Only anomalies of this level',
	},
	...outputFields({}, { money: false }),
];

/**
 * GET /sc/{sc_id}/anomalies (PRO only) over any period: windows of 366 days read newest window first,
 * so the merged list stays newest first like each answer; 500 a page; de-duplicated by id.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationOutput> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const shopId = readOptionalId(this, 'shop', 'Shop', itemIndex);
	const status = readOptionalChoice(this, 'status', 'Status', itemIndex, ANOMALY_STATUSES.values);
	const level = readOptionalChoice(this, 'level', 'Level', itemIndex, ANOMALY_LEVELS.values);
	const limit = readLimit(this, itemIndex);
	precheckPeriod(this, itemIndex);
	const file = readFileSettings(this, itemIndex);

	const { time_zone: zone, boundaryZone } = await centerInfo(this, scId);
	const period = readPeriod(this, itemIndex, zone);
	const plan = await centerPlan(this, scId);
	const refusal = featureRefusal(plan, 'anomalies');
	if (refusal) fail(this, itemIndex, 'Center', refusal);
	// anomalies are found up to today on PRO (the only plan that has them)
	const clipped = clipPeriod(this, itemIndex, period, boundaryZone, rulesFor(plan));
	const windows = splitDays(clipped.start, clipped.end, LIMITS.anomaliesPeriodDays).reverse();
	const inputs = windows.map((w) => ({
		params: { sc_id: scId },
		query: {
			start_date: w.start,
			end_date: w.end,
			shop_id: shopId,
			status: status || undefined,
			level: level || undefined,
		},
		itemIndex,
		operation: 'list anomalies',
	}));
	const name = { of: shopId || scId, start: clipped.start, end: clipped.end };
	return await deliver(this, itemIndex, { columns: fileColumns, file, name }, (stats, encode) =>
		encode
			? walkPages(this, 'listAnomalies', inputs, { limit, stats, prepare: encode })
			: walkPages(this, 'listAnomalies', inputs, { limit, stats }),
	);
}
