/**
 * What a center's budget keeps in the trigger's saved state (budget.ts), and its reading back: a value
 * that is not one (an older or damaged state) reads as none, so the budget starts afresh.
 */
import type { PlanName } from '../shared/transport/planCache';

export interface BudgetState {
	/** the center's date (its zone) the count belongs to */
	day: string;
	/** requests this node sent for the center that day */
	used: number;
	/** requests the next poll may spend (may be below 0 after a read of several pages) */
	credit: number;
	/** epoch ms of the center's last poll */
	at: number;
	/** the plan the center's answers last showed */
	plan?: PlanName;
	/** the center's budget was spent by another client until then (epoch ms): nothing is sent before */
	pausedUntil?: number;
	/** the center refuses this trigger's reads (blocked, no role) since then: tried again less and less */
	refused?: { since: number; reason: string };
	/**
	 * spare credit kept for the spare reads (Center Changes' backfill): what the units' cap took off at
	 * earlier polls and no spare read used, so a backfill that starts later (a shop opened) has it
	 */
	spare?: number;
}

export function readBudget(v: unknown): BudgetState | undefined {
	if (!v || typeof v !== 'object') return undefined;
	const b = v as Record<string, unknown>;
	const num = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
	if (typeof b.day !== 'string' || !num(b.used) || !num(b.credit) || !num(b.at)) return undefined;
	const state: BudgetState = { day: b.day, used: b.used, credit: b.credit, at: b.at };
	if (b.plan === 'basic' || b.plan === 'pro') state.plan = b.plan;
	if (num(b.pausedUntil)) state.pausedUntil = b.pausedUntil;
	if (num(b.spare) && b.spare > 0) state.spare = b.spare;
	const r = b.refused as Record<string, unknown> | undefined;
	if (r && num(r.since) && typeof r.reason === 'string')
		state.refused = { since: r.since, reason: r.reason };
	return state;
}
