/**
 * The triggers' budget of a center, as a policy the poll sequence only asks: which units are due and in
 * what order (order), may this unit be read now (mayRead), this many requests were sent (sent), the
 * center's day is spent by someone else until then (pause). A center's budget (per minute and per day)
 * is shared by every client of the center; all the Shopping Center Trigger nodes of one n8n that read
 * a center spend together at most one share of its plan's day limit (the smallest Day Budget Share
 * among them; an unknown plan counts as Basic's). Each node counts its own requests per center and
 * center day in its saved state (a restart keeps them) and tells them to the process's pool
 * (budgetPool.ts), where the others read them.
 *
 * The share is a ceiling, not an allowance: what is read follows activity (schedule.ts), and the share
 * only decides who goes first when it binds. Its pace (what is left of the share over what is left of
 * the day, divided among the nodes reading the center) gives each poll a credit; a poll never spends
 * more than that, two reads of every unit, or what the share of the minute limit leaves (budgetPool.ts).
 * What the cap of two reads takes off is the spare reads' (the backfill), kept across polls until used.
 */
import { PLAN_RULES } from '../shared/plan';
import type { PlanName } from '../shared/transport/planCache';
import { addDays, dayStartMs, todayIn } from '../shared/walk/dateWindows';
import { minuteLeft, noteSent, othersOf, pauseCenter, tell, type Others } from './budgetPool';
import { dueUnits, type UnitSchedule } from './schedule';
import type { BudgetState } from './budgetState';

export { readBudget, type BudgetState } from './budgetState';

/** A unit as the budget sees it (types.ts Unit; not imported: types.ts imports this file's types). */
type Unit = { id: string; sched?: UnitSchedule };

/** What a center's budget for one poll is made from. */
export interface BudgetInput {
	/** the center's time zone (its day) */
	zone: string;
	/** the budget the center's saved state holds */
	saved: BudgetState | undefined;
	/** the center's plan as known (undefined: counted as Basic's until an answer tells) */
	plan: PlanName | undefined;
	/** Day Budget Share (%) of this node */
	sharePercent: number;
	/** the poll's start (epoch ms) */
	now: number;
	/** the quiet bound: Read Quiet … at Least Every (ms) */
	boundMs: number;
	/** the center in the process's pool (base URL and sc_id) and this node's key */
	center: string;
	node: string;
	/**
	 * the first poll of the node in this process (n8n restarted, or the node is new here). n8n 1.x
	 * saves the trigger's state only after a poll that emitted records, so the requests of the empty
	 * polls since then were not saved: they are estimated at the node's own pace of the saved day
	 * (never above the share's even pace) and marked as an estimate.
	 */
	restarted?: boolean;
	/** the poll's request counter when the budget is made (sent() counts from it) */
	sentBefore?: number;
}

const MIN_MS = 60_000;

export class Budget {
	readonly day: string;
	readonly zone: string;
	/** the poll's start (epoch ms) */
	readonly now: number;
	/** the plan as known; learn() sets it when an answer tells */
	plan: PlanName | undefined;
	limit = 0;
	/** requests a day all the triggers of the center may spend together */
	share = 0;
	/** the share (%) that applies: the smallest among the nodes reading the center */
	sharePercent: number;
	/** requests the poll may spend: the share of the minute limit (per node) less the last minute's */
	minuteShare = 1;
	/** this node's requests of the center's day */
	used: number;
	/** of which estimated after a restart (0: counted) */
	readonly estimated: number;
	credit: number;
	/** ms since the center's last poll by this node (0 at its first) */
	readonly sinceLastMs: number;
	/** no read of the center before then: its day spent by another client, or it refused reads */
	pausedUntil?: number;
	/** the center refuses this trigger's reads (since, why) */
	refused?: { since: number; reason: string };
	private readonly others: Others;
	private readonly ownShare: number;
	private readonly dayEnd: number;
	private readonly boundMs: number;
	private readonly sentBefore: number;
	private counted = 0;
	private pace = 0;
	/** what order()'s cap took off the poll's credit (spare reads' part), the units' credit meanwhile */
	private excess?: number;
	private reserve?: number;
	/** spare credit kept from earlier polls; what spare() gave (and the count then) */
	private banked: number;
	private spareFrom?: { credit: number; counted: number };
	/** the center's first poll by this node (no saved state) */
	private readonly fresh: boolean;

	constructor(private readonly o: BudgetInput) {
		const { zone, saved, now } = o;
		this.zone = zone;
		this.now = now;
		this.plan = o.plan;
		this.boundMs = o.boundMs;
		this.sentBefore = o.sentBefore ?? 0;
		this.ownShare = o.sharePercent;
		this.day = todayIn(zone, new Date(now));
		const dayStart = dayStartMs(this.day, zone);
		this.dayEnd = dayStartMs(addDays(this.day, 1), zone);
		this.others = othersOf(o.center, o.node, this.day, now);
		this.sharePercent = Math.min(o.sharePercent, this.others.sharePercent);
		this.setPlan(o.plan);
		const savedUsed = saved && saved.day === this.day ? saved.used : 0;
		let estimated = 0;
		if (this.others.own !== undefined) this.used = Math.max(this.others.own, savedUsed);
		else {
			this.used = savedUsed;
			if (saved && o.restarted && now > saved.at) estimated = this.estimate(saved, dayStart);
		}
		this.used += estimated;
		this.estimated = estimated;
		this.setPace();
		this.sinceLastMs = saved ? Math.max(now - saved.at, 0) : 0;
		// the first poll of a center may read each unit once (its baseline), as far as the share goes
		this.credit = saved ? saved.credit + this.pace * this.sinceLastMs : this.left();
		this.banked = saved?.spare ?? 0;
		this.fresh = !saved;
		const own = this.others.ownEntry;
		const paused = Math.max(
			saved?.pausedUntil ?? 0,
			this.others.pausedUntil ?? 0,
			own?.refusedUntil ?? 0,
		);
		if (paused > now) this.pausedUntil = paused;
		this.refused = saved?.refused ?? own?.refused;
	}

	/** The unsaved requests since the saved moment: at the node's own pace of that day, at most the share's. */
	private estimate(saved: BudgetState, dayStart: number): number {
		const from = Math.max(saved.at, dayStart);
		const ownPace = saved.used / Math.max(saved.at - dayStartMs(saved.day, this.zone), MIN_MS);
		const evenPace = this.left() / Math.max(this.dayEnd - from, MIN_MS);
		return Math.ceil(Math.min(ownPace, evenPace) * (this.now - from));
	}

	/** Requests of the day all the triggers of the center sent (this node's and the others'). */
	get total(): number {
		return this.used + this.others.used;
	}

	/** How many trigger nodes of this n8n read the center (this one included). */
	get nodes(): number {
		return this.others.active + 1;
	}

	private left(): number {
		return Math.max(this.share - this.total, 0);
	}

	private setPlan(plan: PlanName | undefined): void {
		const rules = PLAN_RULES[plan ?? 'basic'];
		this.limit = rules.requestsPerDay;
		this.share = Math.floor((this.limit * this.sharePercent) / 100);
		const perCenter = Math.max(Math.floor((rules.requestsPerMinute * this.sharePercent) / 100), 1);
		const limits = { perNode: Math.max(Math.floor(perCenter / this.nodes), 1), perCenter };
		this.minuteShare = minuteLeft(this.o.center, this.o.node, this.now, limits);
	}

	private setPace(): void {
		this.pace = this.left() / Math.max(this.dayEnd - this.now, MIN_MS) / this.nodes;
	}

	/** The plan an answer of this poll told: the share and the pace follow it from now on. */
	learn(plan: PlanName | undefined): void {
		if (!plan || plan === this.plan) return;
		this.plan = plan;
		this.setPlan(plan);
		this.setPace();
	}

	/**
	 * The units due now, in the order they are read: those past their wait the longest first
	 * (schedule.ts). The poll's credit is capped at two reads of every unit (a read may cost more pages
	 * than the last one), at what is left of the share and at the poll's part of the minute limit.
	 */
	order<T extends Unit>(units: readonly T[]): T[] {
		const allCost = this.costOf(units);
		const accrued = this.credit;
		this.credit = Math.min(this.credit, 2 * allCost, this.share - this.total, this.minuteShare);
		this.excess ??= accrued - this.credit;
		return dueUnits(units, this.now, this.boundMs, this.sinceLastMs);
	}

	/**
	 * After every due unit was read, spare reads (Center Changes' backfill; asked with mayRead, counted
	 * with sent) get what order()'s cap took off (at a center's first poll, whose credit is the whole
	 * share for the baseline, at most what the pace gives over the quiet bound) and what earlier polls
	 * left of it, within the poll's part of the minute limit: the units' credit is kept for the next
	 * polls as it would be without them.
	 */
	spare(): void {
		this.reserve ??= this.credit;
		const excess = this.excess ?? 0;
		const credit = this.banked + (this.fresh ? Math.min(excess, this.pace * this.boundMs) : excess);
		this.spareFrom = { credit, counted: this.counted };
		this.credit = Math.min(credit, this.minuteShare - this.counted);
	}

	/**
	 * The spare credit the next polls keep: what the spare reads left of theirs, within what is left of
	 * the share. So the pace a restart's gap gave (hours of it) serves the backfill over the next polls
	 * at the minute's share, and a backfill that starts later (a shop opened after it was done) is not
	 * starved by today's reads.
	 */
	private spareLeft(): number {
		const f = this.spareFrom;
		if (!f) return this.banked;
		const left = Math.min(f.credit - (this.counted - f.counted), this.left());
		return Math.round(Math.max(left, 0) * 1000) / 1000;
	}

	/** Requests one read of every unit costs (as their last reads cost; 1 when never read). */
	costOf(units: readonly Unit[]): number {
		let n = 0;
		for (const u of units) n += Math.max(u.sched?.cost ?? 1, 1);
		return n;
	}

	/** Whether `unit` may be read now: not paused, within the poll's credit and the share. */
	mayRead(unit: Unit): boolean {
		if (this.pausedUntil !== undefined) return false;
		return this.credit >= 1 && this.total + Math.max(unit.sched?.cost ?? 1, 1) <= this.share;
	}

	/** The requests the poll has sent for the center so far (`sent`: the poll's counter now). */
	sent(sent: number): void {
		const n = sent - this.sentBefore - this.counted;
		if (n <= 0) return;
		this.used += n;
		this.credit -= n;
		this.counted += n;
		noteSent(this.o.center, this.o.node, this.now, n);
		this.tell();
	}

	/** The center's budget is spent by another client until `until`: no trigger node reads it before. */
	pause(until: number): void {
		this.pausedUntil = until;
		pauseCenter(this.o.center, until);
	}

	/**
	 * The center refused the read (blocked for non-payment, no role…): it is tried again after as long
	 * as it has refused (at least two polls), at most the quiet bound, like a quiet unit.
	 */
	refuse(reason: string): void {
		const since = this.refused?.since ?? this.now;
		const wait = Math.max(this.now - since, 2 * this.sinceLastMs, MIN_MS);
		this.pausedUntil = this.now + Math.min(wait, this.boundMs);
		this.refused = { since, reason: reason.slice(0, 300) };
		this.tell();
	}

	/** The center answered this poll's reads: a refusal is over. */
	answered(): void {
		if (!this.refused) return;
		this.refused = undefined;
		this.tell();
	}

	private tell(): void {
		tell(this.o.center, this.o.node, {
			day: this.day,
			used: this.used,
			sharePercent: this.ownShare,
			at: this.now,
			refusedUntil: this.refused ? this.pausedUntil : undefined,
			refused: this.refused,
		});
	}

	/** What the center's state keeps (the credit at most one day's share). */
	toState(): BudgetState {
		this.tell();
		const state: BudgetState = {
			day: this.day,
			used: this.used,
			credit: Math.round(Math.min(this.reserve ?? this.credit, this.share) * 1000) / 1000,
			at: this.now,
		};
		if (this.plan) state.plan = this.plan;
		const spare = this.spareLeft();
		if (spare > 0) state.spare = spare;
		if (this.pausedUntil !== undefined) state.pausedUntil = this.pausedUntil;
		if (this.refused) state.refused = this.refused;
		return state;
	}
}
