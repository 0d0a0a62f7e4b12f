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

/** The rows the replica holds for a center: { table: Map(key → row) }. */
function heldRows(pg, sc) {
	const held = {};
	for (const [table, { key }] of Object.entries(TABLES)) {
		const rows = JSON.parse(
			pg
				.psql(`SELECT coalesce(json_agg(t), '[]'::json) FROM ${table} t WHERE sc_id = '${sc}'`)
				.trim(),
		);
		held[table] = new Map(rows.map((r) => [JSON.stringify(key.map((k) => r[k])), r]));
	}
	return held;
}

/** Where a held row and the API's row differ ([] when equal). */
function columnsDiffer(table, held, api) {
	const out = [];
	const same = (a, b, col) =>
		col === 'created_at' ? Date.parse(a) === Date.parse(b) : canon(a) === canon(b);
	for (const [col, field] of Object.entries(TABLES[table].cols))
		if (!same(held[col], api[field], col))
			out.push(`${col}: ${canon(held[col])} ≠ API ${canon(api[field])}`);
	// a month's visitors are counted up to the hour in progress: they grow between the month's reads (a
	// day of it changed, or the night), so the row holds those of its last read, never more than now
	const [h, a] = [{ ...held.data }, { ...api }];
	if (table === 'sc_monthly') {
		if (!(h.visitors <= a.visitors)) out.push(`visitors ${h.visitors} > API ${a.visitors}`);
		delete h.visitors;
		delete a.visitors;
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
