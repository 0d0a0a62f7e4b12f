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
import { resourceProperties } from '../shared/actions';
import { routeUploads } from '../shared/upload';
import * as calendarEvent from './actions/calendarEvent/CalendarEvent.resource';
import * as counterHour from './actions/counterHour/CounterHour.resource';
import * as dailyAttendance from './actions/dailyAttendance/DailyAttendance.resource';
import * as declaredTurnover from './actions/declaredTurnover/DeclaredTurnover.resource';
import { loadOptions } from './methods/loadOptions';
import { describeIntakeRow } from './helpers/rows';

/** The node's resources, in the editor's order: the key is the Resource value. */
const resources = { calendarEvent, counterHour, dailyAttendance, declaredTurnover };

export class ShoppingCenterIntake implements INodeType {
	/** its resource modules (tool/descriptions.ts derives the tables from them) */
	static readonly resources = resources;

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
		properties: resourceProperties(resources, 'dailyAttendance'),
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await routeUploads.call(
			this,
			resources,
			describeIntakeRow,
			'Running the same rows again is safe: attendance, counter hours and declared turnover overwrite, and a calendar event that exists already is refused (already_exists_in_sc), never created twice.',
		);
	}
}
