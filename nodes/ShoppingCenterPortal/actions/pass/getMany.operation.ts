/**
 * Pass → Get Many: GET /sc/{sc_id}/portal/passes by creation period, validity period and/or ticket
 * numbers (50 a call), filtered by the documented and any further statuses, newest first.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { PASS_STATUSES } from '../../../shared/allowedValues';
import { returnAllAndLimit } from '../../../shared/descriptions/common';
import { readWordList } from '../../../shared/input';
import { listPortal, selectionFields } from '../../helpers/portalList';
import { outputFields } from '../../../shared/output/fileOptions';
import type { OperationOutput } from '../../../shared/router';
import { simplifyField } from '../../../shared/tool/simplify';

const show = { resource: ['pass'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	...selectionFields('pass', show),
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		options: PASS_STATUSES.options,
		default: [],
		description:
			'Only passes in these statuses (with Other Statuses). None given: every status, archived passes included.',
		displayOptions: { show },
	},
	{
		displayName: 'Other Statuses',
		name: 'otherStatuses',
		type: 'string',
		default: '',
		placeholder: 'e.g. pending, expired',
		description:
			"Comma-separated further pass statuses to keep, as your portal names them (the API documents only approved). Each is sent as given; the API rejects one it doesn't know.",
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
	const statuses = [
		...new Set([
			...readWordList(this, 'statuses', 'Statuses', itemIndex),
			...readWordList(this, 'otherStatuses', 'Other Statuses', itemIndex),
		]),
	];
	return await listPortal(this, itemIndex, 'pass', statuses);
}
