/**
 * What the trigger remembers between polls, in the node-scoped workflow static data (n8n saves it
 * with the workflow): per center a cursor (the center's "today" and the moment of its last read), a
 * bounded list of keys already emitted (New Anomaly / New Ticket / New Pass) or of the last status seen
 * per ticket (Ticket Changed) or New Receipt's shop cursors, the read schedule (schedule.ts) and the
 * day's request count and pauses (budget.ts). Everything here is plain JSON: it survives n8n's save and reload,
 * and a restart of n8n.
 *
 * The state of a poll is built in memory and written only when the poll succeeded for every center
 * (commitState); an error thrown anywhere in the poll leaves the saved state as it was, so the next
 * poll sees again what this one missed and emits nothing twice.
 */
import type { IDataObject } from 'n8n-workflow';
import type { CenterState, Target, TriggerEvent, TriggerState } from './types';
import { readBudget } from './budget';
import { readSchedule } from './schedule';

export type { CenterState, TriggerState };

const STATE_VERSION = 1;

/** Most keys (or ticket statuses) remembered per center; the oldest are dropped first. */
export const MAX_KEYS_PER_CENTER = 10_000;

function isCenterState(v: unknown): v is CenterState {
	if (!v || typeof v !== 'object') return false;
	const c = v as IDataObject;
	return typeof c.day === 'string' && typeof c.at === 'string';
}

/**
 * The saved state of this event; empty when nothing was saved yet, when it belongs to another event
 * (the user switched the Event: the old keys mean nothing for the new one) or to another version.
 */
export function readState(staticData: IDataObject, event: TriggerEvent): TriggerState {
	const empty: TriggerState = { version: STATE_VERSION, event, centers: {} };
	if (staticData.version !== STATE_VERSION || staticData.event !== event) return empty;
	const raw = staticData.centers;
	if (!raw || typeof raw !== 'object') return empty;
	const centers: Record<string, CenterState> = {};
	for (const [id, value] of Object.entries(raw as IDataObject)) {
		if (!isCenterState(value)) continue;
		const c: CenterState = { day: value.day, at: value.at };
		if (typeof value.start === 'string') c.start = value.start;
		if (Array.isArray(value.keys))
			c.keys = value.keys.filter((k): k is string => typeof k === 'string');
		if (Array.isArray(value.seen)) {
			c.seen = (value.seen as unknown[]).filter(
				(p): p is [string, string] =>
					Array.isArray(p) &&
					p.length === 2 &&
					typeof p[0] === 'string' &&
					typeof p[1] === 'string',
			);
		}
		if (value.receipts && typeof value.receipts === 'object') c.receipts = value.receipts;
		if (value.changes && typeof value.changes === 'object') c.changes = value.changes;
		const sched = readSchedule(value.sched);
		if (sched) c.sched = sched;
		const budget = readBudget(value.budget);
		if (budget) c.budget = budget;
		centers[id] = c;
	}
	return { version: STATE_VERSION, event, centers };
}

/**
 * Writes the new state into the static data, touching it only when something changed (n8n then
 * marks the workflow's static data as changed and saves it).
 */
export function commitState(staticData: IDataObject, next: TriggerState): boolean {
	const before = JSON.stringify({
		version: staticData.version,
		event: staticData.event,
		centers: staticData.centers,
	});
	const after = JSON.stringify({ version: next.version, event: next.event, centers: next.centers });
	if (before === after) return false;
	staticData.version = next.version;
	staticData.event = next.event;
	staticData.centers = JSON.parse(JSON.stringify(next.centers)) as IDataObject;
	return true;
}

/**
 * The centers this poll left for the next one (its time ran out) that have no state: what their reader
 * keeps of them now (EventReader.unreached), so that their first read counts from this poll.
 */
export function keepUnreached(
	next: TriggerState,
	leftOver: readonly string[],
	targets: readonly Target[],
	unreached: (target: Target) => CenterState | undefined,
): void {
	for (const t of targets) {
		if (next.centers[t.id] || !leftOver.includes(t.id)) continue;
		const kept = unreached(t);
		if (kept) next.centers[t.id] = kept;
	}
}

/**
 * The emitted keys after a poll: keys no longer in the read window first (they can only come back
 * if the lookback grows), then the window's keys already known, then the new ones, each group
 * oldest first; at most `max`, dropping from the front (the oldest, out-of-window ones first).
 */
export function nextKeys(
	previous: readonly string[],
	inWindow: ReadonlySet<string>,
	fresh: readonly string[],
	max = MAX_KEYS_PER_CENTER,
): string[] {
	const outside = previous.filter((k) => !inWindow.has(k));
	const inside = previous.filter((k) => inWindow.has(k));
	const all = [...outside, ...inside, ...fresh];
	return all.length > max ? all.slice(all.length - max) : all;
}

/** Keeps the last `max` entries (the newest). */
export function capEntries<T>(entries: T[], max = MAX_KEYS_PER_CENTER): T[] {
	return entries.length > max ? entries.slice(entries.length - max) : entries;
}
