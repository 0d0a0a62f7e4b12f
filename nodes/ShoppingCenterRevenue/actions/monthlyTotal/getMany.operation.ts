/**
 * Monthly Total → Get Many: one row per month of a shop's revenue, declared turnover and visitors.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { periodFields, returnAllAndLimit } from '../../../shared/descriptions/common';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import { collectPlanWindows } from '../../../shared/walk/windowedPaging';
import type { SplitPeriod } from '../../../shared/walk/planWindows';
import { splitMonths } from '../../../shared/walk/dateWindows';
import { withRubles } from '../../../shared/rubles';
import { readSalesRequest } from '../../helpers/salesRequest';
import { kopecksNotices, rubleAmountsField } from '../../../shared/descriptions/money';
import { notice, PERIOD_HINTS, PRO_NOTICES } from '../../../shared/descriptions/notices';
import { withShopIds } from '../../../shared/walk/rowIds';
import { noteEmptyAnswer } from '../../../shared/input';
import type { ListFacts } from '../../../shared/actions';

/** The list it returns (the tool's "more exist" note). */
export const list: ListFacts = { noun: 'months', dateField: 'date' };

export const description: INodeProperties[] = [
	centerLocator(),
	shopLocator(),
	...periodFields({
		start:
			"A day in the first month of the period (the whole month is returned; center's time zone)",
		end: "A day in the last month of the period (the whole month is returned; center's time zone). A day after the plan's freshest day (yesterday on Basic, today on PRO) is clipped to it, and the run says so. A long period is read in several requests.",
		startHint: PERIOD_HINTS.start,
		endHint: PERIOD_HINTS.monthlyEnd,
	}),
	...returnAllAndLimit(),
	...kopecksNotices(),
	rubleAmountsField(),
	notice('monthlyProNotice', PRO_NOTICES.monthlyPro),
];

/**
 * GET /sc/{sc_id}/shops/{shop_id}/sales/monthly: the period widened to whole months, split into the
 * plan's month windows (each window's end clipped to the freshest day), no pages, one row per month.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { scId, shopId, limit, addRubles, rules, asked, boundaryZone } = await readSalesRequest(
		this,
		itemIndex,
		'months',
	);
	const split: SplitPeriod = (start, end, windowRules) =>
		splitMonths(start, end, windowRules.monthlyWindowMonths).map((w) => ({
			start: w.start,
			end: w.end > end ? end : w.end,
		}));
	const rows = await collectPlanWindows(
		this,
		{ scId, asked, boundaryZone, split },
		'monthlySales',
		(w) => ({
			params: { sc_id: scId, shop_id: shopId },
			query: { start_date: w.start, end_date: w.end },
			itemIndex,
			operation: 'get monthly totals',
		}),
		(row) => String(row.date),
		limit,
	);
	const out = withShopIds(addRubles ? rows.map(withRubles) : rows, scId, shopId);
	return noteEmptyAnswer(this, out, asked, boundaryZone, rules);
}
