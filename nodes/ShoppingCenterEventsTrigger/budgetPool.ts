/**
 * The triggers' counts per center in this process: every Shopping Center Trigger node (and event) that
 * reads a center tells the pool its requests of the center's day, so that together they stay within
 * one share (budget.ts asks it). n8n runs every poll on its main process (also in queue mode), so one
 * pool sees every trigger of an n8n. A node's count is also in its saved state: after a restart each
 * node brings its part back at its first poll. Also here: a center whose day another client spent
 * (paused until its budget is back), for every node at once; and the requests of the last minute, so
 * that a node polling more often than once a minute stays within its share of the minute limit.
 * Capped in count: MAX_CENTERS centers, MAX_NODES nodes a center (the least recently told go first),
 * MAX_SENDS sends a center.
 */

const MAX_CENTERS = 10_000;
const MAX_NODES = 50;
/** A node not heard of for this long no longer divides the pace (its count of the day still counts). */
const ACTIVE_NODE_MS = 2 * 60 * 60_000;

export interface NodeCount {
	day: string;
	used: number;
	sharePercent: number;
	/** epoch ms of its last report */
	at: number;
	/** the center refuses this node's reads: not before then (kept here too for a center with no state) */
	refusedUntil?: number;
	refused?: { since: number; reason: string };
}

interface CenterPool {
	nodes: Map<string, NodeCount>;
	pausedUntil?: number;
	/** requests sent lately: by which node, at which poll's start (epoch ms), how many; oldest first */
	sends: Array<{ node: string; at: number; n: number }>;
}

const MAX_SENDS = 1_000;
/**
 * A poll that started less than this before another one is in that one's minute: polls a minute apart
 * come a few seconds early or late, and the one before is not counted then.
 */
const SAME_MINUTE_MS = 55_000;

const pools = new Map<string, CenterPool>();

/** What the other trigger nodes of a center have told for `day`. */
export interface Others {
	/** their requests of the day */
	used: number;
	/** the smallest Day Budget Share among those that polled lately (Infinity: none) */
	sharePercent: number;
	/** how many of them polled the center lately (besides this node) */
	active: number;
	/** this node's own count of the day as this process last knew it (a poll that failed too) */
	own?: number;
	/** this node's own entry, as last told */
	ownEntry?: NodeCount;
	/** the center's budget is spent by another client until then */
	pausedUntil?: number;
}

export function othersOf(center: string, node: string, day: string, now: number): Others {
	const pool = pools.get(center);
	const others: Others = { used: 0, sharePercent: Infinity, active: 0 };
	if (!pool) return others;
	for (const [key, c] of pool.nodes) {
		if (key === node) others.ownEntry = c;
		if (c.day !== day) continue;
		if (key === node) {
			others.own = c.used;
			continue;
		}
		others.used += c.used;
		if (now - c.at > ACTIVE_NODE_MS) continue;
		// the smallest share among the nodes reading the center lately (a node switched off stops counting)
		others.sharePercent = Math.min(others.sharePercent, c.sharePercent);
		others.active++;
	}
	if (pool.pausedUntil !== undefined && pool.pausedUntil > now)
		others.pausedUntil = pool.pausedUntil;
	return others;
}

function poolFor(center: string): CenterPool {
	let pool = pools.get(center);
	if (pool) pools.delete(center);
	else pool = { nodes: new Map(), sends: [] };
	pools.set(center, pool);
	if (pools.size > MAX_CENTERS) pools.delete(pools.keys().next().value as string);
	return pool;
}

/** A node's count of the center's day (replaces its last one). */
export function tell(center: string, node: string, count: NodeCount): void {
	const pool = poolFor(center);
	pool.nodes.delete(node);
	pool.nodes.set(node, count);
	if (pool.nodes.size > MAX_NODES) pool.nodes.delete(pool.nodes.keys().next().value as string);
}

/** `n` requests of `node`'s poll that started at `at` (epoch ms). */
export function noteSent(center: string, node: string, at: number, n: number): void {
	const { sends } = poolFor(center);
	const last = sends[sends.length - 1];
	if (last && last.node === node && last.at === at) last.n += n;
	else sends.push({ node, at, n });
	if (sends.length > MAX_SENDS) sends.shift();
}

/**
 * What a poll starting at `now` may send within the minute: at most `perNode` with what this node's
 * earlier polls of the last minute sent, and `perCenter` with every node's.
 */
export function minuteLeft(
	center: string,
	node: string,
	now: number,
	limits: { perNode: number; perCenter: number },
): number {
	const sends = pools.get(center)?.sends ?? [];
	while (sends.length && now - sends[0].at >= SAME_MINUTE_MS) sends.shift();
	let own = 0;
	let all = 0;
	for (const s of sends) {
		if (s.node === node && s.at === now) continue; // this poll's own: the budget counts them
		all += s.n;
		if (s.node === node) own += s.n;
	}
	return Math.max(Math.min(limits.perNode - own, limits.perCenter - all), 0);
}

/** The center's budget is spent by another client until `until` (epoch ms): no node reads it till then. */
export function pauseCenter(center: string, until: number): void {
	const pool = poolFor(center);
	pool.pausedUntil = Math.max(pool.pausedUntil ?? 0, until);
}

/** For tests: as after a restart of n8n. */
export function forgetPools(): void {
	pools.clear();
}
