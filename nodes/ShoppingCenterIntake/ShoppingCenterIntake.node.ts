/**
 * Shopping Center Intake: the node names itself, its resource modules, its default resource and its
 * description; the rest is the family's (shared/actionNode.ts). Every row is checked before the first
 * is written (shared/upload.ts).
 */
import { actionNode } from '../shared/actionNode';
import { routeUploads } from '../shared/upload';
import * as calendarEvent from './actions/calendarEvent/CalendarEvent.resource';
import * as counterHour from './actions/counterHour/CounterHour.resource';
import * as dailyAttendance from './actions/dailyAttendance/DailyAttendance.resource';
import * as declaredTurnover from './actions/declaredTurnover/DeclaredTurnover.resource';
import { loadOptions } from './methods/loadOptions';
import { describeIntakeRow } from './helpers/rows';

/** The resource keys are the Resource values, in the editor's order. */
const resources = { calendarEvent, counterHour, dailyAttendance, declaredTurnover };

/** What running the same rows again does, each resource of its own, for the error of a refused row. */
const AGAIN: Record<keyof typeof resources, string> = {
	calendarEvent:
		'Running the same rows again is safe: an event that exists already is refused (already_exists_in_sc), never created twice.',
	counterHour:
		"Running the same rows again is safe: a counter's hours sent again overwrite the stored ones.",
	dailyAttendance:
		"Running the same rows again is safe: a day's attendance sent again overwrites the stored one.",
	declaredTurnover:
		"Running the same rows again is safe: a shop's month sent again overwrites its declared turnover.",
};

export class ShoppingCenterIntake extends actionNode(
	'shoppingCenterIntake',
	resources,
	'dailyAttendance',
	'Send data to the Shopping-center API: daily attendance, hourly counter counts, calendar events and declared monthly turnover (each input item is one submission)',
	{
		loadOptions,
		async route(resources) {
			return await routeUploads.call(this, resources, describeIntakeRow, (i) =>
				String(AGAIN[this.getNodeParameter('resource', i) as keyof typeof AGAIN] ?? ''),
			);
		},
	},
) {}
