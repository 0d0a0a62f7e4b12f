/**
 * Shopping Center: the node's description (inputs, outputs, credential, resources and operations) and its
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
import * as centerGetMany from './actions/center/getMany.operation';
import * as shopGetMany from './actions/shop/getMany.operation';
import { operations } from './actions/operations';

export class ShoppingCenter implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Shopping Center',
		name: 'shoppingCenter',
		icon: { light: 'file:shoppingCenter.svg', dark: 'file:shoppingCenter.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Directory of the Shopping-center API: the centers your key sees and their shops',
		defaults: { name: 'Shopping Center' },
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
						name: 'Center',
						value: 'center',
						description: 'The shopping centers your key has a role in',
					},
					{ name: 'Shop', value: 'shop', description: 'Shops (trading points) of a center' },
				],
				default: 'center',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['center'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getMany',
						action: 'Get many centers',
						description:
							'List the centers the key owner has a role in (with time zone and address)',
					},
				],
				default: 'getMany',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['shop'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getMany',
						action: 'Get many shops',
						description: 'List the shops of a center, optionally with archived ones',
					},
				],
				default: 'getMany',
			},
			...centerGetMany.description,
			...shopGetMany.description,
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, operations);
	}
}
