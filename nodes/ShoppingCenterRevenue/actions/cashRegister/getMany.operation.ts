/**
 * Cash Register → Get Many: the cash registers (KKT) of a shop and their connection state.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit } from '../../../shared/descriptions/common';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import { readBoolean, readId, readLimit } from '../../../shared/input';
import { apiRequest, rowsOf } from '../../../shared/transport';
import { withShopIds } from '../../../shared/walk/rowIds';
import type { ListFacts } from '../../../shared/actions';

/** a list: as an AI tool it takes an Offset and its cut answers say next_offset */
export const list: ListFacts = { noun: 'cash registers' };

export const description: INodeProperties[] = [
	centerLocator(),
	shopLocator(),
	...returnAllAndLimit(),
	{
		displayName: 'Include Archived',
		name: 'includeArchived',
		type: 'boolean',
		default: false,
		description: 'Whether to return archived cash registers too (they carry is_archived = true)',
	},
];

/** GET /sc/{sc_id}/shops/{shop_id}/kkts: the API has no pages, so Limit is applied here. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const shopId = readId(this, 'shop', 'Shop', itemIndex);
	const limit = readLimit(this, itemIndex);
	const archived = readBoolean(this, 'includeArchived', 'Include Archived', itemIndex);
	const input = {
		params: { sc_id: scId, shop_id: shopId },
		query: { archived: archived || undefined },
		itemIndex,
		operation: 'list cash registers',
	};
	const rows = rowsOf(this, (await apiRequest(this, 'listCashRegisters', input)).data, input);
	return withShopIds(limit === undefined ? rows : rows.slice(0, limit), scId, shopId);
}
