import { ANOMALY_LEVELS, ANOMALY_STATUSES } from '../../../shared/allowedValues';
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { centerInfo, centerPlan } from '../../../shared/center';
import {
	readChoice,
	readOptionalId,
	fail,
	readId,
	readLimit,
	readPeriod,
	clipPeriod,
	precheckPeriod,
} from '../../../shared/input';
import { dateField, returnAllAndLimit } from '../../../shared/descriptions/common';
import { notice, PERIOD_HINTS, PRO_NOTICES } from '../../../shared/descriptions/notices';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import { featureRefusal, LIMITS, rulesFor } from '../../../shared/plan';
import { walkPages } from '../../../shared/walk/pageStream';
import { outputFields, readFileSettings } from '../../../shared/output/fileOptions';
import { deliver } from '../../../shared/output/deliver';
import type { OperationOutput } from '../../../shared/router';
import { splitDays } from '../../../shared/walk/dateWindows';

const show = { resource: ['anomaly'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	notice('proNotice', PRO_NOTICES.anomalies, { show }),
	centerLocator({ show }),
	dateField(
		'startDate',
		'Start Date',
		"First day of the deviations to list (inclusive, in the center's time zone). Any period length: it is read 366 days a request.",
		{ show },
		true,
		PERIOD_HINTS.start,
	),
	dateField(
		'endDate',
		'End Date',
		"Last day of the deviations to list (inclusive, in the center's time zone). A day after today is clipped to today, and the run says so.",
		{ show },
		true,
		PERIOD_HINTS.anomaliesEnd,
	),
	...returnAllAndLimit({ show }),
	{
		...shopLocator({ show }),
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
		displayOptions: { show },
	},
	{
		displayName: 'Level',
		name: 'level',
		type: 'options',
		options: [{ name: 'Any', value: '' }, ...ANOMALY_LEVELS.options],
		default: '',
		description: 'Only anomalies of this level',
		displayOptions: { show },
	},
	...outputFields(show, false),
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
	const status = readChoice(
		this,
		'status',
		'Status',
		itemIndex,
		['', ...ANOMALY_STATUSES.values],
		'',
	);
	const level = readChoice(this, 'level', 'Level', itemIndex, ['', ...ANOMALY_LEVELS.values], '');
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
	return await deliver(this, itemIndex, { kind: 'anomaly', file }, (stats) =>
		walkPages(this, 'listAnomalies', inputs, { limit, stats }),
	);
}
