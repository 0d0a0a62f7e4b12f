import type { INodeProperties } from 'n8n-workflow';
import type { OperationMap } from '../../shared/execute';
import * as passGetMany from './pass/getMany.operation';
import * as ticketGetMany from './ticket/getMany.operation';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Pass', value: 'pass', description: 'Passes (vehicle or person) issued through the tenant portal' },
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
				description: 'List tenant tickets by creation period, validity period or ticket numbers, newest first',
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
				description: 'List passes by creation period, validity period and/or ticket numbers, newest first',
			},
		],
		default: 'getMany',
	},
	...ticketGetMany.description,
	...passGetMany.description,
];

export const operations: OperationMap = {
	ticket: { getMany: ticketGetMany.execute },
	pass: { getMany: passGetMany.execute },
};
