/**
 * What Daily Sales and Monthly Totals share: the Options collection and the reading of a shop, a
 * period before any data request (planWindows.ts clips and splits it by the plan's rules).
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { centerInfo } from '../../shared/center';
import { readShopChoice, type ShopChoice } from '../../shared/shopChoice';
import {
	readBoolean,
	readId,
	readLimit,
	readPeriod,
	type Period,
	precheckPeriod,
} from '../../shared/input';

export function rubleOptions(show: Record<string, string[]>): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Add Ruble Amounts',
				name: 'addRubles',
				type: 'boolean',
				default: false,
				description:
					'Whether to add a &lt;field&gt;_rub copy (in rubles, kopecks / 100) next to each money field; the API fields themselves stay in kopecks',
			},
		],
	};
}

export interface SalesRequest {
	scId: string;
	/** the shop of "One Shop" (Monthly Totals has no other choice) */
	shopId?: string;
	shop: ShopChoice;
	limit?: number;
	addRubles: boolean;
	/** the period as asked (planWindows.ts clips it to the plan's freshest day and splits it) */
	asked: Period;
	boundaryZone: string;
}

export async function readSalesRequest(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Promise<SalesRequest> {
	const scId = readId(ctx, 'center', 'Center', itemIndex);
	const shop = readShopChoice(ctx, itemIndex);
	precheckPeriod(ctx, itemIndex);
	const limit = readLimit(ctx, itemIndex);
	const addRubles = readBoolean(ctx, 'options.addRubles', 'Add Ruble Amounts', itemIndex);
	const { time_zone: zone, boundaryZone } = await centerInfo(ctx, scId);
	const asked = readPeriod(ctx, itemIndex, zone);
	return { scId, shopId: shop.shopId, shop, limit, addRubles, asked, boundaryZone };
}
