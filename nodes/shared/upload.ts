/**
 * The item loop of a node that writes (Intake): every input row is checked before the first one is
 * written. First each row runs its operation check-only (transport/checkOnly.ts: everything up to
 * the writing request, which is not sent); bad input in any row sends nothing, and the error lists
 * every bad row, 1-based, with its key (shop and month, date, counter …). Then the rows are written
 * in order; when the API refuses one, the error says which row failed and what was already stored
 * ("1 of 3 stored: 1002-05 2026-10"). With Continue On Fail (or as an AI tool) the good rows are
 * written and each row gives one result: its record(s) or its error item.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
} from 'n8n-workflow';
import { asNodeError, checkOnly, RequestChecked } from './transport';
import type { ResourceModule } from './actions';
import { errorItem, operationFor, runOperation, withoutItemTag } from './router';
import { runsAsTool } from './tool/mode';

/** A row's key in words: long in the row's tag ("shop 1002-05, month 2026-10"), short in lists. */
export interface RowKey {
	long: string;
	short: string;
}

/** The key of one row, from the request its check built, or from its raw parameters when it had none. */
export type RowDescriber = (
	ctx: IExecuteFunctions,
	itemIndex: number,
	request?: RequestChecked,
) => RowKey;

/**
 * Several rows refused by one check (a submission of one record per input item): each row with its
 * own error. Thrown by an operation; listed row by row like bad rows of their own.
 */
export class RowProblems extends NodeOperationError {
	constructor(
		node: INode,
		readonly problems: Array<{ itemIndex: number; error: NodeOperationError }>,
	) {
		super(node, problems[0].error.message, {
			itemIndex: problems[0].itemIndex,
			description: problems[0].error.description ?? undefined,
		});
	}
}

/** How many rows a message names at most; the error's description lists them all. */
const LISTED = 10;

type NodeError = NodeApiError | NodeOperationError;

/**
 * An error whose message counts rows (from 1) carries no item index: n8n's editor appends
 * " [item N]" (counted from 0) to the message of an error that has one, and the two numberings
 * would then meet in one sentence.
 */
function aboutRows<E extends NodeError>(error: E): E {
	delete error.context.itemIndex;
	return error;
}
const withoutStop = (message: string) => message.replace(/\.$/, '');

function listed(parts: string[], more: (n: number) => string, separator = ', '): string {
	if (parts.length <= LISTED) return parts.join(separator);
	return `${parts.slice(0, LISTED).join(separator)}${separator}${more(parts.length - LISTED)}`;
}

export async function routeUploads(
	this: IExecuteFunctions,
	resources: Record<string, ResourceModule>,
	describe: RowDescriber,
	/** what running the same rows again does (the resource of row i), for the error of a refused row */
	again: (itemIndex: number) => string,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const total = items.length;
	const node = this.getNode();
	const keys: RowKey[] = [];
	const keyOf = (i: number, request?: RequestChecked): RowKey => {
		if (!keys[i] || request) keys[i] = describe(this, i, request);
		return keys[i];
	};
	const tag = (row: number) => `[row ${row + 1} of ${total}: ${keyOf(row).long}]`;
	/** the row an error is about: the op may name another item (one record per item) */
	const rowOf = (error: NodeError, i: number) => {
		const named = error.context?.itemIndex;
		return typeof named === 'number' && named >= 0 && named < total ? named : i;
	};

	// 1. every row checked, nothing written
	const bad = new Map<number, NodeError>();
	const unreadable = new Map<number, NodeError>();
	for (let i = 0; i < total; i++) {
		try {
			const module = operationFor(this, resources, i);
			await checkOnly(this, async () => await module.execute.call(this, i, items));
			keyOf(i);
		} catch (error) {
			if (error instanceof RequestChecked) {
				keyOf(i, error);
				continue;
			}
			const e = asNodeError(node, error, i);
			// a read the check needed (the center list) failed: not the row's input
			if (e instanceof NodeApiError) unreadable.set(i, e);
			else bad.set(i, e);
		}
	}
	const lenient = this.continueOnFail() || runsAsTool(this);
	if (!lenient && bad.size > 0) throw aboutRows(badRows(this, bad, total, tag, rowOf, keyOf));
	if (!lenient && unreadable.size > 0) throw unreadable.values().next().value as NodeError;

	// 2. the rows written in order
	const out: INodeExecutionData[] = [];
	const stored: number[] = [];
	for (let i = 0; i < total; i++) {
		const early = bad.get(i) ?? unreadable.get(i);
		if (early) {
			const shown =
				early instanceof RowProblems
					? badRows(this, new Map([[i, early]]), total, tag, rowOf, keyOf)
					: early;
			if (early instanceof NodeOperationError && !(early instanceof RowProblems))
				early.message = `${withoutItemTag(early.message)} ${tag(rowOf(early, i))}`;
			out.push(errorItem(this, shown, i));
			continue;
		}
		try {
			if ((await runOperation(this, resources, items, i, out)).allItems) break;
			stored.push(i);
		} catch (error) {
			const e = asNodeError(node, error, i);
			// one row alone: the API's words as they are; among several, which row it was
			if (total > 1 || e instanceof NodeOperationError)
				e.message = `${withoutStop(withoutItemTag(e.message))} ${tag(rowOf(e, i))}`;
			if (!lenient) throw total > 1 ? aboutRows(progress(e, i, stored, total, keyOf, again)) : e;
			out.push(errorItem(this, e, i));
		}
	}
	return [out];
}

/** One error for every bad row: nothing was sent. */
function badRows(
	ctx: IExecuteFunctions,
	bad: Map<number, NodeError>,
	total: number,
	tag: (row: number) => string,
	rowOf: (e: NodeError, i: number) => number,
	keyOf: (i: number) => RowKey,
): NodeOperationError {
	const entries = [...bad.entries()].flatMap(([i, e]) =>
		e instanceof RowProblems
			? e.problems.map((p) => ({ row: p.itemIndex, e: p.error as NodeError }))
			: [{ row: rowOf(e, i), e }],
	);
	const first = entries[0];
	const all = entries.map(
		({ row, e }) => `Row ${row + 1} (${keyOf(row).long}): ${withoutItemTag(e.message)}`,
	);
	const message =
		entries.length === 1
			? `${withoutItemTag(first.e.message)} ${tag(first.row)}; nothing was sent`
			: `${entries.length} of ${total} rows have bad input; nothing was sent. ${listed(
					all,
					(n) => `… and ${n} more rows (all in the details)`,
					'; ',
				)}`;
	const description = [
		...(entries.length === 1 && first.e.description ? [first.e.description] : []),
		`Every row is checked before the first one is written: fix ${
			entries.length === 1 ? 'this row' : 'these rows'
		} and run again.`,
		...(entries.length > 1 ? all : []),
	].join('\n');
	return new NodeOperationError(ctx.getNode(), message, {
		itemIndex: first.row,
		description,
	});
}

/** The API refused row i: say what was stored before it and what was not sent. */
function progress(
	error: NodeError,
	i: number,
	stored: number[],
	total: number,
	keyOf: (i: number) => RowKey,
	again: (itemIndex: number) => string,
): NodeError {
	if (total <= 1) return error;
	const done = stored.length
		? `${stored.length} of ${total} stored: ${listed(
				stored.map((s) => keyOf(s).short),
				(n) => `… and ${n} more`,
			)}`
		: `0 of ${total} stored`;
	const rest =
		i + 1 < total
			? `; not sent: ${i + 2 === total ? `row ${total}` : `rows ${i + 2}–${total}`}`
			: '';
	error.message = `${error.message}. ${done}${rest}`;
	const rows = stored.map((s) => `row ${s + 1} (${keyOf(s).long})`).join(', ');
	error.description = `${error.description ? `${error.description}\n` : ''}Stored before row ${
		i + 1
	} failed: ${rows || 'none'}. ${again(i)}`;
	return error;
}
