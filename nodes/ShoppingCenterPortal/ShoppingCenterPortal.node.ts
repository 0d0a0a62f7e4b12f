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
import { resourceProperties } from '../shared/actions';
import { routeOperations } from '../shared/router';
import * as pass from './actions/pass/Pass.resource';
import * as ticket from './actions/ticket/Ticket.resource';

/** The node's resources, in the editor's order: the key is the Resource value. */
const resources = { pass, ticket };

export class ShoppingCenterPortal implements INodeType {
	/** its resource modules (tool/descriptions.ts derives the tables from them) */
	static readonly resources = resources;

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
		properties: resourceProperties(resources, 'ticket'),
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, resources);
	}
}
