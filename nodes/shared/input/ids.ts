/**
 * Readers of IDs: one ID from a resource locator (center, shop, zone), an optional one, and lists of
 * IDs from a multi-select, an expression's array or a comma list. Checked before any request.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { brokenText, fail, quoted, type InputContext } from './values';

/** Invisible or space characters that never belong in an ID (zero-width space, BOM, NBSP, tabs…). */
const NOT_IN_ID = /[\s\u00A0\u180E\u200B-\u200F\u2028-\u202F\u2060-\u206F\uFEFF]/;

/** An ID given as a number or text; undefined when it is not a valid one (the caller names the field). */
export function idOf(value: unknown): string | undefined {
	if (typeof value === 'number')
		return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
	if (typeof value !== 'string') return undefined;
	const s = value.trim();
	if (!s || s.length > 200 || NOT_IN_ID.test(s) || brokenText(s)) return undefined;
	return s;
}

/** A resource locator's value (center, shop, zone) as a non-empty string. */
export function readId(ctx: InputContext, name: string, label: string, itemIndex: number): string {
	const value = ctx.getNodeParameter(name, itemIndex, undefined, { extractValue: true }) as unknown;
	if (value === undefined || value === null || (typeof value === 'string' && !value.trim()))
		fail(ctx, itemIndex, label, 'is required');
	const id = idOf(value);
	if (id === undefined) fail(ctx, itemIndex, label, `${quoted(value)} is not a valid ID`);
	return id;
}

/** A resource locator that may stay empty: its value, or undefined. */
export function readOptionalId(
	ctx: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): string | undefined {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'string' && !value.trim()) return undefined;
	const id = idOf(value);
	if (id === undefined) fail(ctx, itemIndex, label, `${quoted(value)} is not a valid ID`);
	return id;
}

/** Entries of a list field: an array (multi-options, an expression), a separated text, or one value. */
export function listEntries(value: unknown, separators: RegExp = /[,\n;]/): unknown[] {
	if (Array.isArray(value)) return value;
	if (typeof value === 'string') return value.split(separators);
	if (value === undefined || value === null) return [];
	return [value];
}

/** IDs from a list field: trimmed, empty entries dropped, duplicates removed (first kept). */
export function idList(
	ctx: Pick<InputContext, 'getNode'>,
	value: unknown,
	label: string,
	itemIndex?: number,
): string[] {
	const out: string[] = [];
	for (const v of listEntries(value)) {
		if (typeof v !== 'string' && typeof v !== 'number')
			fail(ctx, itemIndex, label, `${quoted(v)} is not an ID`);
		const id = String(v).trim();
		if (!id) continue;
		if (/\s/.test(id) || id.length > 200)
			fail(ctx, itemIndex, label, `${quoted(v)} is not a valid ID`);
		if (!out.includes(id)) out.push(id);
	}
	return out;
}
