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
import { routeOperations } from '../shared/router';
import * as anomalyGetMany from './actions/anomaly/getMany.operation';
import { operations } from './actions/operations';

export class ShoppingCenterAnomalies implements INodeType {
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
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Anomaly',
						value: 'anomaly',
						description: 'Sales deviations the platform found (PRO centers only)',
					},
				],
				default: 'anomaly',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['anomaly'] } },
				options: [
					{
						name: 'Get Many',
						value: 'getMany',
						action: 'Get many anomalies',
						description:
							'List the sales anomalies of a PRO center for a period, newest first, optionally by shop, status and level',
					},
				],
				default: 'getMany',
			},
			...anomalyGetMany.description,
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, operations);
	}
}
