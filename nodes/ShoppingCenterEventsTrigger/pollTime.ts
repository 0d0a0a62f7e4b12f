/**
 * The time one poll may take, and the order the centers are read in. n8n 2.x gives a poll trigger
 * `this.getPollBudgetMs()` (under the durable scheduler 36 s of the 45 s after which n8n abandons a
 * poll); n8n 1.x gives none, and then the poll keeps to 30 s; every event keeps to it, New Receipt
 * too. Centers left over when the budget ends are read first by the next poll
 * (the center read longest ago goes first).
 */
import type { IPollFunctions } from 'n8n-workflow';
import { todayIn } from '../shared/walk/dateWindows';
import type { Target } from './types';
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
 * read through a day the API has not begun is refused (422, the date after the freshest one). In the
 * first MIDNIGHT_GRACE_MS of a day (center time zone) a poll reads through the day before; what arrives
 * meanwhile is read by the first poll after (a read starts at the last read day − Lookback).
 */
export const MIDNIGHT_GRACE_MS = 5 * 60_000;

/** The last day (YYYY-MM-DD, the zone's) a poll that started at `startedAt` reads. */
export function readDay(zone: string, startedAt: Date): string {
	return todayIn(zone, new Date(startedAt.getTime() - MIDNIGHT_GRACE_MS));
}

/** Centers without a saved state first, then the one polled longest ago (stable otherwise). */
export function byLastPoll(targets: Target[], saved: TriggerState): Target[] {
	const at = (t: Target) => saved.centers[t.id]?.at ?? '';
	return targets
		.map((t, i) => ({ t, i, at: at(t) }))
		.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.i - b.i))
		.map((x) => x.t);
}
