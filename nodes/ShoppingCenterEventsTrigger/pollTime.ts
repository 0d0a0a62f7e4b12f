/**
 * The time one poll may take, and the order the centers are read in. n8n 2.x gives a poll trigger
 * `this.getPollBudgetMs()` (under the durable scheduler 36 s of the 45 s after which n8n abandons a
 * poll); n8n 1.x gives none, and then the poll keeps to 30 s; every event keeps to it, New Receipt
 * too. Centers left over when the budget ends are read first by the next poll
 * (the center read longest ago goes first).
 */
import type { IPollFunctions } from 'n8n-workflow';
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

/** Centers without a saved state first, then the one polled longest ago (stable otherwise). */
export function byLastPoll(targets: Target[], saved: TriggerState): Target[] {
	const at = (t: Target) => saved.centers[t.id]?.at ?? '';
	return targets
		.map((t, i) => ({ t, i, at: at(t) }))
		.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.i - b.i))
		.map((x) => x.t);
}
