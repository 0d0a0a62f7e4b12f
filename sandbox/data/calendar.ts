/**
 * Day arithmetic for generated data. A day is an integer index (days since 1970-01-01 of its calendar
 * date); its boundaries are taken in a time zone (the center's), never in UTC.
 */
import { DateTime, IANAZone } from 'luxon';

const DAY_MS = 86_400_000;

/** Data exists from this day up to the sandbox clock's "now"; nothing earlier, nothing in the future. */
export const DATA_START = '2024-01-01';
export const DATA_START_IDX = dayIndex(DATA_START);

export function dayIndex(date: string): number {
	return Math.round(
		Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) /
			DAY_MS,
	);
}

export function dateOfIndex(idx: number): string {
	return new Date(idx * DAY_MS).toISOString().slice(0, 10);
}

/** YYYYMMDD, for ids. */
export function compactDate(idx: number): string {
	return dateOfIndex(idx).replace(/-/g, '');
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(idx: number): number {
	return (((idx + 4) % 7) + 7) % 7;
}

export function indexOfDateTime(d: DateTime): number {
	return dayIndex(d.toISODate() as string);
}

const zones = new Map<string, IANAZone>();
function zoneOf(name: string): IANAZone {
	let z = zones.get(name);
	if (!z) {
		z = IANAZone.create(name);
		zones.set(name, z);
	}
	return z;
}

/**
 * Offsets per zone and hour (UTC). luxon asks Intl for every offset, which was most of the sandbox's
 * time per receipt page (two timestamps per receipt); an hour whose start and end have the same
 * offset has it throughout (a transition in between would show at one end; no zone has two within
 * an hour), so it is kept; an hour holding a transition is asked each time.
 */
const HOUR_MS = 3_600_000;
const offsets = new Map<string, Map<number, number>>();
const MAX_HOURS = 400_000;
let hoursHeld = 0;

export function offsetMinutes(zone: string, ms: number): number {
	let byHour = offsets.get(zone);
	if (!byHour) offsets.set(zone, (byHour = new Map()));
	const h = Math.floor(ms / HOUR_MS);
	const known = byHour.get(h);
	if (known !== undefined) return known;
	const z = zoneOf(zone);
	const at = z.offset(ms);
	const start = z.offset(h * HOUR_MS);
	if (start !== z.offset((h + 1) * HOUR_MS - 1) || start !== at) return at;
	if (hoursHeld >= MAX_HOURS) {
		for (const m of offsets.values()) m.clear();
		hoursHeld = 0;
	}
	byHour.set(h, at);
	hoursHeld++;
	return at;
}

const dayStarts = new Map<string, number>();
/** Epoch ms of 00:00 of the day in the zone. */
export function dayStartMs(zone: string, idx: number): number {
	const key = `${zone}|${idx}`;
	let ms = dayStarts.get(key);
	if (ms === undefined) {
		ms = DateTime.fromISO(dateOfIndex(idx), { zone }).startOf('day').toMillis();
		if (dayStarts.size > 200_000) dayStarts.clear();
		dayStarts.set(key, ms);
	}
	return ms;
}

/** Index of the day (in the zone) that contains the moment. */
export function dayOfMs(zone: string, ms: number): number {
	return Math.floor((ms + offsetMinutes(zone, ms) * 60_000) / DAY_MS);
}

/** '00' … '59' */
const TWO = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));
const localDates = new Map<number, string>();
const offsetTexts = new Map<number, string>();

/**
 * ISO 8601 with the zone's offset, whole seconds: 2026-11-20T14:05:00+05:00. Built from cached day and
 * offset texts with integer arithmetic (no Date, no padStart: a receipt page formats two per receipt).
 */
export function isoAt(ms: number, zone: string): string {
	const off = offsetMinutes(zone, ms);
	const local = Math.floor(ms / 1000) + off * 60;
	const day = Math.floor(local / 86_400);
	const sec = local - day * 86_400;
	let date = localDates.get(day);
	if (date === undefined) {
		if (localDates.size > 100_000) localDates.clear();
		localDates.set(day, (date = dateOfIndex(day)));
	}
	let offText = offsetTexts.get(off);
	if (offText === undefined) {
		const a = Math.abs(off);
		offText = `${off < 0 ? '-' : '+'}${TWO[Math.floor(a / 60)]}:${TWO[a % 60]}`;
		offsetTexts.set(off, offText);
	}
	const hour = Math.floor(sec / 3600);
	const minute = Math.floor((sec - hour * 3600) / 60);
	return `${date}T${TWO[hour]}:${TWO[minute]}:${TWO[sec % 60]}${offText}`;
}

/** First and last day index of the month of a day index. */
export function monthBounds(idx: number): { first: number; last: number } {
	const d = new Date(idx * DAY_MS);
	const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS;
	const last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0) / DAY_MS;
	return { first, last };
}

export function monthLabel(idx: number): string {
	return dateOfIndex(idx).slice(0, 7);
}

export { DAY_MS };
