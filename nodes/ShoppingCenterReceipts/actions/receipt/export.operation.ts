/**
 * Receipt → Export: the fiscal documents of one shop or all shops, created and/or received in a period
 * (PRO centers only); items or one file.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { centerInfo, centerPlan } from '../../../shared/center';
import { listOutputFields, periodFields } from '../../../shared/descriptions/common';
import { notice, PERIOD_HINTS, PRO_NOTICES } from '../../../shared/descriptions/notices';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import {
	fail,
	readBoolean,
	readChoice,
	readId,
	readLimit,
	readPeriod,
	readString,
	clipPeriod,
	precheckPeriod,
	type PeriodNames,
} from '../../../shared/input';
import { featureRefusal, LIMITS, rulesFor } from '../../../shared/plan';
import { walkPages, type WalkInput, type WalkStats } from '../../../shared/walk/pageStream';
import {
	ONE_SHOP,
	readShopChoice,
	shopIdsOf,
	shopScopeField,
} from '../../../shared/walk/shopChoice';
import { readFileSettings } from '../../../shared/output/fileOptions';
import { deliver, type PageEncoder } from '../../../shared/output/deliver';
import { RECEIPT_COLUMNS } from '../../../shared/output/receiptColumns';
import type { OperationOutput } from '../../../shared/router';
import { same } from '../../../shared/tool/simplify';
import { splitDays, type DayWindow } from '../../../shared/walk/dateWindows';
import { withShopIds } from '../../../shared/walk/rowIds';
import { CENTER_ID, SHOP_ID, DAYS, KOPECKS, MORE } from '../../../shared/tool/phrases';
import type { FieldSet, ListFacts } from '../../../shared/actions';

/** The API's default sales types (sent explicitly, so the request says what it asks for). */
const SALES_TYPES = ['delivery', 'form_of_strict_accountability', 'receipt'];

const CLIPPED = "A day after today (center's time zone) is clipped to today.";
const SPLIT = 'A period longer than 30 days is read in 30-day windows.';

/** The Start / End pair of one of the receipt's dates, shown when the period applies to it. */
const receiptPeriod = (name: 'created' | 'received', label: 'Creation' | 'Reception') =>
	periodFields({
		of: { name, label },
		start: `First day of ${label.toLowerCase()} (inclusive, center's time zone). ${SPLIT}`,
		end: `Last day of ${label.toLowerCase()} (inclusive, center's time zone). ${CLIPPED}`,
		startHint: PERIOD_HINTS.start,
		endHint: PERIOD_HINTS.receiptsEnd,
		displayOptions: { show: { periodBy: [name, 'both'] } },
	});

/** The tool description ("Set Manually") of this operation as an AI tool. */
export const toolDescription = `Fiscal documents (receipts) of one shop created in a period: id, document_type, created_datetime, received_datetime, total_sum, cash_sum, ecash_sum, items_count, kkt_reg_id, fiscal_document_number, shift_number. ${KOPECKS} PRO centers only (a Basic center answers with an error saying so). ${CENTER_ID}; ${SHOP_ID}; ${DAYS}; a period is read 30 days a request. ${MORE}`;

/** The fields of its Simplify option. */
export const simpleFields: FieldSet = same(
	...'id sc_id shop_id document_type created_datetime received_datetime'.split(' '),
	...'operation_type total_sum cash_sum ecash_sum items_count kkt_reg_id'.split(' '),
	...'fiscal_document_number shift_number'.split(' '),
);

/** The list it returns (the tool's "more exist" note). */
export const list: ListFacts = { noun: 'receipts', dateField: 'created_datetime' };

/** The columns of its file (shared with the New Receipt trigger, which writes the same file). */
export const fileColumns = RECEIPT_COLUMNS;

export const description: INodeProperties[] = [
	notice('proNotice', PRO_NOTICES.receipts),
	centerLocator(),
	shopScopeField(),
	shopLocator({ show: ONE_SHOP }),
	{
		displayName: 'Period By',
		name: 'periodBy',
		type: 'options',
		default: 'created',
		options: [
			{
				name: 'Creation Date',
				value: 'created',
				description: 'Receipts created (printed at the cash register) in the period',
			},
			{
				name: 'Reception Date',
				value: 'received',
				description: 'Receipts received by the platform in the period (catches late arrivals)',
			},
			{
				name: 'Both',
				value: 'both',
				description:
					'Receipts created in the first period AND received in the second (both must hold). Long periods cost more requests: every creation window is combined with every reception window.',
			},
		],
		description: 'Which date of a receipt the period applies to',
	},
	...receiptPeriod('created', 'Creation'),
	...receiptPeriod('received', 'Reception'),
	{
		displayName: 'Document Types',
		name: 'documentTypes',
		type: 'multiOptions',
		default: ['delivery', 'form_of_strict_accountability', 'receipt'],
		options: [
			{ name: 'Delivery', value: 'delivery' },
			{ name: 'Form of Strict Accountability', value: 'form_of_strict_accountability' },
			{ name: 'Receipt', value: 'receipt' },
		],
		description: 'Fiscal document types to export (the three sales types are the API default)',
	},
	{
		displayName: 'Other Document Types',
		name: 'otherDocumentTypes',
		type: 'string',
		default: '',
		placeholder: 'e.g. correction_receipt',
		description:
			'More document types, comma-separated, as the API names them (the API rejects an unknown type)',
	},
	...listOutputFields({ money: true }, simpleFields),
];

/** One date pair: its fields (`createdStartDate`, "Creation Start Date", …) and its query. */
const pair = (name: 'created' | 'received', label: string) => ({
	names: {
		start: `${name}StartDate`,
		end: `${name}EndDate`,
		startLabel: `${label} Start Date`,
		endLabel: `${label} End Date`,
	} satisfies PeriodNames,
	query: (w: DayWindow) => ({ [`start_${name}_date`]: w.start, [`end_${name}_date`]: w.end }),
});

const PAIRS = { created: pair('created', 'Creation'), received: pair('received', 'Reception') };

type PairKey = keyof typeof PAIRS;

const PERIOD_BY = ['created', 'received', 'both'] as const;

function readPairs(ctx: IExecuteFunctions, itemIndex: number): PairKey[] {
	const by = readChoice(
		ctx,
		'periodBy',
		'Period By',
		itemIndex,
		PERIOD_BY,
		'created',
		(value) =>
			`${JSON.stringify(value)} is not one of created, received, both (Creation Date, Reception Date, Both)`,
	);
	return by === 'both' ? ['created', 'received'] : [by];
}

/** The chosen types plus the comma-separated others, each a plain name, at least one. */
function readDocumentTypes(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const chosen = ctx.getNodeParameter('documentTypes', itemIndex, SALES_TYPES) as unknown;
	const list = Array.isArray(chosen)
		? chosen
		: typeof chosen === 'string'
			? chosen.split(',')
			: fail(ctx, itemIndex, 'Document Types', 'is not a list of types');
	const picked = list.map((v) => String(v).trim()).filter((v) => v !== '');
	const other = readString(ctx, 'otherDocumentTypes', 'Other Document Types', itemIndex, {
		max: 2000,
	})
		.split(',')
		.map((v) => v.trim())
		.filter((v) => v !== '');
	for (const [label, values] of [
		['Document Types', picked],
		['Other Document Types', other],
	] as const) {
		for (const v of values) {
			if (!/^[A-Za-z0-9_]+$/.test(v))
				fail(
					ctx,
					itemIndex,
					label,
					`"${v}" is not a document type name (letters, digits and _ only, comma-separated)`,
				);
		}
	}
	const all = [...new Set([...picked, ...other])];
	if (!all.length)
		fail(
			ctx,
			itemIndex,
			'Document Types',
			'choose at least one type (or name one in Other Document Types)',
		);
	return all;
}

/**
 * GET /sc/{sc_id}/shops/{shop_id}/receipts (PRO only), one output item per receipt.
 *
 * Each date pair may span at most 30 days, so each is split into 30-day windows in the center's zone.
 * With both pairs the API answers the INTERSECTION (created in its pair AND received in its pair), so
 * a receipt created in creation window c and received in reception window r is found only by the request
 * (c, r): the requests are every creation window combined with every reception window. Pairing each
 * creation window only with "the same" reception days would lose receipts that arrive in a later window
 * (late delivery by the fiscal data operator, offline cash registers), and nothing in the API bounds that
 * delay, so no pair is skipped. The (c, r) sets are disjoint, so ids are de-duplicated within each
 * request's pages only (records shift while it is paged), not across the walk.
 * Order: creation window, then reception window, then as the API sorts inside one request.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationOutput> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const shop = readShopChoice(this, itemIndex);
	const pairs = readPairs(this, itemIndex);
	for (const key of pairs) precheckPeriod(this, itemIndex, PAIRS[key].names);
	const documentTypes = readDocumentTypes(this, itemIndex);
	const limit = readLimit(this, itemIndex);
	const file = readFileSettings(this, itemIndex);
	const rubles = readBoolean(this, 'addRubles', 'Add Ruble Amounts', itemIndex);

	const plan = await centerPlan(this, scId);
	const refusal = featureRefusal(plan, 'receipts');
	if (refusal) fail(this, itemIndex, 'Center', refusal);
	const { time_zone: zone, boundaryZone } = await centerInfo(this, scId);
	const rules = rulesFor(plan);

	// the windows of each pair (a pair wholly after today has no receipts: an error, nothing is asked)
	const windowsOf: IDataObject[][] = [];
	const name: { of: string; start?: string; end?: string } = {
		of: shop.shopId ?? `${scId}-all-shops`,
	};
	for (const key of pairs) {
		const period = clipPeriod(
			this,
			itemIndex,
			readPeriod(this, itemIndex, zone, PAIRS[key].names),
			boundaryZone,
			rules,
			PAIRS[key].names,
		);
		name.start ??= period.start;
		name.end ??= period.end;
		windowsOf.push(
			splitDays(period.start, period.end, LIMITS.receiptsPairDays).map(PAIRS[key].query),
		);
	}
	const queries = windowsOf.reduce<IDataObject[]>(
		(acc, ws) => acc.flatMap((q) => ws.map((w) => ({ ...q, ...w }))),
		[{}],
	);

	const all = shop.scope !== 'one';
	const inputsOf = (shopId: string): WalkInput[] =>
		queries.map((q) => ({
			params: { sc_id: scId, shop_id: shopId },
			query: { ...(q as Record<string, string>), document_types: documentTypes },
			itemIndex,
			operation: 'export receipts',
			tag: all ? { shop_id: shopId } : undefined,
		}));
	async function* batches(
		this: IExecuteFunctions,
		stats: WalkStats,
		encode?: PageEncoder,
	): AsyncGenerator<IDataObject[] | Buffer> {
		if (!queries.length) return;
		const shops = await shopIdsOf(this, scId, shop, itemIndex, stats);
		const inputs = shops.flatMap(inputsOf);
		// a file: each page encoded as it arrives, the center and shop written from `ids` (no copy of a row)
		if (encode)
			return yield* walkPages(this, 'exportReceipts', inputs, { limit, stats, prepare: encode });
		// each row says its center and shop (a file without `encode` writes them from `ids` as well)
		for await (const rows of walkPages(this, 'exportReceipts', inputs, { limit, stats }))
			yield file ? rows : withShopIds(rows, scId, shop.shopId);
	}
	const ids = { sc_id: scId, shop_id: shop.shopId };
	return await deliver(
		this,
		itemIndex,
		{ columns: fileColumns, file, fill: ids, lead: ids, rubles, simple: simpleFields, name },
		batches.bind(this),
	);
}
