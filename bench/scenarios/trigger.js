'use strict';
/*
 * Trigger: requests per poll of New Anomaly (3-day lookback), counted in the sandbox log, and what
 * it emitted for the anomalies inserted meanwhile.
 */
const { itemsOf } = require('../lib/n8n');
const { sleep, addDays, loadWorkflow } = require('../lib/util');
const { PRO, LOOKBACK_DAYS, ANOMALY_PAGE, INSERTED_ANOMALIES } = require('./common');

const POLL_EVERY_S = 5;

async function runTrigger(ctx, n8n, credentialId) {
	const { sandbox } = ctx;
	const zoneToday = new Intl.DateTimeFormat('en-CA', {
		timeZone: 'Asia/Yekaterinburg',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(new Date());
	const lookback = {
		sc_id: PRO.sc,
		start_date: addDays(zoneToday, -LOOKBACK_DAYS),
		end_date: zoneToday,
	};
	const before = await sandbox.control.truth('anomalies', lookback);

	const seconds = Array.from({ length: 60 / POLL_EVERY_S }, (_, i) => i * POLL_EVERY_S).join(',');
	const wf = await n8n.api.importWorkflow(
		loadWorkflow('trigger-anomaly.json', {
			CREDENTIAL_ID: credentialId,
			POLL_CRON: `${seconds} * * * * *`,
		}),
	);
	// activate just after a tick of the schedule, so that the first poll (run while activating) and the next tick stay apart
	const tickMs = POLL_EVERY_S * 1000;
	await sleep(Math.ceil(Date.now() / tickMs) * tickMs - Date.now() + 1000);
	const seq0 = await sandbox.control.lastSeq();
	const marks = [];
	await n8n.api.activate(wf.id); // n8n runs the first poll while activating
	marks.push({ at: Date.now(), what: 'activated (first poll done)' });
	await sleep(3 * POLL_EVERY_S * 1000 + 1500);
	const inserted = await sandbox.control.insert({
		kind: 'anomaly',
		sc_id: PRO.sc,
		count: INSERTED_ANOMALIES,
	});
	marks.push({ at: Date.now(), what: `inserted ${INSERTED_ANOMALIES} anomalies` });
	const after = await sandbox.control.truth('anomalies', lookback);
	await sleep(3 * POLL_EVERY_S * 1000 + 1500);
	await n8n.api.deactivate(wf.id);
	const entries = await sandbox.control.log({ since: seq0 });

	// polls: bursts of requests separated by quiet gaps
	const polls = [];
	for (const e of entries) {
		const t = Date.parse(e.time);
		const last = polls[polls.length - 1];
		if (last && t - last.lastAt < 1500) {
			last.entries.push(e);
			last.lastAt = t;
		} else polls.push({ firstAt: t, lastAt: t, entries: [e] });
	}
	const insertedAt = marks[1].at;
	const pollRows = polls.map((p, i) => {
		const rows = p.firstAt < insertedAt ? before.count : after.count;
		const anomalyRequests = p.entries.filter((e) => e.route === 'anomalies').length;
		return {
			poll: i + 1,
			at: new Date(p.firstAt).toISOString(),
			lookbackRows: rows,
			requests: p.entries.length,
			anomalyRequests,
			routes: p.entries.map((e) => `${e.route}:${e.status}`),
			allowed: 1 + Math.ceil(rows / ANOMALY_PAGE),
			ms: p.lastAt - p.firstAt,
		};
	});
	// what the trigger emitted (one execution per poll that found something new)
	const filter = encodeURIComponent(JSON.stringify({ workflowId: String(wf.id) }));
	const list = await n8n.request('GET', `/rest/executions?limit=50&filter=${filter}`);
	let emitted = 0;
	const emittedIds = new Set();
	for (const ex of (list && list.results) || []) {
		const full = await n8n.api.execution(ex.id);
		for (const it of itemsOf(full, 'New anomaly') || []) {
			emitted++;
			emittedIds.add(it.json.id);
		}
	}
	const insertedIds = new Set(inserted.ids);
	return {
		key: 'trigger',
		label: `Trigger New Anomaly, ${LOOKBACK_DAYS}-day lookback (PRO 1002)`,
		pollEverySeconds: POLL_EVERY_S,
		lookback,
		rowsBefore: before.count,
		rowsAfter: after.count,
		polls: pollRows,
		emitted,
		emittedExactlyInserted:
			emitted === insertedIds.size && [...emittedIds].every((id) => insertedIds.has(id)),
		maxRequestsPerPoll: Math.max(...pollRows.map((p) => p.requests)),
		withinTarget: pollRows.every((p) => p.requests <= p.allowed),
	};
}

module.exports = { runTrigger };
