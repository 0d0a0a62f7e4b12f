/**
 * Periods in the center's time zone, split into the windows one request may cover; id lists and
 * record lists split into the batches one call may take.
 */
import { DateTime } from 'luxon';

export interface DayWindow {
	/** YYYY-MM-DD, inclusive */
	start: string;
	/** YYYY-MM-DD, inclusive */
	end: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Years a date of this API can have: earlier or later ones are typos (0025, 20255) that would plan thousands of windows. */
const FIRST_YEAR = 1990;
const LAST_YEAR = 2999;

function plausible(date: string | null | undefined): string | undefined {
	if (!date) return undefined;
	const year = Number(date.slice(0, 4));
	return year >= FIRST_YEAR && year <= LAST_YEAR ? date : undefined;
}

/**
 * A date or date-time from an n8n field as the calendar day it is in the center's zone.
 * "2025-03-01" stays that day; "2025-02-28T22:30:00Z" in Moscow (UTC+3) is 2025-03-01.
 * Returns undefined for anything that is not a real date (2025-02-30, 2025-13-01, "abc").
 */
export function toCenterDate(value: unknown, zone: string): string | undefined {
	return plausible(anyCenterDate(value, zone));
}

function anyCenterDate(value: unknown, zone: string): string | undefined {
	if (value instanceof Date)
		return Number.isNaN(value.getTime())
			? undefined
			: (DateTime.fromJSDate(value).setZone(zone).toISODate() ?? undefined);
	if (DateTime.isDateTime(value))
		return value.isValid ? (value.setZone(zone).toISODate() ?? undefined) : undefined;
	if (typeof value !== 'string') return undefined;
	const v = value.trim();
	if (DATE.test(v)) {
		const d = DateTime.fromISO(v, { zone });
		return d.isValid ? v : undefined;
	}
	// a four-digit year first: extended years (+275760-01-01) are no dates anyone means
	if (!/^\d{4}-\d{2}/.test(v)) return undefined;
	const dt = DateTime.fromISO(v, { setZone: true });
	if (!dt.isValid) return undefined;
	// a date-time without an offset is read in the center's zone
	const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(v);
	return (hasOffset ? dt.setZone(zone) : DateTime.fromISO(v, { zone })).toISODate() ?? undefined;
}

/** Today's date in the zone (now may be given for tests). */
/** The zone where a calendar day begins first (UTC+14, Line Islands): a day later than today there is future everywhere. */
export const FURTHEST_AHEAD_ZONE = 'Etc/GMT-14';

export function todayIn(zone: string, now: Date = new Date()): string {
	return DateTime.fromJSDate(now).setZone(zone).toISODate() as string;
}

/** The moment (epoch ms) a day (YYYY-MM-DD) begins in the zone. */
export function dayStartMs(date: string, zone: string): number {
	return DateTime.fromISO(date, { zone }).toMillis();
}

export function addDays(date: string, days: number): string {
	return DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate() as string;
}

/** Consecutive windows of at most `maxDays` covering start..end exactly (oldest first). */
export function splitDays(start: string, end: string, maxDays: number): DayWindow[] {
	const out: DayWindow[] = [];
	let s = start;
	while (s <= end) {
		const e = addDays(s, maxDays - 1);
		out.push({ start: s, end: e < end ? e : end });
		s = addDays(e, 1);
	}
	return out;
}

/** Whole-month windows of at most `months` months covering the months of start..end (oldest first). */
export function splitMonths(start: string, end: string, months: number): DayWindow[] {
	const out: DayWindow[] = [];
	let s = DateTime.fromISO(start, { zone: 'utc' }).startOf('month');
	const last = DateTime.fromISO(end, { zone: 'utc' }).endOf('month');
	while (s <= last) {
		let e = s.plus({ months }).minus({ days: 1 });
		if (e > last) e = last;
		out.push({ start: s.toISODate() as string, end: e.toISODate() as string });
		s = e.plus({ days: 1 });
	}
	return out;
}

/**
 * Windows a request may cover for rows of a granularity (attendance): week and month rows are cut at
 * the end of a week (Sunday) or month whenever a window has to end early, so that no row is split
 * between two requests.
 */
export function rowWindows(
	start: string,
	end: string,
	granularity: 'hour' | 'day' | 'week' | 'month',
	windowDays: number,
): DayWindow[] {
	if (granularity === 'day' || granularity === 'hour') return splitDays(start, end, windowDays);
	const out: DayWindow[] = [];
	let s = DateTime.fromISO(start, { zone: 'utc' });
	const last = DateTime.fromISO(end, { zone: 'utc' });
	while (s <= last) {
		let e = s.plus({ days: windowDays - 1 });
		if (e < last) {
			const unit = granularity === 'week' ? 'week' : 'month';
			// the last whole row inside the window: the day before the row e lies in starts
			const cut = e.plus({ days: 1 }).startOf(unit).minus({ days: 1 });
			if (cut >= s) e = cut;
		} else {
			e = last;
		}
		out.push({ start: s.toISODate() as string, end: e.toISODate() as string });
		s = e.plus({ days: 1 });
	}
	return out;
}

export function chunk<T>(list: readonly T[], size: number): T[][] {
	const out: T[][] = [];
	for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
	return out;
}
