/**
 * "Shop": one shop, or every shop of the center (archived ones included or not). The node walks the
 * shop list itself and then each shop's windows, sharing the center's budget; rows then carry the
 * shop_id of their shop, and the user gets no item per shop to loop over.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { readChoice, readId } from '../input';
import { paginate, type ApiContext, type RequestInput } from '../transport';
import type { WalkStats } from './pageStream';

type Show = Record<string, string[]>;

export type ShopScope = 'one' | 'all' | 'allWithArchived';

export function shopScopeField(show: Show = {}): INodeProperties {
	return {
		displayName: 'Shops',
		name: 'shopScope',
		type: 'options',
		default: 'one',
		displayOptions: { show },
		options: [
			{ name: 'One Shop', value: 'one' },
			{
				name: 'All Shops of the Center',
				value: 'all',
				description: 'Every active shop, one after another, in one run',
			},
			{
				name: 'All Shops of the Center, Archived Included',
				value: 'allWithArchived',
				description: 'Every shop, archived ones too',
			},
		],
		description: 'Which shops to read',
	};
}

/** The shop locator is shown for "One Shop" only. */
export const ONE_SHOP: Show = { shopScope: ['one'] };

export interface ShopChoice {
	scope: ShopScope;
	/** the shop of "One Shop" */
	shopId?: string;
}

export function readShopChoice(ctx: IExecuteFunctions, itemIndex: number): ShopChoice {
	const scope = readChoice(
		ctx,
		'shopScope',
		'Shops',
		itemIndex,
		['one', 'all', 'allWithArchived'],
		'one',
	);
	return scope === 'one' ? { scope, shopId: readId(ctx, 'shop', 'Shop', itemIndex) } : { scope };
}

/**
 * The shop ids to walk, in the API's order; the shop list's pages count as requests. `request`: what
 * the caller adds to each page's request (the trigger's deadline and request counter).
 */
export async function shopIdsOf(
	ctx: ApiContext,
	scId: string,
	choice: ShopChoice,
	itemIndex: number,
	stats?: WalkStats,
	request: Pick<RequestInput, 'deadlineMs' | 'counter'> = {},
): Promise<string[]> {
	if (choice.shopId) return [choice.shopId];
	const ids: string[] = [];
	const input = {
		...request,
		params: { sc_id: scId },
		query: { archived: choice.scope === 'allWithArchived' ? true : undefined },
		itemIndex,
		operation: 'list the shops of the center',
	};
	for await (const page of paginate(ctx, 'listShops', input)) {
		if (stats) stats.requests++;
		for (const shop of page.rows as IDataObject[])
			if (shop.id !== undefined) ids.push(String(shop.id));
	}
	return ids;
}
