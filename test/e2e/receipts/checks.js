'use strict';
/*
 * The checks of `npm run e2e:receipts` (see run.js), one module a step (steps/*.js), each given the
 * leg's state (leg.js): the receipts example activated in n8n, polls with receipts arriving between
 * them, a SIGKILL during a poll and one during an execution, the table in PostgreSQL against the
 * sandbox's true set and each poll's requests against the stated formula (polls.js, poll-cost.js);
 * with the replica beside (replica/), its tables against the sandbox's truth (steps/replica.js), the
 * SIGKILL during a poll right after the activation (the replica's backfill under way).
 */
const { newLeg } = require('./leg');
const { ZONES } = require('./poll-cost');

const steps = (names) => names.map((name) => require(`./steps/${name}`));
/** Without the replica (the @midnight leg, --no-replica). */
const STEPS = steps(['activate', 'rounds', 'kill-poll', 'kill-execution', 'final']);
/**
 * With the replica beside: the SIGKILL during a poll right after the activation, while the replica's
 * backfill is under way (steps/kill-poll.js), the rounds after it; the replica's step last.
 */
const REPLICA_STEPS = steps([
	'activate',
	'kill-poll',
	'rounds',
	'kill-execution',
	'final',
	'replica',
]);

/** ctx: see leg.js newLeg; step: the report's (a failed step returns undefined). */
async function run(ctx) {
	const leg = newLeg(ctx);
	for (const s of leg.replica ? REPLICA_STEPS : STEPS) {
		const title = typeof s.title === 'function' ? s.title(leg) : s.title;
		const ok = await ctx.step(title, () => s.run(leg));
		// without the workflow active the other steps have nothing to check
		if (!ok && s.required) return;
	}
}

module.exports = { run, ZONES };
