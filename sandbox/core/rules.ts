/**
 * The spec's rules that several sandbox handlers share: plan table, date parsing, periods, pagination.
 * One place, so the executable spec has one answer per rule.
 */
import { DateTime } from 'luxon';
import {
	ApiError,
	validationError,
	type CenterFixture,
	type Plan,
	type QueryValues,
} from './types';

/**
 * The plan table. Where the spec gives two answers (daily data: 31 or 92 days for Basic; monthly: 12/36
 * months or 92/366 days) the sandbox enforces the STRICTER one by default, so a client that passes here
 * passes whichever way the gap falls. `periodRule: 'lenient'` (an option) enforces the looser one.
 */
export const PLAN_RULES = {
	basic: {
		dailyDaysStrict: 31,
		dailyDaysLenient: 92,
		monthlyMonthsLenient: 12,
		monthlyDaysStrict: 92,
		freshest: 'yesterday',
		ratePerMinute: 60,
		ratePerDay: 5000,
	},
	pro: {
		dailyDaysStrict: 366,
		dailyDaysLenient: 366,
		monthlyMonthsLenient: 36,
		monthlyDaysStrict: 366,
		freshest: 'today',
		ratePerMinute: 300,
		ratePerDay: 50000,
	},
} as const;

export const LIMITS = {
	shopsPerPage: { default: 100, max: 500 },
	dailyPerPage: { default: 100, max: 366 },
	receiptsPerPage: { default: 500, max: 1000 },
	receiptsPairDays: 30,
	anomaliesPerPage: { default: 100, max: 500 },
	anomaliesPeriodDays: 366,
	ticketsPerPage: { default: 50, max: 100 },
	/** not shown in the spec: the sandbox takes tickets' numbers */
	passesPerPage: { default: 50, max: 100 },
	ticketUids: 100,
	passTicketUids: 500,
	hourlyAttendanceDays: 31,
	counterRecords: 1000,
} as const;

export function planOf(center: CenterFixture): Plan {
	return center.plan;
}

export function planRequired(center: CenterFixture, what: string, field?: string): ApiError {
	return new ApiError(
		403,
		'plan_required',
		`The plan of this center (${center.plan === 'pro' ? 'PRO' : 'Basic'}) does not allow ${what}.`,
		// the plan it has and the plan it needs: keys that are no parameter of the request
		field ? { field, plan: center.plan, required: 'pro' } : { plan: center.plan, required: 'pro' },
	);
}

/** Parses a strict YYYY-MM-DD date (rejects 2025-02-30, 2025-13-01, blanks) as a day in `zone`. */
export function parseDate(value: unknown, field: string, zone: string): DateTime {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
		throw validationError(field, `${field} must be a date in the form YYYY-MM-DD.`);
	}
	const d = DateTime.fromISO(value, { zone });
	if (!d.isValid) throw validationError(field, `${field} is not a valid date: ${value}.`);
	return d.startOf('day');
}

export function optionalDate(
	query: QueryValues,
	field: string,
	zone: string,
): DateTime | undefined {
	const v = query[field];
	if (v === undefined || v === '') return undefined;
	return parseDate(Array.isArray(v) ? v[0] : v, field, zone);
}

/** Today in the center's zone. */
export function today(center: CenterFixture, now: Date, zone = center.time_zone): DateTime {
	return DateTime.fromJSDate(now, { zone }).startOf('day');
}

/** The freshest date the plan allows: yesterday (Basic) or today (PRO), in the center's zone. */
export function freshestDate(center: CenterFixture, now: Date): DateTime {
	const t = today(center, now);
	return PLAN_RULES[center.plan].freshest === 'today' ? t : t.minus({ days: 1 });
}

/** Inclusive length in days of a period of two day-starts. */
export function periodDays(start: DateTime, end: DateTime): number {
	return Math.round(end.diff(start, 'days').days) + 1;
}

export function requireOrder(start: DateTime, end: DateTime, endField: string): void {
	if (end < start)
		throw validationError(endField, `${endField} must not be earlier than the start date.`);
}

export function scalar(query: QueryValues, field: string): string | undefined {
	const v = query[field];
	if (v === undefined) return undefined;
	return Array.isArray(v) ? v[v.length - 1] : v;
}

export function list(query: QueryValues, field: string): string[] | undefined {
	const v = query[field];
	if (v === undefined) return undefined;
	const values = Array.isArray(v) ? v : [v];
	return values
		.flatMap((x) => x.split(','))
		.map((x) => x.trim())
		.filter((x) => x !== '');
}

export function parseBoolean(query: QueryValues, field: string): boolean {
	const v = scalar(query, field);
	if (v === undefined || v === '') return false;
	if (v === 'true' || v === '1') return true;
	if (v === 'false' || v === '0') return false;
	throw validationError(field, `${field} must be true or false.`);
}

export interface PageRequest {
	page: number;
	perPage: number;
}

/** page / per_page with the endpoint's default and maximum; above the maximum is a 422. */
export function parsePage(
	query: QueryValues,
	limits: { default: number; max: number },
): PageRequest {
	const page = parseIntParam(query, 'page', 1, 1);
	const perPage = parseIntParam(query, 'per_page', limits.default, 1);
	if (perPage > limits.max)
		throw validationError('per_page', `per_page must be at most ${limits.max}.`);
	return { page, perPage };
}

function parseIntParam(query: QueryValues, field: string, def: number, min: number): number {
	const v = scalar(query, field);
	if (v === undefined || v === '') return def;
	if (!/^\d+$/.test(v)) throw validationError(field, `${field} must be an integer.`);
	const n = Number(v);
	if (n < min) throw validationError(field, `${field} must be at least ${min}.`);
	return n;
}

/** Slices one page and builds meta.pagination. */
export function paginate<T>(
	rows: T[],
	p: PageRequest,
): { data: T[]; pagination: { page: number; per_page: number; total: number } } {
	const from = (p.page - 1) * p.perPage;
	return {
		data: rows.slice(from, from + p.perPage),
		pagination: { page: p.page, per_page: p.perPage, total: rows.length },
	};
}

/** ISO 8601 with the center's offset, no milliseconds: 2026-11-20T14:05:00+05:00 */
export function isoInZone(d: Date | DateTime, zone: string): string {
	const dt = d instanceof Date ? DateTime.fromJSDate(d) : d;
	return dt.setZone(zone).toISO({ suppressMilliseconds: true }) as string;
}
