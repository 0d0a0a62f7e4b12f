import type { INodeProperties } from 'n8n-workflow';
import type { OperationMap } from '../../shared/execute';
import * as anomalyGetMany from './anomaly/getMany.operation';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [{ name: 'Anomaly', value: 'anomaly', description: 'Sales deviations the platform found (PRO centers only)' }],
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
				description: 'List the sales anomalies of a PRO center for a period, newest first, optionally by shop, status and level',
			},
		],
		default: 'getMany',
	},
	...anomalyGetMany.description,
];

export const operations: OperationMap = {
	anomaly: { getMany: anomalyGetMany.execute },
};
