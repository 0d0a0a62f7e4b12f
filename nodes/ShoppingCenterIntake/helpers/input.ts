/**
 * Input readers of the intake node that the shared params.ts does not have: dates checked in two
 * steps (shape before any request, the center's calendar day once its zone is known), lists of IDs,
 * and values inside an item found by a dotted path.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { centerInfo } from '../../shared/center';
import { fail } from '../../shared/params';
import { todayIn, toCenterDate } from '../../shared/windows';

export function show(value: unknown): string {
	const s = typeof value === 'string' ? value : JSON.stringify(value);
	return s === undefined ? 'nothing' : s.length > 60 ? `"${s.slice(0, 60)}…"` : `"${s}"`;
}

/**
 * A required date parameter, checked to be a real date before any request (validity does not
 * depend on the zone). Its calendar day is taken later with `dayIn`, in the center's zone.
 */
export function readRawDate(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): unknown {
	const value = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	if (value === '' || value === undefined || value === null) fail(ctx, itemIndex, label, 'is required (a date, YYYY-MM-DD)');
	if (!toCenterDate(value, 'UTC')) fail(ctx, itemIndex, label, `${show(value)} is not a valid date (YYYY-MM-DD)`);
	return value;
}

/** The calendar day (YYYY-MM-DD) of a date value in the zone (a date-time without offset is read in it). */
export function dayIn(value: unknown, zone: string): string {
	return (toCenterDate(value, zone) ?? toCenterDate(value, 'UTC')) as string;
}

/** The center's IANA zone, from the key's center list (cached for a few minutes); UTC when unknown. */
export async function centerZone(ctx: IExecuteFunctions, scId: string): Promise<string> {
	return (await centerInfo(ctx, scId)).time_zone;
}

export function assertNotFutureDay(ctx: IExecuteFunctions, itemIndex: number, day: string, label: string, zone: string): void {
	const today = todayIn(zone);
	if (day > today) fail(ctx, itemIndex, label, `${day} is in the future (today is ${today} in the center's time zone ${zone})`);
}

/** IDs from a multi-select, an expression's array, or text separated by commas / new lines. */
export function readIdList(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, value: unknown): string[] {
	if (value === undefined || value === null || value === '') return [];
	const list: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,\n;]/) : [value];
	const out: string[] = [];
	for (const v of list) {
		if (typeof v !== 'string' && typeof v !== 'number') fail(ctx, itemIndex, label, `${show(v)} is not an ID`);
		const id = String(v).trim();
		if (!id) continue;
		if (/\s/.test(id) || id.length > 200) fail(ctx, itemIndex, label, `${show(v)} is not a valid ID`);
		if (!out.includes(id)) out.push(id);
	}
	return out;
}

/** A value inside an item's JSON by a dotted path ("data.records"); a key with dots is tried first. */
export function valueAt(json: IDataObject, path: string): unknown {
	if (Object.prototype.hasOwnProperty.call(json, path)) return json[path];
	let current: unknown = json;
	for (const part of path.split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as IDataObject)[part];
	}
	return current;
}
