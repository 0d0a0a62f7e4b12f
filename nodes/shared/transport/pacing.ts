/**
 * Header-driven pacing. The request budget is per center and shared with every other client of the
 * center, so the server's X-RateLimit-Remaining / X-RateLimit-Reset are trusted over any local count:
 * requests go out at full speed while the window has budget, and wait for the window's reset when it
 * has none, so a long export uses the whole budget and meets no 429.
 *
 * When other clients are visibly spending the window (more of it is gone than this process sent: other
 * n8n workers, other integrations), the last part of the window's budget is not burst but spread
 * evenly up to its reset, one request at a time, so that clients sharing it run dry at the reset
 * rather than racing for the last units. After a 429 the wait for the window has a random part, so
 * processes that were refused together do not come back together.
 */
import { sleep } from 'n8n-workflow';
import { PastDeadline } from './deadline';
import { parseRetryAfter } from './retry';

interface WindowState {
	limit?: number;
	remaining?: number;
	resetAtMs?: number;
	inFlight: number;
	/** the end of the window the answers describe, and this process's answered requests in it */
	windowEndMs?: number;
	ownAnswered: number;
	/** more of this window is spent than this process sent: other clients are spending it */
	contended: boolean;
	lastSentAtMs?: number;
	/** a 429 closed the window until then: later answers of requests already in flight do not reopen it */
	closedUntilMs?: number;
	/** an answer has come back for this key (with or without rate headers) */
	answered?: boolean;
}

/**
 * X-RateLimit-Reset in any of the forms a server uses (the spec does not say which): epoch
 * milliseconds, epoch seconds, seconds until the reset, or an ISO 8601 / HTTP date. Returns epoch ms.
 */
export function parseReset(value: string | undefined, nowMs = Date.now()): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const v = value.trim();
	if (/^\d+(\.\d+)?$/.test(v)) {
		const n = Number(v);
		if (n >= 1e12) return n; // epoch milliseconds
		if (n >= 1e9) return n * 1000; // epoch seconds
		return nowMs + n * 1000; // seconds until the reset
	}
	const at = Date.parse(v);
	return Number.isNaN(at) ? undefined : at;
}

function intHeader(headers: Record<string, string>, name: string): number | undefined {
	const v = headers[name];
	if (v === undefined || !/^\s*\d+\s*$/.test(v)) return undefined;
	return Number(v);
}

/** A small margin past the announced reset, for clocks a little apart. */
const RESET_MARGIN_MS = 25;
/** The last part of a contended window that is spread up to its reset: this share of its limit. */
export const TAIL_SHARE = 0.5;
/** Units of a window spent by nobody visible that are still taken for this process's own (skews, retries). */
const OWN_SLACK = 2;
/** A reset this much later than the window's end is the next window (seconds-rounded resets vary less). */
const NEXT_WINDOW_MS = 500;
/** While one request of a spread tail is in flight, the next looks again after at most this long. */
const TAIL_POLL_MS = 50;
/** After a 429, the wait for the window grows by up to this share of it (at most MAX_JITTER_MS). */
const JITTER_SHARE = 0.25;
const MAX_JITTER_MS = 2000;

/**
 * Which window an answer's reset describes against the one known: the same, a later one, or an earlier
 * one (the late answer of a request sent before the window turned, whose budget figure is stale).
 */
function windowOf(s: WindowState, reset: number | undefined): 'same' | 'later' | 'earlier' {
	if (reset === undefined || s.resetAtMs === undefined) return 'later';
	if (reset < s.resetAtMs - NEXT_WINDOW_MS) return 'earlier';
	return reset > s.resetAtMs + NEXT_WINDOW_MS ? 'later' : 'same';
}

export class Pacer {
	private windows = new Map<string, WindowState>();

	constructor(
		private readonly wait: (ms: number) => Promise<void> = sleep,
		private readonly random: () => number = Math.random,
	) {}

	private state(key: string): WindowState {
		let s = this.windows.get(key);
		if (!s) {
			s = { inFlight: 0, ownAnswered: 0, contended: false };
			this.windows.set(key, s);
		}
		return s;
	}

	/**
	 * Waits until the window has budget for one more request; returns the milliseconds waited. With a
	 * deadline (epoch ms), a window that opens only after it is not waited for: PastDeadline is thrown.
	 */
	async acquire(key: string, deadlineMs?: number): Promise<number> {
		const s = this.state(key);
		let waited = 0;
		for (;;) {
			const now = Date.now();
			if (s.resetAtMs !== undefined && now >= s.resetAtMs) {
				// a new window: its budget is unknown until the next answer says it
				s.remaining = undefined;
				s.resetAtMs = undefined;
				s.closedUntilMs = undefined;
			}
			const until = this.openAt(s, now);
			if (until === undefined || until <= now) break;
			if (deadlineMs !== undefined && until > deadlineMs) throw new PastDeadline();
			const ms = until - now;
			await this.wait(ms);
			waited += ms;
		}
		s.inFlight++;
		s.lastSentAtMs = Date.now();
		return waited;
	}

	/** When the next request may go: undefined (now), the reset of a spent window, or a tail slot. */
	private openAt(s: WindowState, now: number): number | undefined {
		// a window whose budget is unknown (the first, or a new one of an API that announces budgets):
		// one request learns it before others follow, so that a spent window costs one 429, not several
		if (s.remaining === undefined)
			return s.inFlight > 0 && (s.limit !== undefined || !s.answered)
				? now + TAIL_POLL_MS
				: undefined;
		const budget = s.remaining - s.inFlight;
		if (s.resetAtMs === undefined) return undefined;
		if (budget <= 0) return s.resetAtMs + RESET_MARGIN_MS;
		if (!this.inContendedTail(s, now)) return undefined;
		// one request at a time, the window's budget left spread evenly over the time left
		if (s.inFlight > 0) return now + Math.min(TAIL_POLL_MS, s.resetAtMs - now);
		const slot = (s.resetAtMs - (s.lastSentAtMs ?? now)) / budget;
		return (s.lastSentAtMs ?? now) + slot;
	}

	private inContendedTail(s: WindowState, now: number): boolean {
		return (
			s.contended &&
			s.windowEndMs !== undefined &&
			now < s.windowEndMs &&
			s.limit !== undefined &&
			s.remaining !== undefined &&
			s.remaining <= s.limit * TAIL_SHARE
		);
	}

	/**
	 * When the window has no budget left and reopens later than `maxWaitMs` from now (a spent daily
	 * budget): the moment it reopens. A request must not wait that long; it fails at once instead.
	 */
	blockedUntil(key: string, maxWaitMs: number): number | undefined {
		const s = this.windows.get(key);
		if (!s || s.resetAtMs === undefined || s.remaining === undefined) return undefined;
		if (s.remaining - s.inFlight > 0) return undefined;
		return s.resetAtMs - Date.now() > maxWaitMs ? s.resetAtMs : undefined;
	}

	/** Records what an answer said about the window (headers of a success, or a 429's Retry-After). */
	release(
		key: string,
		status: number | undefined,
		headers: Record<string, string> = {},
		rateLimited = false,
	): void {
		const s = this.state(key);
		s.inFlight = Math.max(0, s.inFlight - 1);
		const now = Date.now();
		if (rateLimited) {
			// another client spent what this process was told was left: wait for the window, plus a
			// random part so that the processes refused together spread out again
			const after =
				parseRetryAfter(headers['retry-after'], now) ??
				parseReset(headers['x-ratelimit-reset'], now) ??
				1000;
			const jitter = Math.round(this.random() * Math.min(MAX_JITTER_MS, after * JITTER_SHARE));
			s.remaining = 0;
			s.resetAtMs = Math.max(s.resetAtMs ?? 0, now + after + jitter);
			s.closedUntilMs = s.resetAtMs;
			s.contended = true;
			return;
		}
		if (status === undefined || (s.closedUntilMs !== undefined && now < s.closedUntilMs)) return;
		s.answered = true;
		const remaining = intHeader(headers, 'x-ratelimit-remaining');
		const limit = intHeader(headers, 'x-ratelimit-limit');
		if (limit !== undefined) s.limit = limit;
		if (remaining !== undefined) {
			const reset = parseReset(headers['x-ratelimit-reset'], now);
			const window = windowOf(s, reset);
			if (window === 'earlier') return;
			// answers of requests in flight together come back in any order: within one window an
			// earlier request's answer must not raise what a later one said is left
			s.remaining =
				window === 'same' && s.remaining !== undefined
					? Math.min(s.remaining, remaining)
					: remaining;
			if (reset !== undefined) s.resetAtMs = reset;
			this.observe(s, remaining, reset, now);
		}
	}

	/** Counts this process's answers per window and notices when others spend the same window. */
	private observe(s: WindowState, remaining: number, reset: number | undefined, now: number): void {
		if (reset === undefined || reset <= now) return; // no window, or one that has ended
		if (
			s.windowEndMs === undefined ||
			now >= s.windowEndMs ||
			reset > s.windowEndMs + NEXT_WINDOW_MS
		) {
			s.windowEndMs = reset;
			s.ownAnswered = 0;
			s.contended = false;
		}
		s.ownAnswered++;
		if (s.limit !== undefined && s.limit - remaining > s.ownAnswered + s.inFlight + OWN_SLACK)
			s.contended = true;
	}

	clear(): void {
		this.windows.clear();
	}
}

export const pacer = new Pacer();
