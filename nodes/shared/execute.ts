/**
 * The item loop every node shares: one operation call per input item, one output item per record
 * (paired with its input item), and "Continue On Fail" turned into an error item per failing item
 * carrying the API's code and message.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData } from 'n8n-workflow';

/** Records for one input item, or for all input items at once (then the loop ends). */
export type OperationOutput = IDataObject[] | { records: IDataObject[]; allItems: true };

export type OperationHandler = (this: IExecuteFunctions, itemIndex: number, items: INodeExecutionData[]) => Promise<OperationOutput>;

export type OperationMap = Record<string, Record<string, OperationHandler>>;

export function errorJson(error: unknown): IDataObject {
	const e = error as { message?: string; description?: string; context?: IDataObject; httpCode?: string };
	return {
		error: e.message ?? String(error),
		...(e.context?.code ? { code: e.context.code } : {}),
		...(e.context?.details !== undefined && e.context?.details !== null ? { details: e.context.details as IDataObject } : {}),
		...(e.httpCode ? { httpCode: e.httpCode } : {}),
		...(e.description ? { description: e.description } : {}),
	};
}

export async function runOperations(this: IExecuteFunctions, operations: OperationMap): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const out: INodeExecutionData[] = [];
	for (let i = 0; i < items.length; i++) {
		const resource = this.getNodeParameter('resource', i) as string;
		const operation = this.getNodeParameter('operation', i) as string;
		const handler = operations[resource]?.[operation];
		try {
			if (!handler) throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`, { itemIndex: i });
			const result = await handler.call(this, i, items);
			if (Array.isArray(result)) {
				for (const json of result) out.push({ json, pairedItem: { item: i } });
				continue;
			}
			const paired = items.map((_, index) => ({ item: index }));
			for (const json of result.records) out.push({ json, pairedItem: paired });
			break;
		} catch (error) {
			if (this.continueOnFail()) {
				out.push({ json: errorJson(error), pairedItem: { item: i } });
				continue;
			}
			if (error instanceof NodeOperationError && error.context.itemIndex === undefined) error.context.itemIndex = i;
			throw error;
		}
	}
	return [out];
}
