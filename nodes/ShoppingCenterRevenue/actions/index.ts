import type { INodeProperties } from 'n8n-workflow';
import type { OperationMap } from '../../shared/execute';
import * as cashRegisterGetMany from './cashRegister/getMany.operation';
import * as dailySalesGetMany from './dailySales/getMany.operation';
import * as monthlyTotalsGetMany from './monthlyTotals/getMany.operation';
import * as turnoverSettingsGet from './turnoverSettings/get.operation';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Cash Register', value: 'cashRegister', description: 'Cash registers (KKT) of a shop and their connection state' },
			{ name: 'Daily Sales Aggregate', value: 'dailySales', description: 'Revenue of a shop per day, with payment types and VAT rates (kopecks)' },
			{ name: 'Monthly Total', value: 'monthlyTotals', description: 'Revenue of a shop per month, with declared turnover and visitors (kopecks)' },
			{ name: 'Turnover Setting', value: 'turnoverSettings', description: 'Which operation types enter the calculated turnover of a shop' },
		],
		default: 'dailySales',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dailySales'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get daily sales of a shop',
				description: 'Get one row per day of a period: receipts counts, income and refund sums, payment types, VAT rates (kopecks)',
			},
		],
		default: 'getMany',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['monthlyTotals'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get monthly totals of a shop',
				description: 'Get one row per month (YYYY-MM) of a period: revenue, declared turnover, visitors (kopecks)',
			},
		],
		default: 'getMany',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['turnoverSettings'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get turnover settings of a shop',
				description: 'Get which operation types (refunds, VAT, prepayments...) enter the shop\'s turnover, and where the setting comes from',
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
				description: 'List the cash registers of a shop with connection state, fiscal drive and last document times',
			},
		],
		default: 'getMany',
	},
	...dailySalesGetMany.description,
	...monthlyTotalsGetMany.description,
	...turnoverSettingsGet.description,
	...cashRegisterGetMany.description,
];

export const operations: OperationMap = {
	dailySales: { getMany: dailySalesGetMany.execute },
	monthlyTotals: { getMany: monthlyTotalsGetMany.execute },
	turnoverSettings: { get: turnoverSettingsGet.execute },
	cashRegister: { getMany: cashRegisterGetMany.execute },
};
