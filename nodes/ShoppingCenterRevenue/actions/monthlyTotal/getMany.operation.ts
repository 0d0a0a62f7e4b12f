import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { dateField, returnAllAndLimit } from '../../../shared/descriptions/common';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import { collectPlainWindows } from '../../../shared/windowedPaging';
import { planWindowGroups, type SplitPeriod } from '../../../shared/planWindows';
import { splitMonths } from '../../../shared/dateWindows';
import { withRubles } from '../../helpers/rubles';
import { readSalesRequest, rubleOptions } from '../../helpers/salesRequest';

const show = { resource: ['monthlyTotal'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	centerLocator({ show }),
	shopLocator({ show }),
	dateField(
		'startDate',
		'Start Date',
		"A day in the first month of the period (the whole month is returned; center's time zone)",
		{ show },
	),
	dateField(
		'endDate',
		'End Date',
		"A day in the last month of the period (the whole month is returned; center's time zone). A day after the plan's freshest day (yesterday on Basic, today on PRO) is clipped to it. A long period is read in several requests.",
		{ show },
	),
	...returnAllAndLimit({ show }),
	rubleOptions(show),
];

/**
 * GET /sc/{sc_id}/shops/{shop_id}/sales/monthly: the period widened to whole months, split into the
 * plan's month windows (each window's end clipped to the freshest day), no pages, one row per month.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { scId, shopId, limit, addRubles, asked, boundaryZone } = await readSalesRequest(
		this,
		itemIndex,
	);
	const rows: IDataObject[] = [];
	const split: SplitPeriod = (start, end, rules) =>
		splitMonths(start, end, rules.monthlyWindowMonths).map((w) => ({
			start: w.start,
			end: w.end > end ? end : w.end,
		}));
	for await (const windows of planWindowGroups(this, scId, asked, boundaryZone, split)) {
		const more = await collectPlainWindows(
			this,
			'monthlySales',
			windows,
			(w) => ({
				params: { sc_id: scId, shop_id: shopId },
				query: { start_date: w.start, end_date: w.end },
				itemIndex,
				operation: 'get monthly totals',
			}),
			(row) => String(row.date),
			limit === undefined ? undefined : limit - rows.length,
		);
		rows.push(...more);
		if (limit !== undefined && rows.length >= limit) break;
	}
	return addRubles ? rows.map(withRubles) : rows;
}
