/**
 * The trigger's day budget per center. A center's budget (per minute AND per day) is shared by every
 * client of the center; the trigger spends at most its Day Budget Share of the plan's day limit (an
 * unknown plan counts as Basic's) and counts its own requests per center and center day (the center's
 * time zone) in its saved state, so a restart keeps the count.
 *
 * It plans what is left of the share over what is left of the day: each poll may spend the share's
 * remaining requests in proportion to the time since the center's last poll (a credit, at most two reads
 * of every unit, never more than what is left, and never more than the same share of the plan's minute
 * limit: the minute's budget is shared too). From the same pace comes the quiet bound: a quiet unit
 * waits at most the time the pace needs to read every unit once, and never more than the Read Quiet
 * Shops at Least Every field, so a small center is read every poll and a big one spends where something
 * happens.
 */
import { PLAN_RULES } from '../shared/plan';
import type { PlanName } from '../shared/transport/planCache';
import { addDays, dayStartMs, todayIn } from '../shared/walk/dateWindows';

export interface BudgetState {
	/** the center's date (its zone) the count belongs to */
	day: string;
	/** requests the trigger sent for the center that day */
	used: number;
	/** requests the next poll may spend (may be below 0 after a read of several pages) */
	credit: number;
	/** epoch ms of the center's last poll */
	at: number;
	/** the plan the center's answers last showed */
	plan?: PlanName;
}

export function readBudget(v: unknown): BudgetState | undefined {
	if (!v || typeof v !== 'object') return undefined;
	const b = v as Record<string, unknown>;
	const num = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
	if (typeof b.day !== 'string' || !num(b.used) || !num(b.credit) || !num(b.at)) return undefined;
	const plan = b.plan === 'basic' || b.plan === 'pro' ? b.plan : undefined;
	return { day: b.day, used: b.used, credit: b.credit, at: b.at, ...(plan ? { plan } : {}) };
}

/** The share of the plan's minute limit (an unknown plan: Basic's), at least one request. */
function minuteShareOf(plan: PlanName | undefined, sharePercent: number): number {
	return Math.max(
		Math.floor((PLAN_RULES[plan ?? 'basic'].requestsPerMinute * sharePercent) / 100),
		1,
	);
}

/** What a center's budget for one poll is made from. */
export interface DayPlanInput {
	/** the center's time zone (its day) */
	zone: string;
	/** the budget the center's saved state holds */
	saved: BudgetState | undefined;
	/** the center's plan as known (undefined: counted as Basic's until an answer tells) */
	plan: PlanName | undefined;
	/** Day Budget Share (%) */
	sharePercent: number;
	/** the poll's start (epoch ms) */
	now: number;
	/**
	 * the first poll of the node in this process (n8n restarted, or the node is new here). n8n 1.x
	 * saves the trigger's state only after a poll that emitted records, so the requests of the empty
	 * polls since then were not saved: they are counted as if the share had been spent evenly since the
	 * saved state's moment (never more than that), so a restart never spends past the share.
	 */
	restarted?: boolean;
	/** the poll's request counter when the plan is made (countSent counts from it) */
	sentBefore?: number;
}

/** A poll's budget for one center. */
export class DayPlan {
	readonly day: string;
	limit: number;
	/** requests a day the trigger may spend on the center */
	share: number;
	/** requests one poll may spend: the same share of the plan's minute limit */
	minuteShare: number;
	used: number;
	credit: number;
	/** requests left of the share per ms of what is left of the day */
	private pace: number;
	private readonly dayEnd: number;
	/** ms since the center's last poll (0 at its first) */
	readonly sinceLastMs: number;
	readonly zone: string;
	/** the poll's start (epoch ms) */
	readonly now: number;
	/** the plan as known; learn() sets it when an answer tells */
	plan: PlanName | undefined;
	private readonly sharePercent: number;
	private readonly sentBefore: number;

	constructor(o: DayPlanInput) {
		const { zone, saved, now, sharePercent } = o;
		this.zone = zone;
		this.now = now;
		this.plan = o.plan;
		this.sharePercent = sharePercent;
		this.sentBefore = o.sentBefore ?? 0;
		const plan = o.plan;
		this.day = todayIn(zone, new Date(now));
		this.limit = PLAN_RULES[plan ?? 'basic'].requestsPerDay;
		this.share = Math.floor((this.limit * sharePercent) / 100);
		this.minuteShare = minuteShareOf(plan, sharePercent);
		const dayStart = dayStartMs(this.day, zone);
		const dayEnd = dayStartMs(addDays(this.day, 1), zone);
		this.dayEnd = dayEnd;
		this.used = saved && saved.day === this.day ? saved.used : 0;
		if (saved && o.restarted && now > saved.at) {
			// what the share's even pace allowed from the saved moment (or today's start) until now
			const from = Math.max(saved.at, dayStart);
			const left = Math.max(this.share - this.used, 0);
			this.used += Math.ceil((left * (now - from)) / Math.max(dayEnd - from, 60_000));
		}
		const left = Math.max(this.share - this.used, 0);
		this.pace = left / Math.max(dayEnd - now, 60_000);
		this.sinceLastMs = saved ? Math.max(now - saved.at, 0) : 0;
		// the first poll of a center may read each unit once (its baseline), as far as the share goes
		this.credit = saved ? saved.credit + this.pace * this.sinceLastMs : left;
	}

	/**
	 * The plan an answer of this poll told (the first poll of a center, or after a restart): the share
	 * and the pace follow it from now on.
	 */
	learn(plan: PlanName | undefined): void {
		if (!plan || plan === this.plan) return;
		this.plan = plan;
		this.limit = PLAN_RULES[plan].requestsPerDay;
		this.share = Math.floor((this.limit * this.sharePercent) / 100);
		this.minuteShare = minuteShareOf(plan, this.sharePercent);
		this.pace = Math.max(this.share - this.used, 0) / Math.max(this.dayEnd - this.now, 60_000);
	}

	/**
	 * Limits the credit to `most` requests, to what is left of the share today and to the share of the
	 * plan's minute limit (the minute's budget is shared too: a poll never takes more of it).
	 */
	capCredit(most: number): void {
		this.credit = Math.min(this.credit, most, this.share - this.used, this.minuteShare);
	}

	/** How long the pace needs to read every unit once (ms); Infinity when nothing is left. */
	cycleMs(allCost: number): number {
		return this.pace > 0 ? allCost / this.pace : Infinity;
	}

	/** Whether a read expected to cost `cost` requests fits the credit and the share. */
	affords(cost: number): boolean {
		return this.credit >= 1 && this.used + Math.max(cost, 1) <= this.share;
	}

	/** requests of this poll counted for the center */
	private counted = 0;

	/** Counts every request the poll has sent for the center so far (`sent`: the poll's counter now). */
	countSent(sent: number): void {
		const n = sent - this.sentBefore - this.counted;
		if (n <= 0) return;
		this.used += n;
		this.credit -= n;
		this.counted += n;
	}

	/** What the center's state keeps (the credit at most one day's share). */
	toState(): BudgetState {
		const credit = Math.round(Math.min(this.credit, this.share) * 1000) / 1000;
		const p = this.plan;
		return { day: this.day, used: this.used, credit, at: this.now, ...(p ? { plan: p } : {}) };
	}
}
