/**
 * Shopping Center Portal: the node's description (inputs, outputs, credential, resources and operations) and its
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
import * as passGetMany from './actions/pass/getMany.operation';
import * as ticketGetMany from './actions/ticket/getMany.operation';
import { operations } from './actions/operations';

export class ShoppingCenterPortal implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Shopping Center Portal',
		name: 'shoppingCenterPortal',
		icon: { light: 'file:shoppingCenterPortal.svg', dark: 'file:shoppingCenterPortal.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Tenant-portal tickets and passes of a shopping center, for a security-company register',
		defaults: { name: 'Shopping Center Portal' },
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
						name: 'Pass',
						value: 'pass',
						description: 'Passes (vehicle or person) issued through the tenant portal',
					},
					{ name: 'Ticket', value: 'ticket', description: 'Tenant requests of the tenant portal' },
				],
				default: 'ticket',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['ticket'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getMany',
						action: 'Get many tickets',
						description:
							'List tenant tickets by creation period, validity period or ticket numbers, newest first',
					},
				],
				default: 'getMany',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['pass'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getMany',
						action: 'Get many passes',
						description:
							'List passes by creation period, validity period and/or ticket numbers, newest first',
					},
				],
				default: 'getMany',
			},
			...ticketGetMany.description,
			...passGetMany.description,
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, operations);
	}
}
