'use strict';
/*
 * Receipts leg, last step: after a last poll, the table equals the sandbox's true set (count, distinct
 * ids, Σ total_sum) less only the receipts n8n lost (named by the step before), with every late arrival
 * and some received after midnight of their day.
 */
const assert = require('node:assert/strict');
const { totalOf } = require('../durable');
const { truth } = require('../leg');
const { ZONES, addDays, dayIn } = require('../poll-cost');
const { roundTrip } = require('../polls');
const { crossingMidnight, tableIds, tableSums } = require('../warehouse');

const title =
	"the table equals the sandbox's true set: count, distinct ids, Σ total_sum; every late arrival in it";

async function run(leg) {
	await roundTrip(leg, 'last poll');
	const sb = leg.sb();
	const t = await truth(leg);
	const [count, distinct, sum] = tableSums(leg.pg);
	const ids = tableIds(leg.pg);
	assert.equal(distinct, count, 'a duplicate row');
	const now = Date.parse((await sb.control.clock()).now);
	// per center, its receipts received from the day before its first poll to its today (a later day
	// is refused: 422, as for a shop of 1002 when 1004's zone was a day ahead)
	const sumOf = async (some) => {
		let total = 0;
		for (const sc of new Set(some.map((id) => id.slice(0, 4)))) {
			const ofCenter = some.filter((id) => id.startsWith(`${sc}-`));
			total += await totalOf(sb, ofCenter, addDays(leg.firstDay[sc], -1), dayIn(ZONES[sc], now));
		}
		return total;
	};
	// the baseline's receipts the trigger may emit or not (leg.js rememberUnread): in the table, counted
	const either = [...leg.either].filter((id) => ids.has(id));
	for (const id of either) t.ids.add(id);
	t.sum += await sumOf(either);
	// the receipts n8n lost (named by the step before) are the only ones allowed to miss
	const lost = new Set(leg.lostByN8n);
	const lostSum = await sumOf(leg.lostByN8n);
	assert.deepEqual(
		[...t.ids].filter((id) => !ids.has(id) && !lost.has(id)),
		[],
	);
	assert.equal(
		count,
		t.ids.size - lost.size,
		`table ${count} rows, true set ${t.ids.size} less ${lost.size} lost by n8n`,
	);
	assert.equal(sum, t.sum - lostSum, 'Σ total_sum');
	assert.ok(
		leg.inserted.every((id) => ids.has(id) || lost.has(id)),
		'a late arrival is missing',
	);
	const crossing = crossingMidnight(leg.pg);
	assert.ok(crossing > 0, 'no late arrival across midnight in the table');
	console.log(
		`       ${count} rows = the true set${either.length ? ` (with ${either.length} of the ${leg.either.size} received between the frozen clock and the origin that the trigger emitted)` : ''}${lost.size ? ` less the ${lost.size} receipts n8n lost (Σ ${lostSum} kopecks; see the step before)` : ''} (Σ ${sum} kopecks); ${leg.inserted.length} inserted late arrivals, ${crossing} received after midnight of their day (1002); ${leg.polls} polls checked against the formula${leg.refusals ? `; ${leg.refusals} read(s) through a day the sandbox had not begun refused right after midnight, each center then read again through its day` : ''}`,
	);
	return true;
}

module.exports = { title, run };
