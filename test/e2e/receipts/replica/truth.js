'use strict';
/*
 * The replica's truth, read through the sandbox's API as any client would (the checker's key,
 * setup.js) at the end of a leg: per center and table, the rows each replica table must hold, with
 * the column each of its typed columns takes from the API's row (the example's Postgres nodes'
 * mapping), and the rows the table may hold besides (days and tickets that left the trigger's window).
 */
const { addDays, dayIn } = require('../poll-cost');
const { apiCall } = require('./setup');

const ZONES = {
	1001: 'Europe/Moscow',
	1002: 'Asia/Yekaterinburg',
	1003: 'Europe/Kaliningrad',
	1004: 'Asia/Vladivostok',
};
/** Basic's freshest day is yesterday (the plan's rules): 1001 */
const BASIC = new Set(['1001']);

/** Per table: its key columns and each typed column from the API's row (`data` is the row). */
const TABLES = {
	sc_shops: {
		key: ['sc_id', 'shop_id'],
		cols: { name: 'name', external_id: 'external_id', is_archived: 'is_archived' },
	},
	sc_zones: { key: ['sc_id', 'zone_id'], cols: { title: 'title', shop_ids: 'shop_ids' } },
	sc_tickets: {
		key: ['sc_id', 'ticket_uid'],
		cols: { status: 'status', created_at: 'created_at' },
	},
	sc_daily_sales: {
		key: ['sc_id', 'shop_id', 'date'],
		cols: { receipts_count: 'receipts_count', income_sum: 'income_sum', refund_sum: 'refund_sum' },
	},
	sc_monthly: {
		key: ['sc_id', 'shop_id', 'month'],
		cols: { income_sum: 'income_sum', manual_turnover: 'manual_turnover', is_manual: 'is_manual' },
	},
};

/** Every row of a list route (its pages); null when the center refuses it (402, 404). */
async function listAll(leg, route, query = {}) {
	const rows = [];
	for (let page = 1; ; page++) {
		const qs = new URLSearchParams({ ...query, page: String(page), per_page: '100' });
		const r = await apiCall(leg, 'GET', `${route}?${qs}`);
		if (r.status === 402 || r.status === 404) return null;
		if (r.status !== 200)
			throw new Error(`GET ${route}?${qs} → ${r.status} ${JSON.stringify(r.json)}`);
		rows.push(...r.json.data);
		const p = r.json.meta?.pagination;
		if (!p || page * p.per_page >= p.total) return rows;
	}
}

const monthBefore = (month) => {
	const [y, m] = month.split('-').map(Number);
	const i = y * 12 + m - 2;
	return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};

/**
 * The truth of one center: { table: { must: Map(key → row), may: Map(key → row) } }, `must` the rows
 * the table must hold equal to the API's, `may` those it may hold (then equal to the API's too):
 * the daily rows of days before the trigger's window ([freshest day − 1, freshest day]), the tickets
 * created before its watched days; `table` the rows the replica holds for the center (by key).
 */
async function centerTruth(leg, sc, held) {
	const now = Date.parse((await leg.sb().control.clock()).now);
	const today = dayIn(ZONES[sc], now);
	const last = BASIC.has(sc) ? addDays(today, -1) : today;
	const truth = Object.fromEntries(
		Object.keys(TABLES).map((t) => [t, { must: new Map(), may: new Map() }]),
	);
	const shops = await listAll(leg, `/sc/${sc}/shops`);
	if (!shops) return truth; // a blocked center: nothing at all
	const put = (table, row, keyValues, must) =>
		truth[table][must ? 'must' : 'may'].set(JSON.stringify(keyValues), row);
	for (const s of shops) put('sc_shops', s, [sc, s.id], true);
	for (const z of (await listAll(leg, `/sc/${sc}/traffic/zones`)) || [])
		put('sc_zones', z, [sc, z.id], true);
	const watchedFrom = addDays(today, -(leg.replica.node.ticketDays ?? 30));
	const heldFrom = [...held.sc_tickets.values()].map((r) => r.created_at.slice(0, 10)).sort()[0];
	const tickets = await listAll(leg, `/sc/${sc}/portal/tickets`, {
		start_created_date: heldFrom && heldFrom < watchedFrom ? heldFrom : watchedFrom,
		end_created_date: today,
	});
	for (const t of tickets || [])
		put(
			'sc_tickets',
			t,
			[sc, String(t.ticket_uid)],
			dayIn(ZONES[sc], Date.parse(t.created_at)) >= watchedFrom,
		);
	// the shops listed now and those the tables still hold (a shop closed keeps its rows)
	const ids = new Set(shops.map((s) => String(s.id)));
	for (const t of ['sc_daily_sales', 'sc_monthly'])
		for (const r of held[t].values()) ids.add(r.shop_id);
	const active = new Set(shops.map((s) => String(s.id)));
	for (const shop of ids) {
		const heldDays = [...held.sc_daily_sales.values()]
			.filter((r) => r.shop_id === shop)
			.map((r) => r.date);
		const from = [addDays(last, -1), ...heldDays].sort()[0];
		const days = await listAll(leg, `/sc/${sc}/shops/${shop}/sales/daily`, {
			start_date: from,
			end_date: last,
		});
		for (const d of days || [])
			put('sc_daily_sales', d, [sc, shop, d.date], active.has(shop) && d.date >= addDays(last, -1));
		const heldMonths = [...held.sc_monthly.values()]
			.filter((r) => r.shop_id === shop)
			.map((r) => r.month);
		const first = [monthBefore(leg.replica.firstMonth[sc]), ...heldMonths].sort()[0];
		const months = await listAll(leg, `/sc/${sc}/shops/${shop}/sales/monthly`, {
			start_date: `${first}-01`,
			end_date: last,
		});
		for (const m of months || []) put('sc_monthly', m, [sc, shop, m.date], active.has(shop));
	}
	return truth;
}

module.exports = { TABLES, ZONES, BASIC, centerTruth };
