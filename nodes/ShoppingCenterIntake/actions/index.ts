import type { INodeProperties } from 'n8n-workflow';
import type { OperationMap } from '../../shared/execute';
import * as submitAttendance from './attendance/submitAttendance.operation';
import * as createEvent from './calendarEvent/createEvent.operation';
import * as submitCounterHours from './counterHours/submitCounterHours.operation';
import * as declareTurnover from './declaredTurnover/declareTurnover.operation';

export const properties: INodeProperties[] = [
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Calendar Event', value: 'calendarEvent', description: 'Events of the center calendar (holidays, promotions, ...)' },
			{ name: 'Counter Hour', value: 'counterHours', description: "Hourly in/out counts from the center's own or a third-party counter" },
			{ name: 'Daily Attendance', value: 'attendance', description: 'Number of visitors of a day, for the center or a counting zone' },
			{ name: 'Declared Turnover', value: 'declaredTurnover', description: 'Monthly turnover declared for a shop without online cash registers' },
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
				name: 'Submit',
				value: 'submitAttendance',
				action: 'Submit daily attendance',
				description: 'Write the number of visitors of a day for the center or a counting zone (a repeat overwrites the day)',
			},
		],
		default: 'submitAttendance',
	},
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['counterHours'] } },
		options: [
			{
				name: 'Submit',
				value: 'submitCounterHours',
				action: 'Submit hourly counter counts',
				description: 'Write hourly in/out counts of a counter, sent in batches of at most 1000 hours (a repeat overwrites the hour)',
			},
		],
		default: 'submitCounterHours',
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
				value: 'createEvent',
				action: 'Create a calendar event',
				description: 'Create an event in the center calendar (an identical existing event is reported, never duplicated)',
			},
		],
		default: 'createEvent',
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
				value: 'declareTurnover',
				action: 'Declare the monthly turnover of a shop',
				description: 'Write the turnover of a month for a shop, in kopecks or currency units (a repeat overwrites the month)',
			},
		],
		default: 'declareTurnover',
	},
	...submitAttendance.description,
	...submitCounterHours.description,
	...createEvent.description,
	...declareTurnover.description,
];

export const operations: OperationMap = {
	attendance: { submitAttendance: submitAttendance.execute },
	counterHours: { submitCounterHours: submitCounterHours.execute },
	calendarEvent: { createEvent: createEvent.execute },
	declaredTurnover: { declareTurnover: declareTurnover.execute },
};
