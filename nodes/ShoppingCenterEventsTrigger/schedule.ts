/**
 * When a unit (a center, or a shop for New Receipt) is read: cost follows activity. A unit whose last
 * read found something new is due at the next poll; a quiet one waits as long as it has been quiet
 * (1, 2, 4, … minutes: longer and longer), never longer than the quiet bound of this poll (the Read
 * Quiet Shops at Least Every field, or less when the day's share could read every unit more often:
 * dayBudget.ts). Due units go by lateness: the unit past its wait the longest first, so the units that
 * waited longest and the ones that sold at their last read go first when the share is tight.
 */

export interface UnitSchedule {
	/** epoch ms of the unit's last read */
	read: number;
	/** epoch ms of the last read that found something new (or of the first read) */
	news: number;
	/** requests the last read cost */
	cost: number;
}

export function readSchedule(v: unknown): UnitSchedule | undefined {
	if (!v || typeof v !== 'object') return undefined;
	const s = v as Record<string, unknown>;
	const ok = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
	return ok(s.read) && ok(s.news) && ok(s.cost)
		? { read: s.read, news: s.news, cost: s.cost }
		: undefined;
}

/** How long a unit waits after its last read: as long as it had been quiet then, up to `capMs`. */
export function waitOf(s: UnitSchedule, capMs: number): number {
	return Math.min(Math.max(s.read - s.news, 0), capMs);
}

/**
 * The units due at `now`, most late first (never read: first of all). `toleranceMs`: a unit due within
 * it counts as due (polls do not come exactly on time).
 */
export function dueUnits<T extends { sched?: UnitSchedule }>(
	units: readonly T[],
	now: number,
	capMs: number,
	toleranceMs: number,
): T[] {
	const late: Array<{ unit: T; by: number; i: number }> = [];
	for (let i = 0; i < units.length; i++) {
		const s = units[i].sched;
		const by = s ? now - s.read - waitOf(s, capMs) : Infinity;
		if (by + toleranceMs >= 0) late.push({ unit: units[i], by, i });
	}
	late.sort((a, b) => (b.by === a.by ? a.i - b.i : b.by > a.by ? 1 : -1));
	return late.map((x) => x.unit);
}

/** The schedule after a read at `at` that cost `cost` requests and found something new or not. */
export function afterRead(
	previous: UnitSchedule | undefined,
	at: number,
	foundNews: boolean,
	cost: number,
): UnitSchedule {
	return { read: at, news: foundNews || !previous ? at : previous.news, cost };
}
