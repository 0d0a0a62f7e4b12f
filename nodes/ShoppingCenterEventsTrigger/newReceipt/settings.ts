/**
 * New Receipt: its own fields read and checked before any request (shops, archived shops, output),
 * and the time a poll may take (n8n 2.x's getPollBudgetMs where it exists, else a safe default).
 */
import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { choiceOf, fail, idList, quoted } from '../../shared/input';
import { readFileSettings, type FileSettings } from '../../shared/output/fileOptions';

export interface ReceiptSettings {
	shopScope: 'all' | 'selected';
	shopIds: string[];
	archived: boolean;
	/** undefined: one item per receipt */
	file?: FileSettings;
}

/**
 * n8n 1.x gives a poll no time limit and offers no budget; n8n 2.x's durable scheduler abandons a poll
 * after 45 s and offers getPollBudgetMs() (36 s by default). Without it a poll keeps to 30 s, so it
 * behaves alike on both.
 */
export const DEFAULT_POLL_BUDGET_MS = 30_000;

export function pollBudgetMs(ctx: IPollFunctions): number {
	const get = (ctx as { getPollBudgetMs?: () => unknown }).getPollBudgetMs;
	const value = typeof get === 'function' ? get.call(ctx) : undefined;
	return typeof value === 'number' && Number.isFinite(value) && value > 0
		? value
		: DEFAULT_POLL_BUDGET_MS;
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
	const shopScope = choiceOf(
		ctx,
		ctx.getNodeParameter('receiptShops', 'all'),
		'Shops',
		undefined,
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
