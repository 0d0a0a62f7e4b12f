/**
 * Per-center request budgets (spec "Rate limiting"): counted per center, not per key, over fixed windows of
 * the sandbox clock's rate time (clock.ts rateNow: it runs with real time unless frozen, and moves when a
 * test moves the clock): the window (rateWindowMs, default one minute) and the day-window (1440 windows),
 * aligned to multiples of their length. The moments the headers name (X-RateLimit-Reset, an HTTP-date
 * Retry-After) are said on the clock of the process that asks: now plus the time left in the window.
 */
import { PLAN_RULES } from '../core/rules';
import { ApiError, type Plan } from '../core/types';
import type { SandboxClock } from './clock';

export interface PlanBudget {
	perWindow: number;
	perDay: number;
}

export type RateLimitOption = boolean | Partial<Record<Plan, Partial<PlanBudget>>>;

export const WINDOWS_PER_DAY = 1440;

interface Usage {
	window: number;
	windowCount: number;
	day: number;
	dayCount: number;
}

export interface HeaderFormats {
	resetFormat: 'epoch' | 'delta' | 'iso';
	retryAfterFormat: 'seconds' | 'http-date';
}

export class RateLimiter {
	private usage = new Map<string, Usage>();
	readonly enabled: boolean;
	private budgets: Record<Plan, PlanBudget>;

	constructor(
		readonly windowMs: number,
		option: RateLimitOption = true,
		/** the rate windows' time and the moments it names as the asker reads them (clock.ts) */
		private readonly clock: Pick<SandboxClock, 'rateNow' | 'rateAsked'>,
	) {
		this.enabled = option !== false;
		const custom = typeof option === 'object' ? option : {};
		this.budgets = {
			basic: {
				perWindow: PLAN_RULES.basic.ratePerMinute,
				perDay: PLAN_RULES.basic.ratePerDay,
				...custom.basic,
			},
			pro: {
				perWindow: PLAN_RULES.pro.ratePerMinute,
				perDay: PLAN_RULES.pro.ratePerDay,
				...custom.pro,
			},
		};
	}

	budgetOf(plan: Plan): PlanBudget {
		return this.budgets[plan];
	}

	/** The index of the window counting a request now (the request log's rate_window). */
	windowIndex(): number {
		return Math.floor(this.clock.rateNow() / this.windowMs);
	}

	private current(centerId: string, nowMs: number): Usage {
		const window = Math.floor(nowMs / this.windowMs);
		const day = Math.floor(nowMs / (this.windowMs * WINDOWS_PER_DAY));
		let u = this.usage.get(centerId);
		if (!u) {
			u = { window, windowCount: 0, day, dayCount: 0 };
			this.usage.set(centerId, u);
		}
		if (u.window !== window) {
			u.window = window;
			u.windowCount = 0;
		}
		if (u.day !== day) {
			u.day = day;
			u.dayCount = 0;
		}
		return u;
	}

	/**
	 * "Another client" of the center spends n units of the shared budget, in the window of now (a moment
	 * given by an older caller is not used: the windows run on the sandbox clock's rate time). A negative
	 * n gives units back (a test's own reads that must not count against the product's budget).
	 */
	// eslint-disable-next-line @typescript-eslint/no-unused-vars -- kept for callers that still pass a moment
	spend(centerId: string, n: number, _atMs?: number): void {
		const u = this.current(centerId, this.clock.rateNow());
		u.windowCount += n;
		u.dayCount += n;
	}

	/**
	 * Spends one unit for a request or throws 429 rate_limited (with Retry-After).
	 * Returns the X-RateLimit-* headers for the answer.
	 */
	take(centerId: string, plan: Plan, formats: HeaderFormats): Record<string, string> {
		if (!this.enabled) return {};
		const nowMs = this.clock.rateNow();
		const b = this.budgets[plan];
		const u = this.current(centerId, nowMs);
		const windowEnd = (u.window + 1) * this.windowMs;
		if (u.windowCount >= b.perWindow || u.dayCount >= b.perDay) {
			const dayExhausted = u.dayCount >= b.perDay;
			const until = dayExhausted ? (u.day + 1) * this.windowMs * WINDOWS_PER_DAY : windowEnd;
			const headers = {
				...this.headers(b.perWindow, 0, windowEnd, nowMs, formats),
				'Retry-After': this.retryAfter(until, nowMs, formats),
			};
			throw new ApiError(
				429,
				'rate_limited',
				`The request budget of the center is exceeded (${dayExhausted ? `${b.perDay} per day` : `${b.perWindow} per window`}).`,
				{
					limit: dayExhausted ? b.perDay : b.perWindow,
					window: dayExhausted ? 'day' : 'minute',
					retry_after_ms: until - nowMs,
				},
				headers,
			);
		}
		u.windowCount += 1;
		u.dayCount += 1;
		const remaining = Math.max(0, Math.min(b.perWindow - u.windowCount, b.perDay - u.dayCount));
		return this.headers(b.perWindow, remaining, windowEnd, nowMs, formats);
	}

	/** Headers for a 429 that was injected by a fault (not by the budget). */
	injectedHeaders(
		centerId: string | undefined,
		plan: Plan,
		formats: HeaderFormats,
	): Record<string, string> {
		const nowMs = this.clock.rateNow();
		const windowEnd = (Math.floor(nowMs / this.windowMs) + 1) * this.windowMs;
		const b = this.budgets[plan];
		const used = centerId ? this.current(centerId, nowMs).windowCount : 0;
		return {
			...this.headers(b.perWindow, Math.max(0, b.perWindow - used), windowEnd, nowMs, formats),
			'Retry-After': this.retryAfter(windowEnd, nowMs, formats),
		};
	}

	private get scaled(): boolean {
		return this.windowMs % 1000 !== 0;
	}

	private seconds(ms: number): string {
		return this.scaled
			? (Math.max(0, ms) / 1000).toFixed(3)
			: String(Math.max(0, Math.ceil(ms / 1000)));
	}

	private headers(
		limit: number,
		remaining: number,
		resetMs: number,
		nowMs: number,
		f: HeaderFormats,
	): Record<string, string> {
		let reset: string;
		const at = this.clock.rateAsked(resetMs);
		if (f.resetFormat === 'delta') reset = this.seconds(resetMs - nowMs);
		else if (f.resetFormat === 'iso') reset = new Date(at).toISOString();
		// whole seconds round up: a client waiting until then is never early
		else reset = this.scaled ? (at / 1000).toFixed(3) : String(Math.ceil(at / 1000));
		return {
			'X-RateLimit-Limit': String(limit),
			'X-RateLimit-Remaining': String(remaining),
			'X-RateLimit-Reset': reset,
		};
	}

	private retryAfter(untilMs: number, nowMs: number, f: HeaderFormats): string {
		if (f.retryAfterFormat === 'http-date') {
			// HTTP dates have whole seconds: round up so a client waiting until then is never early
			return new Date(Math.ceil(this.clock.rateAsked(untilMs) / 1000) * 1000).toUTCString();
		}
		return this.seconds(untilMs - nowMs);
	}
}
