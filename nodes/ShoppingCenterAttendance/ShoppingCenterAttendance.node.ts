import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { runOperations } from '../shared/execute';
import { listSearch } from '../shared/methods/listSearch';
import { ACTION_NODE_BASE } from '../shared/node';
import { operations, properties } from './actions';

export class ShoppingCenterAttendance implements INodeType {
	description: INodeTypeDescription = {
		...ACTION_NODE_BASE,
		displayName: 'Shopping Center Attendance',
		name: 'shoppingCenterAttendance',
		icon: { light: 'file:../shared/shoppingCenter.svg', dark: 'file:../shared/shoppingCenter.dark.svg' },
		description: 'Visitor attendance of a shopping center from its counting system: by center, zone or shop, per day, week, month or hour',
		defaults: { name: 'Shopping Center Attendance' },
		usableAsTool: true,
		properties,
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await runOperations.call(this, operations);
	}
}
