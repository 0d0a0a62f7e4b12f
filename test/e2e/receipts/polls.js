'use strict';
/*
 * The receipts leg's polls (steps/*.js): waiting for the next one, its requests per center told apart
 * by the trigger's line per poll in n8n's log file (scripts/lib/poll-line.js) and held to the formula
 * (poll-cost.js), and what it wrote.
 */
const assert = require('node:assert/strict');
const { waitUntil, sleep } = require('../../../scripts/lib/processes');
const { pollLines } = require('../../../scripts/lib/poll-line');
const { PRO_CENTERS, ZONES, checkCenterCost, dayIn, splitPolls } = require('./poll-cost');
const { setClock, insertLate } = require('./leg');
const { tableIds } = require('./warehouse');
const { stretchEvent } = require('./replica/setup');

const TRIGGER = 'New receipt';
const EVENT = 'New Receipt';

const waitFor = (what, fn, timeoutMs = 60_000, everyMs = 300) =>
	waitUntil(fn, { what, timeoutMs, everyMs });

/** The workflow's executions, newest first. */
const executions = async (leg) =>
	(await leg.n8n().api.executions({ workflowId: leg.wf.id, limit: 100 })) || [];

/**
 * Per PRO center, the requests of the first poll of the running n8n process that began after `mark`
 * (a sandbox log seq), once its line is in n8n's log; null while there is none. The process's requests
 * of a center (the sandbox's log since leg.since, in order) are its polls' one after another, as many
 * for each poll as its line says.
 */
async function pollAfter(leg, mark) {
	// the running process's lines only: n8n's log file is appended across the leg's restarts
	const lines = pollLines(leg.n8n().logFile, EVENT, { lastStart: true });
	// the receipts node's requests only: the replica beside reads through another key (replica/setup.js)
	const log = (await leg.sb().control.log({ since: leg.since })).filter(
		(e) => e.client_id === leg.sb().clientId,
	);
	const split = {};
	for (const sc of PRO_CENTERS)
		split[sc] = splitPolls(
			log.filter((e) => e.sc_id === sc),
			lines.map((l) => l.centers[sc] || 0),
		);
	for (let i = 0; i < lines.length; i++) {
		const polls = PRO_CENTERS.map((sc) => split[sc][i]);
		if (polls.some((p) => !p)) return null;
		if (polls.every((p) => p.length && p[0].seq > mark))
			return { byCenter: Object.fromEntries(PRO_CENTERS.map((sc, j) => [sc, polls[j]])) };
	}
	return null;
}

/**
 * Per PRO center, the shops whose receipts the running process's first poll read (its first line in
 * n8n's log; the activation's poll on 1.x, which may read none when the budget is spent elsewhere).
 */
async function firstPollShops(leg) {
	const [first] = pollLines(leg.n8n().logFile, EVENT, { lastStart: true });
	assert.ok(first, "no poll line of New Receipt in n8n's log");
	const log = (await leg.sb().control.log({ since: leg.since })).filter(
		(e) => e.client_id === leg.sb().clientId,
	);
	const read = {};
	for (const sc of PRO_CENTERS) {
		const [calls = []] = splitPolls(
			log.filter((e) => e.sc_id === sc),
			[first.centers[sc] || 0],
		);
		read[sc] = new Set(calls.filter((e) => e.route === 'receipts').map((e) => e.shop_id));
	}
	return read;
}

/**
 * Waits for the first poll that began after `mark` to end, and for two polls to end after this call
 * (the first of them may have begun before the mark), then for the executions; returns that poll.
 */
async function nextPoll(leg, mark) {
	const linesBefore = pollLines(leg.n8n().logFile, EVENT).length;
	const poll = await waitFor(
		"a poll that began after the mark to end, and two polls after this call (their lines in n8n's log)",
		async () =>
			pollLines(leg.n8n().logFile, EVENT).length >= linesBefore + 2 && (await pollAfter(leg, mark)),
		// a bound, not a pace (it ends at the poll's line): 150 s ran out after a restart side by side
		// on a machine at load 31 (n8n's start, a 4 h jump's directory read, two polls)
		300_000,
		1000,
	);
	await sleep(1000);
	await waitFor(
		'the executions to finish',
		async () =>
			(await executions(leg)).every((e) => !['running', 'new', 'waiting'].includes(e.status)),
		180_000,
		500,
	);
	return poll;
}

/** Each PRO center's receipt requests of the poll against the formula (poll-cost.js checkCenterCost). */
async function checkPollCost(leg, poll, label) {
	const lookback = leg.example.nodes.find((n) => n.name === TRIGGER).parameters.lookbackDays;
	const now = Date.parse((await leg.sb().control.clock()).now);
	for (const sc of PRO_CENTERS) {
		const calls = poll.byCenter[sc].filter((e) => e.route === 'receipts');
		assert.ok(calls.length, `${label}: the poll read no receipts of center ${sc}`);
		leg.refusals += await checkCenterCost(leg.sb(), {
			sc,
			calls,
			today: dayIn(ZONES[sc], now),
			lookback,
			label,
		});
	}
}

/**
 * How long a round's late arrivals may take past the poll roundTrip waits for: a shop read with nothing
 * new (the first poll after a restart) is read every second poll from then on, and when the share binds
 * (the replica beside) the shop read last waits a poll more (schedule.ts). 3 polls at 30 s.
 */
const WRITTEN_WITHIN_MS = 90_000;

/**
 * Every receipt inserted so far is in the table, at once or within WRITTEN_WITHIN_MS (said when it
 * waited); else which not, when New Receipt read their shops since `mark` (the sandbox log's seq
 * before the round's inserts), and the executions.
 */
async function assertWritten(leg, label, mark) {
	const { missing: lost, ms } = await missingAfter(leg, leg.inserted, WRITTEN_WITHIN_MS);
	if (!lost.length) {
		if (ms > 1000)
			console.log(
				`       ${label}: the round's late arrivals all in the table ${Math.round(ms / 1000)} s after that poll`,
			);
		return;
	}
	const exs = await executions(leg);
	const last = exs[0] && (await leg.n8n().api.execution(exs[0].id));
	const runData =
		last &&
		last.runData &&
		Object.fromEntries(
			Object.entries(last.runData).map(([k, v]) => [
				k,
				JSON.stringify(v.at(-1).data || v.at(-1).error).slice(0, 400),
			]),
		);
	throw new Error(
		`${label}: ${lost.length} inserted receipts not in the table ${Math.round(ms / 1000)} s after the poll (${lost.slice(0, 5)}); ${await shopReads(leg, lost, mark)}; executions ${JSON.stringify(exs.map((e) => [e.id, e.status]))}; last: ${JSON.stringify(runData)}`,
	);
}

/** "1002-06 read by New Receipt at (sandbox clock) …, …" for the shops of `ids`, since `mark`. */
async function shopReads(leg, ids, mark) {
	const log = (await leg.sb().control.log({ since: mark })).filter(
		(e) => e.client_id === leg.sb().clientId && e.route === 'receipts',
	);
	return [...new Set(ids.map((id) => id.slice(0, 7)))]
		.map((shop) => {
			const at = log.filter((e) => e.shop_id === shop).map((e) => `${e.time.slice(11, 19)}Z`);
			return `${shop} read by New Receipt since the round's inserts: ${at.length ? at.join(', ') : 'never'}`;
		})
		.join('; ');
}

/**
 * The ids of `ids` not in the table, once they are all in it or `boundMs` has passed (checked every
 * 5 s), and how long that took (ms). A bound, not a pace: a receipt the trigger lost stays missing. Used
 * after a restart, where a shop read at the restart's first poll with nothing new is read at every
 * second poll from then on (schedule.ts: active), and the share may hold it back a poll more.
 */
async function missingAfter(leg, ids, boundMs) {
	const t0 = Date.now();
	const missingNow = () => {
		const inTable = tableIds(leg.pg);
		return ids.filter((id) => !inTable.has(id));
	};
	let missing = missingNow();
	while (missing.length && Date.now() - t0 < boundMs) {
		await sleep(5000);
		missing = missingNow();
	}
	return { missing, ms: Date.now() - t0 };
}

/**
 * A round: the clock set, late arrivals inserted (and the replica's next event of the stretch), the
 * next poll held to the formula, what it wrote.
 */
async function roundTrip(leg, label, { written = true } = {}) {
	await setClock(leg);
	const before = await leg.sb().control.lastSeq();
	await insertLate(leg);
	if (leg.replica) await stretchEvent(leg);
	const poll = await nextPoll(leg, await leg.sb().control.lastSeq());
	leg.polls++;
	await checkPollCost(leg, poll, label);
	if (written) await assertWritten(leg, label, before);
}

module.exports = {
	firstPollShops,
	TRIGGER,
	waitFor,
	executions,
	nextPoll,
	roundTrip,
	missingAfter,
};
