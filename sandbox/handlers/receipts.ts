/**
 * Receipt export (PRO only): GET /sc/{sc_id}/shops/{shop_id}/receipts.
 * A full created pair and/or a full received pair (each at most 30 days, not after today), document_types
 * (comma list; default receipt,delivery,form_of_strict_accountability), page / per_page (500, max 1000).
 * Sorted by created_datetime ascending, then id.
 */
import { LIMITS, parsePage, list } from '../core/rules';
import { ApiError, validationError, type RouteName } from '../core/types';
import type { Handler, RequestContext } from './context';
import { shopOfPath } from './directory';
import { checkFreshness, checkPeriod, datePair, requirePro } from './params';
import { DOCUMENT_TYPES, SALES_TYPES } from '../data/receipt-gen';
import { receiptPage } from '../data/receipt-query';
import { receiptToApi } from '../data/receipt-format';

const PAIRS = [
	['start_created_date', 'end_created_date'],
	['start_received_date', 'end_received_date'],
] as const;

function documentTypes(ctx: RequestContext): number[] {
	const names = list(ctx.query, 'document_types');
	if (names === undefined || names.length === 0) return SALES_TYPES;
	return [...new Set(names)].map((name) => {
		const t = (DOCUMENT_TYPES as readonly string[]).indexOf(name);
		if (t < 0)
			throw validationError(
				'document_types',
				`Unknown document type ${name}; known: ${DOCUMENT_TYPES.join(', ')}.`,
			);
		return t;
	});
}

const receipts: Handler = (ctx) => {
	requirePro(ctx.center, 'the receipt export');
	const shop = shopOfPath(ctx);
	const zone = ctx.center.time_zone;
	const [created, received] = PAIRS.map(([start, end]) => {
		const pair = datePair(ctx.query, start, end, zone);
		if (pair) {
			checkPeriod(pair[1] - pair[0] + 1, LIMITS.receiptsPairDays, 'days', end);
			checkFreshness(ctx, pair[1], end);
		}
		return pair;
	});
	if (!created && !received) {
		throw new ApiError(
			422,
			'validation_error',
			'A full pair start_created_date + end_created_date or start_received_date + end_received_date is required.',
			{
				field: 'start_created_date',
				fields: [
					'start_created_date',
					'end_created_date',
					'start_received_date',
					'end_received_date',
				],
			},
		);
	}
	const types = documentTypes(ctx);
	const p = parsePage(ctx.query, LIMITS.receiptsPerPage);
	const { rows, total } = receiptPage(
		ctx.store,
		{ shop, zone, created, received, types, now: ctx.now.getTime() },
		(p.page - 1) * p.perPage,
		p.perPage,
	);
	return {
		data: rows.map((r) => receiptToApi(r, zone)),
		meta: { pagination: { page: p.page, per_page: p.perPage, total }, time_zone: zone },
	};
};

export const handlers: Partial<Record<RouteName, Handler>> = { receipts };
