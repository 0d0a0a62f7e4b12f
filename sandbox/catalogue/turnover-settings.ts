/**
 * Turnover settings per shop: taken from the shop if set there (source "shop"), otherwise from the center
 * ("shopping_center"), otherwise the platform default ("default"). Shops cycle through the three sources
 * by their number: NN-01, -04, -07, -10 shop; -02, -05, -08, -11 shopping_center; -03, -06, -09, -12 default.
 */
import type { ShopFixture } from '../core/types';

export interface TurnoverSettings {
	source: 'shop' | 'shopping_center' | 'default';
	refund: boolean;
	vat: boolean;
	advanced: boolean;
	prepayment: boolean;
	provision: boolean;
	prepaid: boolean;
	credit: boolean;
	correction: boolean;
	max_refund_part_in_turnover: number;
	last_recalculation_date: string;
}

const DEFAULT: Omit<TurnoverSettings, 'source'> = {
	refund: true,
	vat: true,
	advanced: false,
	prepayment: false,
	provision: false,
	prepaid: false,
	credit: false,
	correction: false,
	max_refund_part_in_turnover: 100,
	last_recalculation_date: '2024-01-01',
};

function centerSettings(centerId: string): Omit<TurnoverSettings, 'source'> {
	const n = Number(centerId.slice(-1));
	return {
		refund: true,
		vat: n % 2 === 0,
		advanced: true,
		prepayment: true,
		provision: false,
		prepaid: n % 2 === 1,
		credit: true,
		correction: false,
		max_refund_part_in_turnover: 50,
		last_recalculation_date: `2025-0${1 + (n % 9)}-15`,
	};
}

function shopSettings(shop: ShopFixture, n: number): Omit<TurnoverSettings, 'source'> {
	return {
		refund: n % 2 === 0,
		vat: false,
		advanced: true,
		prepayment: n % 4 === 1,
		provision: true,
		prepaid: true,
		credit: false,
		correction: true,
		max_refund_part_in_turnover: 30 + ((n * 7) % 50),
		last_recalculation_date: `2025-${String(1 + (n % 12)).padStart(2, '0')}-0${1 + (Number(shop.center_id.slice(-1)) % 9)}`,
	};
}

export function turnoverSettingsOf(shop: ShopFixture): TurnoverSettings {
	const n = Number(shop.id.split('-')[1]);
	if (n % 3 === 1) return { source: 'shop', ...shopSettings(shop, n) };
	if (n % 3 === 2) return { source: 'shopping_center', ...centerSettings(shop.center_id) };
	return { source: 'default', ...DEFAULT };
}
