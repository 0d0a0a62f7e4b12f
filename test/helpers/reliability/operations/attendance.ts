/** The bad-input table's operations of Attendance: accepted values, tested fields and their own cases. */
import { rl } from '../run';
import {
	fromItem,
	PRO,
	DISPLAY_NOTE,
	LIMIT_FIELD,
	CENTER,
	SHOP,
	START,
	END,
	RETURN_ALL_CASES,
	periodCases,
	type FieldSpec,
	type OpSpec,
} from './common';

/**
 * The (scope zone) and (scope shop) variants of Attendance → Get (center 1002, 1 and 2 Nov by day):
 * the zone or the shop from the item, `good` the one the node accepts, `field` its table row.
 */
const scopedGet = (scope: 'zone' | 'shop', good: string, field: FieldSpec): OpSpec => ({
	id: `ShoppingCenterAttendance attendance.get (scope ${scope})`,
	node: 'ShoppingCenterAttendance',
	resource: 'attendance',
	operation: 'get',
	parameters: {
		center: rl(PRO),
		startDate: '2026-11-01',
		endDate: '2026-11-02',
		granularity: 'day',
		scope,
		[scope]: rl(fromItem(scope)),
	},
	good: { [scope]: good },
	fields: [field],
	controlMinItems: 2,
});

export const ATTENDANCE_OPERATIONS: OpSpec[] = [
	{
		id: 'ShoppingCenterAttendance attendance.get (scope center)',
		node: 'ShoppingCenterAttendance',
		resource: 'attendance',
		operation: 'get',
		parameters: {
			center: rl(fromItem('center')),
			startDate: fromItem('startDate'),
			endDate: fromItem('endDate'),
			granularity: fromItem('granularity'),
			scope: 'sc',
		},
		good: { center: PRO, startDate: '2026-11-01', endDate: '2026-11-07', granularity: 'day' },
		fields: [
			CENTER,
			START,
			END,
			{ name: 'granularity', label: 'Granularity', kind: 'granularity' },
		],
		extra: [
			...periodCases(),
			// with the scope an expression n8n shows every field that depends on it: the required ones get values
			{
				title: 'Scope unknown',
				params: { scope: '={{ "center" }}', zone: rl('100201'), shop: rl('1002-01') },
				label: 'Scope',
			},
			{
				title: 'Scope an array',
				params: { scope: '={{ ["sc"] }}', zone: rl('100201'), shop: rl('1002-01') },
				label: 'Scope',
			},
		],
		untabled: {
			scope: DISPLAY_NOTE,
			zone: 'in the (scope zone) variant',
			shop: 'in the (scope shop) variant',
		},
		controlMinItems: 7,
	},
	scopedGet('zone', '100201', { name: 'zone', label: 'Counting Zone', kind: 'id' }),
	scopedGet('shop', '1002-03', SHOP),
	{
		id: 'ShoppingCenterAttendance countingZone.getMany',
		node: 'ShoppingCenterAttendance',
		resource: 'countingZone',
		operation: 'getMany',
		parameters: { center: rl(fromItem('center')), returnAll: false, limit: fromItem('limit') },
		good: { center: PRO, limit: 2 },
		fields: [CENTER, LIMIT_FIELD],
		extra: RETURN_ALL_CASES,
		controlMinItems: 2,
	},
];
