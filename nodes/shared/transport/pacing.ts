/**
 * Header-driven pacing. The request budget is per center and shared with every other client of the
 * center, so the server's X-RateLimit-Remaining / X-RateLimit-Reset are trusted over any local count:
 * requests go out at full speed while the window has budget, and wait for the window's reset when it
 * has none, so a long export uses the whole budget and meets no 429.
 */
import { sleep } from 'n8n-workflow';
import { parseRetryAfter } from './retry';

interface WindowState {
	limit?: number;
	remaining?: number;
	resetAtMs?: number;
	inFlight: number;
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

export class Pacer {
	private windows = new Map<string, WindowState>();

	constructor(private readonly wait: (ms: number) => Promise<void> = sleep) {}

	private state(key: string): WindowState {
		let s = this.windows.get(key);
		if (!s) {
			s = { inFlight: 0 };
			this.windows.set(key, s);
		}
		return s;
	}

	/** Waits until the window has budget for one more request; returns the milliseconds waited. */
	async acquire(key: string): Promise<number> {
		const s = this.state(key);
		let waited = 0;
		for (;;) {
			const now = Date.now();
			if (s.resetAtMs !== undefined && now >= s.resetAtMs) {
				// a new window: its budget is unknown until the next answer says it
				s.remaining = undefined;
				s.resetAtMs = undefined;
			}
			const budget = s.remaining === undefined ? Infinity : s.remaining - s.inFlight;
			if (budget > 0 || s.resetAtMs === undefined) break;
			const ms = s.resetAtMs - now + RESET_MARGIN_MS;
			await this.wait(ms);
			waited += ms;
		}
		s.inFlight++;
		return waited;
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
			const after =
				parseRetryAfter(headers['retry-after'], now) ??
				parseReset(headers['x-ratelimit-reset'], now);
			s.remaining = 0;
			s.resetAtMs = Math.max(s.resetAtMs ?? 0, now + (after ?? 1000));
			return;
		}
		if (status === undefined) return;
		const remaining = intHeader(headers, 'x-ratelimit-remaining');
		const limit = intHeader(headers, 'x-ratelimit-limit');
		if (limit !== undefined) s.limit = limit;
		if (remaining !== undefined) {
			s.remaining = remaining;
			const reset = parseReset(headers['x-ratelimit-reset'], now);
			if (reset !== undefined) s.resetAtMs = reset;
		}
	}

	clear(): void {
		this.windows.clear();
	}
}

export const pacer = new Pacer();
