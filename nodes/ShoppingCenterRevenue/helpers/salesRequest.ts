/**
 * What Daily Sales Aggregate → Get Many and Monthly Total → Get Many share: the reading of a shop (one,
 * or all of the center: Daily Sales Aggregate only) and a period before any data request. The period is
 * clipped to the freshest day of the plan known so far (an error when nothing is left, a hint when the
 * end was clipped); the operation walks it in the plan's windows (shared/walk/windowedPaging.ts,
 * planWindows.ts), re-planning the rest once the first answer tells an unknown plan.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { centerInfo, centerPlan } from '../../shared/center';
import { readShopChoice, type ShopChoice } from '../../shared/walk/shopChoice';
import {
	readBoolean,
	readId,
	readLimit,
	readPeriod,
	type Period,
	clipPeriod,
	precheckPeriod,
} from '../../shared/input';
import { rulesFor, type PlanRules } from '../../shared/plan';

export interface SalesRequest {
	scId: string;
	/** the shop of "One Shop" (Monthly Total has no Shops choice: always one shop) */
	shopId?: string;
	shop: ShopChoice;
	limit?: number;
	addRubles: boolean;
	/** the rules of the plan known before the first request (unknown: valid on both plans) */
	rules: PlanRules;
	/** the period asked, its end clipped to the known plan's freshest day */
	asked: Period;
	/** the zone of the freshest-day rule */
	boundaryZone: string;
}

export async function readSalesRequest(
	ctx: IExecuteFunctions,
	itemIndex: number,
	/** 'months': the API answers whole months (Monthly Total) */
	rows: 'days' | 'months' = 'days',
): Promise<SalesRequest> {
	const scId = readId(ctx, 'center', 'Center', itemIndex);
	const shop = readShopChoice(ctx, itemIndex);
	precheckPeriod(ctx, itemIndex);
	const limit = readLimit(ctx, itemIndex);
	const addRubles = readBoolean(ctx, 'addRubles', 'Add Ruble Amounts', itemIndex);
	const { time_zone: zone, boundaryZone } = await centerInfo(ctx, scId);
	const period = readPeriod(ctx, itemIndex, zone);
	// Monthly Total answers whole months: the period starts on its first month's first day, so a month
	// begun before the freshest day is read even when the day asked is after it
	if (rows === 'months') period.start = `${period.start.slice(0, 7)}-01`;
	const rules = rulesFor(await centerPlan(ctx, scId));
	const asked = clipPeriod(ctx, itemIndex, period, boundaryZone, rules);
	return { scId, shopId: shop.shopId, shop, limit, addRubles, rules, asked, boundaryZone };
}
