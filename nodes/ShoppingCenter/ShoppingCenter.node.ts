import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { runOperations } from '../shared/execute';
import { listSearch } from '../shared/methods/listSearch';
import { ACTION_NODE_BASE } from '../shared/node';
import { operations, properties } from './actions';

export class ShoppingCenter implements INodeType {
	description: INodeTypeDescription = {
		...ACTION_NODE_BASE,
		displayName: 'Shopping Center',
		name: 'shoppingCenter',
		icon: { light: 'file:../shared/shoppingCenter.svg', dark: 'file:../shared/shoppingCenter.dark.svg' },
		description: 'Directory of the Shopping-center API: the centers your key sees and their shops',
		defaults: { name: 'Shopping Center' },
		usableAsTool: true,
		properties,
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, operations);
	}
}
