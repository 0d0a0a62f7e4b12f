/**
 * Windows of a long period when the center's plan may not be known yet. No request is ever spent just
 * to learn a plan: with the plan unknown, the first window is one valid on both plans (Basic's window,
 * data up to yesterday), and its answer's X-RateLimit-Limit (planCache.ts) tells the plan; the rest of
 * the period is then split by the rules known by then (PRO: wider windows, data up to today). Nothing
 * is asked twice: the rest starts the day after the first window.
 */
import type { Period } from '../input';
import { addHint, clipToFreshest, DEFAULT_PERIOD_NAMES, freshnessRule } from '../input';
import { addDays, type DayWindow } from './dateWindows';
import { BOTH_PLANS_RULES, rulesFor, type PlanRules } from '../plan';
import type { IExecuteFunctions } from 'n8n-workflow';
import { knownPlan } from '../transport';
import { getApiCredentials } from '../transport/credentials';

export type SplitPeriod = (start: string, end: string, rules: PlanRules) => DayWindow[];

/**
 * The windows of the period in groups: all of them when the plan is known; otherwise first the one
 * window valid on both plans, then (after the caller has walked it, so its answer told the plan) the
 * rest, split by the rules known by then.
 */
export async function* planWindowGroups(
	ctx: IExecuteFunctions,
	scId: string,
	asked: Period,
	boundaryZone: string,
	split: SplitPeriod,
): AsyncGenerator<DayWindow[]> {
	const { baseUrl } = await getApiCredentials(ctx);
	const plan = knownPlan(baseUrl, scId);
	const strict = plan ? undefined : clipToFreshest(asked, boundaryZone, BOTH_PLANS_RULES);
	if (!strict) {
		// plan known, or the period holds only days a Basic center does not have yet: the API answers
		const rules = rulesFor(plan);
		const period = clipToFreshest(asked, boundaryZone, rules);
		if (period) yield split(period.start, period.end, rules);
		return;
	}
	const first = split(strict.start, strict.end, BOTH_PLANS_RULES)[0];
	yield [first];
	const rules = rulesFor(knownPlan(baseUrl, scId));
	const start = addDays(first.end, 1);
	if (start > asked.end) return;
	const rest = clipToFreshest({ start, end: asked.end }, boundaryZone, rules);
	if (rest) yield split(rest.start, rest.end, rules);
	const lastRead = rest?.end ?? first.end;
	// the first answer told a plan whose freshest day is before the end asked: never silently
	if (lastRead < asked.end)
		addHint(
			ctx,
			`${DEFAULT_PERIOD_NAMES.endLabel} ${asked.end} is after the last day with data (${freshnessRule(rules, boundaryZone)}): read ${asked.start} to ${lastRead}.`,
		);
}
