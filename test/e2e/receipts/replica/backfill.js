'use strict';
/*
 * The replica's backfill (History From, setup.js) as the leg sees it: its progress from the trigger's
 * line per poll in n8n's log (`…; center 1002: …; history: 312 of 730 days, ~2 hours left at this
 * share`), and the wait before the SIGKILL during a poll (steps/kill-poll.js): at least one backfill
 * poll committed (its history rows in PostgreSQL: the trigger's state was saved with or before that
 * execution), the backfill not done.
 */
const fs = require('node:fs');
const { waitUntil } = require('../../../../scripts/lib/processes');

const LINE = 'Shopping Center Trigger (Center Changes)';

/** Per poll line of the replica (every start of n8n): { center: its history note }, oldest first. */
function historyNotes(leg) {
	const file = leg.n8n().logFile;
	const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
	return text
		.split('\n')
		.filter((l) => l.includes(LINE))
		.map((l) =>
			Object.fromEntries(
				[...l.matchAll(/center (\d{4,})\b[^;]*; history: ([^;]*)/g)].map((m) => [
					m[1],
					m[2].trim(),
				]),
			),
		)
		.filter((n) => Object.keys(n).length);
}

/** Each center's latest history note (a poll line names only the centers that poll read). */
const latestNotes = (leg) => Object.assign({}, ...historyNotes(leg));

/** The replica's rows older than the trigger's own window: the backfill's. */
const historyRows = (leg) =>
	Number(leg.pg.psql(`SELECT count(*) FROM sc_daily_sales WHERE date < current_date - 3`).trim());

/**
 * Waits until a backfill poll committed (history rows in PostgreSQL) with the backfill not done;
 * returns what the last poll line said, per center. Fails when it is done already (then History From
 * is too recent for the kill to come mid-way).
 */
async function backfillUnderWay(leg) {
	const notes = await waitUntil(async () => (historyRows(leg) > 0 ? latestNotes(leg) : null), {
		what: 'a backfill poll committed (history rows in PostgreSQL)',
		timeoutMs: 360_000,
		everyMs: 1000,
	});
	const text = Object.entries(notes)
		.map(([sc, n]) => `${sc} ${n}`)
		.join('; ');
	if (Object.values(notes).every((n) => /done/.test(n)))
		throw new Error(`the backfill was done before the kill (${text}): History From too recent`);
	return `${historyRows(leg)} history rows of daily sales in PostgreSQL; the last poll: ${text}`;
}

/** No execution of the workflow running (none new, running or waiting). */
async function idle(leg, workflowId) {
	const exs = (await leg.n8n().api.executions({ workflowId, limit: 100 })) || [];
	return exs.every((e) => !['running', 'new', 'waiting'].includes(e.status));
}

/**
 * Before the SIGKILL during a poll: the backfill under way (above), then no execution of either
 * workflow running (the replica's first executions carry thousands of rows; on a loaded machine they
 * and the receipts' own may still run when the next poll starts, and a SIGKILL then loses what they
 * carry: n8n's loss, not the one this step looks at).
 */
async function readyToKill(leg) {
	const underWay = await backfillUnderWay(leg);
	await waitUntil(
		async () => (await idle(leg, leg.wf.id)) && (await idle(leg, leg.replica.wf.id)),
		{ what: 'no execution of either workflow running', timeoutMs: 180_000, everyMs: 500 },
	);
	return underWay;
}

module.exports = { latestNotes, readyToKill };
