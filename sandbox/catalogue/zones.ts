/**
 * Counting zones per center (only centers with a counting system). Entrance zones add up to the center's
 * count; floor zones hold the shops of their floor; one service zone (tenant offices) exists internally
 * and is never returned. Shop NN-07 of every center lies in no zone (its attendance is an empty array).
 */
import { shopsOfCenter } from '../fixtures';
import type { CenterFixture } from '../core/types';

export interface ZoneFixture {
	id: number;
	title: string;
	description: string;
	traffic_type: string;
	shop_ids: string[];
	/** sandbox-only */
	hidden: boolean;
	entrance: boolean;
	/** share of the center's traffic passing this zone */
	share: number;
}

/** The shop of every center that lies in no counting zone. */
export const SHOP_OUTSIDE_ZONES_SUFFIX = '-07';

function floorOf(position: string): number {
	const m = /Floor (\d+)/.exec(position);
	return m ? Number(m[1]) : 1;
}

export function zonesOf(center: CenterFixture): ZoneFixture[] {
	if (!center.hasTraffic) return [];
	const base = Number(center.id) * 100;
	const shops = shopsOfCenter(center.id).filter((s) => !s.id.endsWith(SHOP_OUTSIDE_ZONES_SUFFIX));
	const onFloor = (n: number) =>
		shops.filter((s) => floorOf(s.position.name) === n).map((s) => s.id);
	return [
		{
			id: base + 1,
			title: 'Main entrance',
			description: 'Counters over the main doors',
			traffic_type: 'entrance',
			shop_ids: [],
			hidden: false,
			entrance: true,
			share: 0.62,
		},
		{
			id: base + 2,
			title: 'Parking entrance',
			description: 'Counters at the parking lifts',
			traffic_type: 'entrance',
			shop_ids: [],
			hidden: false,
			entrance: true,
			share: 0.38,
		},
		{
			id: base + 3,
			title: 'Floor 1',
			description: 'Gallery of the first floor',
			traffic_type: 'passage',
			shop_ids: onFloor(1),
			hidden: false,
			entrance: false,
			share: 0.55,
		},
		{
			id: base + 4,
			title: 'Floor 2',
			description: 'Gallery of the second floor',
			traffic_type: 'passage',
			shop_ids: onFloor(2),
			hidden: false,
			entrance: false,
			share: 0.4,
		},
		{
			id: base + 5,
			title: 'Floor 3',
			description: 'Gallery of the third floor',
			traffic_type: 'passage',
			shop_ids: onFloor(3),
			hidden: false,
			entrance: false,
			share: 0.25,
		},
		{
			id: base + 9,
			title: 'Tenant offices',
			description: 'Service zone of tenant offices',
			traffic_type: 'service',
			shop_ids: [],
			hidden: true,
			entrance: false,
			share: 0.03,
		},
	];
}

/** Zones the API returns (service zones excluded). */
export function visibleZonesOf(center: CenterFixture): ZoneFixture[] {
	return zonesOf(center).filter((z) => !z.hidden);
}

export function visibleZoneById(center: CenterFixture, zoneId: string): ZoneFixture | undefined {
	return visibleZonesOf(center).find((z) => String(z.id) === zoneId);
}
