/**
 * The item loop every action node shares, over the node's resource modules (the operation module at
 * resources[resource][operation], ./actions.ts): one operation call per input item, one output item per record (paired with its input item), and "Continue On Fail" turned into
 * an error item per failing item carrying the API's code and message. An operation that consumes all
 * input items at once runs once (it ends the loop). Records pass through ./tool/answer.ts (Simplify;
 * as an AI tool, the size limit and the "more exist" note); as an AI tool an error is an error item too.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
} from 'n8n-workflow';
import { operationOf, type ResourceModule } from './actions';
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
		const resource = this.getNodeParameter('resource', i) as string;
		const operation = this.getNodeParameter('operation', i) as string;
		const handler = operationOf(resources, resource, operation);
		try {
			if (!handler)
				throw new NodeOperationError(
					this.getNode(),
					`The operation "${operation}" of "${resource}" is not supported`,
					{ itemIndex: i },
				);
			const answer = toolAnswer(this, i, handler);
			const result = await handler.execute.call(this, i, items);
			if (Array.isArray(result)) {
				const records = answer(result);
				for (const json of records) out.push({ json, pairedItem: { item: i } });
				if (handler.fileColumns) asItems += records.length;
				continue;
			}
			if ('item' in result) {
				out.push(result.item);
				continue;
			}
			const paired = items.map((_, index) => ({ item: index }));
			for (const json of result.records) out.push({ json, pairedItem: paired });
			break;
		} catch (error) {
			// as an AI tool the error is the answer: a model reads it and calls again (a thrown error
			// reaches an AI Agent's model as an empty tool message)
			if (!this.continueOnFail() && !runsAsTool(this)) throw asNodeError(this.getNode(), error, i);
			out.push(errorItem(this, error, i));
		}
	}
	noteLargeResult(this, asItems);
	return [out];
}
