/**
 * Reading node parameters with checks that run before any request: each problem is a
 * NodeOperationError naming the field and the item.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { inputError } from './transport';
import { daysBetween, todayIn, toCenterDate } from './windows';

export function fail(ctx: IExecuteFunctions, itemIndex: number, field: string, problem: string, description?: string): never {
	throw inputError(ctx.getNode(), `${field}: ${problem} [item ${itemIndex}]`, itemIndex, description);
}

/** A value as shown in a message: quoted, cut at 60 characters. */
export function show(value: unknown): string {
	const s = typeof value === 'string' ? value : JSON.stringify(value);
	return s === undefined ? 'nothing' : s.length > 60 ? `"${s.slice(0, 60)}…"` : `"${s}"`;
}

/** Text that cannot be sent as it is: a lone UTF-16 surrogate (half of a character), control characters. */
export function brokenText(s: string): string | undefined {
	if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s)) return 'contains a broken character (half of a UTF-16 pair)';
	if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s)) return 'contains a control character';
	return undefined;
}

/** Invisible or space characters that never belong in an ID (zero-width space, BOM, NBSP, tabs…). */
const NOT_IN_ID = /[\s\u00A0\u180E\u200B-\u200F\u2028-\u202F\u2060-\u206F\uFEFF]/;

/** An ID given as a number or text; undefined when it is not a valid one (the caller names the field). */
export function idOf(value: unknown): string | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
	if (typeof value !== 'string') return undefined;
	const s = value.trim();
	if (!s || s.length > 200 || NOT_IN_ID.test(s) || brokenText(s)) return undefined;
	return s;
}

/** A resource locator's value (center, shop, zone) as a non-empty string. */
export function readId(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): string {
	const value = ctx.getNodeParameter(name, itemIndex, undefined, { extractValue: true }) as unknown;
	if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) fail(ctx, itemIndex, label, 'is required');
	const id = idOf(value);
	if (id === undefined) fail(ctx, itemIndex, label, `${show(value)} is not a valid ID`);
	return id;
}

/** A boolean field, also when an expression gives "true" / "false" text. */
export function readBoolean(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, def = false): boolean {
	const value = ctx.getNodeParameter(name, itemIndex, def) as unknown;
	if (typeof value === 'boolean') return value;
	if (value === '' || value === undefined || value === null) return def;
	if (typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value)) return value.trim().toLowerCase() === 'true';
	fail(ctx, itemIndex, label, `${show(value)} is not true or false`);
}

export function readString(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, opts: { required?: boolean; max?: number } = {}): string {
	const value = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	if (typeof value !== 'string' && typeof value !== 'number') fail(ctx, itemIndex, label, `${show(value)} is not text`);
	const s = String(value).trim();
	if (opts.required && !s) fail(ctx, itemIndex, label, 'is required');
	const broken = brokenText(s);
	if (broken) fail(ctx, itemIndex, label, broken);
	if (opts.max && s.length > opts.max) fail(ctx, itemIndex, label, `is longer than ${opts.max} characters`);
	return s;
}

/** A date field as YYYY-MM-DD in the center's zone. */
export function readDate(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, zone: string, required = true): string | undefined {
	const value = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	if (value === '' || value === undefined || value === null) {
		if (required) fail(ctx, itemIndex, label, 'is required (a date, YYYY-MM-DD)');
		return undefined;
	}
	const date = toCenterDate(value, zone);
	if (!date) fail(ctx, itemIndex, label, `${show(value)} is not a valid date (YYYY-MM-DD)`);
	return date;
}

export interface Period {
	start: string;
	end: string;
}

export function readPeriod(
	ctx: IExecuteFunctions,
	itemIndex: number,
	zone: string,
	names: { start: string; end: string; startLabel: string; endLabel: string } = { start: 'startDate', end: 'endDate', startLabel: 'Start Date', endLabel: 'End Date' },
): Period {
	const start = readDate(ctx, names.start, names.startLabel, itemIndex, zone) as string;
	const end = readDate(ctx, names.end, names.endLabel, itemIndex, zone) as string;
	if (end < start) fail(ctx, itemIndex, names.endLabel, `${end} is earlier than ${names.startLabel} ${start}`);
	return { start, end };
}

export function assertMaxDays(ctx: IExecuteFunctions, itemIndex: number, period: Period, maxDays: number, label: string, why: string): void {
	const days = daysBetween(period.start, period.end);
	if (days > maxDays) fail(ctx, itemIndex, label, `the period has ${days} days; ${why} allows at most ${maxDays}`);
}

/** Refuses a date after today (or after the plan's freshest day) in the given zone. */
export function assertNotFuture(ctx: IExecuteFunctions, itemIndex: number, date: string, label: string, zone: string, now: Date = new Date()): void {
	const today = todayIn(zone, now);
	if (date > today) fail(ctx, itemIndex, label, `${date} is in the future (today is ${today} in ${zone})`);
}

/** Return All → undefined; otherwise the Limit (a whole number ≥ 1). */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (readBoolean(ctx, 'returnAll', 'Return All', itemIndex)) return undefined;
	const limit = ctx.getNodeParameter('limit', itemIndex, 50) as unknown;
	if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) fail(ctx, itemIndex, 'Limit', `${show(limit)} is not a whole number of at least 1`);
	return limit;
}

/** A whole number (kopecks, counts): rejects NaN, fractions, strings that are not integers. */
export function toInteger(ctx: IExecuteFunctions, itemIndex: number, label: string, value: unknown, opts: { min?: number; required?: boolean } = {}): number | undefined {
	if (value === '' || value === undefined || value === null) {
		if (opts.required) fail(ctx, itemIndex, label, 'is required (a whole number)');
		return undefined;
	}
	const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
	if (!Number.isSafeInteger(n)) fail(ctx, itemIndex, label, `${show(value)} is not a whole number`);
	if (opts.min !== undefined && n < opts.min) fail(ctx, itemIndex, label, `${n} is below ${opts.min}`);
	return n;
}
