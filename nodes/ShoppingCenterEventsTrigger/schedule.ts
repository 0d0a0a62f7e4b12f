/**
 * When a unit (a center, or a shop for New Receipt) is read: cost follows activity, whatever the share.
 * - A unit whose last read found something new is read at the next poll.
 * - An active unit (it found something within ACTIVE_MS) is read at every second poll: a record waits
 *   at most two polls.
 * - A quiet unit (nothing for longer) waits longer and longer: 2, 4, 8 … polls (the time it has been
 *   quiet past ACTIVE_MS), never longer than the quiet bound (Read Quiet Shops / Centers at Least
 *   Every). A closed shop costs about one read per bound period; one read that finds something
 *   brings it back to the next poll.
 * When the share binds (budget.ts), the due units go by lateness: the unit past its wait the longest
 * first.
 */

/** A unit that found something within this long is active: read at every second poll. */
export const ACTIVE_MS = 60 * 60_000;

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

/**
 * How long a unit waits after its last read (ms): none when that read found something; active, two
 * polls (`pollMs` apart); quiet, the time it has been quiet past ACTIVE_MS (at least two polls, so
 * 2, 4, 8 … as it stays quiet); never more than `boundMs`.
 */
export function waitOf(s: UnitSchedule, boundMs: number, pollMs: number): number {
	const quiet = Math.max(s.read - s.news, 0);
	if (quiet === 0) return 0;
	return Math.min(Math.max(quiet - ACTIVE_MS, 2 * pollMs), boundMs);
}

/**
 * The units due at `now`, most late first (never read: first of all). A unit due within half a poll
 * counts as due (polls do not come exactly on time).
 */
export function dueUnits<T extends { sched?: UnitSchedule }>(
	units: readonly T[],
	now: number,
	boundMs: number,
	pollMs: number,
): T[] {
	const tolerance = pollMs / 2;
	const late: Array<{ unit: T; by: number; i: number }> = [];
	for (let i = 0; i < units.length; i++) {
		const s = units[i].sched;
		const by = s ? now - s.read - waitOf(s, boundMs, pollMs) : Infinity;
		if (by + tolerance >= 0) late.push({ unit: units[i], by, i });
	}
	late.sort((a, b) => (b.by === a.by ? a.i - b.i : b.by > a.by ? 1 : -1));
	return late.map((x) => x.unit);
}

/**
 * The schedule after a read at `at` that cost `cost` requests and found something new or not. A unit's
 * first read takes its activity from its latest record (`lastMs`, when the reader knows it: 0 for none,
 * quiet for long), so that at activation a closed shop waits the bound at once and a selling one is
 * active; a reader that does not tell (the list events: one unit a center) starts active.
 */
export function afterRead(
	previous: UnitSchedule | undefined,
	at: number,
	result: { news: boolean; lastMs?: number },
	cost: number,
): UnitSchedule {
	const first = result.lastMs === undefined ? at : Math.min(result.lastMs, at);
	const news = result.news ? at : previous ? previous.news : first;
	return { read: at, news, cost };
}
