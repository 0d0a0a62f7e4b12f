#!/usr/bin/env node
'use strict';
/*
 * End-to-end tests of the built package in a REAL n8n (1.123.81 and 2.40.7) against the API sandbox.
 * Plain Node (run by `npm test` after jest).  Prints every step, timings, and `N passed, N failed`;
 * exits non-zero when anything failed.
 *
 *   node test/e2e/run.js [--version 1.123.81 [--version 2.40.7]] [--package-dir .] [--only load,credential,operations,trigger,examples,activation]
 *                        [--slow-poll] [--keep] [--verbose]
 *
 * Per version: a fresh sandbox (child process, running clock) and a fresh n8n with the package
 * installed from `npm pack` the way n8n's own installer does; then
 *   load        every node and credential the package declares is loaded (fails on any missing);
 *   credential  n8n's credential test (POST /rest/credentials/test): good keys succeed; a wrong
 *               secret, an unreachable URL and plain http to another host fail with a clear message;
 *   operations  one generated workflow per node runs each of its operations against the sandbox,
 *               checked against the sandbox's truth / request log / stored intake values;
 *   trigger     each of the trigger's four events through n8n's manual path (Fetch Test Event);
 *   examples    examples/*.json run as shipped (credentials bound), effects checked in the sandbox
 *               and in the execution output (the CSV file's content too);
 *   activation  the anomaly → Slack example ACTIVATED in the running n8n: n8n polls (twelve "Custom"
 *               poll times, each once a minute at seconds 0, 5, … 55, so a poll every 5 s: n8n refuses
 *               a single sub-minute expression, not several; --slow-poll uses "Every Minute" instead), the first poll remembers what
 *               exists, an anomaly inserted through /__sandbox/insert is posted to Slack (the real
 *               Slack node, through a local HTTPS catcher, test/e2e/lib/slack-catcher.js) exactly once.
 *
 * The 2.x leg is skipped, loudly, only when its install fails (a fresh machine whose registry lacks
 * a dependency); it is installed in the background while the 1.x leg runs.
 */
const fs = require('node:fs');
const path = require('node:path');
const assert = require('node:assert/strict');
const { ensureN8n } = require('../../scripts/n8n/install');
const { startN8n } = require('../../scripts/n8n/instance');
const { expectedTypes } = require('./harness/load-package');
const { startSandboxProcess } = require('./lib/sandbox');
const { startSlackCatcher, opensslAvailable } = require('./lib/slack-catcher');
const { loadExamples, bindExample, DATA_DIR } = require('./lib/examples');
const { operationSuites, triggerManualSuites, lastMonth, PRO } = require('./lib/operations');

/** `month` itself when it is last month (UTC) or, near a month's turn, the month before or this month. */
function lastMonthOf(month) {
	const m = lastMonth();
	const shift = (k) => {
		const d = new Date(`${m}-15T00:00:00Z`);
		d.setUTCMonth(d.getUTCMonth() + k);
		return d.toISOString().slice(0, 7);
	};
	return [m, shift(-1), shift(1)].includes(month) ? month : m;
}

const root = path.resolve(__dirname, '..', '..');

// ------------------------------------------------------------------------------------------ options
const argv = process.argv.slice(2);
const opt = (name) => {
	const out = [];
	argv.forEach((a, i) => {
		if (a === `--${name}`) out.push(argv[i + 1]);
		else if (a.startsWith(`--${name}=`)) out.push(a.slice(name.length + 3));
	});
	return out;
};
const flag = (name) => argv.includes(`--${name}`);
const VERSIONS = opt('version').length ? opt('version') : (process.env.N8N_E2E_VERSIONS || '1.123.81,2.40.7').split(',').map((s) => s.trim()).filter(Boolean);
const PACKAGE_DIR = path.resolve(opt('package-dir')[0] || root);
const ONLY = new Set((opt('only')[0] || 'load,credential,operations,trigger,examples,activation').split(','));
const VERBOSE = flag('verbose');
const KEEP = flag('keep');
const SLOW_POLL = flag('slow-poll');
// Twelve "Custom" poll times, each once a minute at its own second (0, 5, … 55): together a poll every 5 s.
// n8n refuses one expression that polls more than once a minute (1.x: a '*' in the seconds field; 2.x: any
// seconds field that is not a single number), not several once-a-minute ones.
const POLL_EVERY_5_S = Array.from({ length: 12 }, (_, i) => ({ mode: 'custom', cronExpression: `${i * 5} * * * * *` }));

// ------------------------------------------------------------------------------------------ reporting
const results = [];
const skipped = [];
const timings = [];
let currentVersion = '';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function errText(e) {
	if (!e) return String(e);
	if (e instanceof assert.AssertionError) return `${e.message}`.split('\n').slice(0, 30).join('\n');
	return String(e.stack || e.message || e).split('\n').slice(0, 12).join('\n');
}

async function step(name, fn) {
	const label = `[${currentVersion}] ${name}`;
	const t0 = Date.now();
	try {
		const r = await fn();
		const ms = Date.now() - t0;
		results.push({ name: label, ok: true, ms });
		console.log(`  ok   ${name} (${(ms / 1000).toFixed(1)} s)`);
		return r;
	} catch (e) {
		const ms = Date.now() - t0;
		results.push({ name: label, ok: false, ms, error: e });
		console.log(`  FAIL ${name} (${(ms / 1000).toFixed(1)} s)\n${errText(e).replace(/^/gm, '       ')}`);
		return undefined;
	}
}

function banner(text) {
	const line = '!'.repeat(78);
	console.log(`\n${line}\n${text.replace(/^/gm, '!! ')}\n${line}\n`);
}

/** The message of a node's error in an execution (with its description). */
function nodeErrorText(ex, node) {
	const e = ex.nodeError(node) || ex.error;
	if (!e) return `execution ${ex.status}`;
	return `${e.message || e.name}${e.description ? ` — ${e.description}` : ''}${e.context && e.context.code ? ` [${e.context.code}]` : ''}`;
}

// ------------------------------------------------------------------------------------------ helpers
/** Import + run a workflow (manual run over REST); returns { ex, log } with the sandbox requests of the run. */
async function runWorkflow(n8n, sb, workflow, { timeoutMs = 300000 } = {}) {
	const since = await sb.control.lastSeq();
	const wf = await n8n.api.importWorkflow(workflow);
	const ex = await n8n.api.runWorkflow(wf.id, { timeoutMs });
	const log = await sb.control.log({ since });
	return { wf, ex, log };
}

function itemsOf(ex) {
	return (node) => {
		const out = ex.output(node);
		if (out === undefined) throw new Error(`node "${node}" did not run (execution ${ex.status}; ${nodeErrorText(ex, node)})`);
		if (!Array.isArray(out)) throw new Error(`node "${node}" failed: ${nodeErrorText(ex, node)}`);
		return out;
	};
}

/** The content of a binary property of an output item: inline base64 (default mode) or by id (filesystem / database mode). */
async function binaryContent(n8n, bin) {
	if (bin.data && !bin.id) return Buffer.from(bin.data, 'base64');
	if (!bin.id) throw new Error(`binary without data or id: ${JSON.stringify(bin).slice(0, 200)}`);
	const r = await n8n.request('GET', `/rest/binary-data?id=${encodeURIComponent(bin.id)}&action=download`, undefined, { raw: true });
	return Buffer.from(r.text, 'utf8');
}

/** Minimal RFC 4180 CSV parser (quotes, doubled quotes, BOM). */
function parseCsv(text, delimiter = ',') {
	const rows = [];
	let row = [];
	let field = '';
	let q = false;
	const s = text.replace(/^\uFEFF/, '');
	for (let i = 0; i < s.length; i++) {
		const c = s[i];
		if (q) {
			if (c === '"' && s[i + 1] === '"') {
				field += '"';
				i++;
			} else if (c === '"') q = false;
			else field += c;
		} else if (c === '"') q = true;
		else if (c === delimiter) {
			row.push(field);
			field = '';
		} else if (c === '\n' || c === '\r') {
			if (c === '\r' && s[i + 1] === '\n') i++;
			row.push(field);
			rows.push(row);
			row = [];
			field = '';
		} else field += c;
	}
	if (field !== '' || row.length) {
		row.push(field);
		rows.push(row);
	}
	const [head, ...body] = rows.filter((r) => r.length > 1 || r[0] !== '');
	return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

async function waitFor(what, fn, { timeoutMs = 60000, everyMs = 500 } = {}) {
	const deadline = Date.now() + timeoutMs;
	let last;
	for (;;) {
		last = await fn();
		if (last) return last;
		if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await sleep(everyMs);
	}
}

// ------------------------------------------------------------------------------------------ one version
async function runVersion(version, { slack, installPromise }) {
	currentVersion = version;
	const tVersion = Date.now();
	console.log(`\n══ n8n ${version} ${'═'.repeat(60)}`);
	const major = Number(version.split('.')[0]);

	let inst;
	try {
		inst = await installPromise;
		console.log(`  n8n ${version} installed${inst.fresh ? ` now, in ${inst.seconds} s` : ' (cached)'}: ${inst.dir}`);
	} catch (e) {
		if (major >= 2) {
			banner(`SKIPPED: the n8n ${version} leg.\nIts install failed on this machine, so nothing was tested on n8n 2.x.\nReason: ${errText(e).split('\n').slice(0, 15).join('\n')}\nThe install log is in ${path.join(require('../../scripts/n8n/install').installDir(version), 'install.log')}.`);
			skipped.push({ version, reason: String(e.message || e).split('\n')[0] });
			return;
		}
		await step(`install n8n ${version}`, () => {
			throw e;
		});
		return;
	}

	const want = expectedTypes(PACKAGE_DIR);
	let sb;
	let n8n;
	try {
		sb = await step('start the sandbox (child process, running clock)', () => startSandboxProcess({}));
		if (!sb) return;
		n8n = await step(`start n8n ${version} with the package (npm pack → .n8n/nodes)`, () =>
			startN8n({
				version,
				packageDir: PACKAGE_DIR,
				keep: KEEP,
				env: { N8N_RESTRICT_FILE_ACCESS_TO: DATA_DIR, ...(slack ? slack.n8nEnv() : {}) },
				onLog: VERBOSE ? (l) => process.stderr.write(`[n8n ${version}] ${l}\n`) : undefined,
			}),
		);
		if (!n8n) return;
		console.log(`       ${n8n.url}  (start ${(n8n.timings.startMs / 1000).toFixed(1)} s; user folder ${n8n.userFolder})`);

		// -------------------------------------------------------------------------------- load
		if (ONLY.has('load')) {
			await step(`every node (${want.nodes.length}) and credential (${want.credentials.length}) of the package is loaded`, async () => {
				assert.deepEqual(want.problems, [], 'the built package is incomplete');
				assert.equal(want.nodes.length, 8, `package.json declares ${want.nodes.length} nodes`);
				await n8n.api.assertLoaded({ nodes: want.nodes, credentials: want.credentials });
				const types = await n8n.api.nodeTypes();
				const trigger = types.find((t) => t.name.endsWith('.shoppingCenterTrigger'));
				assert.ok(trigger.polling, 'the trigger is not a polling node');
				assert.ok(trigger.properties.some((p) => p.name === 'pollTimes'), 'n8n gave the trigger no Poll Times');
			});
		}

		const credData = { baseUrl: sb.baseUrl, clientId: sb.clientId, clientSecret: sb.clientSecret, allowInsecure: false };
		const cred = await step('create the "Shopping Center API" credential (REST)', () => n8n.api.createCredential({ name: 'Shopping Center API', type: 'shoppingCenterApi', data: credData }));
		if (!cred) return;

		// -------------------------------------------------------------------------------- credential test
		if (ONLY.has('credential')) {
			const testCred = async (name, data) => {
				const c = await n8n.api.createCredential({ name, type: 'shoppingCenterApi', data });
				return n8n.request('POST', '/rest/credentials/test', { credentials: { id: String(c.id), name, type: 'shoppingCenterApi', data } });
			};
			await step('credential test: good keys → "Connection successful" (token call + GET /sc)', async () => {
				const since = await sb.control.lastSeq();
				const r = await testCred('e2e good', credData);
				assert.equal(r.status, 'OK', JSON.stringify(r));
				const log = await sb.control.log({ since });
				assert.ok(log.some((e) => e.route === 'token' && e.status === 200), 'no token call');
				assert.ok(log.some((e) => e.route === 'centers' && e.status === 200), 'no GET /sc');
			});
			await step('credential test: wrong secret → fails, naming the Client ID / Secret', async () => {
				const r = await testCred('e2e bad secret', { ...credData, clientSecret: 'not-the-secret' });
				assert.equal(r.status, 'Error', JSON.stringify(r));
				assert.match(r.message, /Client ID|Client Secret|invalid_client/i);
			});
			await step('credential test: unreachable base URL → fails', async () => {
				const r = await testCred('e2e unreachable', { ...credData, baseUrl: 'http://127.0.0.1:9/api/external/v2' });
				assert.equal(r.status, 'Error', JSON.stringify(r));
				assert.ok(r.message && r.message.length > 5, JSON.stringify(r));
			});
			await step('credential test: plain http:// to another host → refused before sending the secret', async () => {
				const r = await testCred('e2e insecure', { ...credData, baseUrl: 'http://10.255.255.1/api/external/v2' });
				assert.equal(r.status, 'Error', JSON.stringify(r));
				assert.match(r.message, /Allow Insecure|http:\/\//i);
			});
		}

		// -------------------------------------------------------------------------------- operations
		if (ONLY.has('operations')) {
			for (const suite of operationSuites({ credentialId: cred.id, tag: `${version}-${Date.now()}` })) {
				let run;
				const t0 = Date.now();
				try {
					run = await runWorkflow(n8n, sb, suite.workflow);
				} catch (e) {
					await step(`${suite.node}: run its workflow`, () => {
						throw e;
					});
					continue;
				}
				console.log(`  ·    ${suite.node}: workflow ran in ${((Date.now() - t0) / 1000).toFixed(1)} s (${run.ex.status}, ${run.log.length} API requests)`);
				for (const c of suite.checks) {
					await step(`${suite.node} ${c.name}`, () => c.check({ items: itemsOf(run.ex), error: (n) => run.ex.nodeError(n), log: run.log, control: sb.control }));
				}
			}
		}

		// -------------------------------------------------------------------------------- trigger, manual
		if (ONLY.has('trigger')) {
			for (const t of triggerManualSuites({ credentialId: cred.id })) {
				await step(`shoppingCenterTrigger ${t.event}: manual run (Fetch Test Event) returns the latest record per center`, async () => {
					const { ex } = await runWorkflow(n8n, sb, t.workflow);
					assert.equal(ex.status, 'success', nodeErrorText(ex, 'Trigger'));
					t.check(itemsOf(ex)('Trigger'));
				});
			}
		}

		// -------------------------------------------------------------------------------- examples
		const slackCred = await n8n.api.createCredential({ name: 'Slack', type: 'slackApi', data: { accessToken: 'xoxb-e2e-local-catcher' } });
		const credentials = { shoppingCenterApi: cred, slackApi: slackCred };
		const examples = Object.fromEntries(loadExamples().map((e) => [e.key, e]));
		if (ONLY.has('examples')) {
			await step('examples/: the four example workflows are there', () => {
				assert.deepEqual(Object.keys(examples).sort(), ['anomaly-to-slack', 'counter-upload', 'revenue-export', 'spreadsheet-to-declared-turnover']);
			});

			await step('example "revenue export": a year of daily sales of every shop of 1002 → one CSV = the sandbox truth', async () => {
				const { ex, log } = await runWorkflow(n8n, sb, bindExample(examples['revenue-export'].workflow, { credentials }));
				assert.equal(ex.status, 'success', nodeErrorText(ex, ex.lastNodeExecuted));
				const shops = itemsOf(ex)('Shops');
				assert.equal(shops.length, 11, 'Mega PRO has 11 shops that are not archived');
				assert.equal(itemsOf(ex)('CSV file').length, 1, 'one file');
				const binary = ex.runData['CSV file'].at(-1).data.main[0][0].binary.data;
				assert.equal(binary.mimeType, 'text/csv');
				assert.match(binary.fileName, /^daily-sales-mega-pro-\d{4}-\d{2}-\d{2}\.csv$/);
				const rows = parseCsv((await binaryContent(n8n, binary)).toString('utf8'));
				assert.deepEqual(Object.keys(rows[0]), ['shop_id', 'shop_name', 'date', 'receipts', 'income_rub', 'refund_rub', 'turnover_rub']);
				const byShop = new Map();
				for (const r of rows) byShop.set(r.shop_id, [...(byShop.get(r.shop_id) || []), r]);
				assert.deepEqual([...byShop.keys()].sort(), shops.map((s) => s.id).sort());
				for (const [shop, list] of byShop) {
					const dates = list.map((r) => r.date);
					const first = dates[0];
					const last = dates[dates.length - 1];
					assert.equal((Date.parse(last) - Date.parse(first)) / 86400e3, 364, `${shop}: ${first}..${last} is not 365 days`);
					const truth = await sb.control.truth('daily', { sc_id: PRO, shop_id: shop, start_date: first, end_date: last });
					assert.deepEqual(dates, truth.ids, `${shop}: dates differ from the truth`);
					const kopecks = list.reduce((s, r) => s + Math.round(Number(r.income_rub) * 100), 0);
					assert.equal(kopecks, truth.sum, `${shop}: Σ income differs from the truth`);
				}
				const daily = log.filter((e) => e.route === 'sales.daily');
				assert.equal(daily.length, 11, `PRO: one 366-day window per shop, saw ${daily.length} requests`);
				assert.ok(daily.every((e) => e.status === 200));
				console.log(`       ${rows.length} CSV rows, ${byShop.size} shops`);
			});

			await step('example "spreadsheet → declared turnover": rubles with decimal commas → kopecks stored; Monthly Totals shows manual_turnover', async () => {
				const { ex, log } = await runWorkflow(n8n, sb, bindExample(examples['spreadsheet-to-declared-turnover'].workflow, { credentials }));
				assert.equal(ex.status, 'success', nodeErrorText(ex, ex.lastNodeExecuted));
				// the month the workflow declared ("last month" in n8n's time zone; may differ from UTC's for a few hours)
				const { month } = itemsOf(ex)('Tenant spreadsheet')[0];
				assert.equal(month, lastMonthOf(month));
				const expected = { '1002-02': 125430050, '1002-03': 98765432, '1002-04': 241000000 };
				const declared = itemsOf(ex)('Declare turnover');
				assert.deepEqual(Object.fromEntries(declared.map((d) => [d.shop_id, d.manual_turnover])), expected);
				assert.equal(log.filter((e) => e.route === 'turnover.declare' && e.status === 200).length, 3);
				const { declaredTurnover } = await sb.control.intake();
				for (const [shop, kopecks] of Object.entries(expected)) {
					const rec = declaredTurnover.find((d) => JSON.stringify(d).includes(`"${shop}"`) && JSON.stringify(d).includes(month));
					assert.ok(rec && JSON.stringify(rec).includes(String(kopecks)), `sandbox has no ${kopecks} for ${shop} ${month}: ${JSON.stringify(declaredTurnover).slice(0, 600)}`);
				}
				const monthly = itemsOf(ex)('Monthly totals');
				assert.equal(monthly.length, 3);
				monthly.forEach((m, i) => {
					assert.equal(m.date, month);
					assert.equal(m.is_manual, true);
					assert.equal(m.manual_turnover, Object.values(expected)[i]);
				});
				assert.equal(monthly[2].visitors, 15230, 'declared visitors should replace counted ones');
			});

			await step('example "counter upload": 2,400 hourly rows from a file → 3 calls of ≤ 1000 records, all stored', async () => {
				const { ex, log } = await runWorkflow(n8n, sb, bindExample(examples['counter-upload'].workflow, { credentials }));
				assert.equal(ex.status, 'success', nodeErrorText(ex, ex.lastNodeExecuted));
				const [summary] = itemsOf(ex)('Submit counter hours');
				assert.equal(summary.records, 2400);
				assert.equal(summary.batches, 3);
				assert.equal(summary.written, 2400);
				const calls = log.filter((e) => e.route === 'counter.submit');
				assert.equal(calls.length, 3);
				assert.ok(calls.every((e) => e.status === 200 && /entrance-north-1/.test(e.path)));
				const { counters } = await sb.control.intake();
				const mine = counters.filter((c) => c.external_id === 'entrance-north-1' && c.center_id === '1001');
				assert.equal(mine.length, 2400);
				const csv = parseCsv(fs.readFileSync(path.join(DATA_DIR, 'counter-hours.csv'), 'utf8'));
				const noon = csv.find((r) => r.datetime === '2025-10-15T12:00:00+03:00');
				const stored = mine.find((c) => c.hour === '2025-10-15T09:00:00.000Z');
				assert.ok(stored, 'hour 2025-10-15 12:00 Moscow not stored');
				assert.deepEqual([stored.in, stored.out], [Number(noon.in), Number(noon.out)]);
			});
		}

		// -------------------------------------------------------------------------------- activation
		if (ONLY.has('activation')) {
			await activationTest({ n8n, sb, slack, credentials, example: examples['anomaly-to-slack'].workflow });
		}
	} finally {
		if (n8n) {
			const failedHere = results.some((r) => !r.ok && r.name.startsWith(`[${version}]`));
			if (failedHere && !VERBOSE) {
				const why = n8n.loadErrors();
				const tail = n8n.logs().split('\n').filter((l) => /error|warn/i.test(l)).slice(-15);
				if (why.length || tail.length) console.log(`  n8n ${version} log (errors/warnings, last lines):\n${[...why, ...tail].map((l) => `       ${l}`).join('\n')}`);
			}
			await n8n.stop().catch(() => {});
		}
		if (sb) await sb.stop().catch(() => {});
		timings.push({ version, seconds: Math.round((Date.now() - tVersion) / 100) / 10 });
	}
}

async function activationTest({ n8n, sb, slack, credentials, example }) {
	const pollTimes = SLOW_POLL ? { item: [{ mode: 'everyMinute' }] } : { item: POLL_EVERY_5_S };
	const pollLabel = SLOW_POLL ? 'every minute' : 'every 5 s';
	const wfJson = bindExample(example, {
		credentials,
		patch: (node) => {
			if (node.type.endsWith('.shoppingCenterTrigger')) node.parameters.pollTimes = pollTimes;
			// without openssl there is no Slack catcher: the message the workflow builds is checked instead
			if (!slack && node.type === 'n8n-nodes-base.slack') node.disabled = true;
		},
	});
	if (slack) slack.messages.splice(0); // only this leg's messages (the sandbox of every leg numbers inserted anomalies alike)
	const wf = await step('example "anomaly → Slack": import', () => n8n.api.importWorkflow(wfJson));
	if (!wf) return;
	const executions = async () => (await n8n.api.executions({ workflowId: wf.id })) || [];
	const activated = await step(`activate it (trigger polls ${pollLabel}; the first poll at activation remembers what exists)`, async () => {
		const since = await sb.control.lastSeq();
		await n8n.api.activate(wf.id);
		const after = await n8n.api.getWorkflow(wf.id);
		assert.ok(after.active || after.activeVersionId, `not active after activation: ${JSON.stringify({ active: after.active, activeVersionId: after.activeVersionId })}`);
		const log = await waitFor('the first poll', async () => {
			const l = await sb.control.log({ since });
			return l.some((e) => e.route === 'anomalies' && e.sc_id === PRO) ? l : null;
		}, { timeoutMs: 30000 }).catch(async (e) => {
			// n8n may accept the activation and fail to start the trigger (e.g. a refused poll time): say why
			const r = await n8n.request('GET', `/rest/active-workflows/error/${wf.id}`, undefined, { raw: true, ok: false }).catch(() => null);
			throw new Error(`${e.message}; n8n's activation error: ${r ? r.text.slice(0, 500) : 'n/a'}`);
		});
		const first = log.filter((e) => e.route === 'anomalies' && e.sc_id === PRO);
		assert.ok(first.every((e) => e.status === 200), JSON.stringify(first.map((e) => [e.status, e.code])));
		await sleep(1500);
		assert.equal((await executions()).length, 0, 'the first poll ("remember") must not start the workflow');
		return true;
	});
	if (!activated) return;
	let inserted;
	await step('a new anomaly in the sandbox (POST /__sandbox/insert) reaches Slack through the active workflow, once', async () => {
		const since = await sb.control.lastSeq();
		[inserted] = (await sb.control.insert({ kind: 'anomaly', sc_id: PRO, count: 1 })).ids;
		const t0 = Date.now();
		let text;
		if (slack) {
			const msg = await slack.waitFor((m) => String(m.text).includes(inserted), SLOW_POLL ? 150000 : 60000);
			assert.equal(msg.channel, '#mall-anomalies');
			assert.equal(msg.authorization, 'Bearer xoxb-e2e-local-catcher');
			text = msg.text;
		}
		const list = await waitFor('the execution of the workflow', async () => {
			const l = await executions();
			return l.length && l.every((e) => e.finished !== false && e.status !== 'running' && e.status !== 'new') ? l : null;
		}, { timeoutMs: slack ? 30000 : SLOW_POLL ? 150000 : 60000 });
		assert.equal(list.length, 1, `${list.length} executions`);
		const ex = await n8n.api.execution(list[0].id);
		assert.equal(ex.status, 'success', nodeErrorText(ex, ex.lastNodeExecuted));
		assert.equal(ex.mode, 'trigger');
		const fired = itemsOf(ex)('New anomaly');
		assert.deepEqual(fired.map((a) => a.id), [inserted]);
		const [formatted] = itemsOf(ex)('Format message');
		text = text || formatted.text;
		assert.equal(formatted.anomaly_id, inserted);
		assert.ok(text.includes('Center 1002') && text.includes(`_anomaly ${inserted}_`), text);
		if (slack) assert.equal(itemsOf(ex)('Post to Slack')[0].ok, true);
		const polls = (await sb.control.log({ since })).filter((e) => e.route === 'anomalies' && e.sc_id === PRO).length;
		console.log(`       ${slack ? 'posted to Slack' : 'message built'} ${((Date.now() - t0) / 1000).toFixed(1)} s after the insert (${polls} poll(s) of 1002 meanwhile):\n${text.replace(/^/gm, '         │ ')}`);
	});
	if (inserted) {
		await step('the next polls emit nothing again (the anomaly is remembered)', async () => {
			const since = await sb.control.lastSeq();
			await waitFor('two more polls', async () => (await sb.control.log({ since })).filter((e) => e.route === 'anomalies' && e.sc_id === PRO).length >= 2, {
				timeoutMs: SLOW_POLL ? 150000 : 30000,
			});
			assert.equal((await executions()).length, 1);
			if (slack) assert.equal(slack.messages.filter((m) => String(m.text).includes(inserted)).length, 1);
		});
	}
	await step('deactivate', () => n8n.api.deactivate(wf.id));
}

// ------------------------------------------------------------------------------------------ main
async function main() {
	const t0 = Date.now();
	console.log(`e2e in a real n8n: versions ${VERSIONS.join(', ')}; package ${PACKAGE_DIR}; parts ${[...ONLY].join(', ')}`);
	const want = expectedTypes(PACKAGE_DIR);
	if (want.problems.length) {
		currentVersion = 'package';
		await step('the package is built (npm run build)', () => assert.deepEqual(want.problems, []));
	}
	let slack = null;
	if (ONLY.has('activation') || ONLY.has('examples')) {
		const ssl = process.env.N8N_E2E_NO_SLACK_CATCHER ? null : opensslAvailable();
		if (ssl) {
			slack = await startSlackCatcher();
			console.log(`Slack catcher (HTTPS proxy for slack.com, ${ssl}): ${slack.proxyUrl}`);
		} else {
			banner('openssl not found: no local Slack catcher. The anomaly → Slack example runs with its Slack node\ndisabled and the message the workflow builds is checked instead.');
		}
	}
	// Installs: the first version now; the others in the background while earlier legs run.
	const installs = new Map();
	const install = (v) => {
		if (!installs.has(v)) {
			const p = ensureN8n({ version: v });
			p.catch(() => {});
			installs.set(v, p);
		}
		return installs.get(v);
	};
	try {
		for (const [i, v] of VERSIONS.entries()) {
			const p = install(v);
			if (VERSIONS[i + 1]) {
				// start the next install once this one is done (two npm installs at once would compete for the 2 cores)
				p.then(() => install(VERSIONS[i + 1]), () => install(VERSIONS[i + 1]));
			}
			await runVersion(v, { slack, installPromise: p });
		}
	} finally {
		if (slack) {
			if (slack.refused.length) console.log(`(the test proxy refused outbound calls to: ${[...new Set(slack.refused.map((r) => r.host))].join(', ')})`);
			await slack.stop();
		}
	}
	const passed = results.filter((r) => r.ok).length;
	const failed = results.length - passed;
	console.log('\nTimings:');
	for (const t of timings) console.log(`  n8n ${t.version}: ${t.seconds} s`);
	console.log(`  total: ${Math.round((Date.now() - t0) / 1000)} s`);
	if (skipped.length) banner(skipped.map((s) => `SKIPPED n8n ${s.version}: ${s.reason}`).join('\n'));
	if (failed) {
		console.log('\nFailed:');
		for (const r of results.filter((x) => !x.ok)) console.log(`  ✖ ${r.name}`);
	}
	console.log(`\n${passed} passed, ${failed} failed${skipped.length ? `, ${skipped.length} version(s) skipped` : ''}`);
	process.exit(failed ? 1 : 0);
}

main().catch((e) => {
	console.error(e);
	console.log('0 passed, 1 failed');
	process.exit(1);
});
