/**
 * Daily Attendance → Submit: the visitors of one day, for the center or a counting zone.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { dateField } from '../../../shared/descriptions/common';
import { centerLocator, zoneLocator } from '../../../shared/descriptions/locators';
import {
	readId,
	toInteger,
	assertNotFutureDay,
	dayIn,
	readChoice,
	readRawDate,
} from '../../../shared/input';
import { apiRequest } from '../../../shared/transport';
import { INTAKE_SCOPES } from '../../../shared/allowedValues';
import { centerInfo } from '../../../shared/center';

export const description: INodeProperties[] = [
	centerLocator(),
	dateField({
		name: 'date',
		displayName: 'Date',
		description:
			"The day the count is for (YYYY-MM-DD), read in the center's time zone. Today or earlier: a future day is refused before any request. A repeated submission for the day overwrites it.",
	}),
	{
		displayName: 'Visitors',
		name: 'visitors',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		required: true,
		description: 'Number of visitors that day (a whole number, 0 or more)',
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: INTAKE_SCOPES.options,
		default: 'sc',
		description: 'Whether the count is for the whole center or one counting zone',
		hint: 'Center: the count of the whole center; Zone: of the counting zone chosen below (Attendance → Counting Zone → Get Many lists them)',
	},
	zoneLocator({ show: { scope: ['zone'] } }),
];

/** POST /sc/{sc_id}/traffic (form): date, visitors, scope; zone_id only with scope=zone. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const rawDate = readRawDate(this, 'date', 'Date', itemIndex);
	const visitors = toInteger(
		this,
		this.getNodeParameter('visitors', itemIndex, undefined) as unknown,
		'Visitors',
		itemIndex,
		{ min: 0, required: true },
	) as number;
	const scope = readChoice(this, 'scope', 'Scope', itemIndex, INTAKE_SCOPES.values, 'sc');
	const zoneId = scope === 'zone' ? readId(this, 'zone', 'Counting Zone', itemIndex) : undefined;

	const { time_zone: zone, boundaryZone } = await centerInfo(this, scId);
	const date = dayIn(rawDate, zone);
	assertNotFutureDay(this, itemIndex, date, 'Date', boundaryZone);

	const res = await apiRequest(this, 'submitAttendance', {
		params: { sc_id: scId },
		body: { date, visitors, scope, ...(zoneId !== undefined ? { zone_id: zoneId } : {}) },
		itemIndex,
		operation: 'submit daily attendance',
	});
	return [res.data as IDataObject];
}
