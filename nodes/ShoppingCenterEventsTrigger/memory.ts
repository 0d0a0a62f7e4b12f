/**
 * What the trigger keeps in this process per trigger node: one entry per node under one key, capped in
 * count (MAX_NODES) and in bytes (MAX_BYTES, the states it holds as JSON). An entry holds:
 * - whether a poll of the node runs now (n8n's scheduler does not wait for a poll to end before the
 *   next tick: two polls reading the same saved state would emit the same records twice);
 * - the state of the last poll that emitted nothing (carried): n8n does not always save it (under the
 *   durable scheduler with durable cursors the poll at publishing is a test run whose state n8n drops;
 *   with the scheduler but without durable cursors no empty poll's state is saved). A poll uses a
 *   carried center when the saved one is missing or older;
 * - the last poll that emitted records (pending) until n8n has saved its state: n8n saves it after the
 *   poll returned (under durable cursors in the transaction that creates the execution). A poll that
 *   started before that save would read the older state and hand the same records over again: until the
 *   saved state shows the emitting poll's time, or PENDING_MS passed (the save is then taken as failed,
 *   and the records come again), the node's polls emit nothing and leave the state alone;
 * - the notices already logged (a configuration the share cannot keep is said once);
 * - whether a poll of the node ended in this process (the first one after a restart counts the
 *   requests n8n may not have saved: budget.ts).
 * A restart of n8n loses all of it (docs/trigger.md says what that means).
 */
import type { IPollFunctions } from 'n8n-workflow';
import type { CenterState, TriggerState } from './state';
import type { TriggerEvent } from './types';
import { forgetPools } from './budgetPool';

/** Trigger nodes remembered at most (the least recently used goes first). */
const MAX_NODES = 1000;
/** The carried and pending states of all nodes at most, in bytes of JSON (UTF-16 units). */
const MAX_BYTES = 64 * 1024 * 1024;
/** Notices remembered per node at most. */
const MAX_NOTICES = 100;

/** How long a poll waits for n8n to save the state of the previous poll that emitted records. */
export const PENDING_MS = 2 * 60_000;

interface Held {
	event: TriggerEvent;
	json: string;
}

interface NodeMemory {
	running: boolean;
	/** a poll of the node ended in this process */
	polled: boolean;
	carried?: Held;
	/** `at`: when the emitting poll started (ISO); `returnedMs`: when it returned */
	pending?: Held & { at: string; returnedMs: number };
	notices: Set<string>;
}

const nodes = new Map<string, NodeMemory>();
let bytes = 0;

const sizeOf = (m: NodeMemory) => (m.carried?.json.length ?? 0) + (m.pending?.json.length ?? 0);

/** The one key of a trigger node in this process. */
export function nodeKey(ctx: IPollFunctions): string {
	return `${ctx.getWorkflow().id ?? ''}|${ctx.getNode().id}`;
}

/** The node's entry (made the most recently used). */
function entry(key: string): NodeMemory {
	let m = nodes.get(key);
	if (m) nodes.delete(key);
	else m = { running: false, polled: false, notices: new Set() };
	nodes.set(key, m);
	return m;
}

/** Sets what the node holds and drops the least recently used entries beyond the caps. */
function hold(key: string, m: NodeMemory, change: (m: NodeMemory) => void): void {
	bytes -= sizeOf(m);
	change(m);
	if (sizeOf(m) > MAX_BYTES) {
		m.carried = undefined;
		m.pending = undefined;
	}
	bytes += sizeOf(m);
	for (const [k, other] of nodes) {
		if (nodes.size <= MAX_NODES && bytes <= MAX_BYTES) break;
		if (k === key || other.running) continue;
		bytes -= sizeOf(other);
		nodes.delete(k);
	}
}

/** Whether no poll of the node ended in this process yet (after a restart of n8n, or a new node). */
export function firstInProcess(key: string): boolean {
	return !nodes.get(key)?.polled;
}

/** Marks a poll of the node as running; false when one already runs (this tick is then skipped). */
export function startPoll(key: string): boolean {
	const m = entry(key);
	if (m.running) return false;
	m.running = true;
	return true;
}

export function endPoll(key: string): void {
	const m = nodes.get(key);
	if (m) m.running = false;
}

/**
 * True while the state saved by n8n is older than the node's last poll that emitted records (its save
 * still to come), for at most PENDING_MS after that poll.
 */
export function awaitingSave(key: string, saved: TriggerState): boolean {
	const m = nodes.get(key);
	const p = m?.pending;
	if (!m || !p) return false;
	if (Date.now() - p.returnedMs > PENDING_MS || p.event !== saved.event) {
		hold(key, m, (x) => (x.pending = undefined));
		return false;
	}
	const centers = Object.values(saved.centers);
	// nothing saved at all (the first emission after publishing, or a reset): withCarried goes on from
	// the emitted state instead
	if (centers.length === 0) return false;
	if (centers.some((c) => c.at >= p.at)) {
		hold(key, m, (x) => (x.pending = undefined));
		return false;
	}
	return true;
}

/** When a center's state was last written (its last read, or the last poll that counted its budget). */
const stamp = (c: CenterState) => Math.max(Date.parse(c.at), c.budget?.at ?? 0);

/** The saved state with every center whose carried state is newer (or not saved at all) replaced. */
export function withCarried(key: string, saved: TriggerState): TriggerState {
	const m = nodes.get(key);
	if (!m) return saved;
	const p = m.pending;
	if (p && p.event === saved.event && Object.keys(saved.centers).length === 0) {
		// nothing saved yet while the first emitting poll's save is awaited: go on from what it emitted
		hold(key, m, (x) => (x.pending = undefined));
		return JSON.parse(p.json) as TriggerState;
	}
	if (!m.carried || m.carried.event !== saved.event) return saved;
	const carried = JSON.parse(m.carried.json) as TriggerState;
	const centers: Record<string, CenterState> = Object.assign({}, saved.centers);
	for (const id of Object.keys(carried.centers)) {
		const theirs = centers[id];
		if (!theirs || stamp(theirs) < stamp(carried.centers[id])) centers[id] = carried.centers[id];
	}
	return { version: saved.version, event: saved.event, centers };
}

/**
 * After a poll: carry the state of an empty poll; after a poll that emitted records, remember it until
 * n8n has saved its state (awaitingSave).
 */
export function afterPoll(
	key: string,
	next: TriggerState,
	emitted: boolean,
	startedAt: Date,
): void {
	const json = JSON.stringify(next);
	hold(key, entry(key), (m) => {
		m.polled = true;
		m.carried = emitted ? undefined : { event: next.event, json };
		m.pending = emitted
			? { event: next.event, json, at: startedAt.toISOString(), returnedMs: Date.now() }
			: m.pending;
	});
}

/** True the first time a notice is given for the node (a notice is logged once per process). */
export function firstNotice(key: string, notice: string): boolean {
	const m = entry(key);
	if (m.notices.has(notice)) return false;
	if (m.notices.size >= MAX_NOTICES) m.notices.delete(m.notices.values().next().value as string);
	m.notices.add(notice);
	return true;
}

/** For tests: as after a restart of n8n (the triggers' counts per center too: budgetPool.ts). */
export function forgetNodeMemory(): void {
	nodes.clear();
	bytes = 0;
	forgetPools();
}
