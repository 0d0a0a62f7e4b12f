'use strict';
/*
 * For the `2.41.1+durable` leg of `npm run e2e:receipts` (run.js, checks.js): the trigger's state as
 * n8n's durable poll cursors keep it — one `poller_state` row per trigger node in n8n's own database
 * (SQLite in the user folder, as the e2e part `durable` runs it), committed in the transaction that
 * creates the execution a poll starts — read back (with n8n's own Node and sqlite3 module, read-only)
 * to tell what the trigger handed over from what n8n lost; and, for every leg, the origin New
 * Receipt saved per center at its first poll (the poller_state row or the workflow's static data).
 */
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { installDir, layout } = require('../../../scripts/n8n/install');

const READ = `const [mod, file, sql] = process.argv.slice(1);
const sqlite3 = require(mod);
const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (e) => { if (e) { console.error(e.message); process.exit(2); } });
db.all(sql, (e, rows) => { if (e) { console.error(e.message); process.exit(3); } process.stdout.write(JSON.stringify(rows)); db.close(); });`;

/** Rows of a query in n8n's SQLite database of a user folder (read-only; n8n may be running). */
function n8nRows(n8nDb, sql) {
	const dir = installDir(n8nDb.version);
	const l = layout(dir, n8nDb.version);
	const mod = path.join(dir, 'node_modules', 'sqlite3');
	const file = path.join(n8nDb.userFolder, '.n8n', 'database.sqlite');
	const r = spawnSync(l.nodeBin, ['-e', READ, mod, file, sql], { encoding: 'utf8', cwd: dir });
	if (r.status !== 0) throw new Error(`reading ${file}: ${r.stderr || r.stdout}`);
	return JSON.parse(r.stdout);
}

const quote = (v) => `'${String(v).replace(/'/g, "''")}'`;

/** The trigger's poller_state rows, parsed, and their size in bytes as stored. */
function pollerCursors(n8nDb, workflowId) {
	const found = n8nRows(
		n8nDb,
		`SELECT "cursor" AS c FROM poller_state WHERE "workflowId" = ${quote(workflowId)}`,
	);
	const bytes = found.reduce((n, r) => n + String(r.c).length, 0);
	return { bytes, cursors: found.map((r) => (typeof r.c === 'string' ? JSON.parse(r.c) : r.c)) };
}

/** The trigger's committed cursor: the receipt ids per shop it remembers as emitted, and its size. */
function pollerState(n8nDb, workflowId) {
	const { bytes, cursors } = pollerCursors(n8nDb, workflowId);
	if (!cursors.length) return null;
	const ids = new Set();
	let event = null;
	for (const cursor of cursors) {
		event = cursor.event ?? event;
		for (const center of Object.values(cursor.centers || {}))
			for (const shop of Object.values(center.receipts?.shops || {}))
				for (const id of shop.ids || []) ids.add(id);
	}
	return { rows: cursors.length, event, ids, bytes };
}

/** The workflow's static data as n8n saved it in workflow_entity (durable cursors no longer write it). */
function staticDataOf(n8nDb, workflowId) {
	const [row] = n8nRows(
		n8nDb,
		`SELECT "staticData" AS s FROM workflow_entity WHERE id = ${quote(workflowId)}`,
	);
	return row && row.s ? String(row.s) : '';
}

/**
 * Σ total_sum of some receipts, read from the sandbox's API as any client would (their shops'
 * receipts received in [from, to]); throws when one of them is not there.
 */
async function totalOf(sb, ids, from, to) {
	const token = (await sb.control.call('POST', '/token', { client_id: sb.clientId })).access_token;
	const want = new Set(ids);
	let sum = 0;
	for (const shop of new Set(ids.map((id) => id.slice(0, 7)))) {
		for (let page = 1; ; page++) {
			const url = `${sb.baseUrl}/sc/${shop.slice(0, 4)}/shops/${shop}/receipts?start_received_date=${from}&end_received_date=${to}&per_page=1000&page=${page}`;
			const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
			if (!res.ok) throw new Error(`GET ${url} → ${res.status}`);
			const body = await res.json();
			for (const r of body.data) if (want.delete(r.id)) sum += r.total_sum;
			const p = body.meta?.pagination;
			if (!p || page * p.per_page >= p.total) break;
		}
	}
	if (want.size) throw new Error(`receipts not in the sandbox: ${[...want].slice(0, 5)}`);
	return sum;
}

/**
 * Per center, the origin of New Receipt's state (epoch ms: n8n's clock at the center's first poll) as
 * n8n saved it: the poller_state row (durable cursors) or the node's key in the static data.
 */
function receiptOrigins(n8nDb, workflowId, { durable, node }) {
	let states = [];
	if (durable) states = pollerCursors(n8nDb, workflowId).cursors;
	else {
		const saved = staticDataOf(n8nDb, workflowId);
		const state = saved && JSON.parse(saved)[`node:${node}`];
		if (state) states = [state];
	}
	const origins = {};
	for (const state of states)
		for (const [sc, center] of Object.entries(state.centers || {}))
			if (center.receipts && typeof center.receipts.origin === 'number')
				origins[sc] = center.receipts.origin;
	return origins;
}

module.exports = { pollerState, staticDataOf, totalOf, receiptOrigins };
