/**
 * New Receipt: its own fields read and checked before any request (shops, archived shops, output).
 */
import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { fail, idList, quoted, readPollChoice } from '../../../shared/input';
import { readFileSettings, type FileSettings } from '../../../shared/output/fileOptions';

export interface ReceiptSettings {
	shopScope: 'all' | 'selected';
	shopIds: string[];
	archived: boolean;
	/** undefined: one item per receipt */
	file?: FileSettings;
}

/** The output reader of the actions takes (name, itemIndex, default); a poll's takes (name, default). */
function asInputContext(ctx: IPollFunctions): IExecuteFunctions {
	return {
		getNode: () => ctx.getNode(),
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) =>
			ctx.getNodeParameter(name, fallback),
	} as unknown as IExecuteFunctions;
}

export function readReceiptSettings(ctx: IPollFunctions): ReceiptSettings {
	const shopScope = readPollChoice(
		ctx,
		'receiptShops',
		'Shops',
		['all', 'selected'] as const,
		'all',
	);
	const shopIds =
		shopScope === 'selected'
			? idList(ctx, ctx.getNodeParameter('receiptShopIds', ''), 'Shop IDs')
			: [];
	if (shopScope === 'selected' && shopIds.length === 0)
		fail(ctx, undefined, 'Shop IDs', 'name at least one shop (comma-separated shop IDs)');
	const archived = ctx.getNodeParameter('includeArchived', false) as unknown;
	if (typeof archived !== 'boolean')
		fail(ctx, undefined, 'Include Archived Shops', `${quoted(archived)} is not true or false`);
	return { shopScope, shopIds, archived, file: readFileSettings(asInputContext(ctx), 0) };
}
