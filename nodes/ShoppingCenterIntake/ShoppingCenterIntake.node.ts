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

/** What running the same rows again does, for the error of a refused row. */
const AGAIN =
	'Running the same rows again is safe: attendance, counter hours and declared turnover overwrite, and a calendar event that exists already is refused (already_exists_in_sc), never created twice.';

/** The resource keys are the Resource values, in the editor's order. */
export class ShoppingCenterIntake extends actionNode(
	'shoppingCenterIntake',
	{ calendarEvent, counterHour, dailyAttendance, declaredTurnover },
	'dailyAttendance',
	'Send data to the Shopping-center API: daily attendance, hourly counter counts, calendar events and declared monthly turnover (each input item is one submission)',
	{
		loadOptions,
		async route(resources) {
			return await routeUploads.call(this, resources, describeIntakeRow, AGAIN);
		},
	},
) {}
