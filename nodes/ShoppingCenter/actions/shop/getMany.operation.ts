import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit } from '../../../shared/descriptions/common';
import { centerLocator } from '../../../shared/descriptions/locators';
import { readBoolean, readId, readLimit } from '../../../shared/input';
import { collectPages } from '../../../shared/transport';

const show = { resource: ['shop'], operation: ['getMany'] };

export const description: INodeProperties[] = [
	centerLocator({ show }),
	...returnAllAndLimit({ show }),
	{
		displayName: 'Include Archived',
		name: 'includeArchived',
		type: 'boolean',
		default: false,
		description: 'Whether to return archived shops too (they carry is_archived = true)',
		displayOptions: { show },
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
