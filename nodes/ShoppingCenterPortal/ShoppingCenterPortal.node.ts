import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { runOperations } from '../shared/execute';
import { listSearch } from '../shared/methods/listSearch';
import { ACTION_NODE_BASE } from '../shared/node';
import { operations, properties } from './actions';

export class ShoppingCenterPortal implements INodeType {
	description: INodeTypeDescription = {
		...ACTION_NODE_BASE,
		displayName: 'Shopping Center Portal',
		name: 'shoppingCenterPortal',
		icon: { light: 'file:../shared/shoppingCenter.svg', dark: 'file:../shared/shoppingCenter.dark.svg' },
		description: 'Tenant-portal tickets and passes of a shopping center, for a security-company register',
		defaults: { name: 'Shopping Center Portal' },
		usableAsTool: true,
		properties,
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, operations);
	}
}
