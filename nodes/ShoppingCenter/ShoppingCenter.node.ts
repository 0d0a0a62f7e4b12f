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
import { resourceProperties } from '../shared/actions';
import { routeOperations } from '../shared/router';
import * as center from './actions/center/Center.resource';
import * as shop from './actions/shop/Shop.resource';

/** The node's resources, in the editor's order: the key is the Resource value. */
const resources = { center, shop };

export class ShoppingCenter implements INodeType {
	/** its resource modules (tool/descriptions.ts derives the tables from them) */
	static readonly resources = resources;

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
		properties: resourceProperties(resources, 'center'),
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, resources);
	}
}
