import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { dateField, returnAllAndLimit } from '../../../shared/descriptions/common';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import { collectPagedWindows } from '../../../shared/windowedPaging';
import { splitDays } from '../../../shared/dateWindows';
import { withRubles } from '../../helpers/rubles';
import { readSalesRequest } from '../../helpers/salesRequest';
import { KOPECKS_HINT, rubleAmountsField } from '../../../shared/descriptions/money';
import { notice, PERIOD_HINTS, PRO_NOTICES } from '../../../shared/descriptions/notices';
import { withShopIds } from '../../../shared/rowIds';
import { noteEmptyAnswer } from '../../../shared/input';

const show = { resource: ['dailySalesAggregate'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	centerLocator({ show }),
	shopLocator({ show }),
	dateField(
		'startDate',
		'Start Date',
		"First day of the period (inclusive, in the center's time zone)",
		{ show },
		true,
		PERIOD_HINTS.start,
	),
	dateField(
		'endDate',
		'End Date',
		"Last day of the period (inclusive, in the center's time zone). A day after the plan's freshest day (yesterday on Basic, today on PRO) is clipped to it, and the run says so. A long period is read in several requests (31 days each on Basic, 366 on PRO).",
		{ show },
		true,
		PERIOD_HINTS.dailyEnd,
	),
	...returnAllAndLimit({ show }),
	notice('kopecksNotice', KOPECKS_HINT, { show }),
	rubleAmountsField({ show }),
	notice('turnoverNotice', PRO_NOTICES.turnover, { show }),
];

/**
 * GET /sc/{sc_id}/shops/{shop_id}/sales/daily over a period of any length: windows of the plan's
 * daily period in the center's zone (end clipped to the freshest day), pages of 366, one row per date.
 * The PRO-only `turnover` field is whatever the API puts in the row.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { scId, shopId, limit, addRubles, rules, period, boundaryZone } = await readSalesRequest(
		this,
		itemIndex,
	);

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
	const out = withShopIds(addRubles ? rows.map(withRubles) : rows, scId, shopId);
	return noteEmptyAnswer(this, out, period, boundaryZone, rules);
}
