'use strict';
/*
 * Receipts leg, step 1: the example activated in n8n (its table from the note, its two credentials,
 * a poll every 30 s with the Day Budget Share at 100 %); the first poll remembers what exists.
 */
const assert = require('node:assert/strict');
const { bindExample } = require('../../../../scripts/lib/examples');
const { PRO_CENTERS, ZONES, addDays, dayIn } = require('../poll-cost');
const { activateReplica } = require('../replica/setup');
const { ZONES: REPLICA_ZONES, BASIC } = require('../replica/truth');
const { setClock, visible, rememberUnread } = require('../leg');
const { receiptOrigins } = require('../durable');
const { TRIGGER, executions, firstPollShops, nextPoll } = require('../polls');
const { ddlOf, tableSums } = require('../warehouse');
const { createSandboxCredential } = require('../../lib/sandbox-credential');

// two once-a-minute poll times (seconds 0 and 30): a poll every 30 s (n8n refuses one sub-minute
// expression, not several; see test/e2e/parts/activation.js), with the trigger's Day Budget Share at
// 100 %: its even pace (50,000 a day: 17 requests in 30 s) then reads every shop of 1002 and 1004 at
// every poll, so each poll's requests can be held to the formula. At a poll every 10 s the share's pace
// (6 a poll) would read a few shops a poll, as it should (docs/trigger.md, "The day budget").
const POLL_EVERY_30_S = [0, 30].map((second) => ({
	mode: 'custom',
	cronExpression: `${second} * * * * *`,
}));

const title =
	'the example activated: its table from the note, credentials; the first poll remembers what exists (no execution)';

async function run(leg) {
	const { pg } = leg;
	const sb = leg.sb();
	const n8n = leg.n8n();
	pg.psql(ddlOf(leg.example));
	const sc = await createSandboxCredential(n8n, sb);
	const pgc = await n8n.api.createCredential({
		name: 'Postgres',
		type: 'postgres',
		data: pg.credential,
	});
	const bound = bindExample(leg.example, {
		credentials: { shoppingCenterApi: sc, postgres: pgc },
		patch: (node) => {
			if (node.name === TRIGGER) {
				node.parameters.pollTimes = { item: POLL_EVERY_30_S };
				node.parameters.dayBudgetShare = 100;
			}
		},
	});
	leg.wf = await n8n.api.importWorkflow(bound);
	if (leg.replica) {
		// activated first: its first poll emits every table (Emit Everything), in its own execution
		await activateReplica(leg, { ddlOf, pollTimes: POLL_EVERY_30_S, postgres: pgc });
		const at = Date.parse((await sb.control.clock()).now);
		const lastDay = (c, z) => (BASIC.has(c) ? addDays(dayIn(z, at), -1) : dayIn(z, at));
		const perCenter = (f) =>
			Object.fromEntries(Object.entries(REPLICA_ZONES).map(([c, z]) => [c, f(c, z)]));
		leg.replica.firstMonth = perCenter((c, z) => lastDay(c, z).slice(0, 7));
		// its receipts' first read: those received from today − Lookback on
		const lookback = leg.replica.node.lookbackDays;
		leg.replica.firstDay = perCenter((c, z) => addDays(dayIn(z, at), -lookback));
	}
	await setClock(leg);
	const mark = await sb.control.lastSeq();
	// nothing polled before the activation: the process's requests begin here
	leg.since = mark;
	const now = Date.parse((await sb.control.clock()).now);
	leg.firstDay = Object.fromEntries(PRO_CENTERS.map((c) => [c, dayIn(ZONES[c], now)]));
	leg.baseline = await visible(leg);
	await n8n.api.activate(leg.wf.id);
	await nextPoll(leg, mark);
	assert.deepEqual(await executions(leg), [], 'the first poll started the workflow');
	assert.deepEqual(tableSums(pg), [0, 0, 0]);
	const origins = receiptOrigins(leg.n8nDb, leg.wf.id, { durable: !!leg.durable, node: TRIGGER });
	const unread = await rememberUnread(leg, await firstPollShops(leg), origins);
	console.log(
		`       ${leg.baseline.ids.size} receipts existed (received since the day before; ${unread} of them received after the sandbox's clock, before the origin of a shop the first poll did not read; origins saved for ${Object.keys(origins).sort().join(', ') || 'no center'})`,
	);
	return true;
}

module.exports = { title, run, required: true };
