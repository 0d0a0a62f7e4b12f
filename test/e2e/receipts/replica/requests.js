'use strict';
/*
 * The replica's requests in the sandbox's log (its own key, setup.js): per center and center day with
 * both nodes' (the one share, steps/replica.js), and per center and table, the units' reads apart from
 * the backfill's pages (a page ends before the center's day: the units' reads end on it), printed
 * beside docs/replica.md's "A center's day in numbers".
 */
const { dayIn } = require('../poll-cost');
const { REPLICA_KEY } = require('./setup');
const { ZONES } = require('./truth');

/** The sandbox's route names → the trigger's tables (`centers`: the center list every event reads). */
const ROUTE_TABLES = {
	shops: 'shops',
	'sales.daily': 'daily_sales',
	'sales.monthly': 'monthly',
	zones: 'zones',
	tickets: 'tickets',
	'attendance.read': 'attendance',
	kkts: 'cash_registers',
	'turnover.settings': 'turnover_settings',
	passes: 'passes',
	anomalies: 'anomalies',
	receipts: 'receipts',
};

/**
 * docs/replica.md's day of center 1002 (polls every 5 minutes, the 60-minute bound; measured for the
 * first five by test/nodes/trigger/center-changes-day.test.ts, estimated for the others), per table.
 */
const DOCS_DAY_1002 = {
	daily_sales: 268,
	monthly: 174,
	shops: 6,
	tickets: 91,
	zones: 6,
	attendance: '≈150',
	'cash_registers + turnover_settings': '≈130',
	receipts: '≈900',
};

/** The sandbox's log, its requests of the replica's centers ({ e, sc, day }), tokens left out. */
async function centerRequests(leg) {
	const log = await leg.sb().control.log({ since: 0 });
	return log
		.filter((e) => ZONES[e.sc_id] && e.route !== 'token')
		.map((e) => ({ e, sc: e.sc_id, day: dayIn(ZONES[e.sc_id], Date.parse(e.clock)) }));
}

/** Per center and center day: the replica's requests and both nodes'. */
function requestsPerDay(leg, requests) {
	const out = {};
	for (const { e, sc, day } of requests) {
		const k = `${sc} ${day}`;
		out[k] ??= { replica: 0, both: 0 };
		if (e.client_id === REPLICA_KEY.clientId) out[k].replica++;
		if (e.client_id === REPLICA_KEY.clientId || e.client_id === leg.sb().clientId) out[k].both++;
	}
	return out;
}

/** Per center and table: the replica's requests, the units' reads and the backfill's pages. */
function requestsPerTable(requests) {
	const out = {};
	for (const { e, sc, day } of requests) {
		if (e.client_id !== REPLICA_KEY.clientId) continue;
		const table = ROUTE_TABLES[e.route] ?? e.route;
		const q = e.query || {};
		const end = q.end_date ?? q.end_created_date;
		const kind = end && end < day ? 'history' : 'units';
		out[sc] ??= {};
		out[sc][table] ??= { units: 0, history: 0 };
		out[sc][table][kind]++;
	}
	return out;
}

/** The per-table lines printed by the replica's step. */
function tableLines(perTable) {
	const lines = Object.entries(perTable).map(
		([sc, tables]) =>
			`${sc}: ${Object.entries(tables)
				.map(([t, n]) => `${t} ${n.units}${n.history ? ` + ${n.history} history` : ''}`)
				.join(', ')}`,
	);
	const docs = Object.entries(DOCS_DAY_1002)
		.map(([t, n]) => `${t} ${n}`)
		.join(', ');
	return [...lines, `docs/replica.md, 1002's day (5-min polls, 60-min bound): ${docs}`];
}

module.exports = { centerRequests, requestsPerDay, requestsPerTable, tableLines };
