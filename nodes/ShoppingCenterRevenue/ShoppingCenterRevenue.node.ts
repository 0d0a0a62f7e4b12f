import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { runOperations } from '../shared/execute';
import { listSearch } from '../shared/methods/listSearch';
import { ACTION_NODE_BASE } from '../shared/node';
import { operations, properties } from './actions';

export class ShoppingCenterRevenue implements INodeType {
	description: INodeTypeDescription = {
		...ACTION_NODE_BASE,
		displayName: 'Shopping Center Revenue',
		name: 'shoppingCenterRevenue',
		icon: { light: 'file:../shared/shoppingCenter.svg', dark: 'file:../shared/shoppingCenter.dark.svg' },
		description: 'Sales revenue of a shop by day and by month, turnover settings and cash registers (Shopping-center API)',
		defaults: { name: 'Shopping Center Revenue' },
		usableAsTool: true,
		properties,
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, operations);
	}
}
