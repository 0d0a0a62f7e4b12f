/**
 * What a poll says in n8n's log, one line a poll: the node, its workflow and event, what was read and
 * sent, and per center the poll's requests and the day's count of all the trigger nodes of the center
 * against their one share. A fact that repeats (the share's terms, a center's refusal, a configuration
 * the share cannot keep) is said once per node and changed value, not at every poll; a count estimated
 * after a restart is marked as one.
 */
import { PLAN_RULES } from '../shared/plan';
import { localTime } from '../shared/transport/errors';
import type { Budget } from './budget';
import { EVENTS } from './events';
import { firstNotice, nodeKey } from './memory';
import type { PollRun, Target } from './types';

const DAY_MS = 86_400_000;
const n = (x: number) => Math.round(x).toLocaleString('en-US');

function planLabel(budget: Budget): string {
	return budget.plan ? `${PLAN_RULES[budget.plan].label}'s` : "Basic's (plan not known yet)";
}

/**
 * 'Shopping Center Trigger (New Receipt): 3 read(s), 5 request(s), 2 item(s); center …; node "Receipts"
 * of workflow "Receipts → PostgreSQL"' (the node and workflow last: the line's head stays the same).
 */
export function pollLine(run: PollRun, reads: number, items: number, centers: string[]): string {
	const { ctx, cfg } = run;
	const workflow = ctx.getWorkflow();
	const where = `node "${ctx.getNode().name}" of workflow "${workflow.name ?? workflow.id ?? ''}"`;
	return `Shopping Center Trigger (${EVENTS[cfg.event].name}): ${reads} read(s), ${run.counter.sent} request(s), ${items} item(s); ${[...centers, where].join('; ')}`;
}

/** The share's terms, said when they change: "(50 % of PRO's 50,000, for 3 trigger nodes together)". */
function shareTerms(run: PollRun, target: Target, budget: Budget): string {
	const nodes = budget.nodes > 1 ? `, for ${budget.nodes} trigger nodes together` : '';
	const terms = ` (${budget.sharePercent} % of ${planLabel(budget)} ${n(budget.limit)}${nodes})`;
	return firstNotice(nodeKey(run.ctx), `terms|${target.id}|${terms}`) ? terms : '';
}

/** "center 1008: 17 request(s), today 4,210 of 25,000 (50 % of PRO's 50,000)" */
export function centerLine(run: PollRun, target: Target, budget: Budget, sent: number): string {
	const estimate = budget.estimated
		? ` (an estimate: ~${n(budget.estimated)} of it for polls n8n had not saved before its restart, at this node's pace)`
		: '';
	const today = `${budget.estimated ? '~' : ''}${n(budget.total)}`;
	const note = run.notes?.[target.id] ?? '';
	return `center ${target.id}: ${sent} request(s), today ${today} of ${n(budget.share)}${shareTerms(run, target, budget)}${estimate}${note}`;
}

/** A center not read this poll: its day spent by another client, or it refused the last read. */
export function pausedLine(target: Target, budget: Budget): string {
	const until = localTime(budget.pausedUntil ?? budget.now, target.zone);
	if (budget.refused)
		return `center ${target.id}: skipped (it refused the last read), tried again after ${until}`;
	return `center ${target.id}: nothing sent until ${until}, when its budget is back (another client spent the center's day)`;
}

/**
 * When reading every unit at least every Read Quiet … at Least Every would cost more a day than the
 * share: said once per node and center (and again when the numbers change).
 */
export function budgetNotice(
	run: PollRun,
	target: Target,
	budget: Budget,
	units: number,
	allCost: number,
): void {
	const minutes = run.cfg.quietMaxWaitMs / 60_000;
	const needed = (allCost * DAY_MS) / run.cfg.quietMaxWaitMs;
	if (needed <= budget.share) return;
	const u = EVENTS[run.cfg.event].unit;
	const what = u.one === 'center' ? 'it' : `its ${units} ${u.one}(s)`;
	const narrow = u.narrow ? `, ${u.narrow}` : '';
	const notice = `Shopping Center Trigger: center ${target.id}: reading ${what} at least every ${minutes} minutes needs about ${n(needed)} requests a day, more than the ${n(budget.share)} the Day Budget Share allows (${budget.sharePercent} % of ${planLabel(budget)} ${n(budget.limit)}), so quiet ${u.many} are read less often than that. Raise Day Budget Share${narrow}, or raise Read Quiet ${u.Many} at Least Every.`;
	if (firstNotice(nodeKey(run.ctx), notice)) run.ctx.logger.warn(notice);
}
