import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { runOperations } from '../shared/execute';
import { listSearch } from '../shared/methods/listSearch';
import { ACTION_NODE_BASE } from '../shared/node';
import { operations, properties } from './actions';
import { loadOptions } from './methods/loadOptions';

export class ShoppingCenterIntake implements INodeType {
	description: INodeTypeDescription = {
		...ACTION_NODE_BASE,
		displayName: 'Shopping Center Intake',
		name: 'shoppingCenterIntake',
		icon: { light: 'file:../shared/shoppingCenter.svg', dark: 'file:../shared/shoppingCenter.dark.svg' },
		description:
			'Send data to the Shopping-center API: daily attendance, hourly counter counts, calendar events and declared monthly turnover (each input item is one submission)',
		defaults: { name: 'Shopping Center Intake' },
		usableAsTool: true,
		properties,
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, operations);
	}
}
