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
import { resourceProperties } from '../shared/actions';
import { routeOperations } from '../shared/router';
import * as receipt from './actions/receipt/Receipt.resource';

/** The node's resources, in the editor's order: the key is the Resource value. */
const resources = { receipt };

export class ShoppingCenterReceipts implements INodeType {
	/** its resource modules (tool/descriptions.ts derives the tables from them) */
	static readonly resources = resources;

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
		properties: resourceProperties(resources, 'receipt'),
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, resources);
	}
}
