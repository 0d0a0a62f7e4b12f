/**
 * Shopping Center Receipts: the node's description (inputs, outputs, credential, resources and operations) and its
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
import * as receiptExport from './actions/receipt/export.operation';
import { operations } from './actions/operations';

export class ShoppingCenterReceipts implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Shopping Center Receipts',
		name: 'shoppingCenterReceipts',
		icon: {
			light: 'file:shoppingCenterReceipts.svg',
			dark: 'file:shoppingCenterReceipts.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Export the fiscal documents (receipts) of a shop, one item per receipt (Shopping-center API, PRO centers)',
		defaults: { name: 'Shopping Center Receipts' },
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
						name: 'Receipt',
						value: 'receipt',
						description:
							'Fiscal documents of a shop (receipts, deliveries, strict-accountability forms)',
					},
				],
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
							'Export the fiscal documents of a shop created and/or received in a period, one item per receipt, sums in integer kopecks (PRO centers only)',
					},
				],
				default: 'export',
			},
			...receiptExport.description,
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, operations);
	}
}
