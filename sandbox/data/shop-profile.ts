/**
 * Per-shop facts that the fixtures do not carry but generated data needs: cash registers, average check,
 * VAT regime, opening hours, area, rent. Pure functions of (seed, shop); memoised.
 */
import type { ShopFixture } from '../core/types';
import { Stream } from '../core/random';
import { kktIdentitiesOf, type KktIdentity } from '../fixtures/kkts';
import { DATA_START_IDX, dayIndex } from './calendar';
import { openingHoursOf } from '../fixtures/centers';

/** How a shop's sales split over VAT rates (see docs/sandbox.md, "Receipts"). */
export type VatRegime = 'general' | 'food' | 'simplified5' | 'simplified7';

/** A cash register as the receipt generator uses it (identity from fixtures/kkts.ts). */
export interface KktProfile {
	identity: KktIdentity;
	/** last day index with documents (archived registers), or Infinity */
	lastDay: number;
	/** shift_number of day d = shiftBase + (d - DATA_START) */
	shiftBase: number;
	fdBase: number;
}

export interface ShopProfile {
	avgCheck: number;
	vatRegime: VatRegime;
	/** seconds after local midnight */
	opensAt: number;
	closesAt: number;
	/** share of days the shop is closed (sanitary days) */
	closedShare: number;
	/** every register of the shop (archived ones only up to their last day) */
	kkts: KktProfile[];
	area_size: number;
	is_outdoor: boolean;
	/** accrued rent per month, kopecks; null when the shop has no rent set up (no tenant) */
	monthlyRent: number | null;
}

const cache = new Map<string, ShopProfile>();

export function shopProfile(seed: number, shop: ShopFixture): ShopProfile {
	const key = `${seed}|${shop.id}`;
	let p = cache.get(key);
	if (!p) {
		p = buildProfile(seed, shop);
		cache.set(key, p);
	}
	return p;
}

function buildProfile(seed: number, shop: ShopFixture): ShopProfile {
	const s = new Stream(seed, 'shop-profile', shop.id);
	const index = Number(shop.id.slice(-2));
	const busy = shop.receiptsPerDay >= 300;
	const regimes: VatRegime[] = ['general', 'food', 'simplified5', 'simplified7'];
	const kkts: KktProfile[] = kktIdentitiesOf(shop).map((identity) => {
		const ks = new Stream(seed, 'kkt', identity.id);
		return {
			identity,
			lastDay: identity.archived_on ? dayIndex(identity.archived_on) : Infinity,
			shiftBase: ks.int(0, 1, 900),
			fdBase: ks.int(1, 1, 50_000),
		};
	});
	const area = busy ? 180 : Math.round((40 + s.unit(2) * 460) * 10) / 10;
	const hours = openingHoursOf(shop);
	return {
		avgCheck: busy ? 38_000 : s.int(3, 60, 450) * 1000,
		vatRegime: busy ? 'food' : regimes[(index + Math.floor(s.unit(4) * 2)) % regimes.length],
		opensAt: hours ? hours[0] : busy ? 8 * 3600 : index === 6 ? 0 : 10 * 3600,
		closesAt: hours ? hours[1] : busy ? 23 * 3600 : index === 6 ? 86_399 : 22 * 3600,
		closedShare: busy ? 0 : 0.02,
		kkts,
		area_size: area,
		is_outdoor: index === 12 || index === 10,
		monthlyRent: shop.renter ? Math.round(area * s.int(5, 1500, 4500)) * 100 : null,
	};
}

/** Registers that issue documents on a day (archived ones only up to their last day). */
export function kktsOnDay(profile: ShopProfile, dayIdx: number): KktProfile[] {
	const all = profile.kkts.filter((k) => dayIdx <= k.lastDay);
	return all.length > 0 ? all : profile.kkts;
}

/** The shift number a cash register has on a day. */
export function shiftNumber(kkt: KktProfile, dayIdx: number): number {
	return kkt.shiftBase + (dayIdx - DATA_START_IDX);
}
