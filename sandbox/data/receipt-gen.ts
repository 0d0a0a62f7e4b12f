/**
 * Fiscal documents of one shop on one day, generated from (seed, shop, day, document type, index).
 * Per-day counts are cheap (one hash each), so a page of the export never needs the days it does not touch.
 */
import type { ShopFixture } from '../core/types';
import { Stream } from '../core/random';
import {
	compactDate,
	dateOfIndex,
	dayIndex,
	dayStartMs,
	DATA_START_IDX,
	weekday,
} from './calendar';
import type { KktIdentity } from '../fixtures/kkts';
import {
	kktsOnDay,
	shiftNumber,
	shopProfile,
	type KktProfile,
	type ShopProfile,
	type VatRegime,
} from './shop-profile';

/** Known document types; the first three are the default sales types of the export and of the aggregates. */
export const DOCUMENT_TYPES = [
	'receipt',
	'delivery',
	'form_of_strict_accountability',
	'correction',
	'bso_correction',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const SALES_TYPES = [0, 1, 2];
export const CORRECTION_TYPES = [3, 4];
const TYPE_SHARE = [0.935, 0.03, 0.02, 0.004, 0.001];
const TYPE_LETTER = ['r', 'd', 'b', 'c', 'x'];

/** Operation types (FFD "priznak rascheta"): 1 income, 2 refund of income, 3 expense, 4 refund of expense. */
export const OP_INCOME = 1;
export const OP_REFUND = 2;

/** The VAT fields of a receipt, in this order in RawReceipt.nds. */
export const NDS_FIELDS = [
	'nds_no_sum',
	'nds_0_sum',
	'nds_5_sum',
	'nds_7_sum',
	'nds_10_sum',
	'nds_18_sum',
	'nds_20_sum',
	'nds_22_sum',
	'nds_105_sum',
	'nds_107_sum',
	'nds_110_sum',
	'nds_118_sum',
	'nds_120_sum',
	'nds_122_sum',
] as const;
/** index of a rate's field, and of its calculated (prepayment) twin */
const RATE_INDEX: Record<number, [number, number]> = {
	5: [2, 8],
	7: [3, 9],
	10: [4, 10],
	20: [6, 12],
	22: [7, 13],
};

/** received_datetime - created_datetime never exceeds this. */
export const MAX_RECEIPT_LAG_MS = 12 * 3600 * 1000;
// bound once: a global lookup per call is slow inside vm contexts (jest)
const { exp, floor, log, max, round } = Math;
const VAT22_FROM = dayIndex('2026-01-01');
const SIMPLIFIED_VAT_FROM = dayIndex('2025-01-01');

export interface RawReceipt {
	id: string;
	type: number;
	created: number;
	received: number;
	kkt: KktIdentity;
	fdn: number | null;
	shift: number | null;
	shiftCheck: number | null;
	op: number;
	total: number;
	cash: number;
	ecash: number;
	advanced: number;
	fullPrep: number;
	partialPrep: number;
	prepaid: number;
	credit: number;
	provision: number;
	nds: number[];
	items: number | null;
}

function isClosed(seed: number, shop: ShopFixture, profile: ShopProfile, dayIdx: number): boolean {
	if (dateOfIndex(dayIdx).endsWith('-01-01')) return true;
	return (
		profile.closedShare > 0 &&
		new Stream(seed, 'closed', shop.id, dayIdx).chance(0, profile.closedShare)
	);
}

/** Number of documents of one type a shop has on a day (before visibility: some may not be received yet). */
export function dayTypeCount(
	seed: number,
	shop: ShopFixture,
	dayIdx: number,
	typeIdx: number,
): number {
	if (shop.receiptsPerDay <= 0 || dayIdx < DATA_START_IDX) return 0;
	const profile = shopProfile(seed, shop);
	if (isClosed(seed, shop, profile, dayIdx)) return 0;
	const s = new Stream(seed, 'count', shop.id, dayIdx, typeIdx);
	const wd = weekday(dayIdx);
	const weekFactor = wd === 0 || wd === 6 ? 1.25 : 0.9;
	const lambda = shop.receiptsPerDay * TYPE_SHARE[typeIdx] * weekFactor * (0.85 + 0.3 * s.unit(0));
	return floor(lambda + s.unit(1));
}

export function dayCount(
	seed: number,
	shop: ShopFixture,
	dayIdx: number,
	types: readonly number[],
): number {
	let n = 0;
	for (const t of types) n += dayTypeCount(seed, shop, dayIdx, t);
	return n;
}

export function compareReceipts(a: RawReceipt, b: RawReceipt): number {
	return a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** All generated documents (every type) created on the day, sorted by created then id. */
export function generateDay(
	seed: number,
	shop: ShopFixture,
	zone: string,
	dayIdx: number,
): RawReceipt[] {
	const profile = shopProfile(seed, shop);
	const out: RawReceipt[] = [];
	const dayStart = dayStartMs(zone, dayIdx);
	const span = profile.closesAt - profile.opensAt;
	const tag = compactDate(dayIdx);
	const kkts = kktsOnDay(profile, dayIdx);
	for (let t = 0; t < DOCUMENT_TYPES.length; t++) {
		const count = dayTypeCount(seed, shop, dayIdx, t);
		if (count === 0) continue;
		const s = new Stream(seed, 'receipt', shop.id, dayIdx, t);
		for (let i = 0; i < count; i++) {
			const n = i * 64;
			const created = dayStart + (profile.opensAt + floor(s.unit(n) * span)) * 1000;
			const id = `${shop.id}-${tag}-${TYPE_LETTER[t]}${String(i + 1).padStart(5, '0')}`;
			out.push(
				buildReceipt(s, n + 1, profile, kkts, dayIdx, t, created, created + lagMs(s, n + 1), id, i),
			);
		}
	}
	return out.sort(compareReceipts);
}

function lagMs(s: Stream, n: number): number {
	const u = s.unit(n);
	const v = s.unit(n + 1);
	if (u < 0.7) return floor(60 + v * 1740) * 1000;
	if (u < 0.95) return floor(1800 + v * 9000) * 1000;
	return floor(10_800 + v * 32_399) * 1000;
}

/**
 * Fills one document from the stream. Counters n .. n+40 are used.
 * Payment types: total = cash + ecash + prepaid + credit + provision; advanced / full_prepayment /
 * partial_prepayment are settlement methods (a share of the total, paid in cash or by card).
 */
export function buildReceipt(
	s: Stream,
	n: number,
	profile: ShopProfile,
	kkts: KktProfile[],
	dayIdx: number,
	typeIdx: number,
	created: number,
	received: number,
	id: string,
	ordinal: number,
): RawReceipt {
	const isCorrection = typeIdx >= 3;
	const op = isCorrection
		? s.chance(n + 2, 0.7)
			? OP_INCOME
			: OP_REFUND
		: s.chance(n + 2, 0.04)
			? OP_REFUND
			: OP_INCOME;
	const factor = typeIdx === 1 ? 1.8 : typeIdx === 2 ? 1.3 : 1;
	let total = max(
		100,
		round(
			profile.avgCheck * factor * (op === OP_REFUND ? 0.8 : 1) * exp(0.55 * s.normal(n + 3) - 0.15),
		),
	);
	if (s.chance(n + 5, 0.5)) total = max(100, round(total / 100) * 100);
	const r: RawReceipt = {
		id,
		type: typeIdx,
		created,
		received,
		kkt: kkts[0].identity,
		fdn: null,
		shift: null,
		shiftCheck: null,
		op,
		total,
		cash: 0,
		ecash: 0,
		advanced: 0,
		fullPrep: 0,
		partialPrep: 0,
		prepaid: 0,
		credit: 0,
		provision: 0,
		nds: new Array<number>(14).fill(0),
		items: null,
	};
	const kkt = kkts[floor(s.unit(n + 6) * kkts.length)];
	r.kkt = kkt.identity;
	if (!s.chance(n + 7, 0.003)) {
		r.shift = shiftNumber(kkt, dayIdx);
		r.shiftCheck = 1 + (ordinal % 997);
		r.fdn = kkt.fdBase + (dayIdx - DATA_START_IDX) * 1000 + (ordinal % 997) + 1;
	}
	const special = s.unit(n + 8);
	let method: 'advanced' | 'fullPrep' | 'partialPrep' | null = null;
	if (op === OP_INCOME && special < 0.01) method = 'advanced';
	else if (op === OP_INCOME && special < 0.02) method = 'fullPrep';
	else if (op === OP_INCOME && special < 0.025) method = 'partialPrep';
	if (method) r[method] = total;
	if (special >= 0.025 && special < 0.035) r.prepaid = total;
	else if (special >= 0.035 && special < 0.04) r.credit = total;
	else if (special >= 0.04 && special < 0.042) r.provision = total;
	else {
		const pay = s.unit(n + 9);
		if (pay < 0.3) r.cash = total;
		else if (pay < 0.9) r.ecash = total;
		else {
			r.cash = round(total * s.unit(n + 10));
			r.ecash = total - r.cash;
		}
	}
	splitVat(r, profile.vatRegime, method !== null, dayIdx, s, n + 11);
	if (typeIdx !== 2 && !s.chance(n + 15, 0.01)) r.items = 1 + floor(-log(1 - s.unit(n + 16)) * 1.8);
	return r;
}

/** Splits the total over VAT rates: nds_no / nds_0 hold the part itself, every other field the tax in it. */
function splitVat(
	r: RawReceipt,
	regime: VatRegime,
	calculated: boolean,
	dayIdx: number,
	s: Stream,
	n: number,
): void {
	const general = dayIdx >= VAT22_FROM ? 22 : 20;
	const parts: Array<[number, number]> = []; // [rate or -1 for "no VAT", gross part]
	if (regime === 'simplified5' || regime === 'simplified7') {
		if (dayIdx < SIMPLIFIED_VAT_FROM) parts.push([-1, r.total]);
		else parts.push([regime === 'simplified5' ? 5 : 7, r.total]);
	} else if (regime === 'general' && s.chance(n, 0.005)) {
		parts.push([0, r.total]);
	} else {
		const main = regime === 'food' ? 10 : general;
		const other = regime === 'food' ? general : 10;
		if (s.chance(n + 1, regime === 'food' ? 0.4 : 0.25)) {
			const part = round(r.total * (0.2 + 0.4 * s.unit(n + 2)));
			parts.push([other, part], [main, r.total - part]);
		} else {
			parts.push([main, r.total]);
		}
	}
	for (const [rate, part] of parts) {
		if (rate === -1) r.nds[0] += part;
		else if (rate === 0) r.nds[1] += part;
		else r.nds[RATE_INDEX[rate][calculated ? 1 : 0]] += round((part * rate) / (100 + rate));
	}
}

/** The VAT contained in a document (every rate field except nds_no and nds_0). */
export function vatOf(r: RawReceipt): number {
	let v = 0;
	for (let k = 2; k < 14; k++) v += r.nds[k];
	return v;
}
