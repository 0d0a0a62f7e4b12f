/**
 * Pass → Get Many: GET /sc/{sc_id}/portal/passes by creation period, validity period and/or ticket
 * numbers (50 a call), filtered by the documented and any further statuses, newest first.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { listOutputFields } from '../../../shared/descriptions/common';
import { readWordList } from '../../../shared/input';
import { listPortal, selectionFields } from '../../helpers/portalList';
import type { OperationOutput } from '../../../shared/router';
import { defineColumns, names, PERSON, under } from '../../../shared/output/columns';
import { same } from '../../../shared/tool/simplify';
import { CENTER_ID, DAYS, MORE } from '../../../shared/tool/phrases';
import type { FieldSet, ListFacts } from '../../../shared/actions';

/** The tool description ("Set Manually") of this operation as an AI tool. */
export const toolDescription = `Tenant portal passes (vehicle and person passes) created in a period, newest first: id, status, pass_type, ticket_uid, valid_from, valid_to, vehicle_plate, author_name. Any plan, any period length. ${CENTER_ID}; ${DAYS}. ${MORE}`;

/** The fields of its Simplify option. */
export const simpleFields: FieldSet = [
	...same('id', 'sc_id', 'status', 'pass_type', 'ticket_uid', 'created_at'),
	...same('valid_from', 'valid_to', 'permanent', 'work_period'),
	['vehicle_plate', 'vehicle.plate_number'],
	['vehicle_brand', 'vehicle.brand'],
	['author_name', 'author.name'],
	['tags', 'tags[].name'],
];

/** The list it returns (the tool's "more exist" note). */
export const list: ListFacts = { noun: 'passes', dateField: 'created_at', newestFirst: true };

/** The columns of its file (the spec's field order). */
export const fileColumns = defineColumns(
	[
		...names('id status pass_type person'),
		...under('vehicle', names('plate_number brand vehicle_type')),
		...names('ticket_uid created_at valid_from valid_to permanent work_period'),
		...under('author', PERSON),
		'tags',
	],
	'created_at',
	'passes',
);

export const description: INodeProperties[] = [
	...selectionFields('pass'),
	{
		displayName: 'Other Statuses',
		name: 'otherStatuses',
		type: 'string',
		default: '',
		placeholder: 'e.g. pending, expired',
		description:
			"Comma-separated further pass statuses to keep, as your portal names them (the API documents only approved). Each is sent as given; the API rejects one it doesn't know.",
	},
	...listOutputFields({ money: false }, simpleFields),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationOutput> {
	const statuses = [
		...new Set([
			...readWordList(this, 'statuses', 'Statuses', itemIndex),
			...readWordList(this, 'otherStatuses', 'Other Statuses', itemIndex),
		]),
	];
	return await listPortal(this, itemIndex, 'pass', statuses, fileColumns, simpleFields);
}
