/**
 * Windows of a long period when the center's plan may not be known yet. No request is ever spent just
 * to learn a plan: with the plan unknown, the first window is one valid on both plans (Basic's window,
 * data up to yesterday), and its answer's X-RateLimit-Limit (planCache.ts) tells the plan; the rest of
 * the period is then split by the rules known by then (PRO: wider windows, data up to today). Nothing
 * is asked twice: the rest starts the day after the first window.
 *
 * A center whose plan no answer tells (its limit is neither 60 nor 300): the rest is tried in PRO's
 * window size; the first such window is a trial, and when the API refuses its period (a 422) the walk
 * steps down to Basic's windows for that window and the rest (WindowTrial, caught by the caller). The
 * outcome is remembered per center, so a walk costs at most one request more than with the plan known,
 * and nothing is lost or refused locally.
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
	errorShape,
	getApiCredentials,
	knownPlan,
	knownWindowSize,
	rememberWindowSize,
} from '../transport';

export type SplitPeriod = (start: string, end: string, rules: PlanRules) => DayWindow[];

/** A plan no answer told, tried in PRO's window sizes (everything else as with the plan unknown). */
const LARGE_UNKNOWN: PlanRules = {
	...UNKNOWN_PLAN_RULES,
	dailyWindowDays: PLAN_RULES.pro.dailyWindowDays,
	monthlyWindowMonths: PLAN_RULES.pro.monthlyWindowMonths,
};

/**
 * The trial of a PRO-sized window: the group planWindowGroups yields for it is walked by the caller,
 * which hands any error of that walk to `refused` first (a refusal is swallowed, and the generator steps
 * down when it resumes).
 */
export class WindowTrial {
	private armed = false;
	private wasRefused = false;

	arm(): void {
		this.armed = true;
		this.wasRefused = false;
	}

	/** Whether the error is the API refusing the trial window's period (then the caller goes on). */
	refused(error: unknown): boolean {
		if (!this.armed) return false;
		const { code, httpCode } = errorShape(error);
		if (httpCode !== '422' || (code !== 'period_too_long' && code !== 'validation_error'))
			return false;
		this.wasRefused = true;
		return true;
	}

	/** Ends the trial: true when its window was refused. */
	settle(): boolean {
		const refused = this.wasRefused;
		this.armed = false;
		this.wasRefused = false;
		return refused;
	}
}

/**
 * The windows of the period in groups: all of them when the plan is known; otherwise first the one
 * window valid on both plans, then (after the caller has walked it, so its answer told the plan) the
 * rest, split by the rules known by then; a plan still unknown tries PRO's windows (see above).
 */
export async function* planWindowGroups(
	ctx: IExecuteFunctions,
	scId: string,
	asked: Period,
	boundaryZone: string,
	split: SplitPeriod,
	trial?: WindowTrial,
): AsyncGenerator<DayWindow[]> {
	const { baseUrl } = await getApiCredentials(ctx);
	const plan = knownPlan(baseUrl, scId);
	const strict = plan ? undefined : clipToFreshest(asked, boundaryZone, BOTH_PLANS_RULES);
	const largeKnown = !plan && trial !== undefined && knownWindowSize(baseUrl, scId) === 'large';
	if (!strict || largeKnown) {
		// plan known, or the period holds only days a Basic center does not have yet: the API answers;
		// or a center of unknown plan known to take PRO-sized windows
		const rules = largeKnown ? LARGE_UNKNOWN : rulesFor(plan);
		const period = clipToFreshest(asked, boundaryZone, rules);
		if (period) yield split(period.start, period.end, rules);
		return;
	}
	const first = split(strict.start, strict.end, BOTH_PLANS_RULES)[0];
	yield [first];
	const learned = knownPlan(baseUrl, scId);
	const rules = rulesFor(learned);
	const start = addDays(first.end, 1);
	if (start > asked.end) return;
	const rest = clipToFreshest({ start, end: asked.end }, boundaryZone, rules);
	if (rest) yield* restOf(rest, learned === undefined ? trial : undefined);
	const lastRead = rest?.end ?? first.end;
	// the first answer told a plan whose freshest day is before the end asked: never silently
	if (lastRead < asked.end)
		addHint(
			ctx,
			`${DEFAULT_PERIOD_NAMES.endLabel} ${asked.end} is after the last day with data (${freshnessRule(rules, boundaryZone)}): read ${asked.start} to ${lastRead}.`,
		);

	/** The rest of the period: the plan's windows, or (plan still unknown) PRO's tried first. */
	async function* restOf(period: Period, tryLarge?: WindowTrial): AsyncGenerator<DayWindow[]> {
		const small = split(period.start, period.end, rules);
		if (!tryLarge || knownWindowSize(baseUrl, scId) === 'small') {
			yield small;
			return;
		}
		const large = split(period.start, period.end, LARGE_UNKNOWN);
		if (large.length === small.length) {
			// the rest fits Basic's windows anyway: nothing to try
			yield small;
			return;
		}
		tryLarge.arm();
		yield [large[0]];
		if (tryLarge.settle()) {
			rememberWindowSize(baseUrl, scId, 'small');
			yield small;
			return;
		}
		rememberWindowSize(baseUrl, scId, 'large');
		if (large.length > 1) yield large.slice(1);
	}
}
