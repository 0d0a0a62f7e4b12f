'use strict';
/*
 * The receipts e2e's PostgreSQL side (the example's table `receipts`): its DDL from the example's
 * note, what the table holds, and another session that locks it (so that an execution's upsert waits).
 */
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const path = require('node:path');
const { waitUntil } = require('../../../scripts/lib/processes');

/** The ```sql block of the example's sticky note: the table the workflow writes. */
function ddlOf(workflow) {
	const note = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.stickyNote').parameters
		.content;
	const m = /```sql\n([\s\S]*?)\n```/.exec(note);
	assert.ok(m, "the example's note holds no ```sql block");
	return m[1];
}

/** [rows, distinct ids, Σ total_sum] of the table. */
const tableSums = (pg) =>
	pg
		.psql('SELECT count(*), count(DISTINCT id), coalesce(sum(total_sum), 0) FROM receipts')
		.trim()
		.split('|')
		.map(Number);

/** The ids in the table. */
const tableIds = (pg) =>
	new Set(pg.psql('SELECT id FROM receipts').trim().split('\n').filter(Boolean));

/** Rows of center 1002 received on a later day (in its zone) than they were printed, 3 h or more late. */
const crossingMidnight = (pg) =>
	Number(
		pg
			.psql(
				`SELECT count(*) FROM receipts WHERE received_datetime - created_datetime > interval '3 hours' AND (received_datetime AT TIME ZONE 'Asia/Yekaterinburg')::date > (created_datetime AT TIME ZONE 'Asia/Yekaterinburg')::date AND sc_id = '1002'`,
			)
			.trim(),
	);

/** Another session that holds an exclusive lock on the table until release(). */
async function holdTable(pg, name) {
	const psql = path.join('/usr/lib/postgresql', pg.version, 'bin', 'psql');
	const child = spawn(
		psql,
		['-h', pg.host, '-p', String(pg.port), '-U', pg.user, '-d', pg.database, '-X', '-q'],
		{
			env: { ...process.env, PGPASSWORD: pg.password },
			stdio: ['pipe', 'pipe', 'pipe'],
		},
	);
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stdin.write(`BEGIN; LOCK TABLE ${name} IN ACCESS EXCLUSIVE MODE; SELECT 'locked';\n`);
	await waitUntil(async () => out.includes('locked'), {
		what: 'the lock',
		timeoutMs: 10_000,
		everyMs: 100,
	});
	return {
		async release() {
			child.stdin.end('COMMIT;\n');
			await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
		},
	};
}

module.exports = { ddlOf, tableSums, tableIds, crossingMidnight, holdTable };
