'use strict';
/*
 * The checks of the queue-mode e2e (run.js), in order; each is one `step` (one line, ok / FAIL).
 * ctx = { stack (scripts/n8n/queue/stack.js), sb (sandbox child), step, windowMs }
 */
const assert = require('node:assert/strict');
const { sleep } = require('../../../scripts/lib/processes');
const { pollLines } = require('../../../scripts/lib/poll-line');
const { itemsOf, nodeErrorText, binaryContent, parseCsv } = require('../lib/workflows');
const wf = require('./workflows');
const { createSandboxCredential } = require('../lib/sandbox-credential');

const { PRO, BASIC, day } = wf;
const {
	waitFor,
	note,
	truthOf,
	assertTrueSet,
	activated,
	executionsOf,
	runOnWorker,
} = require('./support');

/** 1. A production (webhook-started) export: enqueued by main, run by a worker, the true set. */
async function webhookExport({ stack, sb, step, credential }) {
	const sel = { shop: '1002-02', start: day(-3), end: day(-1) };
	await step(
		'a webhook-started Receipts export runs on a worker and answers the true set',
		async () => {
			const { res, ex, worker } = await runOnWorker(
				stack,
				wf.exportByWebhook(credential.id, 'queue-export-1', sel),
				'queue-export-1',
			);
			assert.ok(Array.isArray(res.json), res.text.slice(0, 300));
			assertTrueSet(res.json, await truthOf(sb, sel), 'webhook answer');
			note(`${res.json.length} receipts; execution ${ex.id} ran on ${worker}`);
		},
	);
}

/**
 * 1b. Output "One File" on a worker: the file goes into the binary-data folder main and the workers
 * share (docs/queue-mode.md), so main serves it; downloaded from main, it is the true set.
 */
async function fileExportOnWorker({ stack, sb, step, credential }) {
	const sel = { start: day(-2), end: day(-1) };
	await step(
		'a webhook-started One File export (all shops) runs on a worker; main serves its file = the true set',
		async () => {
			const { main } = stack;
			const { ex, worker } = await runOnWorker(
				stack,
				wf.fileExportByWebhook(credential.id, 'queue-file', sel),
				'queue-file',
			);
			const [item] = (await main.api.execution(ex.id)).runData.Export.at(-1).data.main[0];
			const bin = item.binary.data;
			assert.match(bin.id, /^filesystem-v2:/, `stored as ${bin.id}`);
			const rows = parseCsv((await binaryContent(main, bin)).toString('utf8'));
			const truth = await sb.control.truth('receipts', {
				sc_id: PRO,
				start_created_date: sel.start,
				end_created_date: sel.end,
			});
			assertTrueSet(
				rows.map((r) => ({ id: r.id, total_sum: Number(r.total_sum) })),
				truth,
				'the file from main',
			);
			assert.equal(item.json.records, truth.count, 'the summary item counts the file');
			note(`${rows.length} receipts of all shops in one CSV; execution ${ex.id} ran on ${worker}`);
		},
	);
}

/** 2. The trigger activated: polls on main, executions on workers, each record once across a restart. */
async function triggerAcrossRestart({ stack, sb, step, credential }) {
	const events = {
		newAnomaly: { kind: 'anomaly', route: 'anomalies', key: (it) => it.id },
		newTicket: { kind: 'ticket', route: 'tickets', key: (it) => it.ticket_uid ?? it.id },
	};
	const inserted = { newAnomaly: [], newTicket: [] };
	const insert = async (n, phase) => {
		for (const [event, e] of Object.entries(events)) {
			const { ids } = await sb.control.insert({ kind: e.kind, sc_id: PRO, count: n });
			inserted[event].push(...ids.map((id) => ({ id: String(id), phase })));
		}
	};
	const flows = {};
	const emitted = async () => {
		const out = { newAnomaly: [], newTicket: [] };
		for (const [event, w] of Object.entries(flows)) {
			for (const ex of await executionsOf(stack.main, w.id)) {
				if (ex.status !== 'success') continue;
				const full = await stack.main.api.execution(ex.id);
				for (const it of itemsOf(full)('Trigger'))
					out[event].push({ id: String(events[event].key(it)), ex });
			}
		}
		return out;
	};
	const allSeen = async () => {
		const out = await emitted();
		return Object.keys(events).every((ev) =>
			inserted[ev].every((r) => out[ev].some((e) => e.id === r.id)),
		)
			? out
			: null;
	};
	const pollsSince = async (since) =>
		(await sb.control.log({ since })).filter(
			(e) => ['anomalies', 'tickets'].includes(e.route) && e.sc_id === PRO,
		);

	const since0 = await sb.control.lastSeq();
	const ok = await step(
		'the trigger (New Anomaly, New Ticket) activated: the first polls, on main, remember what exists',
		async () => {
			for (const event of Object.keys(events))
				flows[event] = await activated(stack.main, wf.pollingTrigger(credential.id, event));
			await waitFor(
				'the first poll of each',
				async () => {
					const l = await pollsSince(since0);
					return ['anomalies', 'tickets'].every((r) =>
						l.some((e) => e.route === r && e.status === 200),
					);
				},
				30_000,
			);
			await sleep(1000);
			for (const w of Object.values(flows))
				assert.equal(
					(await executionsOf(stack.main, w.id)).length,
					0,
					'the first poll started a run',
				);
			return true;
		},
	);
	if (!ok) return;
	await step(
		'new anomalies and tickets: each emitted once, in executions run by workers',
		async () => {
			await insert(2, 'before');
			const out = await waitFor('the executions of the new records', allSeen, 60_000, 1000);
			for (const ev of Object.keys(events))
				for (const { ex } of out[ev])
					assert.ok(stack.whoRan(ex.id), `execution ${ex.id} (${ev}) ran on no worker`);
		},
	);
	let downFrom;
	let upAt;
	await step(
		'main restarted while records arrive: after the restart exactly the missed records, nothing twice',
		async () => {
			const sinceRestart = await sb.control.lastSeq();
			await insert(1, 'just before the stop');
			downFrom = Date.now();
			await stack.restartMain({
				beforeStart: async () => {
					await insert(2, 'while main was down');
					await sleep(2000);
					await insert(1, 'while main was down');
				},
			});
			upAt = Date.now();
			await insert(1, 'after the restart');
			const out = await waitFor('every record emitted', allSeen, 90_000, 1000);
			// two more polls of each: nothing new may come. Counted by the trigger's line per poll in main's
			// log file (all of it), not by requests: a center that found nothing is read again only after as
			// long as it had been quiet (docs/trigger.md, "Cost that follows activity"), so a poll may send none
			const polled = (name) => pollLines(stack.main.logFile, name).length;
			const names = ['New Anomaly', 'New Ticket'];
			const polledBefore = names.map(polled);
			await waitFor(
				'two more polls of each',
				async () => names.every((n, i) => polled(n) >= polledBefore[i] + 2),
				30_000,
			);
			await sleep(1500);
			const final = await emitted();
			for (const ev of Object.keys(events)) {
				const want = inserted[ev].map((r) => r.id).sort();
				const got = final[ev].map((e) => e.id).sort();
				assert.deepEqual(got, want, `${ev}: emitted ≠ inserted (each once)`);
				for (const r of inserted[ev].filter((x) => x.phase === 'while main was down')) {
					const e = final[ev].find((x) => x.id === r.id);
					assert.ok(Date.parse(e.ex.startedAt) >= downFrom, `${r.id} emitted before the stop?`);
				}
				for (const { ex } of final[ev])
					assert.ok(stack.whoRan(ex.id), `execution ${ex.id} not on a worker`);
			}
			assert.ok(out);
			// polls are main's: one token before the restart, another after, none a worker's
			const polls = await pollsSince(sinceRestart);
			const before = new Set(
				polls.filter((e) => Date.parse(e.time) < downFrom).map((e) => e.token_id),
			);
			const after = new Set(polls.filter((e) => Date.parse(e.time) >= upAt).map((e) => e.token_id));
			const workerTokens = new Set(
				(await sb.control.log({ route: 'receipts' })).map((e) => e.token_id),
			);
			assert.equal(after.size, 1, `polls after the restart used ${after.size} tokens`);
			assert.ok(
				before.size <= 1 && ![...before].some((t) => after.has(t)),
				'the same poller before and after',
			);
			assert.ok(![...after, ...before].some((t) => workerTokens.has(t)), 'a worker polled');
			note(
				`main down ${((upAt - downFrom) / 1000).toFixed(1)} s; ${Object.values(inserted).flat().length} records, each emitted once; ` +
					`executions on ${[
						...new Set(
							Object.values(final)
								.flat()
								.map((e) => stack.whoRan(e.ex.id)),
						),
					].join(', ')}`,
			);
		},
	);
	for (const w of Object.values(flows)) await stack.main.api.deactivate(w.id).catch(() => {});
}

/** 3. A worker SIGKILLed mid-export; n8n marks the execution crashed; its retry; intake values once. */
async function crashAndRetry({ stack, sb, step, credential }) {
	const sel = { shop: '1002-01', start: day(-10), end: day(-1) };
	const eventName = `Queue crash test ${Date.now()}`;
	const visitors = 5000 + Math.floor(Math.random() * 1000);
	const turnover = 1_000_000 + Math.floor(Math.random() * 1000);
	let crashed;
	let w;
	const killed = await step(
		'a worker SIGKILLed in the middle of an export: n8n marks that execution crashed',
		async () => {
			const { main } = stack;
			w = await activated(
				main,
				wf.intakeThenExport(credential.id, 'queue-crash', {
					eventName,
					visitors,
					turnover,
					selection: sel,
				}),
			);
			await sb.control.faults({ latencyMs: 400 });
			const since = await sb.control.lastSeq();
			const res = await main.api.webhook('queue-crash', { body: {} });
			assert.equal(res.status, 200, res.text.slice(0, 300));
			const ex = await waitFor('the execution on a worker', async () => {
				const [e] = await executionsOf(main, w.id);
				return e && stack.whoRan(e.id) ? e : null;
			});
			await waitFor(
				'the export under way (2 pages)',
				async () =>
					(await sb.control.log({ since })).filter((e) => e.route === 'receipts').length >= 2,
				60_000,
				100,
			);
			const victim = stack.workers.find((x) => x.ran(ex.id));
			await victim.kill('SIGKILL');
			await sb.control.clearFaults();
			const t = Date.now();
			// started again on its folder (as a supervisor would): it finds the execution unfinished in its
			// event log and marks it crashed, before Bull hands the job to another worker (lock 60 s)
			await victim.start();
			crashed = await waitFor(
				'status crashed',
				async () => {
					const e = (await executionsOf(main, w.id)).find((x) => x.id === ex.id);
					return e && e.status === 'crashed' ? e : null;
				},
				120_000,
				1000,
			).catch(async (e) => {
				const now = (await executionsOf(main, w.id)).find((x) => x.id === ex.id);
				const said = (lines) =>
					lines.filter((l) => /recover|crash|stall|dangling/i.test(l)).slice(-8);
				throw new Error(
					`${e.message}; status now ${now && now.status}; main: ${JSON.stringify(said(main.logs().split('\n')))}; ` +
						`workers: ${JSON.stringify(stack.workers.map((x) => said(x.lines())))}`,
				);
			});
			note(
				`execution ${ex.id} on ${victim.name} killed; ${victim.name} started again; crashed ${((Date.now() - t) / 1000).toFixed(1)} s after the kill`,
			);
			return true;
		},
	);
	if (!killed) {
		await sb.control.clearFaults().catch(() => {});
		return;
	}
	await step(
		're-running the crashed execution gives the true set; its intake calls store their values once, one calendar event',
		async () => {
			const { main } = stack;
			const since = await sb.control.lastSeq();
			const retried = await main.request('POST', `/rest/executions/${crashed.id}/retry`, {
				loadWorkflow: false,
			});
			const ex = await main.api.execution(retried.id);
			assert.equal(ex.status, 'success', nodeErrorText(ex, ex.data?.resultData?.lastNodeExecuted));
			assert.ok(stack.whoRan(retried.id), 'the retry ran on no worker');
			assertTrueSet(itemsOf(ex)('Export'), await truthOf(sb, sel), 'retry');
			const event = itemsOf(ex)('Event');
			assert.equal(event[0].already_existed, true, JSON.stringify(event[0]));
			const { attendance, events, declaredTurnover } = await sb.control.intake();
			const mine = events.filter((e) => e.name === eventName);
			assert.equal(mine.length, 1, `${mine.length} calendar events named "${eventName}"`);
			const att = attendance.filter(
				(a) => a.center_id === BASIC && a.date === day(-1) && a.scope === 'sc',
			);
			assert.equal(att.length, 1);
			assert.equal(att[0].visitors, visitors);
			const dt = declaredTurnover.filter((d) => JSON.stringify(d).includes('1001-03'));
			assert.equal(dt.length, 1, JSON.stringify(dt));
			assert.ok(JSON.stringify(dt[0]).includes(String(turnover)), JSON.stringify(dt[0]));
			const creates = (await sb.control.log({ since })).filter((e) => e.route === 'events.create');
			assert.ok(
				creates.every((e) => e.status === 409),
				`event create on retry: ${JSON.stringify(creates.map((e) => e.status))}`,
			);
			note(
				`retry ${retried.id} on ${stack.whoRan(retried.id)}: ${itemsOf(ex)('Export').length} receipts; the event call answered 409 → already_existed`,
			);
		},
	);
	await stack.main.api.deactivate(w.id).catch(() => {});
}

/** 4. Two workers, one center, another client spending most of a tight budget. */
async function sharedBudget({ stack, sb, step, credential, windowMs, ratePerWindow }) {
	const sels = [
		{ shop: '1002-02', start: day(-300), end: day(-1) },
		{ shop: '1002-10', start: day(-300), end: day(-1) },
	];
	await step(
		'two workers export one center while another client spends most of a tight budget: exact sets, ≤ 1 × 429 per window per process',
		async () => {
			const { main } = stack;
			const flows = [];
			for (const [i, sel] of sels.entries())
				flows.push(
					await activated(main, wf.exportByWebhook(credential.id, `queue-budget-${i}`, sel)),
				);
			const since = await sb.control.lastSeq();
			// the other client: one unit every 40 ms (25 of a 30-per-window budget)
			const other = setInterval(
				() => sb.control.budget({ sc_id: PRO, spend: 1 }).catch(() => {}),
				40,
			);
			const t = Date.now();
			let answers;
			try {
				answers = await Promise.all(
					flows.map((_, i) => main.api.webhook(`queue-budget-${i}`, { body: {} })),
				);
			} finally {
				clearInterval(other);
			}
			const seconds = (Date.now() - t) / 1000;
			for (const [i, res] of answers.entries()) {
				assert.equal(res.status, 200, res.text.slice(0, 500));
				assertTrueSet(res.json, await truthOf(sb, sels[i]), sels[i].shop);
			}
			const runners = [];
			for (const f of flows) {
				const [ex] = await executionsOf(main, f.id);
				runners.push(await waitFor('the worker log line', () => stack.whoRan(ex.id), 10_000));
			}
			assert.notEqual(runners[0], runners[1], 'both exports ran on the same worker');
			const log = (await sb.control.log({ since })).filter((e) => e.sc_id === PRO);
			const perWindow = new Map();
			for (const e of log.filter((x) => x.status === 429)) {
				const k = `${e.token_id.slice(0, 8)}@${e.rate_window}`;
				perWindow.set(k, (perWindow.get(k) || 0) + 1);
			}
			const windows = new Set(log.map((e) => e.rate_window)).size;
			const worst = Math.max(0, ...perWindow.values());
			note(
				`${log.length} requests over ${windows} windows of ${windowMs} ms (budget ${ratePerWindow} each) in ${seconds.toFixed(1)} s; ` +
					`${log.filter((e) => e.status === 429).length} × 429; on ${runners.join(' and ')}`,
			);
			const refused = log
				.filter((e) => e.status === 429)
				.map((e) => [e.token_id.slice(0, 8), e.rate_window, e.time]);
			assert.ok(worst <= 1, `429s per process and window: ${JSON.stringify(refused)}`);
			for (const f of flows) await main.api.deactivate(f.id);
		},
	);
}

/** 5. Token exchanges: one per process (incarnation) that called the API with the credential. */
async function tokenExchanges({ stack, sb, step, apiWorkflows, mainsPolled }) {
	await step(
		'one token exchange per process per credential (counted in the sandbox log)',
		async () => {
			const log = await sb.control.log();
			const exchanges = log.filter((e) => e.route === 'token' && e.status === 200);
			const used = new Set(
				log.filter((e) => e.route !== 'token' && e.token_id).map((e) => e.token_id),
			);
			// processes that called the API: every main (polls) and every worker run that started an
			// execution of a workflow that calls the API (trigger executions do not: the poll ran on main)
			const apiIds = new Set();
			for (const id of apiWorkflows)
				for (const ex of await executionsOf(stack.main, id)) apiIds.add(String(ex.id));
			const callers = mainsPolled ? [`main × ${mainsPolled}`] : [];
			let expected = mainsPolled;
			for (const w of stack.workers)
				for (const [i, inc] of w.incarnations.entries()) {
					const ran = inc.proc.lines
						.map((l) => /Worker started execution (\S+) \(job/.exec(l))
						.filter((m) => m && apiIds.has(m[1])).length;
					if (ran) {
						expected++;
						callers.push(`${w.name}#${i + 1} (${ran} executions)`);
					}
				}
			note(`${exchanges.length} token exchanges for ${callers.join(', ')}`);
			assert.equal(exchanges.length, expected);
			assert.equal(
				used.size,
				exchanges.length,
				'a token exchanged and never used, or one from elsewhere',
			);
		},
	);
}

async function run(ctx) {
	const credential = await ctx.step(
		'credential (one, shared by every process through the database)',
		() => createSandboxCredential(ctx.stack.main, ctx.sb),
	);
	if (!credential) return;
	const c = { ...ctx, credential };
	const only = ctx.only || new Set(['export', 'file', 'trigger', 'crash', 'budget']);
	if (only.has('export')) await webhookExport(c);
	if (only.has('file')) await fileExportOnWorker(c);
	if (only.has('trigger')) await triggerAcrossRestart(c);
	if (only.has('crash')) await crashAndRetry(c);
	if (only.has('budget')) await sharedBudget(c);
	const wfs = (await ctx.stack.main.api.workflows()) || [];
	const apiWorkflows = wfs.filter((w) => !/trigger/.test(w.name)).map((w) => w.id);
	// every incarnation of main polled when the trigger part ran
	const mainsPolled = only.has('trigger') ? ctx.stack.mains.length : 0;
	await tokenExchanges({ ...c, apiWorkflows, mainsPolled });
}

module.exports = { run };
