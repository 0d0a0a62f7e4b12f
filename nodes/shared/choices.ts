/**
 * Option fields read with checks that run before any request: a value from a fixed set (an
 * expression may give anything), a list of values (multi-options, a comma list or an array from an
 * expression), an optional locator. Each problem is a NodeOperationError naming the field and the item.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { fail, idOf, show as shown } from './params';

/** Longest status word a list accepts (the API's words are short; a longer one is a mistake). */
const MAX_WORD = 64;

/** One value of an options field; empty gives the default. */
export function readChoice<T extends string>(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, allowed: readonly T[], def: T): T {
	const value = ctx.getNodeParameter(name, itemIndex, def) as unknown;
	if (value === '' || value === undefined || value === null) return def;
	const s = typeof value === 'string' ? value.trim() : value;
	if (typeof s !== 'string' || !(allowed as readonly string[]).includes(s)) {
		fail(ctx, itemIndex, label, `${shown(value)} is not one of ${allowed.filter((a) => a !== '').join(', ')}${allowed.includes('' as T) ? ' (or empty)' : ''}`);
	}
	return s as T;
}

/**
 * A list of words: an array (multi-options, an expression) or a comma-separated text. Trimmed, empty
 * entries dropped, duplicates removed (first kept). With `allowed`, every entry must be one of them;
 * without, every entry must look like a status word (letters, digits, _ and -).
 */
export function readWordList(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number, allowed?: readonly string[]): string[] {
	const value = ctx.getNodeParameter(name, itemIndex, []) as unknown;
	const raw: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : value === undefined || value === null ? [] : [value];
	const out: string[] = [];
	for (const entry of raw) {
		if (typeof entry !== 'string' && typeof entry !== 'number') fail(ctx, itemIndex, label, `${shown(entry)} is not a status`);
		const word = String(entry).trim();
		if (!word) continue;
		if (allowed ? !allowed.includes(word) : !/^[A-Za-z0-9_-]+$/.test(word) || word.length > MAX_WORD) {
			fail(ctx, itemIndex, label, allowed ? `${shown(word)} is not one of ${allowed.join(', ')}` : `${shown(word)} is not a status word (letters, digits, _ and -, at most ${MAX_WORD})`);
		}
		if (!out.includes(word)) out.push(word);
	}
	return out;
}

/** A resource locator that may stay empty: its value, or undefined. */
export function readOptionalId(ctx: IExecuteFunctions, name: string, label: string, itemIndex: number): string | undefined {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'string' && !value.trim()) return undefined;
	const id = idOf(value);
	if (id === undefined) fail(ctx, itemIndex, label, `${shown(value)} is not a valid ID`);
	return id;
}
