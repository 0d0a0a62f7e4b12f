import type { INodeProperties } from 'n8n-workflow';
import type { OperationMap } from '../../shared/execute';
import * as attendanceGet from './attendance/get.operation';
import * as zoneGetMany from './zone/getMany.operation';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Attendance', value: 'attendance', description: 'Visitor counts of a center, a counting zone or a shop' },
			{ name: 'Counting Zone', value: 'zone', description: 'Counting zones of a center (their IDs select attendance by zone)' },
		],
		default: 'attendance',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['attendance'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				action: 'Get attendance',
				description: 'Read visitors in and out per day, week, month or hour for a period, for the center, a zone or a shop',
			},
		],
		default: 'get',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['zone'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many counting zones',
				description: 'List the counting zones of a center with the shops each covers',
			},
		],
		default: 'getMany',
	},
	...attendanceGet.description,
	...zoneGetMany.description,
];

export const operations: OperationMap = {
	attendance: { get: attendanceGet.execute },
	zone: { getMany: zoneGetMany.execute },
};
