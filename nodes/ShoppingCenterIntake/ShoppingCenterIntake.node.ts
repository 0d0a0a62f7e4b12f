/**
 * Shopping Center Intake: the node's description (inputs, outputs, credential, resources and operations) and its
 * execute: every row is checked before the first is written (shared/upload.ts), then each goes to the
 * operation file the typed router picks.
 */
import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { listSearch } from '../shared/methods/listSearch';
import { routeUploads } from '../shared/upload';
import * as submitAttendance from './actions/dailyAttendance/submit.operation';
import * as createEvent from './actions/calendarEvent/create.operation';
import * as submitCounterHours from './actions/counterHour/submit.operation';
import * as declareTurnover from './actions/declaredTurnover/submit.operation';
import { operations } from './actions/operations';
import { loadOptions } from './methods/loadOptions';
import { describeIntakeRow } from './helpers/rows';

export class ShoppingCenterIntake implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Shopping Center Intake',
		name: 'shoppingCenterIntake',
		icon: { light: 'file:shoppingCenterIntake.svg', dark: 'file:shoppingCenterIntake.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Send data to the Shopping-center API: daily attendance, hourly counter counts, calendar events and declared monthly turnover (each input item is one submission)',
		defaults: { name: 'Shopping Center Intake' },
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
						name: 'Calendar Event',
						value: 'calendarEvent',
						description: 'Events of the center calendar (holidays, promotions, ...)',
					},
					{
						name: 'Counter Hour',
						value: 'counterHour',
						description: "Hourly in/out counts from the center's own or a third-party counter",
					},
					{
						name: 'Daily Attendance',
						value: 'dailyAttendance',
						description: 'Number of visitors of a day, for the center or a counting zone',
					},
					{
						name: 'Declared Turnover',
						value: 'declaredTurnover',
						description: 'Monthly turnover declared for a shop without online cash registers',
					},
				],
				default: 'dailyAttendance',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['dailyAttendance'] } },
				options: [
					{
						name: 'Submit',
						value: 'submit',
						action: 'Submit daily attendance',
						description:
							'Write the number of visitors of a day for the center or a counting zone (a repeat overwrites the day)',
					},
				],
				default: 'submit',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['counterHour'] } },
				options: [
					{
						name: 'Submit',
						value: 'submit',
						action: 'Submit hourly counter counts',
						description:
							'Write hourly in/out counts of a counter, sent in batches of at most 1000 hours (a repeat overwrites the hour)',
					},
				],
				default: 'submit',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['calendarEvent'] } },
				options: [
					{
						name: 'Create',
						value: 'create',
						action: 'Create a calendar event',
						description:
							'Create an event in the center calendar (an identical existing event is reported, never duplicated)',
					},
				],
				default: 'create',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				displayOptions: { show: { resource: ['declaredTurnover'] } },
				options: [
					{
						name: 'Submit',
						value: 'submit',
						action: 'Declare the monthly turnover of a shop',
						description:
							'Write the turnover of a month for a shop, in kopecks or currency units (a repeat overwrites the month)',
					},
				],
				default: 'submit',
			},
			...submitAttendance.description,
			...submitCounterHours.description,
			...createEvent.description,
			...declareTurnover.description,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeUploads.call(
			this,
			operations,
			describeIntakeRow,
			'Running the same rows again is safe: attendance, counter hours and declared turnover overwrite, and a calendar event that exists already is refused (already_exists_in_sc), never created twice.',
		);
	}
}
