#!/usr/bin/env node
'use strict';
/**
 * npm run bench — the package's nodes against n8n's own HTTP Request node, in a REAL n8n (1.123.81),
 * against the API sandbox with a time-scaled rate window. See bench/README.md.
 *
 * Options:
 *   --window-ms N     length of one scaled "minute" (default: calibrated, see README)
 *   --headroom X      calibration: minute = X × (300 × the sandbox's own time per 1000-receipt page) (default 1.5)
 *   --rounds N        timed rounds of the 90-day renderings (default 5; node100k: at most 3; the median by wall time is reported)
 *   --only a,b,...    scenarios: node90, httpDocs, httpExpert, node100k, node100kNoSave, basic, trigger (default all)
 *   --no-shared       skip the shared-budget runs (another client of the center spends most of each window)
 *   --no-trace        skip the transport trace (phases of each request of the Receipts node, own n8n, patched build)
 *   --n8n-version V   default 1.123.81
 *   --out DIR         default bench/results
 *   --verbose         n8n's log lines on stderr
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execSync } = require('node:child_process');

const { startSandboxProcess, ROOT } = require('./lib/sandbox');
const { buildStage } = require('./lib/build');
const { measuredRun, itemsOf, errorOf, startRun, waitFinished } = require('./lib/n8n');
const { sleep, addDays, daysBetween, splitDays, median, loadWorkflow, nodeOf, fmt } = require('./lib/util');
const { startSink } = require('./lib/sink');
const trace = require('./lib/trace');
const { RssSampler } = require('./lib/rss');
const { startN8n, packPackage } = require(path.join(ROOT, 'scripts', 'n8n', 'instance.js'));

// ---------------------------------------------------------------------------------------------------
// What is measured

const NOW = '2026-11-20T09:00:00Z'; // the sandbox clock (frozen): 14:00 in Yekaterinburg (1002), 12:00 in Moscow (1001)
const SEED = 42;
const PRO = { sc: '1002', shop: '1002-01', start: '2026-08-23', end: '2026-11-20', perMinute: 300, perPage: 1000, windowDays: 30 };
const BASIC = { sc: '1001', start: '2025-11-20', end: '2026-11-19', perMinute: 60, rowsPerRequest: 31, windowDays: 31 };
const TARGET_100K = 100_000;
const LOOKBACK_DAYS = 3;
const ANOMALY_PAGE = 500;
const INSERTED_ANOMALIES = 600;
const N8N_VERSION_DEFAULT = '1.123.81';
const CLIENT = { id: 'demo-client', secret: 'demo-secret-4f1c9a' };
/** Shared-budget runs: another integration of center 1002 spends this much of every window at its start. */
const OTHER_CLIENT_SPEND = 260;

function parseArgs(argv) {
	const o = { rounds: 5, headroom: 1.5, only: null, version: N8N_VERSION_DEFAULT, out: path.join(__dirname, 'results'), verbose: false, windowMs: undefined, shared: true, trace: true };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const v = () => argv[++i];
		if (a === '--window-ms') o.windowMs = Number(v());
		else if (a === '--headroom') o.headroom = Number(v());
		else if (a === '--rounds') o.rounds = Math.max(1, Number(v()));
		else if (a === '--only') o.only = new Set(v().split(','));
		else if (a === '--n8n-version') o.version = v();
		else if (a === '--out') o.out = path.resolve(v());
		else if (a === '--verbose') o.verbose = true;
		else if (a === '--no-shared') o.shared = false;
		else if (a === '--no-trace') o.trace = false;
		else if (a === '--help' || a === '-h') {
			console.log(fs.readFileSync(__filename, 'utf8').split('\n').slice(2, 19).join('\n'));
			process.exit(0);
		} else throw new Error(`unknown option ${a}`);
	}
	return o;
}

const log = (...a) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);

// ---------------------------------------------------------------------------------------------------
// Calibration: how fast the sandbox itself serves full receipt pages to one plain client

async function token(baseUrl) {
	const r = await fetch(`${baseUrl}/auth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ client_id: CLIENT.id, client_secret: CLIENT.secret }),
	});
	return (await r.json()).access_token;
}

/** A plain sequential client (fetch + JSON.parse, nothing else) over the 90-day export: per-page times. */
async function plainClientPass(baseUrl, bearer, windows) {
	const perPage = [];
	let records = 0;
	let requests = 0;
	const t0 = Date.now();
	for (const w of windows) {
		for (let page = 1; ; page++) {
			const t = process.hrtime.bigint();
			const res = await fetch(`${baseUrl}/sc/${PRO.sc}/shops/${PRO.shop}/receipts?start_created_date=${w.start}&end_created_date=${w.end}&page=${page}&per_page=${PRO.perPage}`, {
				headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
			});
			const body = JSON.parse(await res.text());
			requests++;
			if (!body.success) throw new Error(`calibration: ${JSON.stringify(body.error)}`);
			const ms = Number(process.hrtime.bigint() - t) / 1e6;
			if (body.data.length === PRO.perPage) perPage.push(ms);
			records += body.data.length;
			if (body.data.length < PRO.perPage) break;
		}
	}
	return { perPage, records, requests, ms: Date.now() - t0 };
}

async function calibrate(opts) {
	const sb = await startSandboxProcess({ now: NOW, seed: SEED, rateLimits: false });
	try {
		const windows = splitDays(PRO.start, PRO.end, PRO.windowDays);
		await sb.truth('receipts', { sc_id: PRO.sc, shop_id: PRO.shop, start_created_date: PRO.start, end_created_date: PRO.end }); // generate the days once
		const bearer = await token(sb.baseUrl);
		await plainClientPass(sb.baseUrl, bearer, windows); // warm up (JIT, sockets)
		const passes = [];
		for (let i = 0; i < 3; i++) passes.push(await plainClientPass(sb.baseUrl, bearer, windows));
		// the machine's capability, not the momentary load of whatever else runs on it: the quickest pass
		const pageMs = Math.min(...passes.map((p) => median(p.perPage)));
		const passMs = median(passes.map((p) => p.ms));
		const windowMs = opts.windowMs || Math.min(20_000, Math.max(2_000, Math.ceil((PRO.perMinute * pageMs * opts.headroom) / 100) * 100));
		return {
			plainClientPageMs: +pageMs.toFixed(2),
			plainClientPassMedians: passes.map((p) => +median(p.perPage).toFixed(2)),
			plainClientPassMs: passMs,
			plainClientRequests: passes[0].requests,
			plainClientRecords: passes[0].records,
			headroom: opts.headroom,
			windowMs,
			chosen: opts.windowMs ? 'given with --window-ms' : `${opts.headroom} × 300 × ${pageMs.toFixed(1)} ms, rounded up to 100 ms`,
		};
	} finally {
		await sb.stop();
	}
}

// ---------------------------------------------------------------------------------------------------
// n8n instances

let packedTgz = null;

async function freshN8n(opts, stage, sandbox, label, tgz) {
	if (!tgz && !packedTgz) packedTgz = packPackage(stage.dir, fs.mkdtempSync(path.join(os.tmpdir(), 'sc-bench-tgz-')));
	const n8n = await startN8n({
		version: opts.version,
		packageTgz: tgz || packedTgz,
		logLevel: 'warn',
		onLog: opts.verbose ? (l) => process.stderr.write(`[n8n ${label}] ${l}\n`) : undefined,
	});
	await n8n.api.assertLoaded({
		nodes: ['n8n-nodes-shopping-center.shoppingCenterReceipts', 'n8n-nodes-shopping-center.shoppingCenterRevenue', 'n8n-nodes-shopping-center.shoppingCenterTrigger'],
		credentials: ['shoppingCenterApi'],
	});
	const cred = await n8n.api.createCredential({
		name: 'Bench sandbox',
		type: 'shoppingCenterApi',
		data: { baseUrl: sandbox.baseUrl, clientId: CLIENT.id, clientSecret: CLIENT.secret, allowInsecure: true },
	});
	return { n8n, credentialId: cred.id };
}

/** Waits for the start of the next rate window (+ a little), so every measured run starts with a full budget. */
async function alignToWindow(windowMs) {
	const next = Math.ceil(Date.now() / windowMs) * windowMs;
	await sleep(next - Date.now() + 30);
}

// ---------------------------------------------------------------------------------------------------
// Receipts scenarios

const RECEIPT_SCENARIOS = {
	node90: { label: 'Receipts node, 90 days (PRO 1002-01)', file: 'receipts-node.json', kind: 'node', exportNodes: ['Export receipts'], outputNode: 'Export receipts' },
	httpDocs: {
		label: 'HTTP Request (a) as the docs suggest',
		file: 'receipts-http-docs.json',
		kind: 'http',
		exportNodes: ['Get token', 'Windows', 'One item per window', 'Receipt pages', 'One item per receipt'],
		outputNode: 'One item per receipt',
	},
	httpExpert: {
		label: 'HTTP Request (b) hand-tuned by an expert',
		file: 'receipts-http-expert.json',
		kind: 'http',
		exportNodes: ['Get token', 'Windows', 'One item per window', 'Receipt pages', 'One item per receipt'],
		outputNode: 'One item per receipt',
	},
	node100k: { label: 'Receipts node, ≥100,000 receipts', file: 'receipts-node.json', kind: 'node', exportNodes: ['Export receipts'], outputNode: 'Export receipts' },
};

function withPeriod(wf, kind, start, end) {
	const copy = JSON.parse(JSON.stringify(wf));
	if (kind === 'node') {
		const n = nodeOf(copy, 'Export receipts');
		n.parameters.createdStartDate = start;
		n.parameters.createdEndDate = end;
	} else {
		const windows = splitDays(start, end, PRO.windowDays);
		nodeOf(copy, 'Windows').parameters.jsonOutput = JSON.stringify({ windows }, null, 2);
	}
	return copy;
}

function compareSets(gotIds, gotSum, truth) {
	const got = new Set(gotIds);
	const want = new Set(truth.ids);
	let missing = 0;
	for (const id of want) if (!got.has(id)) missing++;
	let extra = 0;
	for (const id of got) if (!want.has(id)) extra++;
	const duplicates = gotIds.length - got.size;
	const exact = missing === 0 && extra === 0 && duplicates === 0 && gotSum === truth.sum;
	return { exact, missing, extra, duplicates, sumMatches: gotSum === truth.sum, trueCount: truth.count };
}

function requestsOf(logEntries) {
	const byRoute = {};
	let rateLimited = 0;
	for (const e of logEntries) {
		const k = `${e.route}:${e.status}`;
		byRoute[k] = (byRoute[k] || 0) + 1;
		if (e.status === 429) rateLimited++;
	}
	const count = (route) => logEntries.filter((e) => e.route === route).length;
	return { total: logEntries.length, byRoute, rateLimited, count };
}

/** How many times the HTTP Request node started all over (Retry On Fail re-runs the whole node, every window from page 1). */
function restartsOf(logEntries, windows) {
	const firstPages = logEntries.filter((e) => e.route === 'receipts' && (e.query.page === undefined || e.query.page === '1')).length;
	return Math.max(0, Math.ceil(firstPages / windows) - 1);
}

function evaluateReceiptsRun(r, sc, truth, windows) {
	const items = itemsOf(r.execution, sc.outputNode) || [];
	const records = items.map((i) => i.json);
	const ids = records.map((x) => x.id);
	const sum = records.reduce((a, x) => a + (typeof x.total_sum === 'number' ? x.total_sum : 0), 0);
	const cmp = compareSets(ids, sum, truth);
	const req = requestsOf(r.log);
	const wallMs = r.span ? r.span.ms : r.finishedAt - r.startedAt;
	return {
		status: r.status,
		error: errorOf(r.execution),
		records: records.length,
		...cmp,
		receiptRequests: req.count('receipts'),
		otherRequests: r.log.filter((e) => e.route !== 'receipts').map((e) => `${e.route}:${e.status}`),
		requestsTotal: req.total,
		rateLimited: req.rateLimited,
		restarts: sc.kind === 'http' ? restartsOf(r.log, windows) : 0,
		wallMs,
		executionMs: r.finishedAt - r.startedAt,
		firstRequestToLastMs: r.log.length ? Date.parse(r.log[r.log.length - 1].time) - Date.parse(r.log[0].time) : 0,
		jsonBytes: Buffer.byteLength(JSON.stringify(records)),
		memory: r.memory,
	};
}

function describeRun(run) {
	return (
		`${run.status}, ${fmt.int(run.records)} records (${run.exact ? 'exact' : `NOT exact: missing ${run.missing}, extra ${run.extra}, dup ${run.duplicates}`}), ` +
		`${run.receiptRequests} receipt requests, ${run.rateLimited} × 429${run.restarts ? `, ${run.restarts} restarts` : ''}, ${fmt.int(run.wallMs)} ms, ` +
		`peak RSS ${fmt.mb(run.memory.mainPeakKb)} (from ${fmt.mb(run.memory.baselineMainKb)})` +
		(run.error ? `, error: ${run.error.message}` : '')
	);
}

/**
 * Another integration of the same center (the budget is per center, shared by every key of its staff)
 * that spends `spend` requests at the start of every rate window, as a job scheduled at the top of
 * each minute would. Returns a stop function.
 */
function otherClient(sandbox, windowMs, spend) {
	let stopped = false;
	let timer;
	const schedule = () => {
		const next = Math.floor(Date.now() / windowMs + 1) * windowMs;
		timer = setTimeout(tick, next - Date.now() + 1);
	};
	const tick = () => {
		if (stopped) return;
		sandbox.control('POST', '/budget', { sc_id: PRO.sc, spend }).catch(() => {});
		schedule();
	};
	schedule();
	return () => {
		stopped = true;
		clearTimeout(timer);
	};
}

/** Imports a receipts workflow (and its one-day warm-up) into an n8n and runs the warm-up. */
async function prepareReceipts(n8n, credentialId, key, ctx) {
	const { sandbox, windowMs, periods, truths } = ctx;
	const sc = RECEIPT_SCENARIOS[key];
	const period = key === 'node100k' ? periods.p100k : periods.p90;
	const truth = key === 'node100k' ? truths.p100k : truths.p90;
	const values = {
		CREDENTIAL_ID: credentialId,
		SC_BASE_URL: sandbox.baseUrl,
		CLIENT_ID: CLIENT.id,
		CLIENT_SECRET: CLIENT.secret,
		PAGE_INTERVAL_MS: Math.round((windowMs / PRO.perMinute) * 100) / 100,
	};
	const template = loadWorkflow(sc.file, values);
	const wf = await n8n.api.importWorkflow({ ...withPeriod(template, sc.kind, period.start, period.end), name: `${template.name} (${period.start}..${period.end})` });
	// warm-up: one day through the same workflow (loads modules, gets a token, learns the plan)
	const day = addDays(period.end, -1);
	const warm = await n8n.api.importWorkflow({ ...withPeriod(template, sc.kind, day, day), name: `${template.name} (warm-up)` });
	const warmId = await startRun(n8n, warm.id);
	const warmSummary = await waitFinished(n8n, warm.id, warmId, 120_000);
	if (warmSummary.status !== 'success') log(`  ${key}: warm-up run ended ${warmSummary.status}`);
	return { key, sc, wfId: wf.id, period, truth, windows: splitDays(period.start, period.end, PRO.windowDays).length };
}

async function measureReceipts(n8n, ctx, prepared, { shared = false } = {}) {
	const { sandbox, windowMs } = ctx;
	const stop = shared ? otherClient(sandbox, windowMs, OTHER_CLIENT_SPEND) : () => {};
	try {
		await alignToWindow(windowMs);
		if (shared) await sleep(5); // the other client's spend lands first
		const r = await measuredRun({ n8n, sandbox, workflowId: prepared.wfId, spanNodes: prepared.sc.exportNodes });
		const run = evaluateReceiptsRun(r, prepared.sc, prepared.truth, prepared.windows);
		run.loadAverage = os.loadavg().map((x) => +x.toFixed(2));
		run.requestsPerWindow = Object.values(
			r.log.reduce((acc, e) => {
				const w = Math.floor(Date.parse(e.time) / windowMs);
				acc[w] = (acc[w] || 0) + 1;
				return acc;
			}, {}),
		);
		// the execution's data is large: drop it from n8n's database before the next run
		await n8n.request('POST', '/rest/executions/delete', { ids: [String(r.executionId)] }).catch(() => {});
		return run;
	} finally {
		stop();
	}
}

/** Memory: each rendering alone in a fresh n8n (after its warm-up); node100k also gives its times here. */
async function memoryPhase(key, ctx) {
	const { opts, stage, sandbox } = ctx;
	log(`${RECEIPT_SCENARIOS[key].label}: fresh n8n (memory${key === 'node100k' ? ' and time' : ''}) …`);
	const { n8n, credentialId } = await freshN8n(opts, stage, sandbox, key);
	try {
		const prepared = await prepareReceipts(n8n, credentialId, key, ctx);
		const runs = [];
		const rounds = key === 'node100k' ? Math.min(3, opts.rounds) : 1;
		for (let round = 1; round <= rounds; round++) {
			const run = { round, ...(await measureReceipts(n8n, ctx, prepared)) };
			log(`  ${key} round ${round}: ${describeRun(run)}`);
			runs.push(run);
		}
		return { prepared, runs };
	} finally {
		await n8n.stop();
	}
}

/** Speed: the three renderings of the 90-day export in ONE n8n, interleaved round by round (same load for all). */
async function speedPhase(keys, ctx) {
	const { opts, stage, sandbox } = ctx;
	log(`speed: ${keys.join(', ')} interleaved in one n8n, ${opts.rounds} rounds …`);
	const { n8n, credentialId } = await freshN8n(opts, stage, sandbox, 'speed');
	const out = Object.fromEntries(keys.map((k) => [k, { runs: [], shared: undefined }]));
	try {
		const prepared = {};
		for (const k of keys) prepared[k] = await prepareReceipts(n8n, credentialId, k, ctx);
		// the reference: a plain fetch loop outside n8n, one request at a time, against the same sandbox
		const all = [...keys, 'plain'];
		out.plain = { runs: [] };
		const bearer = await token(sandbox.baseUrl);
		const windows = splitDays(PRO.start, PRO.end, PRO.windowDays);
		for (let round = 1; round <= opts.rounds; round++) {
			// a different order every round, so that no rendering always follows the same one
			const order = all.map((_, i) => all[(i + round - 1) % all.length]);
			for (const k of order) {
				if (k === 'plain') {
					await alignToWindow(ctx.windowMs);
					const seq0 = await sandbox.lastSeq();
					const pass = await plainClientPass(sandbox.baseUrl, bearer, windows);
					const entries = await sandbox.log(seq0);
					const run = { round, status: 'success', records: pass.records, wallMs: pass.ms, receiptRequests: pass.requests, rateLimited: entries.filter((e) => e.status === 429).length, loadAverage: os.loadavg().map((x) => +x.toFixed(2)) };
					log(`  plain round ${round}: ${fmt.int(run.records)} records, ${run.receiptRequests} requests, ${fmt.int(run.wallMs)} ms`);
					out.plain.runs.push(run);
					continue;
				}
				const run = { round, ...(await measureReceipts(n8n, ctx, prepared[k])) };
				log(`  ${k} round ${round}: ${describeRun(run)}`);
				out[k].runs.push(run);
			}
		}
		if (opts.shared) {
			for (const k of keys) {
				const run = await measureReceipts(n8n, ctx, prepared[k], { shared: true });
				log(`  ${k} with a shared budget (another client spends ${OTHER_CLIENT_SPEND}/${PRO.perMinute} per window): ${describeRun(run)}`);
				out[k].shared = run;
			}
		}
		for (const k of keys) Object.assign(out[k], { prepared: prepared[k] });
		return out;
	} finally {
		await n8n.stop();
	}
}

/** --trace-transport: the node's 90-day export in an n8n loaded with a build whose transport logs its phases. */
async function runTrace(ctx) {
	const { opts } = ctx;
	const traced = buildStage();
	const logFile = path.join(traced.dir, 'transport-trace.jsonl');
	const patch = trace.patchTransport(traced.dir, logFile);
	if (!patch.patched) {
		traced.cleanup();
		return { skipped: patch.why };
	}
	const tgzDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-bench-trace-tgz-'));
	log('transport trace: fresh n8n with a patched build …');
	const { n8n, credentialId } = await freshN8n(opts, traced, ctx.sandbox, 'trace', packPackage(traced.dir, tgzDir));
	try {
		const prepared = await prepareReceipts(n8n, credentialId, 'node90', ctx);
		const runs = [];
		const all = [];
		for (let i = 0; i < 3; i++) {
			fs.writeFileSync(logFile, '');
			const wallMs = (await measureReceipts(n8n, ctx, prepared)).wallMs;
			const t = trace.totals(logFile);
			// what the node's wall time holds besides its requests: reading its parameters and the center
			// before the first one, and after the last one building the output and n8n taking it over
			runs.push({ wallMs, ...t, outsideRequestsMs: +(wallMs - t.insideRequestsMs - t.betweenRequestsMs).toFixed(1) });
			all.push(fs.readFileSync(logFile, 'utf8'));
		}
		fs.writeFileSync(logFile, all.join(''));
		const phases = trace.summarise(logFile);
		log(`  per full page (median ms): ${trace.PHASES.map((p) => `${p} ${phases[p]}`).join(', ')}, between requests ${phases.betweenRequests}; runs ${runs.map((r) => `${r.wallMs} ms (${r.outsideRequestsMs} outside the requests)`).join(', ')}`);
		return { phases, runs };
	} finally {
		await n8n.stop();
		traced.cleanup();
		fs.rmSync(tgzDir, { recursive: true, force: true });
	}
}

/**
 * The 100,000-receipt export once more with the workflow told not to save execution data (n8n's own
 * setting), which shows how much of the peak is n8n keeping the run. Its last node reports count,
 * distinct ids and Σ total_sum to the bench.
 */
async function runNoSave(ctx) {
	const { opts, stage, sandbox, windowMs, periods, truths } = ctx;
	const sink = await startSink();
	log('Receipts node, ≥100,000 receipts, execution data not saved: fresh n8n …');
	const { n8n, credentialId } = await freshN8n(opts, stage, sandbox, 'node100kNoSave');
	try {
		const wfJson = loadWorkflow('receipts-node-nosave.json', { CREDENTIAL_ID: credentialId, SINK_URL: sink.url });
		const setPeriod = (wf, start, end) => {
			const copy = JSON.parse(JSON.stringify(wf));
			Object.assign(nodeOf(copy, 'Export receipts').parameters, { createdStartDate: start, createdEndDate: end });
			return copy;
		};
		const wf = await n8n.api.importWorkflow(setPeriod(wfJson, periods.p100k.start, periods.p100k.end));
		const warm = await n8n.api.importWorkflow({ ...setPeriod(wfJson, addDays(PRO.end, -1), addDays(PRO.end, -1)), name: 'Bench 1c (warm-up)' });
		await startRun(n8n, warm.id);
		await sink.next(120_000);
		await sleep(1000);

		await alignToWindow(windowMs);
		const seq0 = await sandbox.lastSeq();
		const sampler = new RssSampler(n8n.pid).start();
		const t0 = Date.now();
		let got;
		try {
			await startRun(n8n, wf.id);
			got = await sink.next(600_000);
			await sleep(1500); // n8n finishing the execution (nothing to save but its status)
		} finally {
			var mem = sampler.stop(); // eslint-disable-line no-var
		}
		const entries = await sandbox.log(seq0);
		const summary = got.json.summary || {};
		const pick = (re) => summary[Object.keys(summary).find((k) => re.test(k))];
		const count = pick(/^count_/);
		const unique = pick(/^unique_count_/);
		const sum = pick(/^sum_/);
		const truth = truths.p100k;
		return {
			key: 'node100kNoSave',
			label: 'Receipts node, ≥100,000 receipts, execution data not saved',
			period: periods.p100k,
			records: count,
			uniqueIds: unique,
			sum,
			trueCount: truth.count,
			exact: count === truth.count && unique === truth.count && sum === truth.sum,
			exactHow: 'count, distinct ids and Σ total_sum (the ids themselves are not kept by n8n here)',
			requests: entries.filter((e) => e.route === 'receipts').length,
			rateLimited: entries.filter((e) => e.status === 429).length,
			wallMs: got.at - t0,
			jsonBytes: undefined,
			memory: { baselineMainKb: mem.baselineMainKb, mainPeakKb: mem.mainPeakKb, mainPeakFrom: mem.mainPeakFrom, treePeakKb: mem.treePeakKb, baselineTreeKb: mem.baselineTreeKb },
		};
	} finally {
		await n8n.stop();
		await sink.close();
	}
}

// ---------------------------------------------------------------------------------------------------
// Basic: a year of daily sales of every shop (Revenue node)

async function runBasic(ctx, n8n, credentialId) {
	const { sandbox, windowMs } = ctx;
	const wf = await n8n.api.importWorkflow(loadWorkflow('revenue-basic.json', { CREDENTIAL_ID: credentialId }));
	// warm-up on a center of its own budget would not be Basic 1001: warm the modules with a 1-day, 1-shop run instead
	const warmWf = loadWorkflow('revenue-basic.json', { CREDENTIAL_ID: credentialId });
	nodeOf(warmWf, 'Daily sales').parameters.startDate = BASIC.end;
	nodeOf(warmWf, 'Shops').parameters.returnAll = false;
	nodeOf(warmWf, 'Shops').parameters.limit = 1;
	const warm = await n8n.api.importWorkflow({ ...warmWf, name: 'Bench 3 (warm-up)' });
	const warmId = await startRun(n8n, warm.id);
	await waitFinished(n8n, warm.id, warmId, 120_000);

	await alignToWindow(windowMs);
	const r = await measuredRun({ n8n, sandbox, workflowId: wf.id, spanNodes: ['Shops', 'Daily sales'], timeoutMs: 900_000 });
	const shops = (itemsOf(r.execution, 'Shops') || []).map((i) => i.json);
	const rows = itemsOf(r.execution, 'Daily sales') || [];
	let exact = true;
	let trueCount = 0;
	const perShop = [];
	for (let s = 0; s < shops.length; s++) {
		const mine = rows.filter((i) => (Array.isArray(i.pairedItem) ? i.pairedItem[0] : i.pairedItem)?.item === s).map((i) => i.json);
		const truth = await sandbox.truth('daily', { sc_id: BASIC.sc, shop_id: shops[s].id, start_date: BASIC.start, end_date: BASIC.end });
		trueCount += truth.count;
		const cmp = compareSets(
			mine.map((x) => x.date),
			mine.reduce((a, x) => a + (x.income_sum || 0), 0),
			truth,
		);
		if (!cmp.exact) exact = false;
		perShop.push({ shop: shops[s].id, rows: mine.length, ...cmp });
	}
	const req = requestsOf(r.log);
	const wallMs = r.span ? r.span.ms : r.finishedAt - r.startedAt;
	const windowsPerShop = splitDays(BASIC.start, BASIC.end, BASIC.windowDays).length;
	return {
		key: 'basic',
		label: 'Revenue node, Basic 1001: a year of daily sales, every shop',
		status: r.status,
		error: errorOf(r.execution),
		shops: shops.length,
		records: rows.length,
		trueCount,
		exact,
		perShop,
		dataRequests: req.count('sales.daily') + req.count('shops'),
		dailyRequests: req.count('sales.daily'),
		minimumRequests: shops.length * windowsPerShop + 1,
		otherRequests: r.log.filter((e) => !['sales.daily', 'shops'].includes(e.route)).map((e) => `${e.route}:${e.status}`),
		rateLimited: req.rateLimited,
		wallMs,
		jsonBytes: Buffer.byteLength(JSON.stringify(rows.map((i) => i.json))),
		memory: r.memory,
		// how the requests fell into the rate windows (each window allows 60)
		requestsPerWindow: Object.values(
			r.log.reduce((acc, e) => {
				const w = Math.floor(Date.parse(e.time) / windowMs);
				acc[w] = (acc[w] || 0) + 1;
				return acc;
			}, {}),
		),
	};
}

// ---------------------------------------------------------------------------------------------------
// Trigger: requests per poll of New Anomaly (3-day lookback), counted in the sandbox log

const POLL_EVERY_S = 5;

async function runTrigger(ctx, n8n, credentialId) {
	const { sandbox } = ctx;
	const zoneToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Yekaterinburg', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
	const lookback = { sc_id: PRO.sc, start_date: addDays(zoneToday, -LOOKBACK_DAYS), end_date: zoneToday };
	const before = await sandbox.truth('anomalies', lookback);

	const seconds = Array.from({ length: 60 / POLL_EVERY_S }, (_, i) => i * POLL_EVERY_S).join(',');
	const wf = await n8n.api.importWorkflow(loadWorkflow('trigger-anomaly.json', { CREDENTIAL_ID: credentialId, POLL_CRON: `${seconds} * * * * *` }));
	// activate just after a tick of the schedule, so that the first poll (run while activating) and the next tick stay apart
	const tickMs = POLL_EVERY_S * 1000;
	await sleep(Math.ceil(Date.now() / tickMs) * tickMs - Date.now() + 1000);
	const seq0 = await sandbox.lastSeq();
	const marks = [];
	await n8n.api.activate(wf.id); // n8n runs the first poll while activating
	marks.push({ at: Date.now(), what: 'activated (first poll done)' });
	await sleep(3 * POLL_EVERY_S * 1000 + 1500);
	const inserted = await sandbox.control('POST', '/insert', { kind: 'anomaly', sc_id: PRO.sc, count: INSERTED_ANOMALIES });
	marks.push({ at: Date.now(), what: `inserted ${INSERTED_ANOMALIES} anomalies` });
	const after = await sandbox.truth('anomalies', lookback);
	await sleep(3 * POLL_EVERY_S * 1000 + 1500);
	await n8n.api.deactivate(wf.id);
	const entries = await sandbox.log(seq0);

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
		emittedExactlyInserted: emitted === insertedIds.size && [...emittedIds].every((id) => insertedIds.has(id)),
		maxRequestsPerPoll: Math.max(...pollRows.map((p) => p.requests)),
		withinTarget: pollRows.every((p) => p.requests <= p.allowed),
	};
}

// ---------------------------------------------------------------------------------------------------
// Figures

function summariseReceipts({ key, timeRuns, memoryRun, shared, truth, period }, windowMs, minimumRequests) {
	const ok = timeRuns.filter((r) => r.status === 'success');
	const pool = ok.length ? ok : timeRuns;
	const med = median(pool.map((r) => r.wallMs));
	const rep = pool.reduce((best, r) => (Math.abs(r.wallMs - med) < Math.abs(best.wallMs - med) ? r : best), pool[0]);
	const scaledMin = rep.wallMs / windowMs;
	const perScaledMin = rep.records / scaledMin;
	const mem = memoryRun || {};
	return {
		key,
		label: RECEIPT_SCENARIOS[key].label,
		period,
		status: rep.status,
		error: rep.error,
		runsOk: `${ok.length}/${timeRuns.length}`,
		allRunsExact: timeRuns.every((r) => r.exact) && (!memoryRun || memoryRun.exact),
		records: rep.records,
		trueCount: truth.count,
		exact: rep.exact,
		missing: rep.missing,
		extra: rep.extra,
		duplicates: rep.duplicates,
		requests: rep.receiptRequests,
		minimumRequests,
		requestsVsMinimum: rep.receiptRequests / minimumRequests,
		otherRequests: rep.otherRequests,
		rateLimited: rep.rateLimited,
		wallMs: rep.wallMs,
		wallMsAllRounds: timeRuns.map((r) => r.wallMs),
		scaledMinutes: scaledMin,
		recordsPerScaledMinute: perScaledMin,
		ceilingPerScaledMinute: PRO.perMinute * PRO.perPage,
		ofCeiling: perScaledMin / (PRO.perMinute * PRO.perPage),
		jsonBytes: mem.jsonBytes ?? rep.jsonBytes,
		memory: mem.memory,
		peakRssKb: mem.memory?.mainPeakKb,
		peakRssDeltaKb: mem.memory ? mem.memory.mainPeakKb - mem.memory.baselineMainKb : undefined,
		timeRuns,
		memoryRun,
		shared,
	};
}

function machine() {
	let cpu = os.cpus()[0]?.model || 'unknown';
	let nproc = os.cpus().length;
	try {
		nproc = Number(execSync('nproc', { encoding: 'utf8' }).trim());
	} catch {
		/* os.cpus() then */
	}
	return { nproc, cpu, memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1), node: process.version, os: `${os.type()} ${os.release()}`, loadAverageAtStart: os.loadavg().map((x) => +x.toFixed(2)) };
}

function gitInfo() {
	try {
		return { commit: execSync('git rev-parse --short HEAD', { cwd: ROOT, encoding: 'utf8' }).trim(), dirty: execSync('git status --porcelain -- nodes credentials', { cwd: ROOT, encoding: 'utf8' }).trim() !== '' };
	} catch {
		return {};
	}
}

function markdown(result) {
	const W = result.windowMs;
	const lines = [];
	lines.push(`# Benchmark results (${result.date})`);
	lines.push('');
	lines.push(
		`Machine: ${result.machine.nproc} CPUs (${result.machine.cpu}), ${result.machine.memoryGiB} GiB memory, Node ${result.machine.node}; load average at start ${result.machine.loadAverageAtStart.join(' / ')}, at the end ${(result.machine.loadAverageAtEnd || []).join(' / ')}. ` +
			`n8n ${result.n8nVersion}, package ${result.package.name} ${result.package.version} (commit ${result.git.commit}${result.git.dirty ? ', nodes/ or credentials/ modified' : ''}).`,
	);
	lines.push('');
	lines.push(
		`One scaled minute = **${W} ms** (${result.calibration.chosen}: a plain fetch-and-parse client gets a full 1000-receipt page from this sandbox in ${result.calibration.plainClientPageMs} ms, ` +
			`so a minute holds ${result.calibration.headroom ?? '–'} × the 300 pages it could serve; see bench/README.md). X-RateLimit-Reset: ISO 8601 with milliseconds. ` +
			`Every measured run starts at the beginning of a rate window. The 90-day rows (node, (a), (b)) come from ONE n8n running the three interleaved, median of ${result.rounds} rounds by wall time; ` +
			`peak RSS comes from a run of each alone in a fresh n8n after a one-day warm-up. Wall time = first export node's start to the last export node's end (n8n run data).`,
	);
	lines.push('');
	lines.push(
		'Reading the % of the ceiling: the ceiling is a steady rate (300 req/min × 1000 records; Basic 60 × 31 rows). An export that fits in one window\'s budget is not held back by the budget at all, and a run that starts with a fresh window bursts through its last window, so short runs can show more than 100 %.',
	);
	lines.push('');
	lines.push('| Scenario | Records | = true set | Requests (min) | 429s | Wall (scaled min) | Records / scaled min | % of ceiling | Peak RSS n8n (Δ over idle) | vs HTTP (a) | vs HTTP (b) |');
	lines.push('|---|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|');
	for (const r of result.rows) {
		lines.push(
			`| ${r.label} | ${fmt.int(r.records)} | ${r.exactText} | ${r.requestsText} | ${r.rateLimited ?? '–'} | ${r.scaledMinutes === undefined ? '–' : fmt.num(r.scaledMinutes, 3)} | ${fmt.int(r.recordsPerScaledMinute)} | ${fmt.pct(r.ofCeiling)} | ${r.rssText} | ${fmt.ratio(r.vsA)} | ${fmt.ratio(r.vsB)} |`,
		);
	}
	lines.push('');
	lines.push('## Targets');
	lines.push('');
	for (const t of result.targets) lines.push(`- ${t.met === true ? '**met**' : t.met === false ? '**NOT met**' : 'n/a'} — ${t.target}: ${t.measured}`);
	lines.push('');
	if (result.notes.length) {
		lines.push('## Notes');
		lines.push('');
		for (const n of result.notes) lines.push(`- ${n}`);
		lines.push('');
	}
	lines.push(`Full figures (every round, memory by phase, requests by route and status): \`bench/results/latest.json\`. Bench wall time: ${Math.round(result.benchSeconds)} s.`);
	return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------------

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	const t0 = Date.now();
	const want = (k) => !opts.only || opts.only.has(k);
	const result = { date: new Date().toISOString(), machine: machine(), n8nVersion: opts.version, rounds: opts.rounds, git: gitInfo(), notes: [] };

	log(`machine: ${result.machine.nproc} CPUs, ${result.machine.memoryGiB} GiB, Node ${result.machine.node}, load ${result.machine.loadAverageAtStart.join(' ')}`);
	log('building the package into a folder of its own …');
	const stage = buildStage();
	result.package = { name: stage.name, version: stage.version };

	log('calibrating the scaled minute against the sandbox …');
	result.calibration = await calibrate(opts);
	const windowMs = result.calibration.windowMs;
	result.windowMs = windowMs;
	log(`  plain client: ${result.calibration.plainClientPageMs} ms per 1000-receipt page → one scaled minute = ${windowMs} ms`);

	const sandbox = await startSandboxProcess({ now: NOW, seed: SEED, windowMs, faults: { resetFormat: 'iso' } });
	log(`sandbox ${sandbox.baseUrl} (rate window ${windowMs} ms, X-RateLimit-Reset ISO)`);

	const rows = [];
	const scenarios = {};
	try {
		// the true sets (and the days generated once, so no run pays for generation)
		const periods = { p90: { start: PRO.start, end: PRO.end } };
		const truths = {};
		truths.p90 = await sandbox.truth('receipts', { sc_id: PRO.sc, shop_id: PRO.shop, start_created_date: PRO.start, end_created_date: PRO.end });
		if (want('node100k') || want('node100kNoSave')) {
			// the shortest period ending on PRO.end with at least 100,000 receipts
			let lo = 90;
			let hi = 240;
			while (lo < hi) {
				const mid = Math.floor((lo + hi) / 2);
				const t = await sandbox.truth('receipts', { sc_id: PRO.sc, shop_id: PRO.shop, start_created_date: addDays(PRO.end, -(mid - 1)), end_created_date: PRO.end });
				if (t.count >= TARGET_100K) hi = mid;
				else lo = mid + 1;
			}
			periods.p100k = { start: addDays(PRO.end, -(lo - 1)), end: PRO.end };
			truths.p100k = await sandbox.truth('receipts', { sc_id: PRO.sc, shop_id: PRO.shop, start_created_date: periods.p100k.start, end_created_date: PRO.end });
			log(`  100k period: ${periods.p100k.start}..${periods.p100k.end} (${daysBetween(periods.p100k.start, PRO.end)} days, ${fmt.int(truths.p100k.count)} receipts)`);
		}
		const minimumOf = async (p) => {
			let min = 0;
			const perWindow = [];
			for (const w of splitDays(p.start, p.end, PRO.windowDays)) {
				const t = await sandbox.truth('receipts', { sc_id: PRO.sc, shop_id: PRO.shop, start_created_date: w.start, end_created_date: w.end });
				perWindow.push(t.count);
				min += Math.max(1, Math.ceil(t.count / PRO.perPage));
			}
			return { min, perWindow };
		};
		const mins = { p90: await minimumOf(periods.p90) };
		if (periods.p100k) mins.p100k = await minimumOf(periods.p100k);
		log(`  90 days: ${fmt.int(truths.p90.count)} receipts, per window ${mins.p90.perWindow.join(' / ')}, minimum ${mins.p90.min} requests`);
		result.periods = { p90: { ...periods.p90, receipts: truths.p90.count, perWindow: mins.p90.perWindow, minimumRequests: mins.p90.min } };
		if (periods.p100k) result.periods.p100k = { ...periods.p100k, receipts: truths.p100k.count, perWindow: mins.p100k.perWindow, minimumRequests: mins.p100k.min };

		const ctx = { opts, stage, sandbox, windowMs, periods, truths };
		const speedKeys = ['node90', 'httpDocs', 'httpExpert'].filter(want);
		const memoryRuns = {};
		for (const key of [...speedKeys, 'node100k'].filter(want)) {
			try {
				memoryRuns[key] = await memoryPhase(key, ctx);
			} catch (e) {
				log(`  ${key} (memory) could not be measured: ${e.stack || e.message}`);
				memoryRuns[key] = { failedToRun: e.message };
			}
		}
		let speed = {};
		if (speedKeys.length) {
			try {
				speed = await speedPhase(speedKeys, ctx);
			} catch (e) {
				log(`  speed phase could not be measured: ${e.stack || e.message}`);
				for (const k of speedKeys) speed[k] = { failedToRun: e.message };
			}
		}
		if (opts.trace && want('node90')) {
			try {
				result.transportTrace = await runTrace(ctx);
			} catch (e) {
				log(`  transport trace failed: ${e.stack || e.message}`);
				result.transportTrace = { failed: e.message };
			}
		}
		for (const key of [...speedKeys, 'node100k'].filter(want)) {
			const m = memoryRuns[key];
			const t = key === 'node100k' ? m : speed[key];
			if (!t || t.failedToRun || !t.runs?.length) {
				scenarios[key] = { key, label: RECEIPT_SCENARIOS[key].label, failedToRun: (t && t.failedToRun) || (m && m.failedToRun) || 'no run' };
				continue;
			}
			const period = key === 'node100k' ? periods.p100k : periods.p90;
			scenarios[key] = summariseReceipts(
				{ key, timeRuns: t.runs, memoryRun: m && !m.failedToRun ? m.runs[0] : undefined, shared: t.shared, truth: key === 'node100k' ? truths.p100k : truths.p90, period },
				windowMs,
				key === 'node100k' ? mins.p100k.min : mins.p90.min,
			);
		}
		if (speed.plain && speed.plain.runs && speed.plain.runs.length) {
			const runs = speed.plain.runs;
			const med = median(runs.map((r) => r.wallMs));
			const rep = runs.reduce((b, r) => (Math.abs(r.wallMs - med) < Math.abs(b.wallMs - med) ? r : b), runs[0]);
			const scaledMinutes = rep.wallMs / windowMs;
			scenarios.plain = {
				key: 'plain',
				label: 'Reference: a plain fetch loop outside n8n, one request at a time',
				status: 'success',
				records: rep.records,
				exact: rep.records === truths.p90.count,
				requests: rep.receiptRequests,
				minimumRequests: mins.p90.min,
				rateLimited: rep.rateLimited,
				wallMs: rep.wallMs,
				wallMsAllRounds: runs.map((r) => r.wallMs),
				scaledMinutes,
				recordsPerScaledMinute: rep.records / scaledMinutes,
				ofCeiling: rep.records / scaledMinutes / (PRO.perMinute * PRO.perPage),
				runs,
			};
		}
		if (want('node100kNoSave')) {
			try {
				scenarios.node100kNoSave = await runNoSave(ctx);
				const n = scenarios.node100kNoSave;
				log(`  ${fmt.int(n.records)} records (${n.exact ? 'exact' : 'NOT exact'}), ${n.requests} requests, peak RSS ${fmt.mb(n.memory.mainPeakKb)} (from ${fmt.mb(n.memory.baselineMainKb)})`);
			} catch (e) {
				log(`  node100kNoSave could not be measured: ${e.stack || e.message}`);
				scenarios.node100kNoSave = { key: 'node100kNoSave', label: 'Receipts node, ≥100,000 receipts, execution data not saved', failedToRun: e.message };
			}
		}

		if (want('basic') || want('trigger')) {
			// the trigger counts days by the real clock: from here on the sandbox's (frozen) clock is the real now,
			// set before this n8n gets its token (tokens live 1 hour on the sandbox clock)
			await sandbox.control('POST', '/clock', { set: new Date().toISOString(), mode: 'frozen' });
			log('Basic revenue and trigger: fresh n8n …');
			const { n8n, credentialId } = await freshN8n(opts, stage, sandbox, 'basic');
			try {
				if (want('basic')) {
					try {
						scenarios.basic = await runBasic(ctx, n8n, credentialId);
						const b = scenarios.basic;
						log(`  basic: ${b.status}, ${fmt.int(b.records)} rows (${b.exact ? 'exact' : 'NOT exact'}), ${b.dataRequests} requests, ${b.rateLimited} × 429, ${fmt.int(b.wallMs)} ms, per window ${b.requestsPerWindow.join('/')}`);
					} catch (e) {
						log(`  basic could not be measured: ${e.stack || e.message}`);
						scenarios.basic = { key: 'basic', failedToRun: e.message };
					}
				}
				if (want('trigger')) {
					try {
						scenarios.trigger = await runTrigger(ctx, n8n, credentialId);
						const t = scenarios.trigger;
						log(`  trigger: ${t.polls.length} polls, requests per poll ${t.polls.map((p) => p.requests).join(', ')} (rows ${t.rowsBefore} → ${t.rowsAfter}), emitted ${t.emitted}`);
					} catch (e) {
						log(`  trigger could not be measured: ${e.stack || e.message}`);
						scenarios.trigger = { key: 'trigger', failedToRun: e.message };
					}
				}
			} finally {
				await n8n.stop();
			}
		}
	} finally {
		await sandbox.stop();
		stage.cleanup();
		if (packedTgz) fs.rmSync(path.dirname(packedTgz), { recursive: true, force: true });
	}

	// ---- table rows and targets
	const A = scenarios.httpDocs;
	const B = scenarios.httpExpert;
	const perMin = (s) => (s && !s.failedToRun && s.status === 'success' && s.exact ? s.recordsPerScaledMinute : undefined);
	const rssText = (m) => (m ? `${fmt.mb(m.mainPeakKb)} (+${fmt.mb(m.mainPeakKb - m.baselineMainKb)})` : '–');
	const exactText = (s) =>
		s.exact ? 'yes' : `**no** (true ${fmt.int(s.trueCount)}: missing ${fmt.int(s.missing)}, extra ${fmt.int(s.extra)}, dup ${fmt.int(s.duplicates)})`;
	const statusText = (s) => (s.status !== 'success' ? ` — **${s.status}**${s.error ? `: ${s.error.message}` : ''}` : '');
	for (const key of ['node90', 'httpDocs', 'httpExpert', 'node100k']) {
		const s = scenarios[key];
		if (!s) continue;
		if (s.failedToRun) {
			rows.push({ label: s.label, exactText: `not run: ${s.failedToRun.slice(0, 80)}`, requestsText: '–', rssText: '–' });
			continue;
		}
		rows.push({
			label: s.label + (s.timeRuns.some((r) => r.restarts) ? ` (${Math.max(...s.timeRuns.map((r) => r.restarts))} restarts)` : '') + statusText(s),
			records: s.records,
			exactText: exactText(s),
			requestsText: `${s.requests} (${s.minimumRequests})`,
			rateLimited: s.rateLimited,
			scaledMinutes: s.scaledMinutes,
			recordsPerScaledMinute: s.status === 'success' && s.exact ? s.recordsPerScaledMinute : undefined,
			ofCeiling: s.status === 'success' && s.exact ? s.ofCeiling : undefined,
			rssText: rssText(s.memory),
			vsA: key === 'node90' && perMin(A) ? s.recordsPerScaledMinute / perMin(A) : undefined,
			vsB: key === 'node90' && perMin(B) ? s.recordsPerScaledMinute / perMin(B) : undefined,
		});
	}
	const pl = scenarios.plain;
	if (pl) {
		rows.splice(Math.min(rows.length, 3), 0, {
			label: pl.label,
			records: pl.records,
			exactText: pl.exact ? 'count only' : '**count differs**',
			requestsText: `${pl.requests} (${pl.minimumRequests})`,
			rateLimited: pl.rateLimited,
			scaledMinutes: pl.scaledMinutes,
			recordsPerScaledMinute: pl.recordsPerScaledMinute,
			ofCeiling: pl.ofCeiling,
			rssText: '–',
		});
	}
	const ns = scenarios.node100kNoSave;
	if (ns) {
		rows.push(
			ns.failedToRun
				? { label: ns.label, exactText: `not run: ${ns.failedToRun.slice(0, 80)}`, requestsText: '–', rssText: '–' }
				: {
						label: ns.label,
						records: ns.records,
						exactText: ns.exact ? 'yes (count, distinct ids, Σ)' : `**no** (true ${fmt.int(ns.trueCount)})`,
						requestsText: `${ns.requests} (${scenarios.node100k?.minimumRequests ?? '–'})`,
						rateLimited: ns.rateLimited,
						rssText: rssText(ns.memory),
					},
		);
	}
	// shared budget: the ceiling is what the other client leaves (300 − OTHER_CLIENT_SPEND per window)
	const left = PRO.perMinute - OTHER_CLIENT_SPEND;
	const sharedPerMin = {};
	for (const key of ['node90', 'httpDocs', 'httpExpert']) {
		const s = scenarios[key];
		if (!s || s.failedToRun || !s.shared) continue;
		const sh = s.shared;
		sh.scaledMinutes = sh.wallMs / windowMs;
		sh.recordsPerScaledMinute = sh.records / sh.scaledMinutes;
		sh.ceilingPerScaledMinute = left * PRO.perPage;
		sh.ofCeiling = sh.recordsPerScaledMinute / sh.ceilingPerScaledMinute;
		sh.budgetFloorScaledMinutes = Math.ceil(s.minimumRequests / left) - 1;
		sh.ofBudgetFloor = sh.status === 'success' ? sh.budgetFloorScaledMinutes / sh.scaledMinutes : undefined;
		if (sh.status === 'success' && sh.exact) sharedPerMin[key] = sh.recordsPerScaledMinute;
		rows.push({
			label: `${s.label}, **shared budget** (another client takes ${OTHER_CLIENT_SPEND} of each window's ${PRO.perMinute}; ceiling ${left} × 1000)` + (sh.restarts ? ` (${sh.restarts} restarts)` : '') + statusText(sh),
			records: sh.records,
			exactText: exactText({ ...sh, trueCount: s.trueCount }),
			requestsText: `${sh.receiptRequests} (${s.minimumRequests})`,
			rateLimited: sh.rateLimited,
			scaledMinutes: sh.scaledMinutes,
			// a rate of a partial set would read as a good figure: shown only for the true set
			recordsPerScaledMinute: sh.status === 'success' && sh.exact ? sh.recordsPerScaledMinute : undefined,
			ofCeiling: sh.status === 'success' && sh.exact ? sh.ofCeiling : undefined,
			rssText: '–',
		});
	}
	const sharedRow = rows.find((r) => r.label.startsWith(RECEIPT_SCENARIOS.node90.label + ', **shared'));
	if (sharedRow && sharedPerMin.node90) {
		sharedRow.vsA = sharedPerMin.httpDocs ? sharedPerMin.node90 / sharedPerMin.httpDocs : undefined;
		sharedRow.vsB = sharedPerMin.httpExpert ? sharedPerMin.node90 / sharedPerMin.httpExpert : undefined;
	}
	const bs = scenarios.basic;
	if (bs && !bs.failedToRun) {
		const scaledMinutes = bs.wallMs / windowMs;
		bs.scaledMinutes = scaledMinutes;
		bs.recordsPerScaledMinute = bs.records / scaledMinutes;
		bs.ceilingPerScaledMinute = BASIC.perMinute * BASIC.rowsPerRequest;
		bs.ofCeiling = bs.recordsPerScaledMinute / bs.ceilingPerScaledMinute;
		bs.windowsUsed = bs.requestsPerWindow.length;
		// the least time any client could take: every full window of the budget must pass, the last one is a burst
		bs.budgetFloorScaledMinutes = Math.ceil(bs.dataRequests / BASIC.perMinute) - 1;
		bs.ofBudgetFloor = bs.budgetFloorScaledMinutes / scaledMinutes;
		bs.minimumWindows = Math.ceil(bs.dataRequests / BASIC.perMinute);
		rows.push({
			label: `${bs.label} (${bs.shops} shops; requests per window ${bs.requestsPerWindow.join(' / ')})` + statusText(bs),
			records: bs.records,
			exactText: bs.exact ? 'yes' : `**no** (true ${fmt.int(bs.trueCount)})`,
			requestsText: `${bs.dataRequests} (${bs.minimumRequests})`,
			rateLimited: bs.rateLimited,
			scaledMinutes,
			recordsPerScaledMinute: bs.recordsPerScaledMinute,
			ofCeiling: bs.ofCeiling,
			rssText: rssText(bs.memory),
		});
	}
	const tr = scenarios.trigger;
	if (tr && !tr.failedToRun) {
		rows.push({
			label: `${tr.label}: requests per poll ${tr.polls.map((p) => p.requests).join(', ')} (lookback rows ${tr.rowsBefore}, then ${tr.rowsAfter})`,
			records: tr.emitted,
			exactText: tr.emittedExactlyInserted ? `yes (emitted = the ${INSERTED_ANOMALIES} new)` : `**no** (emitted ${tr.emitted} for ${INSERTED_ANOMALIES} new)`,
			requestsText: `≤ ${tr.maxRequestsPerPoll}/poll (allowed ${[...new Set(tr.polls.map((p) => p.allowed))].join(', then ')})`,
			rateLimited: tr.polls.reduce((a, p) => a + p.routes.filter((x) => x.endsWith(':429')).length, 0),
			rssText: '–',
		});
	}
	result.rows = rows;
	result.scenarios = scenarios;

	const targets = [];
	const n90 = scenarios.node90;
	if (n90 && !n90.failedToRun) {
		targets.push({ target: 'Receipts node ≥ 95 % of the ceiling (300 req/min × 1000)', met: n90.status === 'success' && n90.ofCeiling >= 0.95, measured: `${fmt.pct(n90.ofCeiling)} (one scaled minute = ${windowMs} ms; the node's wall time would give 95 % with a minute of ${Math.ceil((0.95 * PRO.perMinute * PRO.perPage * n90.wallMs) / n90.records)} ms)` });
		targets.push({ target: 'Receipts node: zero 429s', met: n90.rateLimited === 0, measured: `${n90.rateLimited}` + (n90.shared ? `; with a shared budget: ${n90.shared.rateLimited}` : '') });
		targets.push({
			target: 'Receipts node: requests ≤ 1.02 × minimum',
			met: n90.requests <= 1.02 * n90.minimumRequests,
			measured: `${n90.requests} for a minimum of ${n90.minimumRequests} (${fmt.ratio(n90.requestsVsMinimum)}); outside the budget: ${n90.otherRequests.join(', ') || 'none'}` + (n90.shared ? `; with a shared budget: ${n90.shared.receiptRequests}` : ''),
		});
		const aText = (x) => (!x ? 'not run' : x.status !== 'success' ? `**failed** (${x.error?.message})` : x.exact ? 'exact too' : `partial/wrong (${fmt.int(x.records)} of ${fmt.int(A.trueCount)})`);
		targets.push({
			target: 'Receipts node: the exact record set where HTTP (a) fails or returns a partial set',
			met: n90.exact && n90.allRunsExact && (!n90.shared || n90.shared.exact),
			measured: `node: exact in ${n90.timeRuns.filter((r) => r.exact).length}/${n90.timeRuns.length} timed runs${n90.memoryRun ? (n90.memoryRun.exact ? " + the memory run" : " (memory run NOT exact)") : ""}${n90.shared ? ` and with a shared budget: ${n90.shared.exact ? 'exact' : 'NOT exact'}` : ''}; HTTP (a): ${A && !A.failedToRun ? `${aText(A)}; with a shared budget: ${aText(A.shared)}` : 'not run'}; HTTP (b): ${B && !B.failedToRun ? `${aText(B)}; with a shared budget: ${aText(B.shared)}` : 'not run'}`,
		});
		targets.push({
			target: 'Receipts node ≥ 1.15 × the records per scaled minute of HTTP (b)',
			met: perMin(B) ? n90.recordsPerScaledMinute / perMin(B) >= 1.15 : undefined,
			measured:
				(perMin(B) ? fmt.ratio(n90.recordsPerScaledMinute / perMin(B)) : '(b) did not succeed') +
				(perMin(A) ? `; vs (a): ${fmt.ratio(n90.recordsPerScaledMinute / perMin(A))}` : '') +
				(sharedPerMin.node90 ? `; with a shared budget: (b) ${sharedPerMin.httpExpert ? fmt.ratio(sharedPerMin.node90 / sharedPerMin.httpExpert) : 'did not deliver the set'}, (a) ${sharedPerMin.httpDocs ? fmt.ratio(sharedPerMin.node90 / sharedPerMin.httpDocs) : 'did not deliver the set'}` : ''),
		});
	}
	const n100 = scenarios.node100k;
	if (n100 && !n100.failedToRun) {
		const delta = n100.peakRssDeltaKb * 1024;
		targets.push({
			target: 'Peak RSS of a 100,000-receipt export ≤ 2 × those receipts as JSON',
			met: n100.memory.mainPeakKb * 1024 <= 2 * n100.jsonBytes,
			measured:
				`${fmt.int(n100.records)} receipts = ${fmt.mb(n100.jsonBytes / 1024)} as JSON; n8n peak RSS ${fmt.mb(n100.memory.mainPeakKb)} = ${fmt.num((n100.memory.mainPeakKb * 1024) / n100.jsonBytes)} × JSON; ` +
				`growth over the idle process ${fmt.mb(delta / 1024)} = ${fmt.num(delta / n100.jsonBytes)} × JSON (idle ${fmt.mb(n100.memory.baselineMainKb)}; sampled peak while the node ran ${fmt.mb(n100.memory.mainPeakDuringExportKb)}, after it, while n8n stored the execution, ${fmt.mb(n100.memory.mainPeakAfterExportKb)})` +
				(ns && !ns.failedToRun ? `; with execution data not saved: peak ${fmt.mb(ns.memory.mainPeakKb)} (+${fmt.mb(ns.memory.mainPeakKb - ns.memory.baselineMainKb)} = ${fmt.num(((ns.memory.mainPeakKb - ns.memory.baselineMainKb) * 1024) / n100.jsonBytes)} × JSON)` : ''),
		});
	}
	if (tr && !tr.failedToRun) {
		targets.push({
			target: `Trigger: a poll ≤ 1 + ⌈lookback rows / ${ANOMALY_PAGE}⌉ requests`,
			met: tr.withinTarget,
			measured: tr.polls.map((p) => `${p.requests} (allowed ${p.allowed}, rows ${p.lookbackRows}: ${p.routes.join(' ')})`).join('; '),
		});
	}
	const notes = result.notes;
	if (pl && n90 && !n90.failedToRun) {
		const pairs = n90.timeRuns.map((r) => pl.runs.find((p) => p.round === r.round)).filter(Boolean);
		const ratios = n90.timeRuns.map((r) => { const p = pl.runs.find((x) => x.round === r.round); return p ? r.wallMs / p.wallMs : NaN; }).filter((x) => !Number.isNaN(x));
		notes.push(
			`The node against a plain fetch loop (outside n8n, one request at a time, same sandbox, same rounds): wall time ratio per round ${ratios.map((x) => fmt.num(x)).join(', ')} (median ${fmt.num(median(ratios))}); ${pairs.length} rounds. ` +
				`The plain loop's median page took ${fmt.num(pl.wallMs / pl.requests, 1)} ms here, against ${result.calibration.plainClientPageMs} ms in the calibration: the machine was ${pl.wallMs / pl.requests > 1.15 * result.calibration.plainClientPageMs ? 'busier' : 'about as busy'} during the timed rounds.`,
		);
	}
	const tt = result.transportTrace;
	if (tt && tt.phases) {
		notes.push(
			`Transport trace (${tt.phases.requests} full pages): per request ${trace.PHASES.map((p) => `${p} ${fmt.num(tt.phases[p])} ms`).join(', ')}, between requests ${fmt.num(tt.phases.betweenRequests)} ms (paging, de-duplication, the node's own work); one request at a time, so these add up. ` +
				`Medians; the mean request takes ${fmt.num(tt.phases.meanRequest)} ms, the 90th percentile ${fmt.num(tt.phases.p90Request)} ms, the slowest ${fmt.num(tt.phases.maxRequest)} ms (${tt.phases.slowRequests} of ${tt.phases.requests} HTTP exchanges took more than twice the median). ` +
				`Of the node's wall time (${tt.runs.map((r) => fmt.int(r.wallMs)).join(', ')} ms), ${tt.runs.map((r) => fmt.int(r.outsideRequestsMs)).join(', ')} ms lie outside its requests (before the first: parameters, center; after the last: its output of 54,316 items handed to n8n).`,
		);
	}
	if (bs && !bs.failedToRun) {
		notes.push(
			`Basic: ${bs.dataRequests} requests at ${BASIC.perMinute} per window went ${bs.requestsPerWindow.join(' + ')}; no client can take less than ${bs.budgetFloorScaledMinutes} scaled minute(s) plus the last burst, the node took ${fmt.num(bs.scaledMinutes, 3)} (${fmt.pct(bs.ofBudgetFloor)} of the budget's floor). Its % of the steady-rate ceiling is above 100 % only because the last window is a burst.`,
		);
	}
	if (n90 && n90.shared && n90.shared.status === 'success') {
		notes.push(
			`Shared budget: with ${PRO.perMinute - OTHER_CLIENT_SPEND} requests left per window the node went ${n90.shared.requestsPerWindow.join(' + ')} and took ${fmt.num(n90.shared.scaledMinutes, 3)} scaled minutes (floor ${n90.shared.budgetFloorScaledMinutes} + the last burst), with ${n90.shared.rateLimited} × 429.`,
		);
	}
	if (A && A.shared && !A.shared.exact) {
		notes.push(
			`HTTP (a) with a shared budget: ${A.shared.status === 'success' ? `the execution SUCCEEDED with ${fmt.int(A.shared.records)} of ${fmt.int(A.trueCount)} receipts` : `the execution failed (${A.shared.error?.message})`}: a 429 answer has no \`data\`, so the "complete" expression \`$response.body.data.length === 0\` throws a TypeError, which n8n's expression engine turns into null, which the pagination reads as "done"; the 429 body becomes the last page and Split Out skips it. Retry On Fail never fires because nothing failed.`,
		);
	}
	if (B && B.shared && B.shared.status !== 'success') {
		notes.push(
			`HTTP (b) with a shared budget: the 429 makes the node fail, Retry On Fail re-runs the WHOLE node (every window from page 1) ${B.shared.restarts} times and fails again, because the export needs ${B.minimumRequests} requests and a window leaves ${PRO.perMinute - OTHER_CLIENT_SPEND}; ${B.shared.receiptRequests} requests spent for nothing.`,
		);
	}
	if (n100 && !n100.failedToRun && n100.memory) {
		notes.push(
			`Memory of the 100,000-receipt export (main n8n process): idle ${fmt.mb(n100.memory.baselineMainKb)}, sampled peak while the node ran ${fmt.mb(n100.memory.mainPeakDuringExportKb)}, exact peak (VmHWM) ${fmt.mb(n100.memory.mainPeakKb)} reached after the node, while n8n stored the execution: it serialises the whole run data with flatted (${n100.memory.storedExecutionBytes ? `${fmt.mb(n100.memory.storedExecutionBytes / 1024)} = ${fmt.num(n100.memory.storedExecutionBytes / n100.jsonBytes)} × the receipts' JSON` : 'size unknown'}) and copies that string to UTF-8 for sqlite` +
				(ns && !ns.failedToRun ? `; the same export with the workflow set not to save execution data peaks at ${fmt.mb(ns.memory.mainPeakKb)} (+${fmt.mb(ns.memory.mainPeakKb - ns.memory.baselineMainKb)}).` : '.'),
		);
	}
	if (tr && !tr.failedToRun) {
		notes.push(`Trigger: polls every ${tr.pollEverySeconds} s (n8n's scheduler refuses a "*" in the seconds field, so the cron lists the seconds), first poll at activation with "remember what exists"; ${INSERTED_ANOMALIES} anomalies inserted after poll ${tr.polls.filter((p) => p.lookbackRows === tr.rowsBefore).length}; emitted ${tr.emitted}${tr.emittedExactlyInserted ? ', exactly the inserted ones, once' : ''}.`);
	}
	result.targets = targets;
	result.benchSeconds = (Date.now() - t0) / 1000;
	result.machine.loadAverageAtEnd = os.loadavg().map((x) => +x.toFixed(2));

	fs.mkdirSync(opts.out, { recursive: true });
	fs.writeFileSync(path.join(opts.out, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
	fs.writeFileSync(path.join(opts.out, 'latest.md'), markdown(result));
	console.log('\n' + markdown(result));
	log(`written ${path.relative(process.cwd(), path.join(opts.out, 'latest.json'))} and latest.md in ${Math.round(result.benchSeconds)} s`);
}

main().catch((e) => {
	console.error(e.stack || e.message);
	process.exit(1);
});
