/**
 * Daily Sales Aggregate → Get Many: one row per day and shop over a period of any length; items or
 * one file.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { periodFields, returnAllAndLimit } from '../../../shared/descriptions/common';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import { walkPages, type WalkStats } from '../../../shared/walk/pageStream';
import { walkPlanWindows, type SplitPeriod } from '../../../shared/walk/planWindows';
import { ONE_SHOP, shopIdsOf, shopScopeField } from '../../../shared/walk/shopChoice';
import { outputFields, readFileSettings } from '../../../shared/output/fileOptions';
import { deliver } from '../../../shared/output/deliver';
import { defineColumns, names, PAYMENTS, vat } from '../../../shared/output/columns';
import type { OperationOutput } from '../../../shared/router';
import { simplifyField, same } from '../../../shared/tool/simplify';
import { splitDays, type DayWindow } from '../../../shared/walk/dateWindows';
import { readSalesRequest } from '../../helpers/salesRequest';
import { kopecksNotices, rubleAmountsField } from '../../../shared/descriptions/money';
import { notice, PERIOD_HINTS, PRO_NOTICES } from '../../../shared/descriptions/notices';
import { withShopIds } from '../../../shared/walk/rowIds';
import { noteEmptyAnswer } from '../../../shared/input';
import { CENTER_ID, SHOP_ID, DAYS, KOPECKS, MORE } from '../../../shared/tool/phrases';
import type { FieldSet, ListFacts } from '../../../shared/actions';

/** The tool description ("Set Manually") of this operation as an AI tool. */
export const toolDescription = `Daily sales of one shop, one row per day, oldest day first: date, receipts_count, income_sum, refund_sum, cash_sum, ecash_sum, turnover (PRO). ${KOPECKS} ${CENTER_ID}; ${SHOP_ID}; ${DAYS}. Data goes up to yesterday on a Basic center and up to today on a PRO center (later days are cut); any period length works (Basic reads 31 days a request, PRO 366). ${MORE}`;

/** The fields of its Simplify option. */
export const simpleFields: FieldSet = same(
	'date',
	'sc_id',
	'shop_id',
	'receipts_count',
	'income_receipts_count',
	'refund_receipts_count',
	'income_sum',
	'income_without_nds_sum',
	'refund_sum',
	'cash_sum',
	'ecash_sum',
	'turnover',
	'kkts_count',
);

/** The list it returns (the tool's "more exist" note). */
export const list: ListFacts = { noun: 'days', dateField: 'date' };

/** The columns of its file (the spec's field order). */
export const fileColumns = defineColumns(
	[
		...names('sc_id shop_id date kkts_count receipts_count income_receipts_count'),
		...names('refund_receipts_count income_sum income_without_nds_sum refund_sum'),
		'refund_without_nds_sum',
		...PAYMENTS,
		...['cash', 'ecash', 'prepaid', 'credit', 'provision'].map((p) => `refund_${p}_sum`),
		...vat(),
		...vat('refund_'),
		'turnover',
	],
	'date',
	'daily-sales',
);

export const description: INodeProperties[] = [
	centerLocator(),
	shopScopeField(),
	shopLocator({ show: ONE_SHOP }),
	...periodFields({
		start: "First day of the period (inclusive, in the center's time zone)",
		end: "Last day of the period (inclusive, in the center's time zone). A day after the plan's freshest day (yesterday on Basic, today on PRO) is clipped to it, and the run says so. A long period is read in several requests (31 days each on Basic, 366 on PRO).",
		startHint: PERIOD_HINTS.start,
		endHint: PERIOD_HINTS.dailyEnd,
	}),
	...returnAllAndLimit(),
	...kopecksNotices(),
	rubleAmountsField(),
	notice('turnoverNotice', PRO_NOTICES.turnover),
	...simplifyField(simpleFields),
	...outputFields({}, { money: true }),
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
			const pages = (windows: DayWindow[]) =>
				walkPages(
					this,
					'dailySales',
					windows.map((w) => ({
						params: { sc_id: scId, shop_id: shopId },
						query: { start_date: w.start, end_date: w.end },
						itemIndex,
						operation: 'get daily sales',
						tag: all ? { shop_id: shopId } : undefined,
					})),
					{ limit: left, stats },
				);
			const period = { scId, asked, boundaryZone, split };
			for await (const rows of walkPlanWindows(this, period, pages)) {
				if (left !== undefined) left -= rows.length;
				// each row says its center and shop (a CSV file carries them as columns)
				yield file?.format === 'csv' ? rows : withShopIds(rows, scId, shopId);
				if (left !== undefined && left <= 0) return;
			}
		}
	}
	const out = await deliver(
		this,
		itemIndex,
		{
			columns: fileColumns,
			file,
			fill: { sc_id: scId, shop_id: shop.shopId },
			rubles: addRubles,
			simple: simpleFields,
			name: { of: shop.shopId ?? `${scId}-all-shops`, start: asked.start, end: asked.end },
		},
		batches.bind(this),
	);
	return Array.isArray(out) ? noteEmptyAnswer(this, out, asked, boundaryZone, rules) : out;
}
