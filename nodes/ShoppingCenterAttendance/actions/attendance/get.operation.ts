/**
 * Attendance → Get: visitor counts of a center, a counting zone or a shop over a period, by hour,
 * day, week or month, read in windows the plan allows.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { ATTENDANCE_SCOPES, GRANULARITIES } from '../../../shared/allowedValues';
import { centerInfo, centerPlan } from '../../../shared/center';
import {
	readChoice,
	fail,
	readId,
	readPeriod,
	clipPeriod,
	noteEmptyAnswer,
	precheckPeriod,
} from '../../../shared/input';
import { periodFields } from '../../../shared/descriptions/common';
import { notice, PERIOD_HINTS, PRO_NOTICES } from '../../../shared/descriptions/notices';
import { centerLocator, shopLocator, zoneLocator } from '../../../shared/descriptions/locators';
import { featureRefusal, LIMITS, rulesFor } from '../../../shared/plan';
import { collectPlanWindows } from '../../../shared/walk/windowedPaging';
import type { SplitPeriod } from '../../../shared/walk/planWindows';
import { rowWindows } from '../../../shared/walk/dateWindows';

export const description: INodeProperties[] = [
	centerLocator(),
	...periodFields({
		start: "First day of the period (inclusive, in the center's time zone)",
		end: "Last day of the period (inclusive, in the center's time zone). A day after the plan's freshest day (yesterday on Basic, today on PRO) is clipped to it, and the run says so.",
		startHint: PERIOD_HINTS.start,
		endHint: PERIOD_HINTS.attendanceEnd,
	}),
	{
		displayName: 'Granularity',
		name: 'granularity',
		type: 'options',
		options: GRANULARITIES.options,
		default: 'day',
		description: 'The length of the period one row counts',
		hint: 'Week and Month rows are labelled with their first day; Hour needs a PRO center (31 days a request)',
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: ATTENDANCE_SCOPES.options,
		default: 'sc',
		description: 'Whose visitors to count',
		hint: 'Counting Zone and Shop need a PRO center; Shop counts the visitors of the zone the shop lies in (no rows when it lies in none)',
	},
	notice('proAttendanceNotice', PRO_NOTICES.detailedAttendance, {
		show: { granularity: ['hour'] },
	}),
	notice('proScopeNotice', PRO_NOTICES.detailedAttendance, {
		show: { scope: ['zone', 'shop'] },
		hide: { granularity: ['hour'] },
	}),
	zoneLocator({ show: { scope: ['zone'] } }),
	shopLocator({ show: { scope: ['shop'] } }),
];

/**
 * GET /sc/{sc_id}/traffic over any period: split into the windows one request may cover (hour: 31
 * days; day / week / month: the plan's daily window), the end clipped to the plan's freshest day, rows
 * de-duplicated by their date label, each with sc_id (and zone_id or shop_id). An empty array (center or shop outside counting zones) is a valid
 * empty result; 404 traffic_not_configured is passed on.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const granularity = readChoice(
		this,
		'granularity',
		'Granularity',
		itemIndex,
		GRANULARITIES.values,
		'day',
	);
	const scope = readChoice(this, 'scope', 'Scope', itemIndex, ATTENDANCE_SCOPES.values, 'sc');
	const zoneId = scope === 'zone' ? readId(this, 'zone', 'Counting Zone', itemIndex) : undefined;
	const shopId = scope === 'shop' ? readId(this, 'shop', 'Shop', itemIndex) : undefined;
	precheckPeriod(this, itemIndex);

	const { time_zone: zone, boundaryZone } = await centerInfo(this, scId);
	const period = readPeriod(this, itemIndex, zone);
	const plan = await centerPlan(this, scId);
	if (granularity === 'hour' || scope !== 'sc') {
		const refusal = featureRefusal(plan, 'detailedAttendance');
		if (refusal) fail(this, itemIndex, granularity === 'hour' ? 'Granularity' : 'Scope', refusal);
	}
	const split: SplitPeriod = (start, end, rules) =>
		rowWindows(
			start,
			end,
			granularity,
			granularity === 'hour'
				? Math.min(LIMITS.hourlyAttendanceDays, rules.dailyWindowDays)
				: rules.dailyWindowDays,
		);
	const clipped = clipPeriod(this, itemIndex, period, boundaryZone, rulesFor(plan));
	// rows keyed by their date label, de-duplicated over the whole walk
	const rows = await collectPlanWindows(
		this,
		{ scId, asked: clipped, boundaryZone, split },
		'readAttendance',
		(w) => ({
			params: { sc_id: scId },
			query: {
				start_date: w.start,
				end_date: w.end,
				granularity,
				scope,
				zone_id: zoneId,
				shop_id: shopId,
			},
			itemIndex,
			operation: 'read attendance',
		}),
		(row) => String(row.date),
	);
	// each row says where it comes from, as the other lists' rows do: the center and, for a zone or a
	// shop, its id (rows of several zones or centers stay apart after a merge); the API's own wins
	const ids: IDataObject = { sc_id: scId };
	if (zoneId !== undefined) ids.zone_id = zoneId;
	if (shopId !== undefined) ids.shop_id = shopId;
	const out: IDataObject[] = [];
	for (const row of rows) out.push({ ...ids, ...row });
	return noteEmptyAnswer(this, out, clipped, boundaryZone, rulesFor(plan));
}
