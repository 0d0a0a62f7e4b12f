/**
 * Request rules the data handlers share (on top of core/rules.ts): required dates and date pairs as day
 * indexes, the freshest-date rule, plan periods, enumerations. (The shop of the path: directory.ts shopOfPath.)
 */
import {
	ApiError,
	validationError,
	type CenterFixture,
	type Plan,
	type QueryValues,
} from '../core/types';
import type { PeriodRefusal, RequestContext } from './context';
import { freshestDate, list, optionalDate, planRequired, scalar } from '../core/rules';
import { dateOfIndex, indexOfDateTime } from '../data/calendar';

export function requirePro(center: CenterFixture, what: string): void {
	if (center.plan !== 'pro') throw planRequired(center, what);
}

/** `${zone}|${date}` → day index of the dates already parsed (luxon's parse was a tenth of a receipt page) */
const parsedDays = new Map<string, number>();

export function optionalDay(query: QueryValues, field: string, zone: string): number | undefined {
	const v = query[field];
	const key = typeof v === 'string' ? `${zone}|${v}` : undefined;
	const known = key === undefined ? undefined : parsedDays.get(key);
	if (known !== undefined) return known;
	const d = optionalDate(query, field, zone);
	if (d === undefined) return undefined;
	const day = indexOfDateTime(d);
	if (key !== undefined) {
		if (parsedDays.size > 10_000) parsedDays.clear();
		parsedDays.set(key, day);
	}
	return day;
}

export function requiredDay(query: QueryValues, field: string, zone: string): number {
	const d = optionalDay(query, field, zone);
	if (d === undefined) throw validationError(field, `${field} is required.`);
	return d;
}

/** A start/end pair as inclusive day indexes: undefined when both are absent; half a pair is a 422. */
export function datePair(
	query: QueryValues,
	startField: string,
	endField: string,
	zone: string,
): [number, number] | undefined {
	const start = optionalDay(query, startField, zone);
	const end = optionalDay(query, endField, zone);
	if (start === undefined && end === undefined) return undefined;
	if (start === undefined)
		throw validationError(startField, `${startField} is required together with ${endField}.`);
	if (end === undefined)
		throw validationError(endField, `${endField} is required together with ${startField}.`);
	if (end < start)
		throw validationError(endField, `${endField} must not be earlier than ${startField}.`);
	return [start, end];
}

/**
 * The freshest-date rule (as the attendance route answers it): a date after the plan's freshest date
 * (Basic: yesterday, PRO: today, center zone) is a 422 validation_error with details.freshest_date.
 * With the option afterFreshest 'empty' nothing is refused: the answer holds what exists (nothing after
 * the sandbox's now; daily sales clip their period themselves).
 */
export function checkFreshness(ctx: RequestContext, day: number, field: string): void {
	if (ctx.options.afterFreshest === 'empty') return;
	const freshest = indexOfDateTime(freshestDate(ctx.center, ctx.now));
	if (day > freshest) {
		throw new ApiError(
			422,
			'validation_error',
			`${field} must not be later than ${dateOfIndex(freshest)} on this plan.`,
			{
				field,
				fields: [field],
				freshest_date: dateOfIndex(freshest),
			},
		);
	}
}

/**
 * A period longer than a limit: 422 validation_error with details.max_days (or max_months); `refusal`
 * gives another code for the plan's own periods (checkPlanPeriod).
 */
export function checkPeriod(
	length: number,
	max: number,
	unit: 'days' | 'months',
	field: string,
	refusal: { code: PeriodRefusal; plan: Plan } = { code: 'validation_error', plan: 'pro' },
): void {
	if (length <= max) return;
	const { code, plan } = refusal;
	throw new ApiError(
		code === 'plan_required' ? 403 : 422,
		code,
		`The period must not exceed ${max} ${unit}${code === 'validation_error' ? '' : ' on this plan'}.`,
		{
			field,
			fields: [field],
			[unit === 'days' ? 'max_days' : 'max_months']: max,
			...(code === 'plan_required' ? { plan } : {}),
		},
	);
}

/**
 * A period longer than the center's plan allows (daily, monthly, attendance), refused with the code the
 * option periodRefusal chooses (the spec does not say which): 422 validation_error (default), 422
 * period_too_long or 403 plan_required (then details.plan is the center's plan).
 */
export function checkPlanPeriod(
	ctx: RequestContext,
	length: number,
	max: number,
	unit: 'days' | 'months',
	field: string,
): void {
	const code = ctx.options.periodRefusal ?? 'validation_error';
	checkPeriod(length, max, unit, field, { code, plan: ctx.center.plan });
}

/** An optional single value from a fixed set; anything else is a 422. */
export function enumParam(
	query: QueryValues,
	field: string,
	allowed: readonly string[],
): string | undefined {
	const v = scalar(query, field);
	if (v === undefined || v === '') return undefined;
	if (!allowed.includes(v))
		throw validationError(field, `${field} must be one of ${allowed.join(', ')}.`);
	return v;
}

/** An optional list (repeated key, key[] or comma list) whose every item is from a fixed set. */
export function enumList(
	query: QueryValues,
	field: string,
	allowed: readonly string[],
): string[] | undefined {
	const values = list(query, field);
	if (values === undefined || values.length === 0) return undefined;
	const bad = values.find((v) => !allowed.includes(v));
	if (bad !== undefined)
		throw validationError(
			field,
			`Unknown value ${bad} in ${field}; allowed: ${allowed.join(', ')}.`,
		);
	return values;
}
