/**
 * Declared Turnover → Submit: a shop's turnover declared for one month (kopecks or currency units).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { collectionField } from '../../../shared/descriptions/common';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import {
	fail,
	readChoice,
	readId,
	toInteger,
	dayIn,
	readRawDate,
	quoted,
} from '../../../shared/input';
import { apiRequest, asNodeError } from '../../../shared/transport';
import { FURTHEST_AHEAD_ZONE, todayIn } from '../../../shared/walk/dateWindows';
import { AMOUNT_UNITS, MoneyProblem, toKopecks } from '../../helpers/money';
import { centerZone } from '../../../shared/center';
import { CENTER_ID, SHOP_ID } from '../../../shared/tool/phrases';

/** The tool description ("Set Manually") of this operation as an AI tool. */
export const toolDescription = `Declares (writes) a shop's turnover for one month, replacing what was declared before for that month. turnover is a whole number of kopecks (12345.50 rubles = 1234550). month is any day of the month, YYYY-MM-DD; the current month or earlier. ${CENTER_ID}; ${SHOP_ID}. Returns the stored record: shop_id, month (YYYY-MM), manual_turnover (kopecks). Call it once per month and shop; do not repeat a successful call.`;

export const description: INodeProperties[] = [
	centerLocator(),
	shopLocator(),
	{
		displayName: 'Month',
		name: 'month',
		type: 'string',
		placeholder: 'YYYY-MM',
		hint: "YYYY-MM (or any day of the month). Last month as an expression: {{ $today.minus({months: 1}).toFormat('yyyy-MM') }}",
		default: '',
		required: true,
		description:
			"The month, YYYY-MM (any date inside it, YYYY-MM-DD, works too); the whole month is declared. The current month or earlier in the shop's time zone: a month that has not begun in any time zone is refused before any request; near the month boundary the request is sent and the API decides (shops carry no zone of their own).",
	},
	{
		displayName: 'Amount Unit',
		name: 'amountUnit',
		type: 'options',
		options: [
			{
				name: 'Kopecks',
				value: 'kopecks',
				description:
					'The amount is a whole number of kopecks (what the API takes): 123456 = 1 234.56',
			},
			{
				name: 'Currency Units',
				value: 'currencyUnits',
				description:
					'The amount is in rubles with up to 2 decimals, as the previous API version took it: 1234.56 is sent as 123456 kopecks',
			},
		],
		default: 'kopecks',
		description: 'Unit of the Turnover value (the API itself takes kopecks)',
	},
	{
		displayName: 'Turnover',
		name: 'turnover',
		type: 'string',
		default: '',
		required: true,
		placeholder: '123456789',
		description:
			'Turnover of the month in integer kopecks, 0 or more: digits only (spaces between thousands allowed)',
		hint: 'Kopecks: 123456789 = 1 234 567,89. Typing rubles with decimals? Set Amount Unit to Currency Units.',
		displayOptions: { show: { amountUnit: ['kopecks'] } },
	},
	{
		displayName: 'Turnover',
		name: 'turnover',
		type: 'string',
		default: '',
		required: true,
		placeholder: '1 234 567,89',
		description:
			'Turnover of the month in rubles, 0 or more: digits, thousands grouped with spaces only, one decimal separator "." or ",", at most 2 decimals. Converted exactly to kopecks, without rounding.',
		hint: 'Rubles: 1 234 567,89 is sent as 123456789 kopecks',
		displayOptions: { show: { amountUnit: ['currencyUnits'] } },
	},
	collectionField('additionalFields', [
		{
			displayName: 'Receipts Count',
			name: 'receiptsCount',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			description: 'Number of receipts in the month (a whole number, 0 or more)',
		},
		{
			displayName: 'Visitors Count',
			name: 'visitorsCount',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			description: 'Number of visitors in the month (a whole number, 0 or more)',
		},
	]),
];

/**
 * POST /sc/{sc_id}/shops/{shop_id}/turnover (form): month, turnover in kopecks, optional counts.
 * Idempotent per (shop, month): a repeat overwrites.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const shopId = readId(this, 'shop', 'Shop', itemIndex);
	const rawMonth = readRawDate(this, 'month', 'Month', itemIndex);
	const unit = readChoice(
		this,
		'amountUnit',
		'Amount Unit',
		itemIndex,
		AMOUNT_UNITS,
		'kopecks',
		(value) => `${quoted(value)} is not one of: ${AMOUNT_UNITS.join(', ')}`,
	);
	let turnover: number;
	try {
		turnover = toKopecks(this.getNodeParameter('turnover', itemIndex, '') as unknown, unit);
	} catch (error) {
		if (error instanceof MoneyProblem) fail(this, itemIndex, 'Turnover', error.message);
		throw asNodeError(this.getNode(), error, itemIndex);
	}
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const receipts = toInteger(this, extra.receiptsCount, 'Receipts Count', itemIndex, { min: 0 });
	const visitors = toInteger(this, extra.visitorsCount, 'Visitors Count', itemIndex, { min: 0 });

	const zone = await centerZone(this, scId);
	const day = dayIn(rawMonth, zone);
	const month = `${day.slice(0, 7)}-01`;
	// The month boundary is in the SHOP's zone, and shops carry no zone: refuse only a month that has
	// not begun anywhere yet (not even at UTC+14); near the boundary the API decides (its 422 is shown).
	const earliestMonth = `${todayIn(FURTHEST_AHEAD_ZONE).slice(0, 7)}-01`;
	if (month > earliestMonth)
		fail(
			this,
			itemIndex,
			'Month',
			`${day.slice(0, 7)} is a future month in every time zone (it is ${earliestMonth.slice(0, 7)} even at UTC+14)`,
		);

	const res = await apiRequest(this, 'declareTurnover', {
		params: { sc_id: scId, shop_id: shopId },
		body: { month, turnover, receipts_count: receipts, visitors_count: visitors },
		itemIndex,
		operation: 'declare the monthly turnover',
	});
	return [res.data as IDataObject];
}
