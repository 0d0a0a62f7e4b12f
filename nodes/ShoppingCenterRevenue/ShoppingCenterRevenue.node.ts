/**
 * Shopping Center Revenue: the node's description (inputs, outputs, credential, resources and operations) and its
 * execute, which hands each item to the operation file the typed router picks.
 */
import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { listSearch } from '../shared/methods/listSearch';
import { resourceProperties } from '../shared/actions';
import { routeOperations } from '../shared/router';
import * as cashRegister from './actions/cashRegister/CashRegister.resource';
import * as dailySalesAggregate from './actions/dailySalesAggregate/DailySalesAggregate.resource';
import * as monthlyTotal from './actions/monthlyTotal/MonthlyTotal.resource';
import * as turnoverSetting from './actions/turnoverSetting/TurnoverSetting.resource';

/** The node's resources, in the editor's order: the key is the Resource value. */
const resources = { cashRegister, dailySalesAggregate, monthlyTotal, turnoverSetting };

export class ShoppingCenterRevenue implements INodeType {
	/** its resource modules (tool/descriptions.ts derives the tables from them) */
	static readonly resources = resources;

	description: INodeTypeDescription = {
		displayName: 'Shopping Center Revenue',
		name: 'shoppingCenterRevenue',
		icon: { light: 'file:shoppingCenterRevenue.svg', dark: 'file:shoppingCenterRevenue.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Sales revenue of a shop by day and by month, turnover settings and cash registers (Shopping-center API)',
		defaults: { name: 'Shopping Center Revenue' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'shoppingCenterApi', required: true }],
		properties: resourceProperties(resources, 'dailySalesAggregate'),
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, resources);
	}
}
