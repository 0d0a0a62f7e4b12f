/**
 * Anomalies (PRO only): GET /sc/{sc_id}/anomalies.
 * start_date and end_date required (end >= start, not after today, period <= 366 days: 422
 * period_too_long), shop_id (404 not_found outside the center), status, level, page / per_page (100,
 * max 500). Filtered on `date` (center zone); newest first: date desc, created_at desc, id desc.
 */
import { LIMITS, paginate, parsePage, scalar } from '../core/rules';
import { ApiError, validationError, type RouteName } from '../core/types';
import type { Handler } from './context';
import { notFound } from './fields';
import { shopById } from '../fixtures/centers';
import { checkFreshness, enumParam, requiredDay, requirePro } from './params';
import { ANOMALY_LEVELS, ANOMALY_STATUSES, anomalyToApi, selectAnomalies } from '../data/anomalies';

const anomalies: Handler = (ctx) => {
	requirePro(ctx.center, 'anomalies');
	const zone = ctx.center.time_zone;
	const start = requiredDay(ctx.query, 'start_date', zone);
	const end = requiredDay(ctx.query, 'end_date', zone);
	if (end < start)
		throw validationError('end_date', 'end_date must not be earlier than start_date.');
	if (end - start + 1 > LIMITS.anomaliesPeriodDays) {
		throw new ApiError(
			422,
			'period_too_long',
			`The period must not be longer than ${LIMITS.anomaliesPeriodDays} days.`,
			{
				field: 'end_date',
				fields: ['start_date', 'end_date'],
				max: LIMITS.anomaliesPeriodDays,
			},
		);
	}
	checkFreshness(ctx, end, 'end_date');
	const status = enumParam(ctx.query, 'status', ANOMALY_STATUSES);
	const level = enumParam(ctx.query, 'level', ANOMALY_LEVELS);
	const p = parsePage(ctx.query, LIMITS.anomaliesPerPage);
	const shopId = scalar(ctx.query, 'shop_id') || undefined;
	if (shopId !== undefined && !shopById(ctx.center.id, shopId)) {
		throw notFound('shop_id', `Shop ${shopId} is not found in this center.`);
	}
	const now = ctx.now.getTime();
	const rows = selectAnomalies(
		ctx.store.seed,
		ctx.center,
		ctx.store.insertedAnomalies(ctx.center.id),
		{ start, end, shopId, status, level },
		now,
	);
	const page = paginate(rows, p);
	return {
		data: page.data.map((a) => anomalyToApi(a, zone, now)),
		meta: { pagination: page.pagination, time_zone: zone },
	};
};

export const handlers: Partial<Record<RouteName, Handler>> = { anomalies };
