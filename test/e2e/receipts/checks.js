'use strict';
/*
 * The checks of `npm run e2e:receipts` (see run.js), one module a step (steps/*.js), each given the
 * leg's state (leg.js): the receipts example activated in n8n, polls with receipts arriving between
 * them, a SIGKILL during a poll and one during an execution, the table in PostgreSQL against the
 * sandbox's true set and each poll's requests against the stated formula (polls.js, poll-cost.js);
 * with the replica beside (replica/), its tables against the sandbox's truth (steps/replica.js).
 */
const { newLeg } = require('./leg');
const { ZONES } = require('./poll-cost');
const { title: REPLICA_TITLE } = require('./steps/replica');

const STEPS = ['activate', 'rounds', 'kill-poll', 'kill-execution', 'final', 'replica'].map(
	(name) => require(`./steps/${name}`),
);

/** ctx: see leg.js newLeg; step: the report's (a failed step returns undefined). */
async function run(ctx) {
	const leg = newLeg(ctx);
	// the replica's step only where the replica is beside (replica/setup.js)
	for (const s of STEPS.filter((x) => leg.replica || x.title !== REPLICA_TITLE)) {
		const title = typeof s.title === 'function' ? s.title(leg) : s.title;
		const ok = await ctx.step(title, () => s.run(leg));
		// without the workflow active the other steps have nothing to check
		if (!ok && s.required) return;
	}
}

module.exports = { run, ZONES };
