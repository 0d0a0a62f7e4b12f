/**
 * Shopping Center Attendance: the node's description (inputs, outputs, credential, resources and operations) and its
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
import * as attendanceGet from './actions/attendance/get.operation';
import * as zoneGetMany from './actions/countingZone/getMany.operation';
import { operations } from './actions/operations';

export class ShoppingCenterAttendance implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Shopping Center Attendance',
		name: 'shoppingCenterAttendance',
		icon: {
			light: 'file:shoppingCenterAttendance.svg',
			dark: 'file:shoppingCenterAttendance.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Visitor attendance of a shopping center from its counting system: by center, zone or shop, per day, week, month or hour',
		defaults: { name: 'Shopping Center Attendance' },
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
						name: 'Attendance',
						value: 'attendance',
						description: 'Visitor counts of a center, a counting zone or a shop',
					},
					{
						name: 'Counting Zone',
						value: 'countingZone',
						description: 'Counting zones of a center (their IDs select attendance by zone)',
					},
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
						description:
							'Read visitors in and out per day, week, month or hour for a period, for the center, a zone or a shop',
					},
				],
				default: 'get',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['countingZone'] } },
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
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, operations);
	}
}
