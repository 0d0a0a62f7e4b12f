'use strict';
/*
 * For the `2.41.1+durable` leg of `npm run e2e:receipts` (run.js, checks.js): the trigger's state as
 * n8n's durable poll cursors keep it — one `poller_state` row per trigger node, in n8n's own database
 * (database `n8n` on the leg's PostgreSQL server), committed in the transaction that creates the execution a
 * poll starts — read back to tell what the trigger handed over from what n8n lost.
 */
const path = require('node:path');
const { spawnSync } = require('node:child_process');

/** A query in n8n's own database (`n8n`, beside the warehouse on the leg's PostgreSQL server). */
function n8nSql(pg, sql) {
	const psql = path.join('/usr/lib/postgresql', pg.version, 'bin', 'psql');
	const r = spawnSync(
		psql,
		['-h', pg.host, '-p', String(pg.port), '-U', pg.user, '-d', 'n8n', '-XAtqc', sql],
		{ env: { ...process.env, PGPASSWORD: pg.password }, encoding: 'utf8' },
	);
	if (r.status !== 0) throw new Error(`psql -d n8n: ${r.stderr || r.stdout}`);
	return r.stdout;
}

/** The trigger's committed cursor: the receipt ids per shop it remembers as emitted, and its size. */
function pollerState(pg, workflowId) {
	const out = n8nSql(
		pg,
		`SELECT "cursor"::text FROM poller_state WHERE "workflowId" = '${String(workflowId).replace(/'/g, "''")}'`,
	).trim();
	if (!out) return null;
	const rows = out.split('\n').map((l) => JSON.parse(l));
	const ids = new Set();
	let event = null;
	for (const cursor of rows) {
		event = cursor.event ?? event;
		for (const center of Object.values(cursor.centers || {}))
			for (const shop of Object.values(center.receipts?.shops || {}))
				for (const id of shop.ids || []) ids.add(id);
	}
	return { rows: rows.length, event, ids, bytes: out.length };
}

/** The workflow's static data as n8n saved it in workflow_entity (durable cursors no longer write it). */
function staticDataOf(pg, workflowId) {
	return n8nSql(
		pg,
		`SELECT coalesce("staticData"::text, '') FROM workflow_entity WHERE id = '${String(workflowId).replace(/'/g, "''")}'`,
	).trim();
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

module.exports = { pollerState, staticDataOf, totalOf };
