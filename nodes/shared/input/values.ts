/**
 * The base of the input layer: how a problem with a field is reported (a NodeOperationError naming the
 * field, with the item's index for the loop's row number, before any request), how a value is quoted in a message, and readers of plain
 * values (text, booleans, whole numbers, Return All / Limit).
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { inputError } from '../transport';
import { fetchLimit, runsAsTool } from '../tool/mode';

/** What a reader needs of n8n's context: its node (for the error) and its parameters. */
export type InputContext = Pick<IExecuteFunctions, 'getNode' | 'getNodeParameter'>;

export function fail(
	ctx: { getNode(): INode },
	itemIndex: number | undefined,
	field: string,
	problem: string,
	description?: string,
): never {
	// the item loop names the row ("[row 3 of 4]", router.ts), as the Intake's names it
	throw inputError(ctx.getNode(), `${field}: ${problem}`, itemIndex, description);
}

/** A value as shown in a message: quoted, cut at 60 characters. */
export function quoted(value: unknown): string {
	const s = typeof value === 'string' ? value : JSON.stringify(value);
	return s === undefined ? 'nothing' : s.length > 60 ? `"${s.slice(0, 60)}…"` : `"${s}"`;
}

/**
 * What is wrong with a Fixed field's value that holds an expression ("{{ … }}", as a hint writes it):
 * n8n runs an expression only in a field switched to Expression; in a Fixed one it is the text itself.
 */
export function expressionInFixedField(value: unknown): string | undefined {
	if (typeof value !== 'string' || !value.includes('{{')) return undefined;
	return `${quoted(value)} is an expression typed into a Fixed field: switch the field to Expression (hover it and choose "Expression" beside "Fixed") for n8n to run it`;
}

/** Text that cannot be sent as it is: a lone UTF-16 surrogate (half of a character), control characters. */
export function brokenText(s: string): string | undefined {
	if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s))
		return 'contains a broken character (half of a UTF-16 pair)';
	for (let i = 0; i < s.length; i++) {
		const c = s.charCodeAt(i);
		// U+0000–U+001F except tab, line feed and carriage return; U+007F
		if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f)
			return 'contains a control character';
	}
	return undefined;
}

/** A boolean field, also when an expression gives "true" / "false" text. */
export function readBoolean(
	ctx: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
	def = false,
): boolean {
	const value = ctx.getNodeParameter(name, itemIndex, def) as unknown;
	if (typeof value === 'boolean') return value;
	if (value === '' || value === undefined || value === null) return def;
	if (typeof value === 'string' && /^\s*(true|false)\s*$/i.test(value))
		return value.trim().toLowerCase() === 'true';
	fail(ctx, itemIndex, label, `${quoted(value)} is not true or false`);
}

export function readString(
	ctx: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
	opts: { required?: boolean; max?: number } = {},
): string {
	const value = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	if (typeof value !== 'string' && typeof value !== 'number')
		fail(ctx, itemIndex, label, `${quoted(value)} is not text`);
	const s = String(value).trim();
	if (opts.required && !s) fail(ctx, itemIndex, label, 'is required');
	const broken = brokenText(s);
	if (broken) fail(ctx, itemIndex, label, broken);
	if (opts.max && s.length > opts.max)
		fail(ctx, itemIndex, label, `is longer than ${opts.max} characters`);
	return s;
}

/**
 * Return All → undefined; otherwise the Limit (a whole number ≥ 1). As a tool: what the answer needs,
 * the Offset, the Limit (Return All: one answer's worth) and one more (see ../tool/mode.ts).
 */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	return fetchLimit(
		ctx,
		readUserLimit(ctx, itemIndex),
		runsAsTool(ctx) ? readOffset(ctx, itemIndex) : 0,
	);
}

/** Return All → undefined; otherwise the Limit as the user set it (a whole number ≥ 1). */
export function readUserLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (readBoolean(ctx, 'returnAll', 'Return All', itemIndex)) return undefined;
	const limit = ctx.getNodeParameter('limit', itemIndex, 50) as unknown;
	if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
		fail(ctx, itemIndex, 'Limit', `${quoted(limit)} is not a whole number of at least 1`);
	return limit;
}

/** As a tool: how many records of the list the model has seen already (0 at first). */
export function readOffset(ctx: IExecuteFunctions, itemIndex: number): number {
	const raw = ctx.getNodeParameter('offset', itemIndex, 0) as unknown;
	if (raw === undefined || raw === null || raw === '') return 0;
	const n = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
	if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
		fail(
			ctx,
			itemIndex,
			'Offset',
			`${quoted(raw)} is not a whole number of at least 0 (0 at first, then the next_offset of the last answer)`,
		);
	return n;
}

/**
 * A whole number (kopecks, counts): rejects NaN, fractions, strings that are not integers. The
 * arguments in the order of the other checks of a value read already (wholeNumberIn, idList, wordList):
 * the value, its field's label, the item.
 */
export function toInteger(
	ctx: IExecuteFunctions,
	value: unknown,
	label: string,
	itemIndex: number,
	opts: { min?: number; required?: boolean } = {},
): number | undefined {
	if (value === '' || value === undefined || value === null) {
		if (opts.required) fail(ctx, itemIndex, label, 'is required (a whole number)');
		return undefined;
	}
	const n =
		typeof value === 'number'
			? value
			: typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)
				? Number(value)
				: NaN;
	if (!Number.isSafeInteger(n))
		fail(ctx, itemIndex, label, `${quoted(value)} is not a whole number`);
	if (opts.min !== undefined && n < opts.min)
		fail(ctx, itemIndex, label, `${n} is below ${opts.min}`);
	return n;
}

/** A whole number from min to max, as a number (a poll's setting; an expression may give anything). */
export function wholeNumberIn(
	ctx: { getNode(): INode },
	value: unknown,
	label: string,
	itemIndex: number | undefined,
	min: number,
	max: number,
): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
		fail(ctx, itemIndex, label, `${quoted(value)} is not a whole number from ${min} to ${max}`);
	return value;
}
