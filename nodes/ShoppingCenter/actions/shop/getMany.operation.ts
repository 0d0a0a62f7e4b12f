/**
 * Shop → Get Many: the shops (trading points) of one center, archived ones on request.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit } from '../../../shared/descriptions/common';
import { centerLocator } from '../../../shared/descriptions/locators';
import { readBoolean, readId, readLimit } from '../../../shared/input';
import { collectPages } from '../../../shared/transport';
import { CENTER_ID, MORE } from '../../../shared/tool/phrases';
import type { ListFacts } from '../../../shared/actions';

/** The tool description ("Set Manually") of this operation as an AI tool. */
export const toolDescription = `Lists the shops (trading points) of one center: id (the shop_id other tools need), name, is_archived, position, renter (tenant: legal_name, inn). ${CENTER_ID}. ${MORE}`;

/** The list it returns (the tool's "more exist" note). */
export const list: ListFacts = { noun: 'shops' };

export const description: INodeProperties[] = [
	centerLocator(),
	...returnAllAndLimit(),
	{
		displayName: 'Include Archived',
		name: 'includeArchived',
		type: 'boolean',
		default: false,
		description: 'Whether to return archived shops too (they carry is_archived = true)',
	},
];

/** GET /sc/{sc_id}/shops, every page (500 a page) or up to the limit. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const limit = readLimit(this, itemIndex);
	const archived = readBoolean(this, 'includeArchived', 'Include Archived', itemIndex);
	return await collectPages(
		this,
		'listShops',
		{
			params: { sc_id: scId },
			query: { archived: archived || undefined },
			itemIndex,
			operation: 'list shops',
		},
		{ limit },
	);
}
