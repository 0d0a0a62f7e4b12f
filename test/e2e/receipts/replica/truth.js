'use strict';
/*
 * The replica's truth, read through the sandbox's API as any client would (the checker's key,
 * setup.js) at the end of a leg: per center and table, the rows each replica table must hold, with
 * the column each of its typed columns takes from the API's row (the example's Postgres nodes'
 * mapping), and the rows the table may hold besides (days and tickets that left the trigger's window).
 */
const { addDays, dayIn } = require('../poll-cost');
const { apiCall, transient } = require('./setup');
const { ADDED_TABLES, addedTruth } = require('./truth-added');

const ZONES = {
	1001: 'Europe/Moscow',
	1002: 'Asia/Yekaterinburg',
	1003: 'Europe/Kaliningrad',
	1004: 'Asia/Vladivostok',
};
/** Basic's freshest day is yesterday (the plan's rules): 1001 */
const BASIC = new Set(['1001']);

/**
 * Per table: its key columns, each typed column from the API's row (`data` is the row), and the fields
 * held to at most the API's value (`atMost`: they move between the trigger's reads; compare.js).
 */
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
		atMost: ['visitors'],
	},
	...ADDED_TABLES,
};

/** Every row of a list route (its pages); null when the center refuses it (402, 404). */
async function listAll(leg, route, query = {}, perPage = 100) {
	const rows = [];
	for (let page = 1; ; page++) {
		const qs = new URLSearchParams({ ...query, page: String(page), per_page: String(perPage) });
		const r = await apiCall(leg, 'GET', `${route}?${qs}`);
		if (r.status === 402 || r.status === 404) return null;
		if (r.status !== 200)
			throw new Error(`GET ${route}?${qs} → ${r.status} ${JSON.stringify(r.json)}`);
		rows.push(...r.json.data);
		const p = r.json.meta?.pagination;
		if (!p || page * p.per_page >= p.total) return rows;
	}
}

/** A shop's daily rows from..to, 366 days a request (the PRO period), 366 rows a page. */
async function dailyRows(leg, route, from, to) {
	const rows = [];
	for (let start = from; start <= to; start = addDays(start, 366)) {
		const end = [addDays(start, 365), to].sort()[0];
		rows.push(...((await listAll(leg, route, { start_date: start, end_date: end }, 366)) || []));
	}
	return rows;
}

/** A shop's monthly rows of the months from `first` (YYYY-MM) through the day `to`, 12 a request. */
async function monthlyRows(leg, route, first, to) {
	const rows = [];
	for (let m = first; m <= to.slice(0, 7); m = monthAfter(m, 12)) {
		const end = [addDays(`${monthAfter(m, 12)}-01`, -1), to].sort()[0];
		rows.push(...((await listAll(leg, route, { start_date: `${m}-01`, end_date: end })) || []));
	}
	return rows;
}

/** The month (YYYY-MM) `n` months after `month` (negative: before). */
const monthAfter = (month, n) => {
	const [y, m] = month.split('-').map(Number);
	const i = y * 12 + m - 1 + n;
	return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};

/**
 * The truth of one center: { table: { must: Map(key → row), may: Map(key → row) } }, `must` the rows
 * the table must hold equal to the API's, `may` those it may hold (then equal to the API's too): the
 * daily rows of days before the trigger's window ([freshest day − 1, freshest day]) and the tickets
 * created before its watched days, unless History From (leg.replica.historyFrom) backfilled them: then
 * every day, month and ticket from that date on must be there; the rows of a shop gone from the
 * directory (a shop closed keeps its rows: its history stops when it leaves); `held` the rows the
 * replica holds for the center (by key). The six tables added later: truth-added.js.
 */
async function centerTruth(leg, sc, held) {
	const now = Date.parse((await transient(() => leg.sb().control.clock())).now);
	const today = dayIn(ZONES[sc], now);
	const last = BASIC.has(sc) ? addDays(today, -1) : today;
	const history = leg.replica.historyFrom;
	const truth = Object.fromEntries(
		Object.keys(TABLES).map((t) => [t, { must: new Map(), may: new Map() }]),
	);
	const shops = await listAll(leg, `/sc/${sc}/shops`);
	if (!shops) return truth; // a blocked center: nothing at all
	const put = (table, row, keyValues, must) =>
		truth[table][must ? 'must' : 'may'].set(JSON.stringify(keyValues), row);
	const heldFrom = (table, col) =>
		[...held[table].values()]
			.map((r) => String(typeof col === 'function' ? col(r) : r[col]).slice(0, 10))
			.sort()[0];
	/** the first day of a window: the trigger's, History From's if earlier, the oldest row held */
	const earliest = (...days) => days.filter(Boolean).sort()[0];
	for (const s of shops) put('sc_shops', s, [sc, s.id], true);
	for (const z of (await listAll(leg, `/sc/${sc}/traffic/zones`)) || [])
		put('sc_zones', z, [sc, z.id], true);
	const watchedFrom = earliest(addDays(today, -(leg.replica.node.ticketDays ?? 30)), history);
	const tickets = await listAll(leg, `/sc/${sc}/portal/tickets`, {
		start_created_date: earliest(watchedFrom, heldFrom('sc_tickets', 'created_at')),
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
	const mustFrom = earliest(addDays(last, -1), history);
	const firstMonth = earliest(monthAfter(leg.replica.firstMonth[sc], -1), history?.slice(0, 7));
	/** the oldest day (or month) a shop's rows of `table` hold */
	const shopFrom = (table, shop, col) =>
		[...held[table].values()]
			.filter((r) => r.shop_id === shop)
			.map((r) => r[col])
			.sort()[0];
	for (const shop of ids) {
		const route = `/sc/${sc}/shops/${shop}/sales`;
		const dayFrom = earliest(mustFrom, shopFrom('sc_daily_sales', shop, 'date'));
		for (const d of await dailyRows(leg, `${route}/daily`, dayFrom, last))
			put('sc_daily_sales', d, [sc, shop, d.date], active.has(shop) && d.date >= mustFrom);
		const monthFrom = earliest(firstMonth, shopFrom('sc_monthly', shop, 'month'));
		for (const m of await monthlyRows(leg, `${route}/monthly`, monthFrom, last))
			put('sc_monthly', m, [sc, shop, m.date], active.has(shop));
	}
	await addedTruth({
		leg,
		sc,
		zone: ZONES[sc],
		today,
		last,
		active,
		held,
		put,
		listAll,
		heldFrom,
		earliest,
	});
	return truth;
}

module.exports = { TABLES, ZONES, BASIC, centerTruth };
