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
 * Kept in memory only: a restart of n8n before the first saved state loses it (docs/trigger.md).
 */
import type { CenterState, TriggerEvent, TriggerState } from './state';

/** Trigger nodes remembered at most (the oldest entry goes first). */
const MAX_ENTRIES = 1000;

const carried = new Map<string, TriggerState>();

/** The saved state with every center whose carried state is newer (or not saved at all) replaced. */
export function withCarried(key: string, saved: TriggerState, event: TriggerEvent): TriggerState {
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

/** After a poll: carry the state of an empty poll, forget it after a poll that emitted records. */
export function afterPoll(key: string, next: TriggerState, emitted: boolean): void {
	carried.delete(key);
	if (emitted) return;
	carried.set(key, JSON.parse(JSON.stringify(next)) as TriggerState);
	if (carried.size > MAX_ENTRIES) carried.delete(carried.keys().next().value as string);
}

/** For tests: as after a restart of n8n. */
export function forgetCarried(): void {
	carried.clear();
}
