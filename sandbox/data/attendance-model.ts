/**
 * Generated visitor counts (deterministic from the seed) with submitted daily values laid over them.
 * Hourly counts exist for opening hours 10:00–22:00 local; the center's count is the sum of its entrance
 * zones; floor zones carry a share of the center's traffic. Counts exist from 2024-01-01 up to "now"
 * (the current hour pro rata). A submitted daily value (intake) replaces that day's total for the center
 * or zone: visitors_in = visitors_out = the submitted number; hour rows stay as counted.
 */
import { DateTime } from 'luxon';
import type { ZoneFixture } from '../fixtures/zones';
import { unitFor } from '../core/random';
import type { CenterFixture } from '../core/types';

export const ATTENDANCE_START = '2024-01-01';
const OPEN_HOUR = 10;
const HOUR_WEIGHTS = [3, 5, 7, 8, 9, 9, 9, 10, 11, 10, 8, 5];
const WEIGHT_SUM = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);

export interface Counts {
	in: number;
	out: number;
}

export type Target = { kind: 'center' } | { kind: 'zone'; zone: ZoneFixture };

export class AttendanceModel {
	constructor(
		private readonly seed: number,
		private readonly center: CenterFixture,
		private readonly zones: ZoneFixture[],
		private readonly now: Date,
		/** submitted daily value for (zone id or null for the center, date) */
		private readonly submitted: (zoneId: string | null, date: string) => number | undefined,
	) {}

	private dayCache = new Map<string, number>();

	private dayVisitors(date: string, weekday: number): number {
		let v = this.dayCache.get(date);
		if (v === undefined) {
			const weekend = weekday >= 6 ? 1.35 : weekday === 5 ? 1.1 : 1;
			const noise = 0.8 + 0.4 * unitFor(this.seed, 'att-day', this.center.id, date);
			v = this.center.expected_quantity * weekend * noise;
			this.dayCache.set(date, v);
		}
		return v;
	}

	private zoneHour(zone: ZoneFixture, day: DateTime, hour: number): Counts {
		const slot = hour - OPEN_HOUR;
		if (slot < 0 || slot >= HOUR_WEIGHTS.length) return { in: 0, out: 0 };
		const date = day.toISODate() as string;
		const base = (this.dayVisitors(date, day.weekday) * HOUR_WEIGHTS[slot]) / WEIGHT_SUM;
		const u1 = unitFor(this.seed, 'att-in', this.center.id, zone.id, date, hour);
		const u2 = unitFor(this.seed, 'att-out', this.center.id, zone.id, date, hour);
		const visitorsIn = Math.round(base * zone.share * (0.85 + 0.3 * u1));
		return { in: visitorsIn, out: Math.round(visitorsIn * (0.9 + 0.15 * u2)) };
	}

	/** Counts for one hour (start at `hourStart`, center zone), pro rata when the hour is in progress. */
	hour(target: Target, hourStart: DateTime): Counts | undefined {
		const nowMs = this.now.getTime();
		if (hourStart.toMillis() > nowMs || (hourStart.toISODate() as string) < ATTENDANCE_START)
			return undefined;
		const day = hourStart.startOf('day');
		const parts = target.kind === 'zone' ? [target.zone] : this.zones.filter((z) => z.entrance);
		const full = parts
			.map((z) => this.zoneHour(z, day, hourStart.hour))
			.reduce((a, b) => ({ in: a.in + b.in, out: a.out + b.out }), { in: 0, out: 0 });
		const elapsed = (nowMs - hourStart.toMillis()) / 3_600_000;
		if (elapsed >= 1) return full;
		return { in: Math.floor(full.in * elapsed), out: Math.floor(full.out * elapsed) };
	}

	/** Hour starts of a day that have begun by now. */
	hoursOf(day: DateTime): DateTime[] {
		const out: DateTime[] = [];
		for (let h = day.startOf('day'); h.hasSame(day, 'day'); h = h.plus({ hours: 1 })) {
			if (h.toMillis() > this.now.getTime()) break;
			out.push(h);
		}
		return out;
	}

	/**
	 * Hour rows of a day: [label with the center offset, counts] for every hour that has begun.
	 * (Fast path for plain 24-hour days; days with an offset change go hour by hour through luxon.)
	 */
	hourRows(target: Target, day: DateTime): Array<[string, Counts]> {
		const start = day.startOf('day');
		const end = start.plus({ days: 1 });
		const plain =
			end.toMillis() - start.toMillis() === 86_400_000 &&
			start.offset === end.offset &&
			end.toMillis() <= this.now.getTime();
		if (!plain) {
			return this.hoursOf(start).map((h) => [
				h.toISO({ suppressMilliseconds: true }) as string,
				this.hour(target, h) as Counts,
			]);
		}
		const date = start.toISODate() as string;
		const offset = start.toFormat('ZZ');
		const parts = target.kind === 'zone' ? [target.zone] : this.zones.filter((z) => z.entrance);
		const rows: Array<[string, Counts]> = [];
		for (let h = 0; h < 24; h++) {
			const c = { in: 0, out: 0 };
			for (const z of parts) {
				const zc = this.zoneHour(z, start, h);
				c.in += zc.in;
				c.out += zc.out;
			}
			rows.push([`${date}T${String(h).padStart(2, '0')}:00:00${offset}`, c]);
		}
		return rows;
	}

	/** Day total (submitted value if any), undefined for days without data. */
	day(target: Target, day: DateTime): Counts | undefined {
		const date = day.toISODate() as string;
		const start = day.startOf('day');
		if (date < ATTENDANCE_START || start.toMillis() > this.now.getTime()) return undefined;
		const manual = this.submitted(target.kind === 'zone' ? String(target.zone.id) : null, date);
		if (manual !== undefined) return { in: manual, out: manual };
		const total = { in: 0, out: 0 };
		const complete = start.plus({ days: 1 }).toMillis() <= this.now.getTime();
		const parts = target.kind === 'zone' ? [target.zone] : this.zones.filter((z) => z.entrance);
		for (let slot = 0; slot < HOUR_WEIGHTS.length; slot++) {
			let c: Counts | undefined;
			if (complete) {
				c = { in: 0, out: 0 };
				for (const z of parts) {
					const zc = this.zoneHour(z, start, OPEN_HOUR + slot);
					c.in += zc.in;
					c.out += zc.out;
				}
			} else {
				c = this.hour(target, start.set({ hour: OPEN_HOUR + slot }));
			}
			if (!c) break;
			total.in += c.in;
			total.out += c.out;
		}
		return total;
	}
}
