/**
 * Ticket → Get Many: GET /sc/{sc_id}/portal/tickets by creation period, validity period or ticket
 * numbers (100 a call), filtered by status, newest first.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { TICKET_STATUSES } from '../../../shared/allowedValues';
import { returnAllAndLimit } from '../../../shared/descriptions/common';
import { readWordList } from '../../../shared/input';
import { listPortal, selectionFields } from '../../helpers/portalList';
import { outputFields } from '../../../shared/output/fileOptions';
import type { OperationOutput } from '../../../shared/router';
import { simplifyField } from '../../../shared/tool/simplify';

const show = { resource: ['ticket'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	...selectionFields('ticket', show),
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		options: TICKET_STATUSES.options,
		default: [],
		description:
			'Only tickets in these statuses. None selected: every status, archived tickets included.',
		displayOptions: { show },
	},
	...returnAllAndLimit({ show }),
	...outputFields(show, false),
	...simplifyField(show),
];

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<OperationOutput> {
	const statuses = readWordList(this, 'statuses', 'Statuses', itemIndex, TICKET_STATUSES.values);
	return await listPortal(this, itemIndex, 'ticket', statuses);
}
