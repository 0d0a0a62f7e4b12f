/**
 * A period against the plan's freshest day, never silently: nothing left after clipping is an error
 * naming the field ("Basic centers have data up to yesterday, 2026-11-22 in Europe/Moscow"); a period
 * clipped in part runs and says so in an execution hint (n8n shows it above the output). Where the plan
 * is not known the period runs up to today (only "after today" is certain), and an empty answer that
 * may be the plan's freshness rule says so in a hint.
 */
import type { IDataObject, NodeExecutionHint } from 'n8n-workflow';
import { addDays, FURTHEST_AHEAD_ZONE } from '../walk/dateWindows';
import { PLAN_RULES, type PlanRules } from '../plan';
import { DEFAULT_PERIOD_NAMES, freshestDay, type Period, type PeriodNames } from './dates';
import { fail, type InputContext } from './values';

type HintContext = InputContext & { addExecutionHints?: (...hints: NodeExecutionHint[]) => void };

const given = new WeakMap<object, Set<string>>();

/** An execution hint, once per run of the node (items asking the same period share it). */
export function addHint(ctx: HintContext, message: string): void {
	if (typeof ctx.addExecutionHints !== 'function') return;
	const seen = given.get(ctx) ?? new Set<string>();
	given.set(ctx, seen);
	if (seen.has(message)) return;
	seen.add(message);
	ctx.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
}

function inZone(zone: string): string {
	return zone === FURTHEST_AHEAD_ZONE
		? "at UTC+14 (the center is not in your key's list, so its time zone is not known)"
		: `in ${zone}`;
}

/** "Basic centers have data up to yesterday, 2026-11-22 in Europe/Moscow" */
export function freshnessRule(rules: PlanRules, zone: string, now?: Date): string {
	const day = freshestDay(zone, rules, now);
	const upTo = rules.freshestDaysAgo === 1 ? 'yesterday' : 'today';
	const who = rules.label === 'unknown' ? 'No center has data after today' : null;
	return who
		? `${who}, ${day} ${inZone(zone)}`
		: `${rules.label} centers have data up to ${upTo}, ${day} ${inZone(zone)}`;
}

/**
 * The period with its end clipped to the plan's freshest day. Throws (naming the start field) when the
 * whole period lies after it; adds a hint when the end was clipped.
 */
export function clipPeriod(
	ctx: HintContext,
	itemIndex: number,
	period: Period,
	zone: string,
	rules: PlanRules,
	names: PeriodNames = DEFAULT_PERIOD_NAMES,
	now?: Date,
): Period {
	const freshest = freshestDay(zone, rules, now);
	if (period.start > freshest)
		fail(
			ctx,
			itemIndex,
			names.startLabel,
			`${period.start} is after the last day with data. ${freshnessRule(rules, zone, now)}.`,
		);
	if (period.end <= freshest) return period;
	addHint(
		ctx,
		`${names.endLabel} ${period.end} is after the last day with data (${freshnessRule(rules, zone, now)}): read ${period.start} to ${freshest}.`,
	);
	return { start: period.start, end: freshest };
}

/**
 * Rows as they came; when there are none, the plan was not known and the period reaches past
 * yesterday, a hint that a Basic center has no data for those days yet (the API answered nothing).
 */
export function noteEmptyAnswer(
	ctx: HintContext,
	rows: IDataObject[],
	period: Period,
	zone: string,
	rules: PlanRules,
	now?: Date,
): IDataObject[] {
	if (rows.length || rules.label !== 'unknown') return rows;
	const basicFreshest = freshestDay(zone, PLAN_RULES.basic, now);
	if (period.end <= basicFreshest) return rows;
	addHint(
		ctx,
		`The API returned no records for ${period.start} to ${period.end}. This center's plan is not known yet; if it is Basic, there is no data from ${addDays(basicFreshest, 1)} on (${freshnessRule(PLAN_RULES.basic, zone, now)}).`,
	);
	return rows;
}
