import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { dateField, returnAllAndLimit } from '../../../shared/descriptions/common';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import { walkPages, type WalkStats } from '../../../shared/walk/pageStream';
import { planWindowGroups, type SplitPeriod } from '../../../shared/walk/planWindows';
import { oneShop, shopIdsOf, shopScopeField } from '../../../shared/walk/shopChoice';
import { outputFields, readFileSettings } from '../../../shared/output/fileOptions';
import { deliver } from '../../../shared/output/deliver';
import type { OperationOutput } from '../../../shared/router';
import { simplifyField } from '../../../shared/tool/simplify';
import { splitDays } from '../../../shared/walk/dateWindows';
import { withRubles } from '../../helpers/rubles';
import { readSalesRequest } from '../../helpers/salesRequest';
import { KOPECKS_HINT, rubleAmountsField } from '../../../shared/descriptions/money';
import { notice, PERIOD_HINTS, PRO_NOTICES } from '../../../shared/descriptions/notices';
import { withShopIds } from '../../../shared/walk/rowIds';
import { noteEmptyAnswer } from '../../../shared/input';

const show = { resource: ['dailySalesAggregate'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	centerLocator({ show }),
	shopScopeField(show),
	shopLocator({ show: oneShop(show) }),
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
	...simplifyField(show),
	...outputFields(show, true),
];

/**
 * GET /sc/{sc_id}/shops/{shop_id}/sales/daily over a period of any length: windows of the plan's
 * daily period in the center's zone (end clipped to the freshest day), pages of 366, one row per date.
 * The PRO-only `turnover` field is whatever the API puts in the row.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationOutput> {
	const { scId, shop, limit, addRubles, rules, asked, boundaryZone } = await readSalesRequest(
		this,
		itemIndex,
	);
	const file = readFileSettings(this, itemIndex);
	const all = shop.scope !== 'one';
	const split: SplitPeriod = (start, end, windowRules) =>
		splitDays(start, end, windowRules.dailyWindowDays);
	async function* batches(
		this: IExecuteFunctions,
		stats: WalkStats,
	): AsyncGenerator<IDataObject[]> {
		let left = limit;
		for (const shopId of await shopIdsOf(this, scId, shop, itemIndex, stats)) {
			for await (const windows of planWindowGroups(this, scId, asked, boundaryZone, split)) {
				const inputs = windows.map((w) => ({
					params: { sc_id: scId, shop_id: shopId },
					query: { start_date: w.start, end_date: w.end },
					itemIndex,
					operation: 'get daily sales',
					tag: all ? { shop_id: shopId } : undefined,
				}));
				for await (const rows of walkPages(this, 'dailySales', inputs, { limit: left, stats })) {
					if (left !== undefined) left -= rows.length;
					const shown = addRubles && file?.format !== 'csv' ? rows.map(withRubles) : rows;
					// each row says its center and shop (a CSV file carries them as columns)
					yield file?.format === 'csv' ? shown : withShopIds(shown, scId, shopId);
				}
				if (left !== undefined && left <= 0) return;
			}
		}
	}
	const out = await deliver(
		this,
		itemIndex,
		{ kind: 'dailySales', file, fill: { sc_id: scId, shop_id: shop.shopId } },
		batches.bind(this),
	);
	return Array.isArray(out) ? noteEmptyAnswer(this, out, asked, boundaryZone, rules) : out;
}
