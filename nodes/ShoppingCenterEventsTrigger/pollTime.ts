/**
 * The time one poll may take, and the order the centers are read in. n8n 2.x gives a poll trigger
 * `this.getPollBudgetMs()` (under the durable scheduler 36 s of the 45 s after which n8n abandons a
 * poll); n8n 1.x gives none, and then the poll keeps to 30 s; every event keeps to it, New Receipt
 * too. Centers left over when the budget ends are read first by the next poll
 * (the center read longest ago goes first).
 */
import type { IPollFunctions } from 'n8n-workflow';
import { errorShape } from '../shared/transport';
import { addDays, dayStartMs, todayIn } from '../shared/walk/dateWindows';
import type { PollRun, Target } from './types';
import type { TriggerState } from './state';

/**
 * n8n 1.x gives a poll no time limit and offers no budget; n8n 2.x's durable scheduler abandons a poll
 * after 45 s and offers getPollBudgetMs() (36 s by default). Without it a poll keeps to 30 s, so it
 * behaves alike on both.
 */
const DEFAULT_POLL_BUDGET_MS = 30_000;

export function pollBudgetMs(ctx: IPollFunctions): number {
	const get = (ctx as { getPollBudgetMs?: () => unknown }).getPollBudgetMs;
	const value = typeof get === 'function' ? get.call(ctx) : undefined;
	return typeof value === 'number' && Number.isFinite(value) && value > 0
		? value
		: DEFAULT_POLL_BUDGET_MS;
}

/** Kept back from the budget for what follows the last request (the diff, returning the items). */
const FINISH_MS = 3000;

/** The moment (epoch ms) no request of this poll may go past. */
export function pollDeadline(ctx: IPollFunctions, startedAt: Date): number {
	const budget = pollBudgetMs(ctx);
	return startedAt.getTime() + budget - Math.min(FINISH_MS, budget / 5);
}

/**
 * The API's day may begin a little after this host's: two clocks differ by seconds, or minutes, and a
 * read through a day the API has not begun is refused (422; which code and details: not in the spec).
 * A poll reads through the host's today; when the API refuses that with a 422 in the first
 * MIDNIGHT_GRACE_MS of the center's day, the center is read again through the day before, and what
 * arrives meanwhile is read by the next poll (a read starts at the last read day − Lookback).
 */
export const MIDNIGHT_GRACE_MS = 5 * 60_000;

/** The last day (YYYY-MM-DD, the center's zone) this poll reads for the center. */
export function readDay(run: PollRun, target: Target): string {
	return run.readDays[target.id] ?? todayIn(target.zone, run.startedAt);
}

/**
 * True (and the center's read day moved to the day before) when `error` is a 422 answering a read
 * through the host's today in the first MIDNIGHT_GRACE_MS of the center's day: the API's day has not
 * begun. Once per center and poll; any other error is the poll's error.
 */
export function apiDayBehind(error: unknown, run: PollRun, target: Target): boolean {
	if (run.readDays[target.id] !== undefined || errorShape(error).httpCode !== '422') return false;
	const today = todayIn(target.zone, run.startedAt);
	if (run.startedAt.getTime() - dayStartMs(today, target.zone) >= MIDNIGHT_GRACE_MS) return false;
	run.readDays[target.id] = addDays(today, -1);
	return true;
}

/** Centers without a saved state first, then the one polled longest ago (stable otherwise). */
export function byLastPoll(targets: Target[], saved: TriggerState): Target[] {
	const at = (t: Target) => saved.centers[t.id]?.at ?? '';
	return targets
		.map((t, i) => ({ t, i, at: at(t) }))
		.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.i - b.i))
		.map((x) => x.t);
}
