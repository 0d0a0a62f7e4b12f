/**
 * The sandbox clock: "now" for data visibility, freshest-date rules and token expiry.
 * frozen: stays where it was set until set/advance; running: moves with real time from where it was set.
 * (Rate-limit windows do NOT use this clock; they run on real time.)
 */
import type { Clock } from './types';

export type ClockMode = 'frozen' | 'running';

export class SandboxClock implements Clock {
	private baseMs: number;
	private realAtBase: number;

	constructor(
		start: Date | string = new Date(),
		public mode: ClockMode = 'running',
	) {
		this.baseMs = toMs(start);
		this.realAtBase = Date.now();
	}

	now(): Date {
		if (this.mode === 'frozen') return new Date(this.baseMs);
		return new Date(this.baseMs + (Date.now() - this.realAtBase));
	}

	set(iso: string | Date): void {
		this.baseMs = toMs(iso);
		this.realAtBase = Date.now();
	}

	advance(ms: number): void {
		this.set(new Date(this.now().getTime() + ms));
	}

	setMode(mode: ClockMode): void {
		const current = this.now();
		this.mode = mode;
		this.set(current);
	}

	toJSON(): { now: string; mode: ClockMode } {
		return { now: this.now().toISOString(), mode: this.mode };
	}
}

function toMs(value: Date | string): number {
	const ms = value instanceof Date ? value.getTime() : Date.parse(value);
	if (Number.isNaN(ms)) throw new Error(`Not a valid moment: ${String(value)}`);
	return ms;
}
