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
import { routeOperations } from '../shared/router';
import * as cashRegisterGetMany from './actions/cashRegister/getMany.operation';
import * as dailySalesGetMany from './actions/dailySalesAggregate/getMany.operation';
import * as monthlyTotalsGetMany from './actions/monthlyTotal/getMany.operation';
import * as turnoverSettingsGet from './actions/turnoverSetting/get.operation';
import { operations } from './actions/operations';

export class ShoppingCenterRevenue implements INodeType {
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
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Cash Register',
						value: 'cashRegister',
						description: 'Cash registers (KKT) of a shop and their connection state',
					},
					{
						name: 'Daily Sales Aggregate',
						value: 'dailySalesAggregate',
						description:
							'Revenue of a shop per day, with payment types and VAT rates (money in integer kopecks)',
					},
					{
						name: 'Monthly Total',
						value: 'monthlyTotal',
						description:
							'Revenue of a shop per month, with declared turnover and visitors (money in integer kopecks)',
					},
					{
						name: 'Turnover Setting',
						value: 'turnoverSetting',
						description: 'Which operation types enter the calculated turnover of a shop',
					},
				],
				default: 'dailySalesAggregate',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['dailySalesAggregate'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getMany',
						action: 'Get daily sales of a shop',
						description:
							'Get one row per day of a period: receipts counts, income and refund sums, payment types, VAT rates (money in integer kopecks)',
					},
				],
				default: 'getMany',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['monthlyTotal'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getMany',
						action: 'Get monthly totals of a shop',
						description:
							'Get one row per month (YYYY-MM) of a period: revenue, declared turnover, visitors (money in integer kopecks)',
					},
				],
				default: 'getMany',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['turnoverSetting'] } },
				options: [
					{
						name: 'Get',
						value: 'get',
						action: 'Get turnover settings of a shop',
						description:
							"Get which operation types (refunds, VAT, prepayments...) enter the shop's turnover, and where the setting comes from",
					},
				],
				default: 'get',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['cashRegister'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getMany',
						action: 'Get cash registers of a shop',
						description:
							'List the cash registers of a shop with connection state, fiscal drive and last document times',
					},
				],
				default: 'getMany',
			},
			...dailySalesGetMany.description,
			...monthlyTotalsGetMany.description,
			...turnoverSettingsGet.description,
			...cashRegisterGetMany.description,
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, operations);
	}
}
