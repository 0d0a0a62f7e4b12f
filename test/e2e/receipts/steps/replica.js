'use strict';
/*
 * Receipts leg, the replica's step (legs with the replica, replica/setup.js): once the trigger could
 * have seen the stretch's last change (compared again every 30 s until equal, at most MAX_WAIT_MS after
 * the last round), every table of examples/center-to-postgres.json equals the
 * sandbox's truth read through its API (replica/compare.js); no record emitted twice (an upsert of a
 * key with the content it last had); the Center Changes requests of each center day within the one
 * share of the center (both trigger nodes together); the backfill done (the last poll line), its
 * period in the tables (replica/truth.js); the requests per table printed (replica/requests.js).
 */
const assert = require('node:assert/strict');
const { isAlive, sleep } = require('../../../../scripts/lib/processes');
const { waitFor } = require('../polls');
const { BASIC } = require('../replica/truth');
const { latestNotes } = require('../replica/backfill');
const {
	centerRequests,
	requestsPerDay,
	requestsPerTable,
	tableLines,
} = require('../replica/requests');
const { compareReplica, canon } = require('../replica/compare');
const { retryCrashed } = require('./kill-execution');

const title =
	"the replica (center-to-postgres, activated beside): every table equals the sandbox's truth row by row, nothing twice, within the one share";

/** The replica's executions once none is running and the last began `quietMs` ago or more. */
async function settled(leg, quietMs) {
	const exs = (await leg.n8n().api.executions({ workflowId: leg.replica.wf.id, limit: 100 })) || [];
	if (exs.some((e) => ['running', 'new', 'waiting'].includes(e.status))) return null;
	const lastMs = Math.max(0, ...exs.map((e) => Date.parse(e.startedAt || e.createdAt) || 0));
	return Date.now() - lastMs >= quietMs ? exs : null;
}

/** The records each execution's trigger emitted, oldest execution first: per key, never its last content again. */
async function emittedTwice(leg, exs) {
	const last = new Map();
	const twice = [];
	let records = 0;
	for (const e of [...exs].sort((a, b) => Number(a.id) - Number(b.id))) {
		if (e.retryOf) continue;
		const ex = await leg.n8n().api.execution(e.id);
		const items = ex?.runData?.['Center changes']?.[0]?.data?.main?.[0] || [];
		for (const { json } of items) {
			records++;
			const key = `${json.table} ${canon(json.key)}`;
			const content = `${json.op} ${canon(json.row)}`;
			if (last.get(key) === content) twice.push(key);
			last.set(key, content);
		}
	}
	return { records, twice };
}

/**
 * For a failure message: the backfill's last notes, the replica's executions by status, and which of
 * them emitted the first missing row (none: the trigger never read it; some: the sink lost it).
 */
async function whyMissing(leg, problems) {
	const exs = (await leg.n8n().api.executions({ workflowId: leg.replica.wf.id, limit: 100 })) || [];
	const statuses = {};
	for (const e of exs) statuses[e.status] = (statuses[e.status] || 0) + 1;
	const first = problems.find((p) => p.endsWith(': missing'));
	let emitted = 'no row missing';
	if (first) {
		const m = /^sc_(\S+) (\[.*\]): missing$/.exec(first);
		const [table, values] = m ? [m[1], JSON.parse(m[2]).map(String)] : ['', []];
		const by = [];
		for (const e of exs) {
			const ex = await leg.n8n().api.execution(e.id);
			const items = ex?.runData?.['Center changes']?.[0]?.data?.main?.[0] || [];
			const has = items.some(
				({ json }) =>
					json.table === table && Object.values(json.key).every((v) => values.includes(String(v))),
			);
			if (has) by.push(`${e.id} (${e.status})`);
		}
		emitted = `${first} emitted by ${by.length ? by.join(', ') : 'no execution'}`;
	}
	return `; the backfill's last notes ${JSON.stringify(latestNotes(leg))}; executions ${JSON.stringify(statuses)}; ${emitted}`;
}

/** How long the tables may take to equal the truth after the last round. */
const MAX_WAIT_MS = 360_000;

/** The differences counted by table, center and kind. */
function summary(problems) {
	const n = {};
	for (const p of problems) {
		const k = p.replace(/^(\S+) \["(\d+)".*?\]: (\w+).*$/, '$1 $2 $3');
		n[k] = (n[k] || 0) + 1;
	}
	return JSON.stringify(n);
}

/** A failed read of the truth: the sandbox's last output lines with the error (is it still there?). */
function sandboxGone(leg, error) {
	const sb = leg.sb();
	const alive = isAlive(sb.pid);
	const tail = String(sb.output?.() ?? '')
		.split('\n')
		.slice(-15)
		.join('\n');
	error.message += ` (the sandbox, pid ${sb.pid}, ${alive ? 'alive' : 'GONE'}; its last output:\n${tail})`;
	throw error;
}

/**
 * One comparison; a truth read that failed in transport (the sandbox still there: a socket the
 * loaded machine's server closed) is a difference of this comparison, compared again in 30 s.
 */
async function compareOnce(leg) {
	try {
		return await compareReplica(leg);
	} catch (e) {
		if (!isAlive(leg.sb().pid) || e.message !== 'fetch failed') sandboxGone(leg, e);
		const why = `${e.message} (${e.cause?.code ?? e.cause?.message ?? 'no cause'})`;
		return { problems: [`the truth read failed: ${why}`], counts: {} };
	}
}

async function run(leg) {
	// the last change is the last round's: the trigger sees it within its bound (1 min) and a poll, the
	// monthly rows a bound after the day that changed them, later when the share binds (the lag grows)
	const crashed = await retryCrashed(leg);
	if (crashed.length)
		console.log(
			`       the replica's executions crashed by a SIGKILL, retried: ${crashed.join(', ')}`,
		);
	const t0 = Date.now();
	let cmp = await compareOnce(leg);
	while (cmp.problems.length && Date.now() - t0 < MAX_WAIT_MS) {
		const at = Math.round((Date.now() - t0) / 1000);
		console.log(`       ${at} s: ${cmp.problems.length} differences ${summary(cmp.problems)}`);
		await sleep(30_000);
		cmp = await compareOnce(leg);
	}
	const waited = Math.round((Date.now() - t0) / 1000);
	assert.deepEqual(
		cmp.problems.slice(0, 15),
		[],
		`${cmp.problems.length} differences after ${waited} s: ${summary(cmp.problems)}${cmp.problems.length ? await whyMissing(leg, cmp.problems) : ''}`,
	);
	const notes = latestNotes(leg);
	assert.ok(
		Object.keys(notes).length && Object.values(notes).every((n) => / done$/.test(n)),
		`the backfill not done: ${JSON.stringify(notes)}`,
	);
	const exs = await waitFor('the replica executions ended', () => settled(leg, 0), 60_000, 1000);
	const twice = await emittedTwice(leg, exs);
	assert.deepEqual(twice.twice.slice(0, 10), [], 'records emitted twice');
	const requests = await centerRequests(leg);
	const perDay = requestsPerDay(leg, requests);
	for (const [k, n] of Object.entries(perDay)) {
		const limit = BASIC.has(k.slice(0, 4)) ? 5000 : 50_000;
		assert.ok(
			n.both <= (limit * leg.replica.node.dayBudgetShare) / 100,
			`${k}: ${n.both} requests`,
		);
	}
	console.log(
		`       equal after ${waited} s; stretch: ${leg.replica.events.join('; ')}\n` +
			`       rows compared: ${Object.entries(cmp.counts)
				.map(([t, n]) => `${t} ${n}`)
				.join(', ')}\n` +
			`       ${exs.length} executions, ${twice.records} records, none twice; Center Changes requests per center day: ${Object.entries(
				perDay,
			)
				.map(([k, n]) => `${k} ${n.replica} (both nodes ${n.both})`)
				.join(', ')}\n` +
			`       the backfill from ${leg.replica.historyFrom}, killed mid-way (${leg.replica.killedAt}); done: ${JSON.stringify(notes)}\n` +
			`       the replica's requests per table (units' reads + the backfill's pages):\n` +
			tableLines(requestsPerTable(requests))
				.map((l) => `         ${l}`)
				.join('\n'),
	);
	return true;
}

module.exports = { title, run };
