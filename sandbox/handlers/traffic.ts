/**
 * GET /sc/{sc_id}/traffic: attendance by day / week / month / hour for the center, a zone or a shop.
 */
import type { DateTime } from 'luxon';
import { AttendanceModel, type Counts, type Target } from '../data/attendance-model';
import { visibleZoneById, visibleZonesOf, zonesOf } from '../fixtures/zones';
import type { IntakeStore } from '../data/intake-store';
import {
	freshestDate,
	LIMITS,
	parseDate,
	PLAN_RULES,
	periodDays,
	planRequired,
	requireOrder,
	scalar,
} from '../core/rules';
import { validationError, type RouteName } from '../core/types';
import type { Handler, RequestContext } from './context';
import { shopOfPath, trafficNotConfigured } from './directory';
import { notFound } from './fields';
import { checkPeriod, checkPlanPeriod } from './params';

const GRANULARITIES = ['day', 'week', 'month', 'hour'] as const;
const SCOPES = ['sc', 'zone', 'shop'] as const;
type Granularity = (typeof GRANULARITIES)[number];

interface Row {
	date: string;
	visitors_in: number;
	visitors_out: number;
}

function oneOf<T extends string>(
	ctx: RequestContext,
	field: string,
	allowed: readonly T[],
	def: T,
): T {
	const v = scalar(ctx.query, field);
	if (v === undefined || v === '') return def;
	if (!(allowed as readonly string[]).includes(v))
		throw validationError(field, `${field} must be one of: ${allowed.join(', ')}.`);
	return v as T;
}

/** The longest period of one request (days) for this granularity and plan. */
export function maxAttendanceDays(ctx: RequestContext, granularity: Granularity): number {
	if (granularity === 'hour') return LIMITS.hourlyAttendanceDays;
	const rule = PLAN_RULES[ctx.center.plan];
	return ctx.options.periodRule === 'lenient' ? rule.dailyDaysLenient : rule.dailyDaysStrict;
}

function readPeriod(
	ctx: RequestContext,
	granularity: Granularity,
): { start: DateTime; end: DateTime } {
	const zone = ctx.center.time_zone;
	for (const f of ['start_date', 'end_date']) {
		if (scalar(ctx.query, f) === undefined || scalar(ctx.query, f) === '')
			throw validationError(f, `${f} is required.`);
	}
	const start = parseDate(scalar(ctx.query, 'start_date'), 'start_date', zone);
	const end = parseDate(scalar(ctx.query, 'end_date'), 'end_date', zone);
	requireOrder(start, end, 'end_date');
	const freshest = freshestDate(ctx.center, ctx.now);
	if (end > freshest) {
		const e = validationError(
			'end_date',
			`end_date must not be later than ${freshest.toISODate()} on this plan.`,
		);
		(e.details as Record<string, unknown>).freshest_date = freshest.toISODate();
		throw e;
	}
	const max = maxAttendanceDays(ctx, granularity);
	// hour: the 31 days of any plan; otherwise the plan's period (refused as periodRefusal chooses)
	if (granularity === 'hour') checkPeriod(periodDays(start, end), max, 'days', 'end_date');
	else checkPlanPeriod(ctx, periodDays(start, end), max, 'days', 'end_date');
	return { start, end };
}

function bucketOf(day: DateTime, granularity: Granularity): string {
	if (granularity === 'week') return day.startOf('week').toISODate() as string;
	if (granularity === 'month') return day.startOf('month').toISODate() as string;
	return day.toISODate() as string;
}

function rowsOf(
	model: AttendanceModel,
	target: Target,
	start: DateTime,
	end: DateTime,
	granularity: Granularity,
): Row[] {
	const rows: Row[] = [];
	const add = (label: string, c: Counts) => {
		const last = rows[rows.length - 1];
		if (last && last.date === label) {
			last.visitors_in += c.in;
			last.visitors_out += c.out;
		} else {
			rows.push({ date: label, visitors_in: c.in, visitors_out: c.out });
		}
	};
	for (let day = start; day <= end; day = day.plus({ days: 1 })) {
		if (granularity === 'hour') {
			if (!model.day(target, day)) continue;
			for (const [label, c] of model.hourRows(target, day))
				rows.push({ date: label, visitors_in: c.in, visitors_out: c.out });
			continue;
		}
		const c = model.day(target, day);
		if (c) add(bucketOf(day, granularity), c);
	}
	return rows;
}

const read: Handler = (ctx) => {
	const center = ctx.center;
	if (!center.hasTraffic) throw trafficNotConfigured(center);
	const granularity = oneOf(ctx, 'granularity', GRANULARITIES, 'day');
	const scope = oneOf(ctx, 'scope', SCOPES, 'sc');
	if (center.plan !== 'pro') {
		if (granularity === 'hour') throw planRequired(center, 'attendance by hour', 'granularity');
		if (scope !== 'sc') throw planRequired(center, `attendance by ${scope}`, 'scope');
	}
	const zoneId = scalar(ctx.query, 'zone_id');
	const shopId = scalar(ctx.query, 'shop_id');
	if (scope === 'zone' && !zoneId)
		throw validationError('zone_id', 'zone_id is required with scope=zone.');
	if (scope !== 'zone' && zoneId !== undefined)
		throw validationError('zone_id', 'zone_id is only allowed with scope=zone.');
	if (scope === 'shop' && !shopId)
		throw validationError('shop_id', 'shop_id is required with scope=shop.');
	if (scope !== 'shop' && shopId !== undefined)
		throw validationError('shop_id', 'shop_id is only allowed with scope=shop.');
	const { start, end } = readPeriod(ctx, granularity);

	let target: Target | undefined = { kind: 'center' };
	if (scope === 'zone') {
		const zone = visibleZoneById(center, zoneId as string);
		if (!zone) throw notFound('zone_id', `Zone ${zoneId} is not found in this center.`);
		target = { kind: 'zone', zone };
	} else if (scope === 'shop') {
		const shop = shopOfPath({ ...ctx, params: { ...ctx.params, shop_id: shopId as string } });
		const zone = visibleZonesOf(center).find((z) => !z.entrance && z.shop_ids.includes(shop.id));
		target = zone ? { kind: 'zone', zone } : undefined;
	}
	const meta = { granularity, scope, time_zone: center.time_zone };
	if (!target) return { data: [], meta };
	const intake = ctx.intake as IntakeStore;
	const model = new AttendanceModel(
		ctx.store.opts.seed,
		center,
		zonesOf(center),
		ctx.now,
		(z, date) => intake.submittedAttendance(center.id, z, date),
	);
	return { data: rowsOf(model, target, start, end, granularity), meta };
};

export const handlers: Partial<Record<RouteName, Handler>> = {
	'attendance.read': read,
};
