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
import { resourceProperties } from '../shared/actions';
import { routeOperations } from '../shared/router';
import * as attendance from './actions/attendance/Attendance.resource';
import * as countingZone from './actions/countingZone/CountingZone.resource';

/** The node's resources, in the editor's order: the key is the Resource value. */
const resources = { attendance, countingZone };

export class ShoppingCenterAttendance implements INodeType {
	/** its resource modules (tool/descriptions.ts derives the tables from them) */
	static readonly resources = resources;

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
		properties: resourceProperties(resources, 'attendance'),
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeOperations.call(this, resources);
	}
}
