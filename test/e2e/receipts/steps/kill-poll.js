'use strict';
/*
 * Receipts leg, step 3: n8n SIGKILLed while a poll is under way (the sandbox's answers slowed down),
 * started again on the same folder: the killed poll wrote nothing; after the next poll (with the
 * replica beside, within 3 minutes more: two nodes share the pace) nothing is
 * missing (and the final step finds nothing twice). With the replica beside, the restart moves the
 * clocks on 4 h (n8n's, the sandbox's, the checks'): the directory's next read sees a shop opened and
 * one closed just before; and it comes right after the activation (checks.js), once a poll of the
 * replica's backfill (History From) has committed and before the backfill is done: the stretch starts
 * with the backfill killed mid-way (replica/backfill.js).
 */
const assert = require('node:assert/strict');
const { setClock, insertLate, truth } = require('../leg');
const { missingAfter, roundTrip, waitFor } = require('../polls');
const { tableSums } = require('../warehouse');
const { JUMP_MS, openAndClose } = require('../replica/setup');
const { readyToKill } = require('../replica/backfill');

const title =
	'SIGKILL while a poll is under way (answers slowed down), restart: nothing twice, nothing missing';

async function run(leg) {
	const sb = leg.sb();
	if (leg.replica) leg.replica.killedAt = await readyToKill(leg);
	await setClock(leg);
	await insertLate(leg);
	await sb.control.faults({ latencyMs: 400 });
	const mark = await sb.control.lastSeq();
	await waitFor(
		'a poll under way',
		async () =>
			(await sb.control.log({ since: mark })).filter((e) => e.route === 'receipts').length >= 2,
		90_000,
	);
	const before = tableSums(leg.pg)[0];
	// with the replica: the clocks moved on 4 h at the restart, a shop opened and one closed before it
	// (the directory is read every 4 hours)
	const ms = await leg.restart(leg.replica ? { jumpMs: JUMP_MS, before: openAndClose } : {});
	await sb.control.clearFaults();
	assert.equal(tableSums(leg.pg)[0], before, 'the killed poll wrote nothing');
	console.log(`       killed mid-poll; n8n up again in ${(ms / 1000).toFixed(1)} s`);
	if (leg.replica)
		console.log(`       the replica's backfill at the kill: ${leg.replica.killedAt}`);
	await roundTrip(leg, 'after the restart');
	const t = await truth(leg);
	// with the replica beside, the two nodes share the center's pace (half each: 17 a minute for New
	// Receipt's 24 reads at 30-s polls), so a shop's day-own receipt may wait a few polls (the shops
	// longest unread first); the late arrivals within three polls (assertWritten above)
	const { missing, ms: waited } = await missingAfter(leg, [...t.ids], leg.replica ? 180_000 : 0);
	assert.deepEqual(missing, [], `missing after the restart: ${missing.slice(0, 10)}`);
	if (waited > 1000)
		console.log(
			`       the last receipts of the restart's gap in the table after ${Math.round(waited / 1000)} s more`,
		);
	return true;
}

module.exports = { title, run };
