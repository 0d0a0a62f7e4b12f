/**
 * Shopping Center Revenue: the node names itself, its resource modules
 * (actions/<resource>/<Resource>.resource.ts), its default resource and its description; the rest
 * is the family's (shared/actionNode.ts).
 */
import { actionNode } from '../shared/actionNode';
import * as cashRegister from './actions/cashRegister/CashRegister.resource';
import * as dailySalesAggregate from './actions/dailySalesAggregate/DailySalesAggregate.resource';
import * as monthlyTotal from './actions/monthlyTotal/MonthlyTotal.resource';
import * as turnoverSetting from './actions/turnoverSetting/TurnoverSetting.resource';

/** The resource keys are the Resource values, in the editor's order. */
export class ShoppingCenterRevenue extends actionNode(
	'shoppingCenterRevenue',
	{ cashRegister, dailySalesAggregate, monthlyTotal, turnoverSetting },
	'dailySalesAggregate',
	'Sales revenue of a shop by day and by month, turnover settings and cash registers (Shopping-center API)',
) {}
