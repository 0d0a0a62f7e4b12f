/**
 * Option fields read with checks that run before any request: a value from a fixed set (an
 * expression may give anything) and lists of words (multi-options, a comma list or an array from an
 * expression). The allowed sets come from ../allowedValues.ts.
 */
import type { INode, IPollFunctions } from 'n8n-workflow';
import { listEntries } from './ids';
import { fail, quoted, type InputContext } from './values';

/** Longest status word a list accepts (the API's words are short; a longer one is a mistake). */
const MAX_WORD = 64;

/** A value of an options field (an expression may give anything); empty gives the default. */
function choiceOf<T extends string>(
	ctx: { getNode(): INode },
	value: unknown,
	label: string,
	itemIndex: number | undefined,
	allowed: readonly T[],
	def: T,
): T {
	if (value === '' || value === undefined || value === null) return def;
	const s = typeof value === 'string' ? value.trim() : value;
	if (typeof s !== 'string' || !(allowed as readonly string[]).includes(s)) {
		fail(
			ctx,
			itemIndex,
			label,
			`${quoted(value)} is not one of ${allowed.filter((a) => a !== '').join(', ')}${allowed.includes('' as T) ? ' (or empty)' : ''}`,
		);
	}
	return s as T;
}

/**
 * One value of an options field of the current item: trimmed, empty gives the default. With `exact`
 * (the words of its refusal after "<label>: ", each field keeping its own), the value must be exactly
 * one of `allowed`: no trimming, and empty is refused like any other value.
 */
export function readChoice<T extends string>(
	ctx: InputContext,
	name: string,
	label: string,
	itemIndex: number,
	allowed: readonly T[],
	def: T,
	exact?: (value: unknown) => string,
): T {
	const value = ctx.getNodeParameter(name, itemIndex, def) as unknown;
	if (!exact) return choiceOf(ctx, value, label, itemIndex, allowed, def);
	if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
		fail(ctx, itemIndex, label, exact(value));
	return value as T;
}

/** One value of a trigger's options field (a poll has no item); empty gives the default. */
export function readPollChoice<T extends string>(
	ctx: Pick<IPollFunctions, 'getNode' | 'getNodeParameter'>,
	name: string,
	label: string,
	allowed: readonly T[],
	def: T,
): T {
	return choiceOf(ctx, ctx.getNodeParameter(name, def), label, undefined, allowed, def);
}

/** An options field whose empty value means "any": one of `allowed`, or '' when empty. */
export function readOptionalChoice<T extends string>(
	ctx: InputContext,
	name: string,
	label: string,
	itemIndex: number,
	allowed: readonly T[],
): T | '' {
	return readChoice<T | ''>(ctx, name, label, itemIndex, ['', ...allowed], '');
}

/**
 * A list of words: an array or a comma-separated text. Trimmed, empty entries dropped, duplicates
 * removed (first kept). With `allowed`, every entry must be one of them; without, every entry must
 * look like a status word (letters, digits, _ and -).
 */
export function wordList(
	ctx: { getNode(): INode },
	value: unknown,
	label: string,
	itemIndex?: number,
	allowed?: readonly string[],
): string[] {
	const out: string[] = [];
	for (const entry of listEntries(value, /,/)) {
		if (typeof entry !== 'string' && typeof entry !== 'number')
			fail(ctx, itemIndex, label, `${quoted(entry)} is not a valid value`);
		const word = String(entry).trim();
		if (!word) continue;
		if (
			allowed ? !allowed.includes(word) : !/^[A-Za-z0-9_-]+$/.test(word) || word.length > MAX_WORD
		) {
			fail(
				ctx,
				itemIndex,
				label,
				allowed
					? `${quoted(word)} is not one of ${allowed.join(', ')}`
					: `${quoted(word)} is not a status word (letters, digits, _ and -, at most ${MAX_WORD})`,
			);
		}
		if (!out.includes(word)) out.push(word);
	}
	return out;
}

/** A list-of-words field of the current item. */
export function readWordList(
	ctx: InputContext,
	name: string,
	label: string,
	itemIndex: number,
	allowed?: readonly string[],
): string[] {
	return wordList(ctx, ctx.getNodeParameter(name, itemIndex, []), label, itemIndex, allowed);
}
