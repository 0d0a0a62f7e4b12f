/**
 * Date fields, read in two steps. A date field is a day in the center's time zone, and the zone comes
 * from the center list (a request). But a value without a UTC offset ("2025-03-01", or a picker's
 * "2025-03-01T00:00:00") is the same day in every zone, so whether it is a date at all, and whether a
 * period is in order, is decided first, before any request. Values carrying an offset ("…Z",
 * "…+03:00", a Luxon DateTime from an expression) need the zone; for those the order is checked again
 * (`readPeriod`) once the zone is known. Periods are clipped to the plan's freshest day here too.
 */
import { DateTime } from 'luxon';
import { addDays, FURTHEST_AHEAD_ZONE, todayIn, toCenterDate } from '../walk/dateWindows';
import type { PlanRules } from '../plan';
import { expressionInFixedField, fail, quoted, type InputContext } from './values';

export interface Period {
	start: string;
	end: string;
}

export interface PeriodNames {
	start: string;
	end: string;
	startLabel: string;
	endLabel: string;
}

export const DEFAULT_PERIOD_NAMES: PeriodNames = {
	start: 'startDate',
	end: 'endDate',
	startLabel: 'Start Date',
	endLabel: 'End Date',
};

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** A required date field's value, checked to be a real date. */
function rawDate(ctx: InputContext, name: string, label: string, itemIndex: number): unknown {
	const value = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	if (value === '' || value === undefined || value === null)
		fail(ctx, itemIndex, label, 'is required (a date, YYYY-MM-DD)');
	const typed = expressionInFixedField(value);
	if (typed) fail(ctx, itemIndex, label, typed);
	// validity does not depend on the zone: any real zone will do
	if (!toCenterDate(value, 'UTC'))
		fail(ctx, itemIndex, label, `${quoted(value)} is not a valid date (YYYY-MM-DD)`);
	return value;
}

/**
 * Checks one date field without knowing the zone. Returns its day when that day does not depend on the
 * zone, null when it does (a value with an offset).
 */
function precheckDate(
	ctx: InputContext,
	name: string,
	label: string,
	itemIndex: number,
): string | null {
	const value = rawDate(ctx, name, label, itemIndex);
	if (value instanceof Date || DateTime.isDateTime(value)) return null;
	return typeof value === 'string' && OFFSET.test(value.trim())
		? null
		: (toCenterDate(value, 'UTC') as string);
}

/** Both ends of a period: each a date, and (where the zone does not matter) end not before start. */
export function precheckPeriod(
	ctx: InputContext,
	itemIndex: number,
	names: PeriodNames = DEFAULT_PERIOD_NAMES,
): void {
	const start = precheckDate(ctx, names.start, names.startLabel, itemIndex);
	const end = precheckDate(ctx, names.end, names.endLabel, itemIndex);
	if (start && end && end < start)
		fail(ctx, itemIndex, names.endLabel, `${end} is earlier than ${names.startLabel} ${start}`);
}

/** A required date field checked to be a real date (before any request); its day is taken later with `dayIn`. */
export function readRawDate(
	ctx: InputContext,
	name: string,
	label: string,
	itemIndex: number,
): unknown {
	return rawDate(ctx, name, label, itemIndex);
}

/** The calendar day (YYYY-MM-DD) of a date value in the zone (a date-time without offset is read in it). */
export function dayIn(value: unknown, zone: string): string {
	return (toCenterDate(value, zone) ?? toCenterDate(value, 'UTC')) as string;
}

/** A date field as YYYY-MM-DD in the center's zone. */
function readDate(
	ctx: InputContext,
	name: string,
	label: string,
	itemIndex: number,
	zone: string,
): string {
	return dayIn(rawDate(ctx, name, label, itemIndex), zone);
}

export function readPeriod(
	ctx: InputContext,
	itemIndex: number,
	zone: string,
	names: PeriodNames = DEFAULT_PERIOD_NAMES,
): Period {
	const start = readDate(ctx, names.start, names.startLabel, itemIndex, zone);
	const end = readDate(ctx, names.end, names.endLabel, itemIndex, zone);
	if (end < start)
		fail(ctx, itemIndex, names.endLabel, `${end} is earlier than ${names.startLabel} ${start}`);
	return { start, end };
}

/** Refuses a day after today in the center's zone. */
export function assertNotFutureDay(
	ctx: InputContext,
	itemIndex: number,
	day: string,
	label: string,
	zone: string,
): void {
	const today = todayIn(zone);
	if (day > today)
		fail(
			ctx,
			itemIndex,
			label,
			`${day} is in the future (today is ${today} ${zone === FURTHEST_AHEAD_ZONE ? 'even at UTC+14' : `in the center's time zone ${zone}`})`,
		);
}

/** The plan's freshest day in the center's zone: today (PRO, unknown plan) or yesterday (Basic). */
export function freshestDay(zone: string, rules: PlanRules, now: Date = new Date()): string {
	return addDays(todayIn(zone, now), -rules.freshestDaysAgo);
}

/**
 * A read period with its end clipped to the plan's freshest day. Undefined when the whole period lies
 * after that day (there is no data to read, so nothing is asked).
 */
export function clipToFreshest(
	period: Period,
	zone: string,
	rules: PlanRules,
	now: Date = new Date(),
): Period | undefined {
	const freshest = freshestDay(zone, rules, now);
	if (period.start > freshest) return undefined;
	return { start: period.start, end: period.end > freshest ? freshest : period.end };
}
