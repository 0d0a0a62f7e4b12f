/**
 * Calendar Event → Create: one event of the center calendar per item (holiday, promotion, …).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { collectionField, dateField } from '../../../shared/descriptions/common';
import { centerLocator } from '../../../shared/descriptions/locators';
import {
	fail,
	readBoolean,
	readChoice,
	readId,
	readString,
	precheckPeriod,
	dayIn,
	idList,
	readRawDate,
	quoted,
} from '../../../shared/input';
import { apiRequest, asNodeError, errorShape } from '../../../shared/transport';
import { CALENDAR_EVENT_TYPES } from '../../../shared/allowedValues';
import { centerZone } from '../../../shared/center';

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

export const description: INodeProperties[] = [
	centerLocator(),
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		description: 'Name of the event. Name, type and both dates together identify a duplicate.',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		description: 'Description of the event (required by the API)',
	},
	{
		displayName: 'Event Type',
		name: 'eventType',
		type: 'options',
		options: CALENDAR_EVENT_TYPES.options,
		default: 'calendar',
		description: "Type of the event (the platform's service types are not accepted)",
	},
	dateField({
		name: 'startDate',
		displayName: 'Start Date',
		description: "First day of the event (YYYY-MM-DD, in the center's time zone)",
	}),
	dateField({
		name: 'endDate',
		displayName: 'End Date',
		description:
			"Last day of the event (YYYY-MM-DD, in the center's time zone); not earlier than the start date",
	}),
	collectionField('additionalFields', [
		{
			displayName: 'Color',
			name: 'color',
			type: 'color',
			default: '',
			description:
				"HEX color #RRGGBB (other notations are refused). Empty: the API's default gray.",
		},
		{
			displayName: 'Shop Names or IDs',
			name: 'shopIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getShops', loadOptionsDependsOn: ['center.value'] },
			default: [],
			description:
				'Shops of this center the event relates to. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		},
	]),
	collectionField('options', [
		{
			displayName: 'Treat Existing As Success',
			name: 'treatExistingAsSuccess',
			type: 'boolean',
			default: false,
			description:
				'Whether an identical event that already exists (same name, type and dates; API code already_exists_in_sc) counts as success. On: the item says already_existed = true with the requested fields. Off: the item fails. Either way no second event is created.',
		},
	]),
];

/**
 * POST /sc/{sc_id}/events (form). The one call that is not idempotent: the node sends it once per
 * item; the transport repeats it only on the spec's retryable codes. Should a failed attempt have
 * been written all the same, its repeat is a full duplicate, which the API refuses with 409
 * already_exists_in_sc (never retried): a second event cannot appear. That 409 is an error on the
 * item, or with "Treat Existing As Success" an item with already_existed = true.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const name = readString(this, 'name', 'Name', itemIndex, { required: true, max: 255 });
	const text = readString(this, 'description', 'Description', itemIndex, {
		required: true,
		max: 5000,
	});
	const eventType = readChoice(
		this,
		'eventType',
		'Event Type',
		itemIndex,
		CALENDAR_EVENT_TYPES.values,
		'calendar',
		(value) => `${quoted(value)} is not one of: ${CALENDAR_EVENT_TYPES.values.join(', ')}`,
	);
	const rawStart = readRawDate(this, 'startDate', 'Start Date', itemIndex);
	const rawEnd = readRawDate(this, 'endDate', 'End Date', itemIndex);
	// plain dates (or both with offsets) can be ordered before the center's zone is known
	precheckPeriod(this, itemIndex);
	const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	let color: string | undefined;
	if (extra.color !== undefined && extra.color !== null && extra.color !== '') {
		const c = typeof extra.color === 'string' ? extra.color.trim() : extra.color;
		if (typeof c !== 'string' || !HEX_COLOR.test(c))
			fail(
				this,
				itemIndex,
				'Color',
				`${quoted(extra.color)} is not a HEX color #RRGGBB (like #FF8800)`,
			);
		color = c;
	}
	const shopIds = idList(this, extra.shopIds, 'Shop Names or IDs', itemIndex);
	const treatExistingAsSuccess = readBoolean(
		this,
		'options.treatExistingAsSuccess',
		'Treat Existing As Success',
		itemIndex,
	);

	const zone = await centerZone(this, scId);
	const start = dayIn(rawStart, zone);
	const end = dayIn(rawEnd, zone);
	if (end < start) fail(this, itemIndex, 'End Date', `${end} is earlier than Start Date ${start}`);

	try {
		const res = await apiRequest(this, 'createEvent', {
			params: { sc_id: scId },
			body: {
				name,
				description: text,
				event_type: eventType,
				start_date: start,
				end_date: end,
				shop_ids: shopIds,
				color,
			},
			itemIndex,
			operation: 'create a calendar event',
		});
		const event = res.data as IDataObject;
		return [treatExistingAsSuccess ? { ...event, already_existed: false } : event];
	} catch (error) {
		const { code, details } = errorShape(error);
		if (!treatExistingAsSuccess || code !== 'already_exists_in_sc')
			throw asNodeError(this.getNode(), error, itemIndex);
		const existingId =
			details && typeof details === 'object' && 'id' in details
				? (details as IDataObject).id
				: undefined;
		return [
			{
				already_existed: true,
				...(existingId !== undefined && existingId !== null ? { id: String(existingId) } : {}),
				name,
				description: text,
				event_type: eventType,
				start_date: start,
				end_date: end,
				sell_location_ids: shopIds,
				...(color ? { color } : {}),
			},
		];
	}
}
