/**
 * Ticket → Get Many: GET /sc/{sc_id}/portal/tickets by creation period, validity period or ticket
 * numbers (100 a call), filtered by status, newest first.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { TICKET_STATUSES } from '../../../shared/allowedValues';
import { listOutputFields } from '../../../shared/descriptions/common';
import { readWordList } from '../../../shared/input';
import { listPortal, selectionFields } from '../../helpers/portalList';
import type { OperationOutput } from '../../../shared/router';
import { defineColumns, names, PERSON, under } from '../../../shared/output/columns';
import { same } from '../../../shared/tool/simplify';
import { CENTER_ID, DAYS, MORE } from '../../../shared/tool/phrases';
import type { FieldSet, ListFacts } from '../../../shared/actions';

/** The tool description ("Set Manually") of this operation as an AI tool. */
export const toolDescription = `Tenant portal tickets (requests of tenants to the center) created in a period, newest first: ticket_uid, title, status, created_at, begin_time, end_time, ticket_type, shop_id, shop_name, tenant, author_name, has_passes. Any plan, any period length. ${CENTER_ID}; ${DAYS}. ${MORE}`;

/** The fields of its Simplify option. */
export const simpleFields: FieldSet = [
	...same('ticket_uid', 'sc_id', 'title', 'status', 'archived', 'created_at'),
	['resolution_created_at', 'resolution_created_at'],
	...same('begin_time', 'end_time', 'has_passes'),
	['ticket_type', 'ticket_type.title'],
	['shop_id', 'sell_location.id'],
	['shop_name', 'sell_location.name'],
	['tenant', 'arendator.legal_name'],
	['author_name', 'author.name'],
];

/** The list it returns (the tool's "more exist" note). */
export const list: ListFacts = { noun: 'tickets', dateField: 'created_at', newestFirst: true };

const TYPE = ['id', 'title', 'analytics_key'];

/** The columns of its file (the spec's field order). */
export const fileColumns = defineColumns(
	[
		...names('ticket_uid title status archived work_period text created_at'),
		...names('resolution_created_at begin_time end_time'),
		...under('ticket_type', TYPE),
		...under('ticket_type.children', TYPE),
		'has_passes',
		'parameters',
		...under('sell_location', names('id name')),
		...under('arendator', names('id legal_name inn')),
		...under('author', PERSON),
		'custom_fields',
		'agreement_comments',
	],
	'created_at',
	'tickets',
);

export const description: INodeProperties[] = [
	...selectionFields('ticket'),
	...listOutputFields({ money: false }, simpleFields),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationOutput> {
	const statuses = readWordList(this, 'statuses', 'Statuses', itemIndex, TICKET_STATUSES.values);
	return await listPortal(this, itemIndex, 'ticket', statuses, fileColumns, simpleFields);
}
