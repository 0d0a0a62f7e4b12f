/**
 * The panel's cost estimate in words (the Cost Estimate field's options, costEstimate.ts gathers the
 * figures): per center, its units (shops, or the center itself) × the polls a day of Poll Times, the
 * most a day could cost if every unit were read at every poll, against the plan's day limit and the
 * Day Budget Share, and the lag that follows (schedule.ts, budget.ts): a unit that found something in
 * the last hour is read every second poll, a quiet one at least every Read Quiet … at Least Every; when
 * the share cannot pay for that, units are read less often.
 */
import type { INodePropertyOptions } from 'n8n-workflow';
import { PLAN_RULES } from '../shared/plan';
import type { PlanName } from '../shared/transport/planCache';
import type { UnitWords } from './events';
import type { PollRate } from './pollRate';

/** A center as the estimate knows it. */
export interface PricedCenter {
	id: string;
	title?: string;
	/** units the trigger reads there (shops, or 1); undefined when the center is not read */
	units?: number;
	plan?: PlanName;
	/** why the center is not read ("Basic: receipts need PRO", "blocked for non-payment") */
	skipped?: string;
}

export interface EstimateInput {
	unit: UnitWords;
	rate: PollRate;
	sharePercent: number;
	quietMinutes: number;
	centers: PricedCenter[];
	/** centers in scope not looked up (beyond the lookup cap) */
	notPriced?: number;
}

/** The value of the summary option (the field's default). */
export const ALL_CENTERS = 'all';

const DAY_MINUTES = 1440;
const n = (x: number) => Math.round(x).toLocaleString('en-US');

function duration(minutes: number): string {
	if (minutes < 1) return `${Math.max(Math.round(minutes * 60), 1)} s`;
	if (minutes < 90) return `${Math.round(minutes)} min`;
	const hours = minutes / 60;
	return `${hours < 10 ? hours.toFixed(1) : Math.round(hours)} h`;
}

function unitsWords(unit: UnitWords, count: number): string {
	return `${count} ${count === 1 ? unit.one : unit.many}`;
}

interface CenterFigures {
	most: number;
	limit: number;
	share: number;
	percent: number;
}

function figures(input: EstimateInput, c: PricedCenter, perDay: number): CenterFigures {
	const limit = PLAN_RULES[c.plan ?? 'basic'].requestsPerDay;
	const most = (c.units ?? 0) * perDay;
	const share = Math.floor((limit * input.sharePercent) / 100);
	return { most, limit, share, percent: (most / limit) * 100 };
}

function percentText(p: number): string {
	return p > 0 && p < 1 ? '< 1 %' : `${Math.round(p)} %`;
}

/**
 * "11 shops every minute: ≈ 15,840/day, 32 % of 50,000": the most a day (every unit read at every
 * poll), short enough for the select's one line in the panel's default width.
 */
function headline(input: EstimateInput, c: PricedCenter): string {
	if (c.skipped) return `${c.skipped}: not read`;
	const perDay = input.rate.perDay;
	const what = `${unitsWords(input.unit, c.units ?? 0)} ${input.rate.words}`;
	if (perDay === undefined) return `${what}: polls a day not countable`;
	const f = figures(input, c, perDay);
	return `${what}: ≈ ${n(f.most)}/day, ${percentText(f.percent)} of ${n(f.limit)}`;
}

/** The share, what it does here, and the lag: a center's description. */
function details(input: EstimateInput, c: PricedCenter): string {
	if (c.skipped || input.rate.perDay === undefined || !input.rate.perDay) return '';
	const perDay = input.rate.perDay;
	const f = figures(input, c, perDay);
	const units = c.units ?? 0;
	const { one, many, Many } = input.unit;
	const poll = DAY_MINUTES / perDay;
	const plan = c.plan ? `${PLAN_RULES[c.plan].label}'s` : "Basic's (plan not known yet)";
	const share = `Day Budget Share ${input.sharePercent} % of ${plan} ${n(f.limit)} = ${n(f.share)} a day for all trigger nodes of the center together, a ceiling, not an allowance`;
	const active = `a record of a ${one} that had something new in the last hour waits at most 2 polls (${duration(2 * poll)})`;
	let lag: string;
	if (f.most <= f.share) lag = `It does not bind here: ${active}`;
	else {
		const every = (units * DAY_MINUTES) / f.share;
		lag = `If every ${one} were active at once it would bind: each ${one} read about every ${duration(Math.max(every, poll))}, the longest waiting first; on a usual day ${active}`;
	}
	const quietEvery = (units * DAY_MINUTES) / f.share;
	const quiet =
		quietEvery > input.quietMinutes
			? `quiet ${many} are read about every ${duration(quietEvery)}, more than Read Quiet ${Many} at Least Every (${input.quietMinutes} min) asks, as the share allows no more`
			: `the first record of a quiet ${one} waits at most ${input.quietMinutes} min (Read Quiet ${Many} at Least Every) + 2 polls`;
	return `That is if every ${one} were read at every poll (${n(units)} × ${n(perDay)} polls a day); the trigger reads only what is active, so a quiet day costs a small part. ${share}. ${lag}; ${quiet}.`;
}

function label(c: PricedCenter): string {
	return c.title ? `${c.title} · ${c.id}` : c.id;
}

/** A center's description: its figures, or why it is not read (always a sentence). */
function centerDescription(input: EstimateInput, c: PricedCenter, prefix = ''): string {
	const text = details(input, c);
	if (text) return `${prefix}${text}`;
	if (c.skipped) return `${prefix}The trigger does not read this center: ${c.skipped}.`;
	return `${prefix}No figures: the polls a day of these Poll Times cannot be counted.`;
}

/** "1002: 11 shops ≈ 15,840 (32 % of 50,000)", "1001: ≈ 1,440 (29 % of 5,000)" (the summary of several centers). */
function shortFigures(input: EstimateInput, c: PricedCenter): string {
	const perDay = input.rate.perDay;
	if (c.skipped || perDay === undefined) return `${c.id}: ${c.skipped ?? 'not countable'}`;
	const f = figures(input, c, perDay);
	const units = input.unit.one === 'center' ? '' : ` ${unitsWords(input.unit, c.units ?? 0)}`;
	return `${c.id}:${units} ≈ ${n(f.most)} (${percentText(f.percent)} of ${n(f.limit)})`;
}

/** The field's options: the summary (value ALL_CENTERS) first, then one per center. */
export function estimateOptions(input: EstimateInput): INodePropertyOptions[] {
	const perCenter = input.centers.map((c) => ({
		name: `${label(c)}: ${headline(input, c)}`,
		value: c.id,
		description: centerDescription(input, c),
	}));
	const more = input.notPriced ? ` (and ${input.notPriced} more centers, not priced)` : '';
	const [first] = input.centers;
	const summary: INodePropertyOptions =
		input.centers.length === 1
			? {
					name: `${headline(input, first)}${more}`,
					value: ALL_CENTERS,
					description: centerDescription(input, first, `${label(first)}. `),
				}
			: {
					name: first
						? `${input.rate.words}, at most a day: ${input.centers.map((c) => shortFigures(input, c)).join('; ')}${more}`
						: `No center to read${more}`,
					value: ALL_CENTERS,
					description:
						'Each center is budgeted on its own: open this list for its figures and lag. The trigger reads only what is active, so a quiet day costs a small part.',
				};
	return [summary, ...perCenter];
}
