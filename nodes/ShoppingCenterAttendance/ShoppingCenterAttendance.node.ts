/**
 * Shopping Center Attendance: the node names itself, its resource modules
 * (actions/<resource>/<Resource>.resource.ts), its default resource and its description; the rest
 * is the family's (shared/actionNode.ts).
 */
import { actionNode } from '../shared/actionNode';
import * as attendance from './actions/attendance/Attendance.resource';
import * as countingZone from './actions/countingZone/CountingZone.resource';

/** The resource keys are the Resource values, in the editor's order. */
export class ShoppingCenterAttendance extends actionNode(
	'shoppingCenterAttendance',
	{ attendance, countingZone },
	'attendance',
	'Visitor attendance of a shopping center from its counting system: by center, zone or shop, per day, week, month or hour',
) {}
