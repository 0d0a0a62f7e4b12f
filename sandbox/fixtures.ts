/**
 * The sandbox's fixed catalogue: centers, API keys and shops. Everything else (receipts, anomalies,
 * tickets, ...) is generated from the seed on top of this catalogue.
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { ApiKeyFixture, CenterFixture, ShopFixture } from './core/types';

export const DEMO_CLIENT_ID = 'demo-client';
export const DEMO_CLIENT_SECRET = 'demo-secret-4f1c9a';
export const SECOND_CLIENT_ID = 'second-client';
export const SECOND_CLIENT_SECRET = 'second-secret-77b2e0';
/** The key of the large center only (BIG_CENTER): the other keys do not see it. */
export const BULK_CLIENT_ID = 'bulk-client';
export const BULK_CLIENT_SECRET = 'bulk-secret-3d8e51';
/** The key of the sync center only (SYNC_CENTER): the other keys do not see it. */
export const SYNC_CLIENT_ID = 'sync-client';
export const SYNC_CLIENT_SECRET = 'sync-secret-5a90c2';
/** The key of the two day centers only (DAY_CENTER, DAY_SMALL_CENTER): the other keys do not see them. */
export const DAY_CLIENT_ID = 'day-client';
export const DAY_CLIENT_SECRET = 'day-secret-8c41f7';

/** Basic plan, Moscow (UTC+3), counting system configured. */
export const BASIC_CENTER = '1001';
/** PRO plan, Yekaterinburg (UTC+5), counting system configured, holds the busy shop. */
export const PRO_CENTER = '1002';
/** PRO plan, blocked for non-payment: listed, data requests answer 402. Kaliningrad (UTC+2). */
export const BLOCKED_CENTER = '1003';
/** PRO plan, Vladivostok (UTC+10), NO counting system (404 traffic_not_configured). */
export const NO_TRAFFIC_CENTER = '1004';
/** Basic plan, Samara (UTC+4): seen only by the second key. */
export const SECOND_KEY_CENTER = '1005';
/**
 * PRO plan, Yekaterinburg (UTC+5), seen only by the bulk key: ten busy shops, ~10,000 receipts a day,
 * more than 10,000,000 over the data's whole range (2024-01-01..): the production-size bench's center.
 */
export const BIG_CENTER = '1006';
/**
 * PRO plan, Novosibirsk (UTC+7), seen only by the sync key: 100 shops with a few receipts a day each
 * from the seed; the receipt-sync bench issues its day's receipts live (POST /__sandbox/insert-batches).
 */
export const SYNC_CENTER = '1007';
export const SYNC_SHOPS = 100;
/**
 * The trigger's day (issue 29): two PRO centers seen only by the day key, whose shops keep opening hours
 * (dayShopKind): most sell 10:00–22:00 in the center's zone, a few round the clock, a few are closed for
 * good (listed, not archived, no receipt at all), shop NN9 / N09 is archived; a selling shop has 20–80
 * receipts a day. 300 shops (ids 1008-001..1008-300), Moscow (UTC+3): ~13,000–18,000 receipts a day.
 */
export const DAY_CENTER = '1008';
export const DAY_SHOPS = 300;
/** The small day center: 30 shops (ids 1009-01..1009-30), Tomsk (UTC+7), ~1,300–1,800 receipts a day. */
export const DAY_SMALL_CENTER = '1009';
export const DAY_SMALL_SHOPS = 30;

/** The busy PRO shop: >= 200,000 receipts a year. */
export const BUSY_SHOP = '1002-01';
/** An archived shop of the PRO center. */
export const ARCHIVED_SHOP = '1002-09';
/** A shop without tenant (renter: null) of the Basic center. */
export const NO_RENTER_SHOP = '1001-05';

function center(
	id: string,
	title: string,
	time_zone: string,
	city: string,
	plan: 'basic' | 'pro',
	extra: Partial<CenterFixture> = {},
): CenterFixture {
	return {
		id,
		title,
		prefix: title.split(' ')[0].toUpperCase().slice(0, 4),
		address: `${city}, Central avenue ${id.slice(-1)}`,
		time_zone,
		rent_area_size: 20000 + Number(id.slice(-1)) * 1500,
		total_area_size: 35000 + Number(id.slice(-1)) * 2000,
		expected_quantity: 10000 + Number(id.slice(-1)) * 1000,
		external_id: `ext-${id}`,
		phone: `+7 900 000-${id}`,
		city: { id: `city-${id}`, name: city, time_zone },
		plan,
		blocked: false,
		hasTraffic: true,
		...extra,
	};
}

export const CENTERS: CenterFixture[] = [
	center(BASIC_CENTER, 'Galereya Basic', 'Europe/Moscow', 'Moscow', 'basic'),
	center(PRO_CENTER, 'Mega PRO', 'Asia/Yekaterinburg', 'Yekaterinburg', 'pro'),
	center(BLOCKED_CENTER, 'Baltia Blocked', 'Europe/Kaliningrad', 'Kaliningrad', 'pro', {
		blocked: true,
	}),
	center(NO_TRAFFIC_CENTER, 'Okean NoTraffic', 'Asia/Vladivostok', 'Vladivostok', 'pro', {
		hasTraffic: false,
	}),
	center(SECOND_KEY_CENTER, 'Volga Second', 'Europe/Samara', 'Samara', 'basic'),
	center(BIG_CENTER, 'Metropolis Big PRO', 'Asia/Yekaterinburg', 'Yekaterinburg', 'pro'),
	center(SYNC_CENTER, 'Sibir Sync PRO', 'Asia/Novosibirsk', 'Novosibirsk', 'pro'),
	center(DAY_CENTER, 'Kazan Day PRO', 'Europe/Moscow', 'Kazan', 'pro'),
	center(DAY_SMALL_CENTER, 'Tomsk Day PRO', 'Asia/Tomsk', 'Tomsk', 'pro'),
];

export const API_KEYS: ApiKeyFixture[] = [
	{
		clientId: DEMO_CLIENT_ID,
		clientSecret: DEMO_CLIENT_SECRET,
		personId: 'person-501',
		centers: [BASIC_CENTER, PRO_CENTER, BLOCKED_CENTER, NO_TRAFFIC_CENTER],
	},
	{
		clientId: SECOND_CLIENT_ID,
		clientSecret: SECOND_CLIENT_SECRET,
		personId: 'person-502',
		centers: [PRO_CENTER, SECOND_KEY_CENTER],
	},
	{
		clientId: BULK_CLIENT_ID,
		clientSecret: BULK_CLIENT_SECRET,
		personId: 'person-503',
		centers: [BIG_CENTER],
	},
	{
		clientId: SYNC_CLIENT_ID,
		clientSecret: SYNC_CLIENT_SECRET,
		personId: 'person-507',
		centers: [SYNC_CENTER],
	},
	{
		clientId: DAY_CLIENT_ID,
		clientSecret: DAY_CLIENT_SECRET,
		personId: 'person-508',
		centers: [DAY_CENTER, DAY_SMALL_CENTER],
	},
];

const SHOP_NAMES = [
	'Coffee Point',
	'Book House',
	'Sport Master',
	'Flower Shop',
	'Kids World',
	'Pharmacy 36.6',
	'Electro Zone',
	'Fashion Lab',
	'Old Archive Store',
	'Optics',
	'Pet Shop',
	'Tea & Co',
];

function shopsOf(
	c: CenterFixture,
	count: number,
	receiptsPerDay: (i: number) => number,
): ShopFixture[] {
	const shops: ShopFixture[] = [];
	// three digits where a center has more than 100 shops (the sync center's 100th is 1007-100)
	const digits = count > 100 ? 3 : 2;
	for (let i = 1; i <= count; i++) {
		const id = `${c.id}-${String(i).padStart(digits, '0')}`;
		const archived = i === 9;
		const noRenter = i === 5;
		shops.push({
			id,
			center_id: c.id,
			name: `${SHOP_NAMES[(i - 1) % SHOP_NAMES.length]} ${c.prefix}`,
			external_id: i % 3 === 0 ? null : `shop-ext-${id}`,
			is_archived: archived,
			position: { name: `Floor ${1 + (i % 3)}, unit ${100 + i}` },
			renter: noRenter
				? null
				: {
						id: `renter-${id}`,
						legal_name: `LLC ${SHOP_NAMES[(i - 1) % SHOP_NAMES.length]}`,
						inn: String(7700000000 + Number(c.id) * 100 + i),
						kpp: String(770001000 + i),
						is_contractor: i % 4 === 0,
					},
			receiptsPerDay: archived ? 0 : receiptsPerDay(i),
			time_zone: c.time_zone,
		});
	}
	return shops;
}

const isDayCenter = (centerId: string) => centerId === DAY_CENTER || centerId === DAY_SMALL_CENTER;

/** What a shop of a day center does over a day (by its number i): see DAY_CENTER. */
export type DayShopKind = 'hours10to22' | 'allDay' | 'closedForGood' | 'archived';

function dayKindOf(i: number): DayShopKind {
	if (i === 9) return 'archived'; // shopsOf's archived shop
	if (i % 20 === 5) return 'closedForGood';
	return i % 20 === 6 ? 'allDay' : 'hours10to22';
}

/** The kind of a day center's shop; undefined for the shops of other centers. */
export function dayShopKind(shop: ShopFixture): DayShopKind | undefined {
	return isDayCenter(shop.center_id) ? dayKindOf(Number(shop.id.split('-')[1])) : undefined;
}

/**
 * Opening hours (seconds after local midnight, [opens, closes)) a fixture fixes for a shop; undefined
 * where the generator's own rule applies (data/shop-profile.ts: busy shop 08–23, NN-06 round the clock,
 * others 10–22).
 */
export function openingHoursOf(shop: ShopFixture): readonly [number, number] | undefined {
	const kind = dayShopKind(shop);
	if (kind === undefined) return undefined;
	return kind === 'allDay' ? [0, 86_399] : [10 * 3600, 22 * 3600];
}

const SHOP_COUNTS: Record<string, number> = {
	[PRO_CENTER]: 12,
	[BIG_CENTER]: 12,
	[SYNC_CENTER]: SYNC_SHOPS,
	[DAY_CENTER]: DAY_SHOPS,
	[DAY_SMALL_CENTER]: DAY_SMALL_SHOPS,
};
const shopCount = (c: CenterFixture) => SHOP_COUNTS[c.id] ?? 10;

export const SHOPS: ShopFixture[] = CENTERS.flatMap((c) =>
	shopsOf(c, shopCount(c), (i) => {
		if (c.id === PRO_CENTER && i === 1) return 620; // the busy shop: ~226,000 a year
		if (isDayCenter(c.id)) return dayKindOf(i) === 'closedForGood' ? 0 : 20 + ((i * 37) % 61); // 20..80
		if (i === 5) return 0; // the shop without tenant and without cash registers
		if (c.id === BIG_CENTER) return 850 + ((i * 83) % 400); // 850..1249 a day each
		if (c.id === SYNC_CENTER) return 5 + ((i * 7) % 10); // 5..14 a day: the bulk is issued live
		return 20 + ((i * 37) % 60);
	}),
);

export function centerById(id: string): CenterFixture | undefined {
	return CENTERS.find((c) => c.id === id);
}

export function shopsOfCenter(centerId: string): ShopFixture[] {
	return SHOPS.filter((s) => s.center_id === centerId);
}

export function shopById(centerId: string, shopId: string): ShopFixture | undefined {
	return SHOPS.find((s) => s.center_id === centerId && s.id === shopId);
}
