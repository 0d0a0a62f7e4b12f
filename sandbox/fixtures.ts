/**
 * The sandbox's fixed catalogue: centers, API keys and shops. Everything else (receipts, anomalies,
 * tickets, ...) is generated from the seed on top of this catalogue.
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { ApiKeyFixture, CenterFixture, ShopFixture } from './types';

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
	for (let i = 1; i <= count; i++) {
		const id = `${c.id}-${String(i).padStart(2, '0')}`;
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

const shopCount = (c: CenterFixture) =>
	c.id === SYNC_CENTER ? SYNC_SHOPS : c.id === PRO_CENTER || c.id === BIG_CENTER ? 12 : 10;

export const SHOPS: ShopFixture[] = CENTERS.flatMap((c) =>
	shopsOf(c, shopCount(c), (i) => {
		if (c.id === PRO_CENTER && i === 1) return 620; // the busy shop: ~226,000 a year
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
