/**
 * Intake calls: daily attendance, hourly counter counts, calendar events, declared monthly turnover.
 * Stored in the IntakeStore (sb.intake, GET /__sandbox/intake).
 */
import { DateTime } from 'luxon';
import { visibleZoneById } from '../fixtures/zones';
import type { IntakeStore } from '../data/intake-store';
import { LIMITS, parseDate, today } from '../core/rules';
import { ApiError, validationError, type RouteName } from '../core/types';
import type { Handler, RequestContext } from './context';
import { shopOfPath, trafficNotConfigured } from './directory';
import {
	isPresent,
	nonNegativeInt,
	notFound,
	optionalInt,
	requiredInt,
	requiredScalar,
	requiredString,
	stringList,
} from './fields';
import { shopById } from '../fixtures/centers';

export const EVENT_TYPES = ['calendar', 'marketing', 'other'];
/** Default event color ("gray"; the exact value is not shown in the spec). */
export const DEFAULT_EVENT_COLOR = '#9E9E9E';
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

function intakeOf(ctx: RequestContext): IntakeStore {
	return ctx.intake as IntakeStore;
}

const submitAttendance: Handler = (ctx) => {
	const b = ctx.body;
	const scope = isPresent(b, 'scope') && b.scope !== '' ? b.scope : 'sc';
	if (scope !== 'sc' && scope !== 'zone')
		throw validationError('scope', 'scope must be sc or zone.');
	if (scope === 'sc' && isPresent(b, 'zone_id'))
		throw validationError('zone_id', 'zone_id must not be passed with scope=sc.');
	const zoneId = scope === 'zone' ? requiredScalar(b, 'zone_id') : null;
	const day = parseDate(requiredScalar(b, 'date'), 'date', ctx.center.time_zone);
	if (day > today(ctx.center, ctx.now))
		throw validationError('date', 'date must not be in the future (center time zone).');
	const visitors = requiredInt(b, 'visitors');
	if (zoneId !== null) {
		if (!ctx.center.hasTraffic) throw trafficNotConfigured(ctx.center);
		if (!visibleZoneById(ctx.center, zoneId))
			throw notFound('zone_id', `Zone ${zoneId} is not found in this center.`);
	}
	const date = day.toISODate() as string;
	intakeOf(ctx).putAttendance({
		center_id: ctx.center.id,
		date,
		scope,
		zone_id: zoneId,
		visitors,
		submitted_at: ctx.now.toISOString(),
	});
	return { data: { date, scope, zone_id: zoneId, visitors } };
};

function counterRecords(body: Record<string, unknown>): unknown[] {
	if (!isPresent(body, 'data') || body.data === '')
		throw validationError('data', 'data is required.');
	const data = body.data;
	if (!Array.isArray(data))
		throw validationError('data', 'data must be an array of records {datetime, in, out}.');
	if (data.length === 0) throw validationError('data', 'data must hold at least one record.');
	if (data.length > LIMITS.counterRecords) {
		const e = validationError(
			'data',
			`data must hold at most ${LIMITS.counterRecords} records per call.`,
		);
		Object.assign(e.details as object, { max: LIMITS.counterRecords, received: data.length });
		throw e;
	}
	return data;
}

const submitCounter: Handler = (ctx) => {
	const zone = ctx.center.time_zone;
	const records = counterRecords(ctx.body).map((r, i) => {
		const f = (name: string) => `data[${i}][${name}]`;
		if (typeof r !== 'object' || r === null || Array.isArray(r))
			throw validationError(`data[${i}]`, `data[${i}] must be a record {datetime, in, out}.`);
		const rec = r as Record<string, unknown>;
		if (typeof rec.datetime !== 'string' || rec.datetime === '')
			throw validationError(f('datetime'), `${f('datetime')} is required.`);
		const at = DateTime.fromISO(rec.datetime, { zone });
		if (!at.isValid)
			throw validationError(f('datetime'), `${f('datetime')} must be an ISO 8601 moment.`);
		if (at.minute !== 0 || at.second !== 0 || at.millisecond !== 0)
			throw validationError(f('datetime'), `${f('datetime')} must be the start of an hour.`);
		if (at.toMillis() > ctx.now.getTime())
			throw validationError(f('datetime'), `${f('datetime')} must not be in the future.`);
		for (const k of ['in', 'out'])
			if (!isPresent(rec, k) || rec[k] === '') throw validationError(f(k), `${f(k)} is required.`);
		return {
			hour: at.toUTC().toISO() as string,
			in: nonNegativeInt(rec.in, f('in')),
			out: nonNegativeInt(rec.out, f('out')),
		};
	});
	const intake = intakeOf(ctx);
	const externalId = ctx.params.external_id;
	for (const r of records) {
		intake.putCounterHour({
			center_id: ctx.center.id,
			external_id: externalId,
			...r,
			submitted_at: ctx.now.toISOString(),
		});
	}
	return { data: { external_id: externalId, written: records.length } };
};

const createEvent: Handler = (ctx) => {
	const b = ctx.body;
	const name = requiredString(b, 'name');
	const description = requiredString(b, 'description', 5000);
	const eventType = requiredScalar(b, 'event_type');
	if (!EVENT_TYPES.includes(eventType))
		throw validationError('event_type', `event_type must be one of: ${EVENT_TYPES.join(', ')}.`);
	const zone = ctx.center.time_zone;
	const start = parseDate(requiredScalar(b, 'start_date'), 'start_date', zone);
	const end = parseDate(requiredScalar(b, 'end_date'), 'end_date', zone);
	if (end < start)
		throw validationError('end_date', 'end_date must not be earlier than start_date.');
	const shopIds = stringList(b, 'shop_ids') ?? [];
	const unknown = shopIds.filter((id) => !shopById(ctx.center.id, id));
	if (unknown.length > 0) {
		const e = validationError('shop_ids', `Shops not found in this center: ${unknown.join(', ')}.`);
		Object.assign(e.details as object, { unknown });
		throw e;
	}
	let color = DEFAULT_EVENT_COLOR;
	if (isPresent(b, 'color') && b.color !== '') {
		if (typeof b.color !== 'string' || !HEX_COLOR.test(b.color))
			throw validationError('color', 'color must be a HEX color #RRGGBB.');
		color = b.color;
	}
	const startDate = start.toISODate() as string;
	const endDate = end.toISODate() as string;
	const intake = intakeOf(ctx);
	const existing = intake.findEvent(ctx.center.id, name, eventType, startDate, endDate);
	if (existing) {
		throw new ApiError(
			409,
			'already_exists_in_sc',
			'An event with the same name, type and dates already exists in this center.',
			{ id: existing.id },
		);
	}
	const event = intake.addEvent(ctx.center.id, {
		name,
		description,
		event_type: eventType,
		color,
		sell_location_ids: [...new Set(shopIds)],
		start_date: startDate,
		end_date: endDate,
	});
	return { data: event };
};

const declareTurnover: Handler = (ctx) => {
	const shop = shopOfPath(ctx);
	const b = ctx.body;
	const zone = ctx.options.shopTimeZones?.[shop.id] ?? shop.time_zone;
	const day = parseDate(requiredScalar(b, 'month'), 'month', zone);
	const monthStart = day.startOf('month');
	if (monthStart > today(ctx.center, ctx.now, zone).startOf('month')) {
		throw validationError('month', 'month must not be in the future (shop time zone).');
	}
	const turnover = requiredInt(b, 'turnover');
	const receipts = optionalInt(b, 'receipts_count');
	const visitors = optionalInt(b, 'visitors_count');
	const record = {
		shop_id: shop.id,
		month: monthStart.toFormat('yyyy-MM'),
		manual_turnover: turnover,
		manual_receipts_count: receipts ?? 0,
		manual_visitors_count: visitors ?? 0,
	};
	intakeOf(ctx).putDeclaredTurnover(ctx.center.id, record, {
		person_id: ctx.key.personId,
		client_id: ctx.key.clientId,
		at: ctx.now.toISOString(),
	});
	return { data: { ...record } };
};

export const handlers: Partial<Record<RouteName, Handler>> = {
	'attendance.submit': submitAttendance,
	'counter.submit': submitCounter,
	'events.create': createEvent,
	'turnover.declare': declareTurnover,
};
