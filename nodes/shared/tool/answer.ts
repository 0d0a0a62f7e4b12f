/**
 * The answer of an operation when the node runs as an AI tool (an AI Agent's tool or an MCP Server
 * Trigger's tool): records simplified where the operation has the Simplify option, the answer kept under
 * TOOL_MAX_CHARS characters, and a last item that says when more records exist, how many at least,
 * and the offset that gets exactly the next ones (a page of any density: a busy day's receipts too).
 * Outside a tool only Simplify applies (when the user turned it on).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readOffset, readUserLimit } from '../input';
import { runsAsTool, TOOL_PAGE } from './mode';
import { simplifiedFields, simplifyRecord } from './simplify';
import type { ListFacts, OperationModule } from '../actions';

/** The most characters (as JSON) of one tool answer: about 5k tokens, well inside a context window. */
export const TOOL_MAX_CHARS = 20000;

function moreNote(
	list: ListFacts | undefined,
	shown: number,
	offset: number,
	atLeast: number,
): IDataObject {
	if (!list)
		// not a list with an Offset (attendance by hour): only a narrower question gets the rest
		return {
			more_records: true,
			shown,
			at_least: atLeast,
			note: `Only the first ${shown} records are shown; ${atLeast} match. To get the rest, ask again with a shorter period.`,
		};
	const next = offset + shown;
	const order = list.newestFirst ? ' (newest first)' : '';
	return {
		more_records: true,
		shown,
		offset,
		next_offset: next,
		at_least: atLeast,
		note: `${list.noun[0].toUpperCase()}${list.noun.slice(1)} ${offset + 1}–${next}${order} of at least ${atLeast} are shown. To get the rest, call again with the same arguments and offset ${next}: the next ${list.noun}, none repeated, none skipped.`,
	};
}

/** An answer after the last record: the model asked with an offset past the end. */
function pastTheEnd(list: ListFacts, offset: number, total: number): IDataObject {
	return {
		more_records: false,
		shown: 0,
		offset,
		note: `No ${list.noun} after offset ${offset}: ${total} match, all shown before.`,
	};
}

/**
 * How the records of one item become the answer, decided before the operation runs (so a bad Simplify
 * or Offset is refused before any request): simplified when the operation has the option and it is on
 * (by default as a tool); as a tool, the records after Offset, cut to the Limit (Return All: TOOL_PAGE)
 * and to TOOL_MAX_CHARS, with a note giving next_offset when records were left out. A list operation
 * fetched Offset + that + 1 records (../input/values.ts readLimit), so the cut is exact.
 */
export function toolAnswer(
	ctx: IExecuteFunctions,
	itemIndex: number,
	operation: Pick<OperationModule, 'simpleFields' | 'list'>,
): (records: IDataObject[]) => IDataObject[] {
	const tool = runsAsTool(ctx);
	const fields = simplifiedFields(ctx, itemIndex, operation.simpleFields);
	const list = operation.list;
	// every list (Return All / Limit) takes an Offset as a tool
	const paged = tool && list !== undefined;
	const page = paged ? (readUserLimit(ctx, itemIndex) ?? TOOL_PAGE) : undefined;
	const offset = paged ? readOffset(ctx, itemIndex) : 0;
	return (records) => {
		if (!tool) return fields ? records.map((r) => simplifyRecord(r, fields)) : records;
		const after = offset ? records.slice(offset) : records;
		if (list && offset && after.length === 0 && records.length <= offset)
			return [pastTheEnd(list, offset, records.length)];
		const room = TOOL_MAX_CHARS - 600; // the note's own size
		const shown: IDataObject[] = [];
		let size = 2;
		const end = Math.min(after.length, page ?? after.length);
		for (let i = 0; i < end; i++) {
			const row = fields ? simplifyRecord(after[i], fields) : after[i];
			size += JSON.stringify(row).length + 1;
			if (size > room && shown.length) break;
			shown.push(row);
		}
		if (shown.length === after.length) return shown;
		return [...shown, moreNote(list, shown.length, offset, offset + after.length)];
	};
}
