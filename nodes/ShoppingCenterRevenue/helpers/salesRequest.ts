/**
 * What Daily Sales and Monthly Totals share: the reading of a shop, a period (clipped to the plan's freshest day) and the plan's rules before any data request.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { centerInfo, centerPlan } from '../../shared/center';
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
	shopId: string;
	limit?: number;
	addRubles: boolean;
	rules: PlanRules;
	/** the period asked, its end clipped to the plan's freshest day (an error when nothing is left) */
	period: Period;
	/** the zone of the freshest-day rule */
	boundaryZone: string;
}

export async function readSalesRequest(
	ctx: IExecuteFunctions,
	itemIndex: number,
	wholeMonths = false,
): Promise<SalesRequest> {
	const scId = readId(ctx, 'center', 'Center', itemIndex);
	const shopId = readId(ctx, 'shop', 'Shop', itemIndex);
	precheckPeriod(ctx, itemIndex);
	const limit = readLimit(ctx, itemIndex);
	const addRubles = readBoolean(ctx, 'addRubles', 'Add Ruble Amounts', itemIndex);
	const { time_zone: zone, boundaryZone } = await centerInfo(ctx, scId);
	const asked = readPeriod(ctx, itemIndex, zone);
	// monthly totals answer whole months: a month begun before the freshest day has data
	if (wholeMonths) asked.start = `${asked.start.slice(0, 7)}-01`;
	const rules = rulesFor(await centerPlan(ctx, scId, itemIndex));
	return {
		scId,
		shopId,
		limit,
		addRubles,
		rules,
		boundaryZone,
		period: clipPeriod(ctx, itemIndex, asked, boundaryZone, rules),
	};
}
