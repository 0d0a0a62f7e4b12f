'use strict';
/*
 * Receipts leg, step 2: rounds of late arrivals and a poll each, every poll held to the formula; on
 * the durable leg, the trigger's state is n8n's poller_state row and holds every receipt written.
 */
const assert = require('node:assert/strict');
const { pollerState, staticDataOf } = require('../durable');
const { roundTrip } = require('../polls');

const title = (leg) =>
	`${leg.rounds} polls with receipts arriving between them: each poll's requests = Σ ⌈received in the re-read period / 1000⌉`;

async function run(leg) {
	for (let i = 0; i < leg.rounds; i++) await roundTrip(leg, `poll ${i + 1}`);
	if (!leg.durable) return true;
	// the durable cursors are really on: the trigger's state is n8n's poller_state row
	const ps = pollerState(leg.durable, leg.wf.id);
	assert.ok(
		ps && ps.rows === 1 && ps.event === 'newReceipt',
		`no poller_state row of the trigger (durable cursors off?): ${JSON.stringify(ps && { rows: ps.rows, event: ps.event })}`,
	);
	const absent = leg.inserted.filter((id) => !ps.ids.has(id));
	assert.deepEqual(absent, [], 'receipts written but not in the committed cursor');
	const sd = staticDataOf(leg.durable, leg.wf.id);
	console.log(
		`       durable cursors: the trigger's state is its poller_state row (${ps.ids.size} ids, ${ps.bytes} bytes); workflow_entity.staticData: ${sd && sd !== '{}' ? `${sd.length} chars` : 'empty'}`,
	);
	return true;
}

module.exports = { title, run };
