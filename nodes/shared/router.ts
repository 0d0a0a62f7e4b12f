/**
 * The item loop every action node shares, over the node's resource modules (the operation module at
 * resources[resource].resource.modules[operation], ./actions.ts): one operation call per input item
 * (runOperation, which the Intake's upload loop runs too, ./upload.ts), one output item per record
 * (paired with its input item), and "Continue On Fail" turned into an error item per failing item
 * carrying the API's code and message; an error names its row as the Intake does ("[row 3 of 4]",
 * numberedRow). An operation that consumes all
 * input items at once runs once (it ends the loop). Records pass through ./tool/answer.ts (Simplify;
 * as an AI tool, the size limit and the "more exist" note); as an AI tool an error is an error item too.
 */
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';
import { operationOf, type OperationModule, type ResourceModule } from './actions';
import { asNodeError, errorShape } from './transport';
import { toolAnswer } from './tool/answer';
import { runsAsTool } from './tool/mode';
import { noteLargeResult } from './output/largeResult';

export type { OperationHandler, OperationOutput } from './actions';

export function errorJson(error: unknown): IDataObject {
	const e = error as { message?: string; description?: string };
	const { code, details, httpCode } = errorShape(error);
	return {
		error: e.message ?? String(error),
		...(code ? { code } : {}),
		...(details !== undefined ? { details: details as IDataObject } : {}),
		...(httpCode ? { httpCode } : {}),
		...(e.description ? { description: e.description } : {}),
	};
}

/** n8n's own " [item N]" (counted from 0) at the end of a message: the row number replaces it. */
export const withoutItemTag = (message: string) => message.replace(/ \[item \d+\]$/, '');

/**
 * Input item i's error numbered as the Intake numbers rows: " [row 3 of 4]" (counted from 1) ends
 * the message, and the error keeps no item index (n8n's editor would append " [item 2]", counted
 * from 0, to it). One item alone and the API's refusal: its words as they are.
 */
export function numberedRow<E extends NodeApiError | NodeOperationError>(
	error: E,
	i: number,
	total: number,
): E {
	if (total > 1 || !(error instanceof NodeApiError)) {
		error.message = `${withoutItemTag(error.message)} [row ${i + 1} of ${total}]`;
		delete error.context.itemIndex;
	}
	return error;
}

/** The operation module the item's Resource and Operation name; one no module has is the item's error. */
export function operationFor(
	ctx: IExecuteFunctions,
	resources: Record<string, ResourceModule>,
	itemIndex: number,
): OperationModule {
	const resource = ctx.getNodeParameter('resource', itemIndex) as string;
	const operation = ctx.getNodeParameter('operation', itemIndex) as string;
	const module = operationOf(resources, resource, operation);
	if (!module)
		throw new NodeOperationError(
			ctx.getNode(),
			`The operation "${operation}" of "${resource}" is not supported`,
			{ itemIndex },
		);
	return module;
}

/** What running one item's operation did. */
export interface OperationRun {
	/** records handed on as items by an operation that could have written them to One File */
	asItems: number;
	/** the operation took every input item at once (its records paired with all): the loop ends */
	allItems: boolean;
}

/**
 * Runs input item i's operation and appends its output to `out`: one item per record paired with
 * item i (through tool/answer.ts), the one ready item, or the records of all input items.
 */
export async function runOperation(
	ctx: IExecuteFunctions,
	resources: Record<string, ResourceModule>,
	items: INodeExecutionData[],
	i: number,
	out: INodeExecutionData[],
): Promise<OperationRun> {
	const module = operationFor(ctx, resources, i);
	const answer = toolAnswer(ctx, i, module);
	const result = await module.execute.call(ctx, i, items);
	if (Array.isArray(result)) {
		const records = answer(result);
		for (const json of records) out.push({ json, pairedItem: { item: i } });
		return { asItems: module.fileColumns ? records.length : 0, allItems: false };
	}
	if ('item' in result) {
		out.push(result.item);
		return { asItems: 0, allItems: false };
	}
	const paired = items.map((_, index) => ({ item: index }));
	for (const json of result.records) out.push({ json, pairedItem: paired });
	return { asItems: 0, allItems: true };
}

/**
 * The item a failing input item gives with Continue On Fail (or as an AI tool): the error as JSON
 * (errorJson), paired with its input. Under "Continue (using error output)" n8n moves an item to the
 * error output only when its JSON is `error` alone or `error` and `message` (and an item carrying the
 * error object has its JSON replaced by the bare message), then puts the input item's fields beside
 * them: so there the item is the message and, as `message`, the description (the API's code and words).
 */
export function errorItem(
	ctx: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): INodeExecutionData {
	if (ctx.getNode().onError !== 'continueErrorOutput')
		return { json: errorJson(error), pairedItem: { item: itemIndex } };
	const e = error as { message?: string; description?: string | null };
	const json: IDataObject = { error: e.message ?? String(error) };
	if (e.description) json.message = e.description;
	return { json, pairedItem: { item: itemIndex } };
}

export async function routeOperations(
	this: IExecuteFunctions,
	resources: Record<string, ResourceModule>,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	let asItems = 0; // records of operations that could have written them to One File
	for (let i = 0; i < items.length; i++) {
		try {
			const ran = await runOperation(this, resources, items, i, out);
			asItems += ran.asItems;
			if (ran.allItems) break;
		} catch (error) {
			const e = numberedRow(asNodeError(this.getNode(), error, i), i, items.length);
			// as an AI tool the error is the answer: a model reads it and calls again (a thrown error
			// reaches an AI Agent's model as an empty tool message)
			if (!this.continueOnFail() && !runsAsTool(this)) throw e;
			out.push(errorItem(this, e, i));
		}
	}
	noteLargeResult(this, asItems);
	return [out];
}
