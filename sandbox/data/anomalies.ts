/**
 * Sales anomalies of PRO centers: a few per day, generated from (seed, center, day, index). `date` is the
 * day of the deviation; `created_at` is when the platform found it (0-3 days later); an anomaly exists
 * only once created_at <= now, so advancing the clock reveals new ones. Status follows a handling
 * history: new, then completed (or archived directly), later possibly archived.
 */
import type { CenterFixture } from '../core/types';
import { shopsOfCenter } from '../fixtures/centers';
import { Stream } from '../core/random';
import { compactDate, dateOfIndex, dayOfMs, dayStartMs, DATA_START_IDX, isoAt } from './calendar';

export const ANOMALY_STATUSES = ['new', 'completed', 'archived'] as const;
export const ANOMALY_LEVELS = ['high', 'medium', 'low'] as const;

interface AnomalyType {
	code: number;
	title: string;
	/** deviation spans the whole day (else some hours of it) */
	wholeDay: boolean;
	/** concerns a shop (else the whole center: shop_id null) */
	shop: boolean;
	magnitude: (u: number) => number;
}

export const ANOMALY_TYPES: AnomalyType[] = [
	{ code: 1, title: 'Revenue drop', wholeDay: true, shop: true, magnitude: (u) => -(20 + 60 * u) },
	{ code: 2, title: 'Revenue spike', wholeDay: true, shop: true, magnitude: (u) => 30 + 170 * u },
	{ code: 3, title: 'No fiscal data', wholeDay: false, shop: true, magnitude: () => -100 },
	{
		code: 4,
		title: 'Average check deviation',
		wholeDay: true,
		shop: true,
		magnitude: (u) => (u < 0.5 ? -1 : 1) * (15 + 50 * u),
	},
	{ code: 5, title: 'Refund spike', wholeDay: true, shop: true, magnitude: (u) => 50 + 250 * u },
	{
		code: 6,
		title: 'Attendance drop',
		wholeDay: false,
		shop: false,
		magnitude: (u) => -(15 + 45 * u),
	},
];

export interface AnomalyRecord {
	id: string;
	centerId: string;
	/** day index of the deviation (center zone) */
	day: number;
	created: number;
	type: AnomalyType;
	typeKnown: boolean;
	magnitude: number | null;
	levelKnown: boolean;
	/** values outside the spec's lists, given at insert time (a newer API may send them) */
	unlisted?: { level?: string; status?: string };
	shopId: string | null;
	shopName: string | null;
	hasTitle: boolean;
	hasDescription: boolean;
	periodStart: number;
	periodEnd: number;
	/** handling: status becomes `handledAs` at `handledAt`, then archived at `archivedAt` */
	handledAt: number | null;
	handledAs: 'completed' | 'archived';
	archivedAt: number | null;
}

const H = 3_600_000;
const DAY = 24 * H;

export function levelOf(magnitude: number): 'high' | 'medium' | 'low' {
	const m = Math.abs(magnitude);
	return m >= 60 ? 'high' : m >= 35 ? 'medium' : 'low';
}

/** Builds one anomaly from a stream; `found` forces created_at (inserted records). */
export function buildAnomaly(
	s: Stream,
	center: CenterFixture,
	day: number,
	id: string,
	found?: number,
	shopId?: string,
): AnomalyRecord {
	const shops = shopsOfCenter(center.id).filter((x) => !x.is_archived);
	const wantShop = shopId !== undefined || s.chance(0, 0.85);
	const candidates = ANOMALY_TYPES.filter((t) => t.shop === wantShop);
	const type = s.pick(1, candidates);
	const shop = wantShop ? (shops.find((x) => x.id === shopId) ?? s.pick(2, shops)) : null;
	const dayStart = dayStartMs(center.time_zone, day);
	let periodStart = dayStart;
	let periodEnd = dayStart + DAY - 1000;
	if (!type.wholeDay) {
		periodStart = dayStart + Math.floor(((8 + 6 * s.unit(3)) * H) / 60_000) * 60_000;
		periodEnd = periodStart + Math.floor(((1 + 3 * s.unit(4)) * H) / 60_000) * 60_000;
	}
	let created = found;
	if (created === undefined) {
		const u = s.unit(5);
		const lagDays = type.wholeDay
			? u < 0.5
				? 0
				: u < 0.85
					? 1
					: 2
			: u < 0.35
				? 0
				: u < 0.7
					? 1
					: u < 0.9
						? 2
						: 3;
		created =
			periodEnd +
			lagDays * DAY +
			Math.floor(((10 / 60 + (3 + 50 / 60) * s.unit(6)) * H) / 1000) * 1000;
	}
	const handled = s.chance(7, 0.7);
	const handledAt = handled ? created + Math.floor((6 + 234 * s.unit(8)) * H) : null;
	const handledAs = s.chance(9, 0.8) ? 'completed' : 'archived';
	return {
		id,
		centerId: center.id,
		day,
		created,
		type,
		typeKnown: !s.chance(10, 0.04),
		magnitude: s.chance(11, 0.03) ? null : Math.round(type.magnitude(s.unit(12)) * 10) / 10,
		levelKnown: !s.chance(13, 0.03),
		shopId: shop ? shop.id : null,
		shopName: shop ? shop.name : null,
		hasTitle: !s.chance(14, 0.03),
		hasDescription: !s.chance(15, 0.05),
		periodStart,
		periodEnd,
		handledAt,
		handledAs,
		archivedAt:
			handledAt !== null && handledAs === 'completed' && s.chance(16, 0.5)
				? handledAt + Math.floor((20 + 40 * s.unit(17)) * DAY)
				: null,
	};
}

/** Every generated anomaly of a day (visible or not yet). */
export function anomaliesOfDay(seed: number, center: CenterFixture, day: number): AnomalyRecord[] {
	if (center.plan !== 'pro' || day < DATA_START_IDX) return [];
	const count = Math.floor(new Stream(seed, 'anomaly-count', center.id, day).unit(0) * 5);
	const out: AnomalyRecord[] = [];
	for (let i = 0; i < count; i++) {
		const id = `an-${center.id}-${compactDate(day)}-${String(i + 1).padStart(2, '0')}`;
		out.push(buildAnomaly(new Stream(seed, 'anomaly', center.id, day, i), center, day, id));
	}
	return out;
}

export function anomalyStatus(a: AnomalyRecord, now: number): string {
	if (a.unlisted?.status !== undefined) return a.unlisted.status;
	if (a.archivedAt !== null && now >= a.archivedAt) return 'archived';
	if (a.handledAt !== null && now >= a.handledAt) return a.handledAs;
	return 'new';
}

export function anomalyLevel(a: AnomalyRecord): string | null {
	if (a.unlisted?.level !== undefined) return a.unlisted.level;
	return a.levelKnown && a.magnitude !== null ? levelOf(a.magnitude) : null;
}

/** Newest first: date desc, then created_at desc, then id desc. */
export function compareAnomalies(a: AnomalyRecord, b: AnomalyRecord): number {
	return b.day - a.day || b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export function anomalyToApi(a: AnomalyRecord, zone: string, now: number): Record<string, unknown> {
	const date = dateOfIndex(a.day);
	const description =
		a.magnitude === null
			? `${a.type.title} on ${date}.`
			: `${a.type.title} on ${date}: ${Math.abs(a.magnitude)}% ${a.magnitude < 0 ? 'below' : 'above'} the expected level.`;
	return {
		id: a.id,
		date: isoAt(dayStartMs(zone, a.day), zone),
		created_at: isoAt(a.created, zone),
		type: a.typeKnown ? a.type.code : null,
		type_title: a.typeKnown ? a.type.title : null,
		level: anomalyLevel(a),
		magnitude: a.magnitude,
		status: anomalyStatus(a, now),
		shop_id: a.shopId,
		shop_name: a.shopName,
		title: a.hasTitle ? `${a.type.title}${a.shopName ? ` at ${a.shopName}` : ''}` : null,
		description: a.hasDescription ? description : null,
		period: [isoAt(a.periodStart, zone), isoAt(a.periodEnd, zone)],
	};
}

export interface AnomalyFilter {
	/** inclusive day indexes of `date` */
	start: number;
	end: number;
	shopId?: string;
	status?: string;
	level?: string;
}

/** The anomalies the list returns for the filter at `now`, newest first. */
export function selectAnomalies(
	seed: number,
	center: CenterFixture,
	inserted: readonly AnomalyRecord[],
	f: AnomalyFilter,
	now: number,
): AnomalyRecord[] {
	const all: AnomalyRecord[] = [];
	const last = Math.min(f.end, dayOfMs(center.time_zone, now));
	for (let d = Math.max(f.start, DATA_START_IDX); d <= last; d++)
		all.push(...anomaliesOfDay(seed, center, d));
	for (const a of inserted) if (a.day >= f.start && a.day <= f.end) all.push(a);
	return all
		.filter(
			(a) =>
				a.created <= now &&
				(f.shopId === undefined || a.shopId === f.shopId) &&
				(f.status === undefined || anomalyStatus(a, now) === f.status) &&
				(f.level === undefined || anomalyLevel(a) === f.level),
		)
		.sort(compareAnomalies);
}
