'use strict';
/*
 * The replica's tables against the sandbox's truth (truth.js), row by row and column by column: the
 * key sets (every row the truth says must be there is; every row held is in the truth) and, per row,
 * each typed column and `data` (the API's whole row) equal to the API's.
 */
const { CENTERS } = require('./setup');
const { TABLES, centerTruth } = require('./truth');

/** JSON with object keys sorted (jsonb keeps its own key order). */
const canon = (v) =>
	v && typeof v === 'object'
		? Array.isArray(v)
			? `[${v.map(canon).join(',')}]`
			: `{${Object.keys(v)
					.sort()
					.map((k) => `${JSON.stringify(k)}:${canon(v[k])}`)
					.join(',')}}`
		: JSON.stringify(v ?? null);

/** Rows a psql call reads (its output stays under the 1 MB a child's output may take). */
const CHUNK = 250;

/** The rows the replica holds for a center: { table: Map(key → row) }. */
function heldRows(pg, sc) {
	const held = {};
	for (const [table, { key }] of Object.entries(TABLES)) {
		held[table] = new Map();
		for (let offset = 0; ; offset += CHUNK) {
			const rows = JSON.parse(
				pg
					.psql(
						`SELECT coalesce(json_agg(t), '[]'::json) FROM (SELECT * FROM ${table} WHERE sc_id = '${sc}' ORDER BY ${key.join(', ')} LIMIT ${CHUNK} OFFSET ${offset}) t`,
					)
					.trim(),
			);
			for (const r of rows) held[table].set(JSON.stringify(key.map((k) => r[k])), r);
			if (rows.length < CHUNK) break;
		}
	}
	return held;
}

/** A moment (ISO text, any offset) or a number, for an order. */
const valueOf = (v) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : v);
/** The typed columns PostgreSQL holds as timestamptz: the same moment as the API's text. */
const MOMENTS = new Set([
	'created_at',
	'valid_from',
	'valid_to',
	'last_document_datetime',
	'received_datetime',
]);

/**
 * Where a held row and the API's row differ ([] when equal). A field of the table's `atMost`
 * (truth.js) moves between the trigger's reads (a month's visitors are counted up to the hour in
 * progress, a register's last document moves with every receipt): the row holds that of its last read,
 * never more than the API's now; its typed column likewise. A field of its `unchecked` is left out.
 */
function columnsDiffer(table, held, api) {
	const out = [];
	const atMost = new Set(TABLES[table].atMost ?? []);
	const same = (a, b, col) =>
		MOMENTS.has(col) ? a === b || Date.parse(a) === Date.parse(b) : canon(a) === canon(b);
	const notAfter = (a, b) => a === b || valueOf(a) <= valueOf(b);
	for (const [col, field] of Object.entries(TABLES[table].cols))
		if (atMost.has(field) ? !notAfter(held[col], api[field]) : !same(held[col], api[field], col))
			out.push(`${col}: ${canon(held[col])} ≠ API ${canon(api[field])}`);
	const [h, a] = [{ ...held.data }, { ...api }];
	// a field the table's `unchecked` names is not compared (truth-added.js says why)
	for (const field of TABLES[table].unchecked ?? []) {
		delete h[field];
		delete a[field];
	}
	for (const field of atMost) {
		if (!notAfter(h[field], a[field])) out.push(`${field} ${h[field]} > API ${a[field]}`);
		delete h[field];
		delete a[field];
	}
	if (canon(h) !== canon(a)) {
		const keys = [...new Set([...Object.keys(h), ...Object.keys(a)])];
		const differ = keys.filter((k) => canon(h[k]) !== canon(a[k]));
		out.push(
			`data ≠ the API's row in ${differ
				.map((k) => `${k} ${canon(h[k])} ≠ ${canon(a[k])}`)
				.join(', ')
				.slice(0, 300)}`,
		);
	}
	return out;
}

/**
 * Every table of every center against the truth: { problems: [text], counts: { table: compared } }.
 */
async function compareReplica(leg) {
	const problems = [];
	const counts = Object.fromEntries(Object.keys(TABLES).map((t) => [t, 0]));
	for (const sc of CENTERS) {
		const held = heldRows(leg.pg, sc);
		const truth = await centerTruth(leg, sc, held);
		for (const table of Object.keys(TABLES)) {
			const { must, may } = truth[table];
			for (const [key] of must)
				if (!held[table].has(key)) problems.push(`${table} ${key}: missing`);
			for (const [key, row] of held[table]) {
				const api = must.get(key) ?? may.get(key);
				if (!api) {
					problems.push(`${table} ${key}: not in the sandbox's truth`);
					continue;
				}
				counts[table]++;
				for (const d of columnsDiffer(table, row, api)) problems.push(`${table} ${key}: ${d}`);
			}
		}
	}
	return { problems, counts };
}

module.exports = { compareReplica, canon };
