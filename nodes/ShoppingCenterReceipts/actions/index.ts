import type { INodeProperties } from 'n8n-workflow';
import type { OperationMap } from '../../shared/execute';
import * as receiptExport from './receipt/export.operation';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'Receipt', value: 'receipt', description: 'Fiscal documents of a shop (receipts, deliveries, strict-accountability forms)' }],
		default: 'receipt',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['receipt'] } },
		options: [
			{
				name: 'Export',
				value: 'export',
				action: 'Export receipts of a shop',
				description:
					'Export the fiscal documents of a shop created and/or received in a period, one item per receipt with sums in kopecks (PRO centers only)',
			},
		],
		default: 'export',
	},
	...receiptExport.description,
];

export const operations: OperationMap = {
	receipt: { export: receiptExport.execute },
};
