/**
 * The sandbox clock: "now" for data visibility, freshest-date rules and token expiry, and the time of
 * the rate windows (ratelimit.ts).
 * - now(): frozen stays where it was set until set/advance; running moves with real time from there.
 * - rateNow(): the rate windows' time, on the same timeline (it starts where the clock starts, and
 *   advance() and a set() forward move it too), but running even while dates are frozen (a product that
 *   waits for Retry-After sees the window turn), unless the rate clock is frozen as well: then a window
 *   turns only when a test moves the clock, and no test waits for a window of the real clock. Rate mode
 *   'real' runs it on real time instead (windows aligned like a real API's minute: the CLI's default,
 *   for the e2e legs, the bench and the demo).
 * Real time here is the process's monotonic clock, never the global Date: the test harness shifts Date
 * during a run (test/harness withClock), and the sandbox runs in the same process.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { performance } from 'node:perf_hooks';
import type { Clock } from '../core/types';

export type ClockMode = 'frozen' | 'running';
/** The rate windows' time: on the clock's timeline (running or frozen), or real time ('real'). */
export type RateClockMode = ClockMode | 'real';

/** Real time as epoch ms, from the monotonic clock (the global Date may be shifted by a test). */
const realMs = () => performance.timeOrigin + performance.now();

/** Below this, the process's Date and the monotonic clock are the same clock (only drift apart). */
const SAME_CLOCK_MS = 1000;

export class SandboxClock implements Clock {
	private baseMs: number;
	private realAtBase: number;
	private rateBaseMs: number;
	private realAtRateBase: number;

	constructor(
		start: Date | string | number = realMs(),
		public mode: ClockMode = 'running',
		public rateMode: RateClockMode = 'running',
	) {
		this.baseMs = toMs(start);
		this.realAtBase = realMs();
		this.rateBaseMs = rateMode === 'real' ? this.realAtBase : this.baseMs;
		this.realAtRateBase = this.realAtBase;
	}

	now(): Date {
		if (this.mode === 'frozen') return new Date(this.baseMs);
		return new Date(this.baseMs + (realMs() - this.realAtBase));
	}

	/** The rate windows' time (epoch ms of the sandbox's timeline). */
	rateNow(): number {
		if (this.rateMode === 'frozen') return this.rateBaseMs;
		return this.rateBaseMs + (realMs() - this.realAtRateBase);
	}

	/**
	 * A moment of the rate windows' time as the process that asks would read it on its own clock (the
	 * global Date, which a test harness may shift for a run): the same time left until it. A clock that
	 * started at real time and was never moved says rate times as they are (whole windows of real time).
	 */
	rateAsked(rateMs: number): number {
		const real = realMs();
		let shift = Date.now() - real;
		if (Math.abs(shift) < SAME_CLOCK_MS) shift = 0;
		return rateMs - (this.rateNow() - real) + shift;
	}

	/** Sets "now"; a moment later than the current one moves the rate windows' time as far. */
	set(iso: string | Date): void {
		const to = toMs(iso);
		const ahead = to - this.now().getTime();
		this.baseMs = to;
		this.realAtBase = realMs();
		if (ahead > 0) this.setRateBase(this.rateNow() + ahead);
	}

	advance(ms: number): void {
		this.set(new Date(this.now().getTime() + ms));
	}

	setMode(mode: ClockMode): void {
		const current = this.now();
		this.mode = mode;
		this.baseMs = current.getTime();
		this.realAtBase = realMs();
	}

	/** Freezes the rate windows' time or lets it run on from where it stands. */
	setRateMode(mode: ClockMode): void {
		const current = this.rateNow();
		this.rateMode = mode;
		this.setRateBase(current);
	}

	private setRateBase(ms: number): void {
		this.rateBaseMs = ms;
		this.realAtRateBase = realMs();
	}

	toJSON(): { now: string; mode: ClockMode; rateMode: RateClockMode } {
		return { now: this.now().toISOString(), mode: this.mode, rateMode: this.rateMode };
	}
}

function toMs(value: Date | string | number): number {
	const ms =
		typeof value === 'number' ? value : value instanceof Date ? value.getTime() : Date.parse(value);
	if (Number.isNaN(ms)) throw new Error(`Not a valid moment: ${String(value)}`);
	return ms;
}
