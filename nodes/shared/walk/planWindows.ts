/**
 * A long period walked in the windows the center's plan allows, when the plan may not be known yet.
 * No request is ever spent just to learn a plan: with the plan unknown, the first window is one valid
 * on both plans (Basic's window, data up to yesterday), and its answer's X-RateLimit-Limit
 * (planCache.ts) tells the plan; the rest of the period is then split by the rules known by then (PRO:
 * wider windows, data up to today). Nothing is asked twice: the rest starts the day after the first
 * window.
 *
 * A center whose plan no answer tells (its limit is neither 60 nor 300): the rest is tried in PRO's
 * window size. The first such window is a trial, walked here: when the API refuses its period (the spec
 * does not say with which code: 422 validation_error, 422 period_too_long or 403 plan_required), the
 * center is not PRO, so it is Basic: the walk steps down to Basic's windows and freshest day for that
 * window and the rest (the run says so when that cuts the end). The outcome is remembered per center
 * (the plan, or that it takes PRO-sized windows), so a walk costs at most one request more than with
 * the plan known, and nothing is lost or refused locally.
 */
import type { Period } from '../input';
import { addHint, clipToFreshest, DEFAULT_PERIOD_NAMES, freshnessRule } from '../input';
import { addDays, type DayWindow } from './dateWindows';
import {
	BOTH_PLANS_RULES,
	PLAN_RULES,
	rulesFor,
	UNKNOWN_PLAN_RULES,
	type PlanRules,
} from '../plan';
import type { IExecuteFunctions } from 'n8n-workflow';
import {
	asNodeError,
	errorShape,
	getApiCredentials,
	knownPlan,
	rememberLargeWindows,
	rememberPlan,
	takesLargeWindows,
} from '../transport';

export type SplitPeriod = (start: string, end: string, rules: PlanRules) => DayWindow[];

/** A period of one center, and how a plan's rules split it into windows. */
export interface PlanPeriod {
	scId: string;
	asked: Period;
	/** the zone whose day decides the freshest day (centerInfo's boundaryZone) */
	boundaryZone: string;
	split: SplitPeriod;
}

/** A plan no answer told, tried in PRO's window sizes (everything else as with the plan unknown). */
const LARGE_UNKNOWN: PlanRules = {
	...UNKNOWN_PLAN_RULES,
	dailyWindowDays: PLAN_RULES.pro.dailyWindowDays,
	monthlyWindowMonths: PLAN_RULES.pro.monthlyWindowMonths,
};

/** The codes a real API may refuse a period too long for the center's plan with (the code decides). */
const PERIOD_REFUSALS: ReadonlySet<string> = new Set([
	'validation_error',
	'period_too_long',
	'plan_required',
]);

/** Whether an error is the API refusing a request's period as too long for the center's plan. */
export function isPeriodRefusal(error: unknown): boolean {
	const { code } = errorShape(error);
	return code !== undefined && PERIOD_REFUSALS.has(code);
}

/**
 * What `walk` yields for the windows of the period, in order: all of them at once when the plan is
 * known; otherwise first the one window valid on both plans, then (its answer told the plan) the rest,
 * split by the rules known by then; a plan still unknown tries PRO's windows (see above). `walk` is
 * called once per group of windows, when the walk reaches it.
 */
export async function* walkPlanWindows<T>(
	ctx: IExecuteFunctions,
	period: PlanPeriod,
	walk: (windows: DayWindow[]) => AsyncIterable<T>,
): AsyncGenerator<T> {
	const { scId, asked, boundaryZone, split } = period;
	const { baseUrl } = await getApiCredentials(ctx);
	const plan = knownPlan(baseUrl, scId);
	const strict = plan ? undefined : clipToFreshest(asked, boundaryZone, BOTH_PLANS_RULES);
	const largeKnown = !plan && takesLargeWindows(baseUrl, scId);
	if (!strict || largeKnown) {
		// plan known, or the period holds only days a Basic center does not have yet: the API answers;
		// or a center of unknown plan known to take PRO-sized windows
		const rules = largeKnown ? LARGE_UNKNOWN : rulesFor(plan);
		const whole = clipToFreshest(asked, boundaryZone, rules);
		if (whole) yield* walk(split(whole.start, whole.end, rules));
		return;
	}
	const first = split(strict.start, strict.end, BOTH_PLANS_RULES)[0];
	yield* walk([first]);
	const start = addDays(first.end, 1);
	if (start > asked.end) return;
	let rules = rulesFor(knownPlan(baseUrl, scId));
	let rest = clipToFreshest({ start, end: asked.end }, boundaryZone, rules);
	let lastRead = first.end;
	if (rest && !knownPlan(baseUrl, scId)) {
		const large = split(rest.start, rest.end, LARGE_UNKNOWN);
		// a rest that fits Basic's windows anyway has nothing to try
		if (large.length < split(rest.start, rest.end, rules).length) {
			if (yield* trial(large[0])) {
				rememberLargeWindows(baseUrl, scId);
				if (large.length > 1) yield* walk(large.slice(1));
				lastRead = rest.end;
				rest = undefined;
			} else {
				// a period PRO allows was refused: the center is Basic, the rest in its windows up to its
				// freshest day (a trial window that reached today may have been refused for that alone)
				rememberPlan(baseUrl, scId, 'basic');
				rules = PLAN_RULES.basic;
				rest = clipToFreshest(rest, boundaryZone, rules);
			}
		}
	}
	if (rest) {
		yield* walk(split(rest.start, rest.end, rules));
		lastRead = rest.end;
	}
	// the first answer (or the trial's refusal) told a plan whose freshest day is before the end asked
	if (lastRead < asked.end)
		addHint(
			ctx,
			`${DEFAULT_PERIOD_NAMES.endLabel} ${asked.end} is after the last day with data (${freshnessRule(rules, boundaryZone)}): read ${asked.start} to ${lastRead}.`,
		);

	/** The trial of a PRO-sized window: true when the API took it, false when it refused its period. */
	async function* trial(window: DayWindow): AsyncGenerator<T, boolean> {
		let yielded = false;
		try {
			for await (const batch of walk([window])) {
				yielded = true;
				yield batch;
			}
			return true;
		} catch (error) {
			// a refusal comes before any row of the window; after rows it is a failure of its own
			if (yielded || !isPeriodRefusal(error)) throw asNodeError(ctx.getNode(), error);
			return false;
		}
	}
}
