/**
 * Daily aggregates and monthly totals of a shop:
 * GET /sc/{sc_id}/shops/{shop_id}/sales/daily and /sales/monthly.
 * start_date and end_date are required; end_date not after the plan's freshest date; the plan period
 * (rules.ts PLAN_RULES, strict or lenient). Daily: one row per day, date ascending, page / per_page
 * (100, max 366). Monthly: the period widened to whole months, rows up to the freshest date, no pagination.
 */
import { LIMITS, PLAN_RULES, freshestDate, paginate, parsePage } from '../core/rules';
import { validationError, type RouteName } from '../core/types';
import type { Handler, RequestContext } from './context';
import { indexOfDateTime, monthBounds } from '../data/calendar';
import { shopOfPath } from './directory';
import { checkFreshness, checkPlanPeriod, requiredDay } from './params';
import { dailyRow } from '../data/daily';
import { monthlyRows } from '../data/monthly';

function period(ctx: RequestContext): [number, number] {
	const zone = ctx.center.time_zone;
	const start = requiredDay(ctx.query, 'start_date', zone);
	const end = requiredDay(ctx.query, 'end_date', zone);
	if (end < start)
		throw validationError('end_date', 'end_date must not be earlier than start_date.');
	if (ctx.options.afterFreshest === 'empty')
		return [start, Math.min(end, indexOfDateTime(freshestDate(ctx.center, ctx.now)))];
	checkFreshness(ctx, end, 'end_date');
	return [start, end];
}

const daily: Handler = (ctx) => {
	const shop = shopOfPath(ctx);
	const [start, end] = period(ctx);
	const lenient = ctx.options.periodRule === 'lenient';
	const rule = PLAN_RULES[ctx.center.plan];
	checkPlanPeriod(
		ctx,
		end - start + 1,
		lenient ? rule.dailyDaysLenient : rule.dailyDaysStrict,
		'days',
		'end_date',
	);
	const p = parsePage(ctx.query, LIMITS.dailyPerPage);
	const allDays = Array.from({ length: Math.max(0, end - start + 1) }, (_, i) => start + i);
	const page = paginate(allDays, p);
	const now = ctx.now.getTime();
	return {
		data: page.data.map((d) => dailyRow(ctx.store, ctx.center, shop, d, now)),
		meta: { pagination: page.pagination, time_zone: ctx.center.time_zone },
	};
};

function monthsBetween(first: number, last: number): number {
	let n = 0;
	for (let m = first; m <= last; m = monthBounds(m).last + 1) n++;
	return n;
}

const monthly: Handler = (ctx) => {
	const shop = shopOfPath(ctx);
	const [start, end] = period(ctx);
	const first = monthBounds(start).first;
	const last = monthBounds(end).last;
	if (ctx.options.periodRule === 'lenient') {
		checkPlanPeriod(
			ctx,
			monthsBetween(first, last),
			PLAN_RULES[ctx.center.plan].monthlyMonthsLenient,
			'months',
			'end_date',
		);
	} else {
		checkPlanPeriod(
			ctx,
			last - first + 1,
			PLAN_RULES[ctx.center.plan].monthlyDaysStrict,
			'days',
			'end_date',
		);
	}
	const freshest = indexOfDateTime(freshestDate(ctx.center, ctx.now));
	return {
		data: monthlyRows(
			ctx.store,
			ctx.center,
			shop,
			ctx.intake,
			first,
			Math.min(last, freshest),
			ctx.now.getTime(),
		),
		meta: { time_zone: ctx.center.time_zone },
	};
};

export const handlers: Partial<Record<RouteName, Handler>> = {
	'sales.daily': daily,
	'sales.monthly': monthly,
};
