/**
 * Directory routes: centers, shops, counting zones, cash registers, turnover settings.
 */
import { visibleZonesOf } from '../fixtures/zones';
import { kktsOfShop } from '../fixtures/kkts';
import { turnoverSettingsOf } from '../fixtures/turnover-settings';
import { centerById, shopById, shopsOfCenter } from '../fixtures/centers';
import { LIMITS, paginate, parseBoolean, parsePage } from '../core/rules';
import { ApiError, type CenterFixture, type RouteName, type ShopFixture } from '../core/types';
import type { Handler, RequestContext } from './context';
import { notFound } from './fields';
import { kktActivityReader } from './kkt-activity';

/** The API's Center object: sandbox-only facts (plan, blocked, hasTraffic) stripped. */
export function publicCenter(c: CenterFixture) {
	// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the named fields are left out of the rest
	const { plan: _p, blocked: _b, hasTraffic: _t, ...api } = c;
	return { ...api, city: { ...c.city } };
}

export function publicShop(s: ShopFixture) {
	return {
		id: s.id,
		name: s.name,
		external_id: s.external_id,
		is_archived: s.is_archived,
		position: { ...s.position },
		renter: s.renter ? { ...s.renter } : null,
	};
}

/** The shop of the path, or 404 not_found (field shop_id) when it is not a shop of this center. */
export function shopOfPath(ctx: RequestContext): ShopFixture {
	const shop = shopById(ctx.center.id, ctx.params.shop_id);
	if (!shop) throw notFound('shop_id', `Shop ${ctx.params.shop_id} is not found in this center.`);
	return shop;
}

export function trafficNotConfigured(center: CenterFixture): ApiError {
	return new ApiError(
		404,
		'traffic_not_configured',
		`No counting system is configured in center ${center.id}.`,
		{ sc_id: center.id },
	);
}

const centers: Handler = (ctx) => ({
	data: ctx.key.centers
		.map((id) => centerById(id))
		.filter((c): c is CenterFixture => c !== undefined)
		.map(publicCenter),
});

const shops: Handler = (ctx) => {
	const page = parsePage(ctx.query, LIMITS.shopsPerPage);
	const withArchived = parseBoolean(ctx.query, 'archived');
	const rows = shopsOfCenter(ctx.center.id)
		.map((s) => ctx.store.shopAsNow(s))
		.filter((s) => withArchived || !s.is_archived);
	const { data, pagination } = paginate(rows.map(publicShop), page);
	return { data, meta: { pagination } };
};

const zones: Handler = (ctx) => {
	if (!ctx.center.hasTraffic) throw trafficNotConfigured(ctx.center);
	return {
		data: visibleZonesOf(ctx.center).map((z) => ({
			id: z.id,
			title: z.title,
			description: z.description,
			traffic_type: z.traffic_type,
			shop_ids: [...z.shop_ids],
		})),
	};
};

const kkts: Handler = (ctx) => {
	const shop = shopOfPath(ctx);
	const withArchived = parseBoolean(ctx.query, 'archived');
	const zone = ctx.center.time_zone;
	const rows = kktsOfShop(
		shop,
		zone,
		ctx.now,
		kktActivityReader(ctx.store, shop, zone, ctx.now),
	).filter((k) => withArchived || !k.is_archived);
	return { data: rows, meta: { time_zone: ctx.center.time_zone } };
};

const turnoverSettings: Handler = (ctx) => ({ data: turnoverSettingsOf(shopOfPath(ctx)) });

export const handlers: Partial<Record<RouteName, Handler>> = {
	centers,
	shops,
	zones,
	kkts,
	'turnover.settings': turnoverSettings,
};
