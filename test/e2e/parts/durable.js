'use strict';
/*
 * e2e part `durable` (n8n 2.37+): the Shopping Center Trigger exactly once in a real n8n, in the classic
 * mode (n8n's four scheduler settings off) and under the durable scheduler with durable poll cursors
 * (N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED, N8N_USE_WORKFLOW_PUBLICATION_SERVICE,
 * N8N_POLLER_DURABLE_CURSORS_ENABLED on; SQLite), on ONE user folder: classic first, then the same
 * workflow with its trigger state under the four settings (turning durable cursors on for a workflow
 * that has state). Polls come from n8n's own scheduler (twelve poll times: a poll every 5 s).
 *
 * Per mode: records created right after the trigger's activation poll and between 5+ polls reach the
 * workflow exactly once (the sandbox's truth of what was created); SIGKILL of n8n while a poll waits
 * for the API and while the execution a poll started runs: after the restart nothing is handed to the
 * workflow twice, and what is lost is counted and printed. Under the durable scheduler also: a
 * republish after an edit elsewhere, the lookback raised (3 → 4 days), a center added, the Event
 * changed (New Ticket → New Pass), each published: nothing that existed before, everything after, once.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const assert = require('node:assert/strict');
const { sleep, waitUntil } = require('../../../scripts/lib/processes');
const L = require('../lib/poll-ledger');

const { PRO, PRO_FAR } = L;

module.exports = async function durablePart({ sb, step, version, packageDir, credData }) {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-durable-'));
	let n8n;
	let wfId;
	let credId;
	let env;
	let inserted = [];
	const facts = [];
	const insert = async (kind, sc = PRO, extra = {}) => {
		const { ids } = await sb.control.insert({ kind, sc_id: sc, count: 1, ...extra });
		inserted.push(...ids);
		return ids;
	};
	const start = async (label, first = false) => {
		n8n = await L.startOn(folder, { version, packageDir, env, first });
		console.log(
			`       ${label}: n8n ${version} at ${n8n.url} (start ${(n8n.timings.startMs / 1000).toFixed(1)} s)`,
		);
		return n8n;
	};
	/** Every record inserted since the last check reached the workflow once; nothing anywhere twice. */
	const exactlyOnce = async (what, { allowLost = new Set(), finishedToo = true } = {}) => {
		const mine = inserted;
		inserted = []; // a failed check does not carry its records into the next step's
		const expect = mine.filter((id) => !allowLost.has(id));
		const entries = await L.settledLedger(n8n, wfId, { expect });
		const { received, finished } = L.tally(entries);
		const twice = [...received].filter(([, n]) => n > 1).map(([id]) => id);
		assert.deepEqual(twice, [], `${what}: handed to the workflow more than once`);
		const missing = expect.filter((id) => !received.has(id));
		assert.deepEqual(missing, [], `${what}: never handed to the workflow`);
		const unfinished = expect.filter((id) => received.has(id) && !finished.has(id));
		const holders = entries
			.filter((e) => e.received.some((id) => unfinished.includes(id)))
			.map((e) => `${e.id} ${e.status}`);
		// after a republish n8n 2.41.1 now and then leaves an execution of the trigger unfinished: counted
		if (finishedToo)
			assert.deepEqual(unfinished, [], `${what}: handed over but not finished (${holders})`);
		else if (unfinished.length)
			facts.push(
				`${what}: ${unfinished.length} record(s) handed over once, their execution not finished (${holders.join(', ')})`,
			);
		return { checked: mine.length, received };
	};
	/** Every record id handed to the workflow so far. */
	const handedSoFar = async () => new Set((await L.ledger(n8n, wfId)).flatMap((e) => e.received));
	/** 5 polls with records arriving between them (anomaly, ticket or both), each waited for. */
	const rounds = async (n = 5) => {
		for (let i = 0; i < n; i++) {
			if (i % 3 !== 1) await insert('anomaly');
			if (i % 3 !== 0) await insert('ticket');
			await L.nextPolls(sb, await sb.control.lastSeq());
		}
	};
	/**
	 * After publishing: the changed trigger's activation poll is seen in the sandbox log (its list
	 * route), then records at once; the log then tells whether they came before the first scheduled poll.
	 */
	const publishThenInsert = async (what, publish, route = 'anomalies', kinds = []) => {
		const since = await sb.control.lastSeq();
		await publish();
		await L.nextPolls(sb, since, [route], 60000, 50);
		for (const k of kinds) await insert(...k);
		const polls = (await sb.control.log({ since })).filter((e) => L.matches(route, e)).length;
		facts.push(
			`${env === L.DURABLE_ENV ? 'durable' : 'classic'}: ${what}: records inserted ${polls === 1 ? 'after the first poll seen after publishing (the activation poll where the trigger changed), before the next' : `after ${polls} polls`}`,
		);
	};

	/** SIGKILL while a poll waits 20 s for the API's answers; the restart must hand over what it missed. */
	const killDuringPoll = async (mode) => {
		const since = await sb.control.lastSeq();
		// 20 s per answer: every poll that starts after this is still waiting for the API at the kill
		await sb.control.faults({ latencyMs: 20000 });
		await insert('anomaly');
		await insert('ticket');
		await sleep(8000);
		const killedAt = await L.kill(n8n);
		await sleep(20500);
		await sb.control.clearFaults();
		const log = await sb.control.log({ since });
		const open = log.filter(
			(e) =>
				['anomalies', 'tickets'].includes(e.route) &&
				Date.parse(e.time) - 20000 <= killedAt &&
				Date.parse(e.time) >= killedAt,
		);
		facts.push(
			`${mode}: SIGKILL during a poll: ${open.length} request(s) of a poll were waiting for the API at the kill`,
		);
		await start(`${mode} after SIGKILL during a poll`);
		await L.nextPolls(sb, await sb.control.lastSeq());
		const r = await exactlyOnce(`${mode}, SIGKILL during a poll`);
		facts.push(
			`${mode}: SIGKILL during a poll: ${r.checked} record(s) created around it, 0 lost, 0 twice`,
		);
		return open.length;
	};

	/** SIGKILL while the execution a poll started runs (its Wait node): counted, never twice. */
	const killDuringExecution = async (mode) => {
		const ids = await insert('anomaly');
		await waitUntil(
			async () =>
				((await n8n.api.executions({ workflowId: wfId, limit: 20 })) || []).some(
					(e) => e.status === 'running',
				),
			{ what: 'the execution of the poll', timeoutMs: 60000, everyMs: 200 },
		);
		await L.kill(n8n);
		await start(`${mode} after SIGKILL during an execution`);
		await L.nextPolls(sb, await sb.control.lastSeq());
		const entries = await L.settledLedger(n8n, wfId);
		const { received, finished } = L.tally(entries);
		const crashed = entries.filter((e) => e.received.some((id) => ids.includes(id)));
		const dead = entries.filter(
			(e) => !['success', 'running', 'new', 'waiting'].includes(e.status),
		);
		facts.push(
			`${mode}: executions not successful after the restart: ${dead.map((e) => `${e.id} ${e.status} (holding ${e.received.length} record(s) of the trigger)`).join(', ') || 'none'}`,
		);
		const lost = ids.filter((id) => !finished.has(id));
		const r = await exactlyOnce(`${mode}, SIGKILL during an execution`, {
			allowLost: new Set(lost),
		});
		facts.push(
			`${mode}: SIGKILL during the execution a poll started: ${lost.length} of ${ids.length} record(s) lost (in execution(s) ${crashed.map((e) => `${e.id} ${e.status}`).join(', ') || 'none'}; handed over ${ids.map((id) => received.get(id) || 0).join(', ')} time(s)), ${r.checked - lost.length} other(s) once`,
		);
	};

	try {
		// ─── classic: the four settings off ───────────────────────────────────────────────────────────
		env = L.CLASSIC_ENV;
		if (
			!(await step(
				`durable part: classic mode (four settings off), n8n ${version} on its own user folder`,
				() => start('classic', true),
			))
		)
			return;
		credId = (
			await n8n.api.createCredential({
				name: 'Shopping Center API',
				type: 'shoppingCenterApi',
				data: credData,
			})
		).id;
		wfId = (await n8n.api.importWorkflow(L.watchedWorkflow(credId))).id;
		await step(
			'classic: publish; records right after the activation poll and between 5 polls reach the workflow once',
			async () => {
				await publishThenInsert('publishing', () => n8n.api.activate(wfId), 'anomalies', [
					['anomaly'],
					['ticket'],
				]);
				await rounds(5);
				const r = await exactlyOnce('classic polls');
				console.log(`       ${r.checked} records, each once`);
			},
		);
		await step(
			'classic: SIGKILL during a poll → after the restart nothing twice, nothing lost',
			() => killDuringPoll('classic'),
		);
		await step(
			'classic: SIGKILL during the execution a poll started → nothing twice; the loss counted',
			() => killDuringExecution('classic'),
		);
		await n8n.stop();

		// ─── durable: the same folder and workflow, with its trigger state, under the four settings ───
		env = L.DURABLE_ENV;
		await step(
			'durable: the four settings turned on for the workflow with trigger state; records right after the restart and between 5 polls, once',
			async () => {
				await publishThenInsert(
					'restart with the four settings on',
					() => start('durable'),
					'anomalies',
					[['anomaly'], ['ticket']],
				);
				await rounds(5);
				const r = await exactlyOnce('durable polls');
				const state = await n8n.request('GET', `/rest/workflows/${wfId}`);
				console.log(
					`       ${r.checked} records, each once; workflow static data now ${JSON.stringify(state.staticData || {}).length} chars`,
				);
			},
		);
		await step(
			'durable: SIGKILL during a poll → after the restart nothing twice, nothing lost',
			() => killDuringPoll('durable'),
		);
		await step(
			'durable: SIGKILL during the execution a poll started → nothing twice; the loss counted',
			() => killDuringExecution('durable'),
		);
		await step(
			'durable: republished after an edit elsewhere (the Wait nodes) → records after it, once',
			async () => {
				await publishThenInsert('republish after an edit elsewhere', () =>
					L.republish(n8n, wfId, L.watchedWorkflow(credId, { waitSeconds: 3 })),
				);
				await rounds(2);
				await exactlyOnce('after a republish', { finishedToo: false });
			},
		);
		await step(
			'durable: lookback raised 3 → 4 days and published → no older anomaly emitted; one found since (dated 4 days back), once',
			async () => {
				const before = new Set(await L.truth(sb, 'anomalies', [PRO], 5));
				const handed = await handedSoFar();
				const today = new Intl.DateTimeFormat('en-CA', { timeZone: L.ZONE[PRO] }).format(
					new Date(),
				);
				const fourBack = new Date(Date.parse(`${today}T00:00:00Z`) - 4 * 86400000)
					.toISOString()
					.slice(0, 10);
				await publishThenInsert(
					'lookback 3 → 4 days',
					() =>
						L.republish(n8n, wfId, L.watchedWorkflow(credId, { waitSeconds: 3, lookbackDays: 4 })),
					'anomalies',
					[['anomaly']],
				);
				// a poll of the old configuration may still run just after publishing (it would take an
				// anomaly dated 4 days back, created meanwhile, as existing): the late one comes after two
				// polls of the new configuration (the harness test covers it right after the change)
				await L.nextPolls(sb, await sb.control.lastSeq(), ['anomalies']);
				await L.nextPolls(sb, await sb.control.lastSeq(), ['anomalies']);
				await insert('anomaly', PRO, { date: fourBack });
				await rounds(2);
				const { received } = await exactlyOnce('after the lookback change', { finishedToo: false });
				const old = [...before].filter((id) => received.has(id) && !handed.has(id));
				assert.deepEqual(old, [], 'anomalies that existed before the change were emitted');
			},
		);
		await step(
			'durable: a center added (PRO_FAR) and published → none of its older anomalies, its new one once',
			async () => {
				const before = await L.truth(sb, 'anomalies', [PRO_FAR], 5);
				const handed = await handedSoFar();
				const o = { waitSeconds: 3, lookbackDays: 4, anomalyCenters: [PRO, PRO_FAR] };
				await publishThenInsert(
					'a center added',
					() => L.republish(n8n, wfId, L.watchedWorkflow(credId, o)),
					// the new version's activation poll is the first to read the added center (n8n applies
					// a publish asynchronously: a poll of the old version may come first)
					(e) => e.route === 'anomalies' && e.sc_id === PRO_FAR,
					[['anomaly', PRO_FAR]],
				);
				await rounds(2);
				const { received } = await exactlyOnce('after the center change', { finishedToo: false });
				const old = before.filter((id) => received.has(id) && !handed.has(id));
				assert.deepEqual(old, [], 'older anomalies of the added center were emitted');
			},
		);
		await step(
			'durable: Event changed New Ticket → New Pass and published → no older pass, the new ones once',
			async () => {
				const today = new Intl.DateTimeFormat('en-CA', { timeZone: L.ZONE[PRO] }).format(
					new Date(),
				);
				const before = await sb.control.truth('passes', {
					sc_id: PRO,
					start_date: '2026-01-01',
					end_date: today,
				});
				const o = {
					waitSeconds: 3,
					lookbackDays: 4,
					anomalyCenters: [PRO, PRO_FAR],
					ticketEvent: 'newPass',
				};
				await publishThenInsert(
					'Event changed',
					() => L.republish(n8n, wfId, L.watchedWorkflow(credId, o)),
					'passes',
					[['pass'], ['anomaly']],
				);
				await L.nextPolls(sb, await sb.control.lastSeq(), ['anomalies', 'passes']);
				await insert('pass');
				await L.nextPolls(sb, await sb.control.lastSeq(), ['anomalies', 'passes']);
				const { received } = await exactlyOnce('after the Event change', { finishedToo: false });
				assert.deepEqual(
					before.ids.filter((id) => received.has(id)),
					[],
					'older passes were emitted',
				);
			},
		);
	} finally {
		if (n8n) await n8n.stop().catch(() => {});
		await sb.control.clearFaults().catch(() => {});
		fs.rmSync(folder, { recursive: true, force: true });
		if (facts.length)
			console.log(`       measured:\n${facts.map((f) => `         - ${f}`).join('\n')}`);
	}
};
