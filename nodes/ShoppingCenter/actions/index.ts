import type { INodeProperties } from 'n8n-workflow';
import type { OperationMap } from '../../shared/execute';
import * as centerGetMany from './center/getMany.operation';
import * as shopGetMany from './shop/getMany.operation';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Center', value: 'center', description: 'The shopping centers your key has a role in' },
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
			{ name: 'Get Many', value: 'getMany', action: 'Get many centers', description: 'List the centers the key owner has a role in (with time zone and address)' },
		],
		default: 'getMany',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['shop'] } },
		options: [{ name: 'Get Many', value: 'getMany', action: 'Get many shops', description: 'List the shops of a center, optionally with archived ones' }],
		default: 'getMany',
	},
	...centerGetMany.description,
	...shopGetMany.description,
];

export const operations: OperationMap = {
	center: { getMany: centerGetMany.execute },
	shop: { getMany: shopGetMany.execute },
};
