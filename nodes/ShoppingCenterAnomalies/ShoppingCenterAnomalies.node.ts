/**
 * Shopping Center Anomalies: the node's description (inputs, outputs, credential, resources and operations) and its
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
import * as anomaly from './actions/anomaly/Anomaly.resource';

/** The node's resources, in the editor's order: the key is the Resource value. */
const resources = { anomaly };

export class ShoppingCenterAnomalies implements INodeType {
	/** its resource modules (tool/descriptions.ts derives the tables from them) */
	static readonly resources = resources;

	description: INodeTypeDescription = {
		displayName: 'Shopping Center Anomalies',
		name: 'shoppingCenterAnomalies',
		icon: {
			light: 'file:shoppingCenterAnomalies.svg',
			dark: 'file:shoppingCenterAnomalies.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Sales anomalies the platform found in the shops of a PRO shopping center',
		defaults: { name: 'Shopping Center Anomalies' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'shoppingCenterApi', required: true }],
		properties: resourceProperties(resources, 'anomaly'),
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, resources);
	}
}
