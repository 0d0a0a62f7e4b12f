/**
 * What a poll says in n8n's log: per center the requests of this poll and of the center's day against
 * the share, and, once per node and center, a configuration the share cannot keep, in plain words with
 * what to change.
 */
import { PLAN_RULES } from '../shared/plan';
import type { DayPlan } from './dayBudget';
import { EVENTS } from './events';
import { firstNotice, nodeKey } from './memory';
import type { PollRun, Target } from './types';

const DAY_MS = 86_400_000;
const n = (x: number) => Math.round(x).toLocaleString('en-US');

function planLabel(plan: DayPlan): string {
	return plan.plan ? `${PLAN_RULES[plan.plan].label}'s` : "Basic's (plan not known yet)";
}

/** "center 1008: 17 request(s), today 4,210 / 25,000 (50 % of PRO's 50,000)" */
export function centerLine(target: Target, plan: DayPlan, sent: number): string {
	const pct = Math.round((plan.share / plan.limit) * 100);
	return `center ${target.id}: ${sent} request(s), today ${n(plan.used)} / ${n(plan.share)} (${pct} % of ${planLabel(plan)} ${n(plan.limit)})`;
}

/**
 * When reading every unit at least every Read Quiet … at Least Every would cost more a day than the
 * share: said once per node and center (and again when the numbers change).
 */
export function budgetNotice(
	run: PollRun,
	target: Target,
	plan: DayPlan,
	units: number,
	allCost: number,
): void {
	const minutes = run.cfg.quietMaxWaitMs / 60_000;
	const needed = (allCost * DAY_MS) / run.cfg.quietMaxWaitMs;
	if (needed <= plan.share) return;
	const shops = EVENTS[run.cfg.event].unit === 'shop';
	const what = shops ? `its ${units} shop(s)` : 'it';
	const notice = `Shopping Center Trigger: center ${target.id}: reading ${what} at least every ${minutes} minutes needs about ${n(needed)} requests a day, more than the ${n(plan.share)} the Day Budget Share allows (${run.cfg.dayBudgetShare} % of ${planLabel(plan)} ${n(plan.limit)}), so quiet ${shops ? 'shops' : 'centers'} are read less often than that. Raise Day Budget Share${shops ? ', choose fewer shops (Shops: Selected Shops)' : ''}, or raise Read Quiet ${shops ? 'Shops' : 'Centers'} at Least Every.`;
	if (firstNotice(nodeKey(run.ctx), notice)) run.ctx.logger.warn(notice);
}
