/**
 * The answer of an operation when the node runs as an AI tool (an AI Agent's tool or an MCP Server
 * Trigger's tool): records simplified where the operation has the Simplify option, the answer kept under
 * TOOL_MAX_CHARS characters, and a last item that says when more records exist, how many at least,
 * and how to ask for the rest. Outside a tool only Simplify applies (when the user turned it on).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readBoolean } from '../input/values';
import { runsAsTool } from './mode';
import { simplifyRecord } from './simplify';
import type { ListFacts, OperationModule } from '../actions';

/** The most characters (as JSON) of one tool answer: about 5k tokens, well inside a context window. */
export const TOOL_MAX_CHARS = 20000;

/** The Limit the user (or the workflow) set; undefined with Return All. */
function userLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (readBoolean(ctx, 'returnAll', 'Return All', itemIndex)) return undefined;
	const limit = ctx.getNodeParameter('limit', itemIndex, 50) as unknown;
	return typeof limit === 'number' ? limit : undefined;
}

function moreNote(list: ListFacts | undefined, shown: IDataObject[], atLeast: number): IDataObject {
	const info = list ?? { noun: 'records' };
	const last = info.dateField ? shown.at(-1)?.[info.dateField] : undefined;
	const day = typeof last === 'string' ? last.slice(0, 10) : undefined;
	const how = day
		? info.newestFirst
			? `they are newest first: ask again with End Date ${day} (or earlier) to get the older ones`
			: `ask again with Start Date ${day} (or later) to get the ones after the last shown`
		: 'ask again with a narrower selection';
	return {
		more_records: true,
		shown: shown.length,
		at_least: atLeast,
		note: `Only the first ${shown.length} ${info.noun} are shown; at least ${atLeast} match. To get the rest, ${how} (a smaller Limit or a shorter period keeps an answer small).`,
	};
}

/**
 * How the records of one item become the answer, decided before the operation runs (so a bad Simplify
 * value is refused before any request): simplified when the operation has the option and it is on (by
 * default as a tool); as a tool, cut to the user's Limit and to TOOL_MAX_CHARS, with a note when records
 * were left out.
 */
export function toolAnswer(
	ctx: IExecuteFunctions,
	itemIndex: number,
	operation: Pick<OperationModule, 'simpleFields' | 'list'>,
): (records: IDataObject[]) => IDataObject[] {
	const tool = runsAsTool(ctx);
	const fields = operation.simpleFields;
	const simplify = fields && readBoolean(ctx, 'simplify', 'Simplify', itemIndex, tool);
	const limit = tool ? userLimit(ctx, itemIndex) : undefined;
	return (records) => {
		const rows = simplify ? records.map((r) => simplifyRecord(r, fields)) : records;
		if (!tool) return rows;
		const room = TOOL_MAX_CHARS - 600; // the note's own size
		const shown: IDataObject[] = [];
		let size = 2;
		for (const row of rows.slice(0, limit ?? rows.length)) {
			size += JSON.stringify(row).length + 1;
			if (size > room && shown.length) break;
			shown.push(row);
		}
		if (shown.length === rows.length) return shown;
		return [...shown, moreNote(operation.list, shown, rows.length)];
	};
}
