'use strict';
/*
 * The replica's truth for the six tables added after the first five (attendance, cash registers,
 * turnover settings, passes, anomalies, receipts), read through the sandbox's API at the end of a leg
 * as truth.js reads the others: per table its key and typed columns (the example's Postgres nodes'
 * mapping), and per center the rows each must hold (the trigger's window: the days it re-reads, the
 * watched days, every receipt received since its first read) and those it may hold besides.
 */
const { addDays, dayIn } = require('../poll-cost');
const { apiCall } = require('./setup');

const ADDED_TABLES = {
	sc_attendance: {
		key: ['sc_id', 'zone_id', 'date'],
		cols: { visitors_in: 'visitors_in', visitors_out: 'visitors_out' },
	},
	// a register's last document moves with every receipt it sends, and the trigger reads the registers
	// every 4 hours: held to at most the API's moment, every other field equal but the last shift's
	// opening, which the sandbox takes from the day's first receipt: a late arrival printed before it
	// moves it back, below what the last read held (a leg at 11:00 in 1002's zone), so it is not compared
	sc_cash_registers: {
		key: ['sc_id', 'shop_id', 'register_id'],
		cols: {
			model: 'model',
			fiscal_number: 'fiscal_number',
			connection_status: 'connection_status',
			last_document_datetime: 'last_document_datetime',
		},
		atMost: ['last_document_datetime'],
		unchecked: ['last_open_shift_datetime'],
	},
	sc_turnover_settings: { key: ['sc_id', 'shop_id'], cols: { source: 'source' } },
	sc_passes: {
		key: ['sc_id', 'pass_id'],
		cols: {
			status: 'status',
			pass_type: 'pass_type',
			valid_from: 'valid_from',
			valid_to: 'valid_to',
		},
	},
	sc_anomalies: {
		key: ['sc_id', 'anomaly_id'],
		cols: { shop_id: 'shop_id', level: 'level', status: 'status', created_at: 'created_at' },
	},
	sc_receipts: {
		key: ['sc_id', 'receipt_id'],
		cols: { shop_id: 'shop_id', received_datetime: 'received_datetime', total_sum: 'total_sum' },
	},
};

/** The `data` of a one-object answer (turnover settings); null when refused. */
async function getOne(leg, route) {
	const r = await apiCall(leg, 'GET', route);
	if (r.status === 402 || r.status === 404) return null;
	if (r.status !== 200) throw new Error(`GET ${route} → ${r.status} ${JSON.stringify(r.json)}`);
	return r.json.data;
}

/**
 * Fills `put` (truth.js centerTruth) with the six tables of center `sc`: c = { leg, sc, today, last,
 * zone, active (the shops listed now), held, put, listAll, heldFrom (the oldest day a table holds, by
 * a row's column or function), earliest }.
 */
async function addedTruth(c) {
	const { leg, sc, zone, today, last, active, held, put, listAll, heldFrom, earliest } = c;
	// attendance: the center (zone 0) and each counting zone, the days every read covers (the Lookback
	// days through the plan's last day); older days held
	const window = [addDays(today, -leg.replica.node.lookbackDays), addDays(last, -1)].sort()[0];
	const zones = [0, ...((await listAll(leg, `/sc/${sc}/traffic/zones`)) || []).map((z) => z.id)];
	const attFrom = earliest(window, heldFrom('sc_attendance', 'date'));
	for (const z of zones) {
		const scope = z === 0 ? { scope: 'sc' } : { scope: 'zone', zone_id: String(z) };
		const q = { start_date: attFrom, end_date: last, granularity: 'day', ...scope };
		for (const d of (await listAll(leg, `/sc/${sc}/traffic`, q)) || [])
			put('sc_attendance', d, [sc, z, d.date], d.date >= window);
	}
	// the shops' registers and settings (active shops); receipts received since the first day of the
	// replica's first read's period (its Lookback), older ones held
	const shops = new Set([...active, ...[...held.sc_receipts.values()].map((r) => r.shop_id)]);
	const firstDay = leg.replica.firstDay[sc];
	const receivedFrom = earliest(firstDay, heldFrom('sc_receipts', 'received_datetime'));
	for (const shop of shops) {
		const route = `/sc/${sc}/shops/${shop}`;
		if (active.has(shop)) {
			for (const k of (await listAll(leg, `${route}/kkts`)) || [])
				put('sc_cash_registers', k, [sc, shop, String(k.id)], true);
			const settings = await getOne(leg, `${route}/turnover/settings`);
			if (settings) put('sc_turnover_settings', settings, [sc, shop], true);
		}
		const q = { start_received_date: receivedFrom, end_received_date: today };
		// the export's rows name no shop: the trigger's record adds the shop it read (its route's)
		for (const r of (await listAll(leg, `${route}/receipts`, q, 1000)) || []) {
			const must = active.has(shop) && dayIn(zone, Date.parse(r.received_datetime)) >= firstDay;
			put('sc_receipts', { shop_id: shop, ...r }, [sc, String(r.id)], must);
		}
	}
	// passes by creation date, anomalies by their date: the watched days; older ones held
	const watched = addDays(today, -(leg.replica.node.listDays ?? 30));
	const passes = await listAll(leg, `/sc/${sc}/portal/passes`, {
		start_created_date: earliest(
			watched,
			heldFrom('sc_passes', (r) => r.data.created_at),
		),
		end_created_date: today,
	});
	for (const p of passes || [])
		put('sc_passes', p, [sc, String(p.id)], dayIn(zone, Date.parse(p.created_at)) >= watched);
	const anomalies = await listAll(leg, `/sc/${sc}/anomalies`, {
		start_date: earliest(
			watched,
			heldFrom('sc_anomalies', (r) => r.data.date),
		),
		end_date: today,
	});
	for (const a of anomalies || []) put('sc_anomalies', a, [sc, String(a.id)], a.date >= watched);
}

module.exports = { ADDED_TABLES, addedTruth };
