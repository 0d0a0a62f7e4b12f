/**
 * Date fields checked BEFORE any request, and periods clipped to the plan's freshest day.
 *
 * A date field is read as a day in the center's time zone, and the zone comes from the center list
 * (a request). But a value without a UTC offset ("2025-03-01", or the date picker's
 * "2025-03-01T00:00:00") is the same day in every zone, so whether it is a date at all, and whether
 * the period is in order, can be decided first. Only values carrying an offset ("…Z", "…+03:00", a
 * Luxon DateTime from an expression) need the zone; for those the order is checked again (by
 * `readPeriod`) once the zone is known.
 */
import { DateTime } from 'luxon';
import type { IExecuteFunctions } from 'n8n-workflow';
import { fail, type Period, show as shown } from './params';
import type { PlanRules } from './plan';
import { addDays, todayIn, toCenterDate } from './windows';

export interface PeriodNames {
	start: string;
	end: string;
	startLabel: string;
	endLabel: string;
}

export const DEFAULT_PERIOD_NAMES: PeriodNames = { start: 'startDate', end: 'endDate', startLabel: 'Start Date', endLabel: 'End Date' };

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;


/**
 * Checks one date field without knowing the zone. Returns its day when that day does not depend on the
 * zone, null when it does (a value with an offset), undefined when the field is empty and optional.
 */
export function precheckDate(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, required = true): string | null | undefined {
	const value = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	if (value === '' || value === undefined || value === null) {
		if (required) fail(ctx, itemIndex, label, 'is required (a date, YYYY-MM-DD)');
		return undefined;
	}
	// validity does not depend on the zone: any real zone will do
	const day = toCenterDate(value, 'UTC');
	if (!day) fail(ctx, itemIndex, label, `${shown(value)} is not a valid date (YYYY-MM-DD)`);
	if (value instanceof Date || DateTime.isDateTime(value)) return null;
	return typeof value === 'string' && OFFSET.test(value.trim()) ? null : day;
}

/** Both ends of a period: each a date, and (where the zone does not matter) end not before start. */
export function precheckPeriod(ctx: IExecuteFunctions, itemIndex: number, names: PeriodNames = DEFAULT_PERIOD_NAMES): void {
	const start = precheckDate(ctx, names.start, names.startLabel, itemIndex);
	const end = precheckDate(ctx, names.end, names.endLabel, itemIndex);
	if (start && end && end < start) fail(ctx, itemIndex, names.endLabel, `${end} is earlier than ${names.startLabel} ${start}`);
}

/** The plan's freshest day in the center's zone: today (PRO, unknown plan) or yesterday (Basic). */
export function freshestDay(zone: string, rules: PlanRules, now: Date = new Date()): string {
	return addDays(todayIn(zone, now), -rules.freshestDaysAgo);
}

/**
 * A read period with its end clipped to the plan's freshest day. Undefined when the whole period lies
 * after that day (there is no data to read, so nothing is asked).
 */
export function clipToFreshest(period: Period, zone: string, rules: PlanRules, now: Date = new Date()): Period | undefined {
	const freshest = freshestDay(zone, rules, now);
	if (period.start > freshest) return undefined;
	return { start: period.start, end: period.end > freshest ? freshest : period.end };
}
