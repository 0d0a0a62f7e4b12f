import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { centerInfo, centerPlan } from '../../../shared/center';
import { dateField, returnAllAndLimit } from '../../../shared/descriptions/common';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import { readId, readLimit, readPeriod } from '../../../shared/params';
import { clipToFreshest, precheckPeriod } from '../../../shared/periodInput';
import { rulesFor } from '../../../shared/plan';
import { collectPagedWindows } from '../../../shared/windowed';
import { splitDays } from '../../../shared/windows';
import { withRubles } from '../money';

const show = { resource: ['dailySales'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	centerLocator({ show }),
	shopLocator({ show }),
	dateField('startDate', 'Start Date', "First day of the period (inclusive, in the center's time zone)", { show }),
	dateField(
		'endDate',
		'End Date',
		"Last day of the period (inclusive, in the center's time zone). A day after the plan's freshest day (yesterday on Basic, today on PRO) is clipped to it. A long period is read in several requests (31 days each on Basic, 366 on PRO).",
		{ show },
	),
	...returnAllAndLimit({ show }),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Add Ruble Amounts',
				name: 'addRubles',
				type: 'boolean',
				default: false,
				description:
					'Whether to add a &lt;field&gt;_rub copy (in rubles, kopecks / 100) next to each money field; the API fields themselves stay in kopecks',
			},
		],
	},
];

/**
 * GET /sc/{sc_id}/shops/{shop_id}/sales/daily over a period of any length: windows of the plan's
 * daily period in the center's zone (end clipped to the freshest day), pages of 366, one row per date.
 * The PRO-only `turnover` field is whatever the API puts in the row.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const shopId = readId(this, 'shop', 'Shop', itemIndex);
	precheckPeriod(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	const addRubles = this.getNodeParameter('options.addRubles', itemIndex, false) as boolean;

	const { time_zone: zone } = await centerInfo(this, scId);
	const asked = readPeriod(this, itemIndex, zone);
	const rules = rulesFor(await centerPlan(this, scId, itemIndex));
	const period = clipToFreshest(asked, zone, rules);
	if (!period) return [];

	const rows = await collectPagedWindows(
		this,
		'dailySales',
		splitDays(period.start, period.end, rules.dailyWindowDays),
		(w) => ({
			params: { sc_id: scId, shop_id: shopId },
			query: { start_date: w.start, end_date: w.end },
			itemIndex,
			operation: 'get daily sales',
		}),
		limit,
	);
	return addRubles ? rows.map(withRubles) : rows;
}
