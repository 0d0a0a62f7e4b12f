import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { runOperations } from '../shared/execute';
import { listSearch } from '../shared/methods/listSearch';
import { ACTION_NODE_BASE } from '../shared/node';
import { operations, properties } from './actions';

export class ShoppingCenterReceipts implements INodeType {
	description: INodeTypeDescription = {
		...ACTION_NODE_BASE,
		displayName: 'Shopping Center Receipts',
		name: 'shoppingCenterReceipts',
		icon: { light: 'file:../shared/shoppingCenter.svg', dark: 'file:../shared/shoppingCenter.dark.svg' },
		description: 'Export the fiscal documents (receipts) of a shop, one item per receipt (Shopping-center API, PRO centers)',
		defaults: { name: 'Shopping Center Receipts' },
		usableAsTool: true,
		properties,
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, operations);
	}
}
