/**
 * What the last poll that emitted nothing left as state, kept in this process per trigger node.
 *
 * n8n does not always save the state of such a poll: under the durable scheduler with durable cursors
 * the poll run at publishing is a test run whose state n8n drops, and with the scheduler but without
 * durable cursors no empty poll's state is saved. Without this, the first scheduled poll after
 * publishing would take the "remember what exists" baseline again, and records created in between
 * would never be emitted. A poll uses the carried state of a center when the saved one is missing or
 * older. The state of a poll that emitted records is never carried: n8n saves it with the execution
 * (or not at all, and then that poll's records must come again), so the entry is dropped.
 *
 * n8n saves that state after the poll has returned (under durable cursors in the transaction that
 * creates the execution, which runs after the poll task ended). A poll that starts before that save
 * would read the older state and hand the same records over again: until the saved state shows the
 * emitting poll's time, or PENDING_MS passed (then the save is taken as failed, and the records come
 * again), the next polls of the node emit nothing and leave the state alone.
 * Kept in memory only: a restart of n8n before the first saved state loses it (docs/trigger.md).
 */
import type { CenterState, TriggerEvent, TriggerState } from './state';

/** Trigger nodes remembered at most (the oldest entry goes first). */
const MAX_ENTRIES = 1000;

/** How long a poll waits for n8n to save the state of the previous poll that emitted records. */
export const PENDING_MS = 2 * 60_000;

const carried = new Map<string, TriggerState>();
/** per node: when the last poll that emitted records started (ISO) and when it returned (epoch ms) */
const pending = new Map<
	string,
	{ event: TriggerEvent; at: string; returnedMs: number; state: TriggerState }
>();

/**
 * True while the state saved by n8n is older than the last poll that emitted records of this node
 * (its save still to come), for at most PENDING_MS after that poll.
 */
export function awaitingSave(key: string, saved: TriggerState): boolean {
	const p = pending.get(key);
	if (!p) return false;
	const centers = Object.values(saved.centers);
	const savedSince = centers.some((c) => c.at >= p.at);
	// another Event has its own state: nothing of the old one is awaited; no saved state at all (the
	// first emission after publishing, or a reset): withCarried starts from the emitted state instead
	if (
		savedSince ||
		centers.length === 0 ||
		p.event !== saved.event ||
		Date.now() - p.returnedMs > PENDING_MS
	) {
		if (centers.length === 0 && p.event === saved.event && Date.now() - p.returnedMs <= PENDING_MS)
			return false;
		pending.delete(key);
		return false;
	}
	return true;
}

/** The saved state with every center whose carried state is newer (or not saved at all) replaced. */
export function withCarried(key: string, saved: TriggerState, event: TriggerEvent): TriggerState {
	const p = pending.get(key);
	if (p && p.event === event && Object.keys(saved.centers).length === 0) {
		// nothing saved yet while the first emitting poll's save is awaited: go on from what it emitted
		pending.delete(key);
		return JSON.parse(JSON.stringify(p.state)) as TriggerState;
	}
	const entry = carried.get(key);
	if (!entry || entry.event !== event) return saved;
	const centers: Record<string, CenterState> = { ...saved.centers };
	for (const id of Object.keys(entry.centers)) {
		const mine = entry.centers[id];
		const theirs = centers[id];
		if (!theirs || Date.parse(theirs.at) < Date.parse(mine.at)) centers[id] = mine;
	}
	return { ...saved, centers };
}

/**
 * After a poll (every Event, New Receipt too): carry the state of an empty poll; after a poll that
 * emitted records, remember it until n8n has saved its state (awaitingSave).
 */
export function afterPoll(
	key: string,
	next: TriggerState,
	emitted: boolean,
	startedAt: Date,
): void {
	carried.delete(key);
	if (emitted) {
		pending.set(key, {
			event: next.event,
			at: startedAt.toISOString(),
			returnedMs: Date.now(),
			state: JSON.parse(JSON.stringify(next)) as TriggerState,
		});
		return;
	}
	carried.set(key, JSON.parse(JSON.stringify(next)) as TriggerState);
	if (carried.size > MAX_ENTRIES) carried.delete(carried.keys().next().value as string);
}

/** For tests: as after a restart of n8n. */
export function forgetCarried(): void {
	carried.clear();
	pending.clear();
}
