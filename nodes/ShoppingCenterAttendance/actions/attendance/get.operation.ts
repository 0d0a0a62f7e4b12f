import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { centerInfo, centerPlan } from '../../../shared/center';
import { readChoice } from '../../../shared/choices';
import { dateField } from '../../../shared/descriptions/common';
import { centerLocator, shopLocator, zoneLocator } from '../../../shared/descriptions/locators';
import { fail, readId, readPeriod } from '../../../shared/params';
import { clipToFreshest, precheckPeriod } from '../../../shared/periodInput';
import { featureRefusal, LIMITS, rulesFor } from '../../../shared/plan';
import { collectPlainWindows } from '../../../shared/windowed';
import { splitDays, type DayWindow } from '../../../shared/windows';

const show = { resource: ['attendance'], operation: ['get'] };

export const GRANULARITIES = ['day', 'week', 'month', 'hour'] as const;
export const SCOPES = ['sc', 'zone', 'shop'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export type Scope = (typeof SCOPES)[number];

export const description: INodeProperties[] = [
	centerLocator({ show }),
	dateField('startDate', 'Start Date', "First day of the period (inclusive, in the center's time zone)", { show }),
	dateField(
		'endDate',
		'End Date',
		"Last day of the period (inclusive, in the center's time zone). A day after the plan's freshest day (yesterday on Basic, today on PRO) is clipped to it.",
		{ show },
	),
	{
		displayName: 'Granularity',
		name: 'granularity',
		type: 'options',
		options: [
			{ name: 'Day', value: 'day', description: 'One row per day, labelled YYYY-MM-DD' },
			{ name: 'Hour', value: 'hour', description: "One row per hour, labelled with the hour's start and the center's UTC offset (PRO only)" },
			{ name: 'Month', value: 'month', description: 'One row per month, labelled with its first day' },
			{ name: 'Week', value: 'week', description: 'One row per week, labelled with its first day' },
		],
		default: 'day',
		description: 'The length of the period one row counts',
		displayOptions: { show },
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			{ name: 'Center', value: 'sc', description: 'Visitors of the whole center' },
			{ name: 'Counting Zone', value: 'zone', description: 'Visitors of one counting zone (PRO only)' },
			{ name: 'Shop', value: 'shop', description: "Visitors of the zone a shop lies in (PRO only); empty when the shop is in no zone" },
		],
		default: 'sc',
		description: 'Whose visitors to count',
		displayOptions: { show },
	},
	zoneLocator({ show: { ...show, scope: ['zone'] } }),
	shopLocator({ show: { ...show, scope: ['shop'] } }),
];

/**
 * Windows a request may cover. Week and month rows are cut at the end of a week (Sunday) or month
 * whenever a window has to end early, so that no row is split between two requests.
 */
export function attendanceWindows(start: string, end: string, granularity: Granularity, windowDays: number): DayWindow[] {
	if (granularity === 'day' || granularity === 'hour') return splitDays(start, end, windowDays);
	const out: DayWindow[] = [];
	let s = DateTime.fromISO(start, { zone: 'utc' });
	const last = DateTime.fromISO(end, { zone: 'utc' });
	while (s <= last) {
		let e = s.plus({ days: windowDays - 1 });
		if (e < last) {
			const unit = granularity === 'week' ? 'week' : 'month';
			// the last whole row inside the window: the day before the row e lies in starts
			const cut = e.plus({ days: 1 }).startOf(unit).minus({ days: 1 });
			if (cut >= s) e = cut;
		} else {
			e = last;
		}
		out.push({ start: s.toISODate() as string, end: e.toISODate() as string });
		s = e.plus({ days: 1 });
	}
	return out;
}

/**
 * GET /sc/{sc_id}/traffic over any period: split into the windows one request may cover (hour: 31
 * days; day / week / month: the plan's daily window), the end clipped to the plan's freshest day, rows
 * de-duplicated by their date label. An empty array (center or shop outside counting zones) is a valid
 * empty result; 404 traffic_not_configured is passed on.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const granularity = readChoice(this, 'granularity', 'Granularity', itemIndex, GRANULARITIES, 'day');
	const scope = readChoice(this, 'scope', 'Scope', itemIndex, SCOPES, 'sc');
	const zoneId = scope === 'zone' ? readId(this, 'zone', 'Counting Zone', itemIndex) : undefined;
	const shopId = scope === 'shop' ? readId(this, 'shop', 'Shop', itemIndex) : undefined;
	precheckPeriod(this, itemIndex);

	const { time_zone: zone } = await centerInfo(this, scId);
	const period = readPeriod(this, itemIndex, zone);
	const plan = await centerPlan(this, scId, itemIndex);
	if (granularity === 'hour' || scope !== 'sc') {
		const refusal = featureRefusal(plan, 'detailedAttendance');
		if (refusal) fail(this, itemIndex, granularity === 'hour' ? 'Granularity' : 'Scope', refusal);
	}
	const rules = rulesFor(plan);
	const clipped = clipToFreshest(period, zone, rules);
	if (!clipped) return [];
	const windowDays = granularity === 'hour' ? Math.min(LIMITS.hourlyAttendanceDays, rules.dailyWindowDays) : rules.dailyWindowDays;
	const windows = attendanceWindows(clipped.start, clipped.end, granularity, windowDays);
	return await collectPlainWindows(
		this,
		'readAttendance',
		windows,
		(w) => ({
			params: { sc_id: scId },
			query: { start_date: w.start, end_date: w.end, granularity, scope, zone_id: zoneId, shop_id: shopId },
			itemIndex,
			operation: 'read attendance',
		}),
		(row) => String(row.date),
	);
}
