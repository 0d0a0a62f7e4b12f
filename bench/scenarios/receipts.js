'use strict';
/*
 * The receipts export in its renderings (the node over 90 days, HTTP Request as the docs suggest (a) and
 * hand-tuned (b); the node and HTTP Request (b) + Split Out over ≥100,000 receipts, as items): memory,
 * each alone in a fresh n8n; speed,
 * the 90-day ones interleaved in one n8n with the plain client as reference; optionally with a shared
 * budget (another client of the center spending most of each window).
 */
const { measuredRun, itemsOf, errorOf, startRun, waitFinished } = require('../lib/n8n');
const { sleep, addDays, splitDays, loadWorkflow, nodeOf, fmt } = require('../lib/util');
const {
	PRO,
	CLIENT,
	OTHER_CLIENT_SPEND,
	log,
	token,
	plainClientPass,
	freshN8n,
	alignToWindow,
	compareSets,
	requestsOf,
	requestsPerWindow,
	loadAverage,
} = require('./common');

/** The nodes a rendering's wall time spans, and the one whose items are the export. */
const NODE_RENDERING = {
	kind: 'node',
	exportNodes: ['Export receipts'],
	outputNode: 'Export receipts',
};
const HTTP_RENDERING = {
	kind: 'http',
	exportNodes: [
		'Get token',
		'Windows',
		'One item per window',
		'Receipt pages',
		'One item per receipt',
	],
	outputNode: 'One item per receipt',
};

const RECEIPT_SCENARIOS = {
	node90: {
		label: 'Receipts node, 90 days (PRO 1002-01)',
		file: 'receipts-node.json',
		...NODE_RENDERING,
	},
	httpDocs: {
		label: 'HTTP Request (a) as the docs suggest',
		file: 'receipts-http-docs.json',
		...HTTP_RENDERING,
	},
	httpExpert: {
		label: 'HTTP Request (b) hand-tuned by an expert',
		file: 'receipts-http-expert.json',
		...HTTP_RENDERING,
	},
	node100k: {
		label: 'Receipts node, ≥100,000 receipts',
		file: 'receipts-node.json',
		...NODE_RENDERING,
		period: 'p100k',
	},
	// the same job as n8n's own nodes do it: (b)'s pagination over the ≥100,000 period, Split Out into items
	http100k: {
		label: 'HTTP Request (b) pagination + Split Out, ≥100,000 receipts',
		file: 'receipts-http-expert.json',
		...HTTP_RENDERING,
		period: 'p100k',
	},
};

/** The item-mode rows over the ≥100,000-receipt period (memory and time from their runs alone). */
const ITEM_MODE_KEYS = Object.keys(RECEIPT_SCENARIOS).filter(
	(k) => RECEIPT_SCENARIOS[k].period === 'p100k',
);

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

/** How many times the HTTP Request node started all over (Retry On Fail re-runs the whole node, every window from page 1). */
function restartsOf(logEntries, windows) {
	const firstPages = logEntries.filter(
		(e) => e.route === 'receipts' && (e.query.page === undefined || e.query.page === '1'),
	).length;
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
		firstRequestToLastMs: r.log.length
			? Date.parse(r.log[r.log.length - 1].time) - Date.parse(r.log[0].time)
			: 0,
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
		sandbox.control.budget({ sc_id: PRO.sc, spend }).catch(() => {});
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
	const period = periods[sc.period || 'p90'];
	const truth = truths[sc.period || 'p90'];
	const values = {
		CREDENTIAL_ID: credentialId,
		SC_BASE_URL: sandbox.baseUrl,
		CLIENT_ID: CLIENT.id,
		CLIENT_SECRET: CLIENT.secret,
		PAGE_INTERVAL_MS: Math.round((windowMs / PRO.perMinute) * 100) / 100,
	};
	const template = loadWorkflow(sc.file, values);
	const wf = await n8n.api.importWorkflow({
		...withPeriod(template, sc.kind, period.start, period.end),
		name: `${template.name} (${period.start}..${period.end})`,
	});
	// warm-up: one day through the same workflow (loads modules, gets a token, learns the plan)
	const day = addDays(period.end, -1);
	const warm = await n8n.api.importWorkflow({
		...withPeriod(template, sc.kind, day, day),
		name: `${template.name} (warm-up)`,
	});
	const warmId = await startRun(n8n, warm.id);
	const warmSummary = await waitFinished(n8n, warm.id, warmId, 120_000);
	if (warmSummary.status !== 'success') log(`  ${key}: warm-up run ended ${warmSummary.status}`);
	return {
		key,
		sc,
		wfId: wf.id,
		period,
		truth,
		windows: splitDays(period.start, period.end, PRO.windowDays).length,
	};
}

async function measureReceipts(n8n, ctx, prepared, { shared = false } = {}) {
	const { sandbox, windowMs } = ctx;
	const stop = shared ? otherClient(sandbox, windowMs, OTHER_CLIENT_SPEND) : () => {};
	try {
		await alignToWindow(windowMs);
		if (shared) await sleep(5); // the other client's spend lands first
		const r = await measuredRun({
			n8n,
			sandbox,
			workflowId: prepared.wfId,
			spanNodes: prepared.sc.exportNodes,
		});
		const run = evaluateReceiptsRun(r, prepared.sc, prepared.truth, prepared.windows);
		run.loadAverage = loadAverage();
		run.requestsPerWindow = requestsPerWindow(r.log, windowMs);
		// the execution's data is large: drop it from n8n's database before the next run
		await n8n
			.request('POST', '/rest/executions/delete', { ids: [String(r.executionId)] })
			.catch(() => {});
		return run;
	} finally {
		stop();
	}
}

/** Memory: each rendering alone in a fresh n8n (after its warm-up); the item-mode rows also give their times here. */
async function memoryPhase(key, ctx) {
	const { opts, stage, sandbox } = ctx;
	const itemMode = ITEM_MODE_KEYS.includes(key);
	log(`${RECEIPT_SCENARIOS[key].label}: fresh n8n (memory${itemMode ? ' and time' : ''}) …`);
	const { n8n, credentialId } = await freshN8n(opts, stage, sandbox, key);
	try {
		const prepared = await prepareReceipts(n8n, credentialId, key, ctx);
		const runs = [];
		const rounds = itemMode ? Math.min(3, opts.rounds) : 1;
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
					const seq0 = await sandbox.control.lastSeq();
					const pass = await plainClientPass(sandbox.baseUrl, bearer, windows);
					const entries = await sandbox.control.log({ since: seq0 });
					const run = {
						round,
						status: 'success',
						records: pass.records,
						wallMs: pass.ms,
						receiptRequests: pass.requests,
						rateLimited: entries.filter((e) => e.status === 429).length,
						loadAverage: loadAverage(),
					};
					log(
						`  plain round ${round}: ${fmt.int(run.records)} records, ${run.receiptRequests} requests, ${fmt.int(run.wallMs)} ms`,
					);
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
				log(
					`  ${k} with a shared budget (another client spends ${OTHER_CLIENT_SPEND}/${PRO.perMinute} per window): ${describeRun(run)}`,
				);
				out[k].shared = run;
			}
		}
		for (const k of keys) Object.assign(out[k], { prepared: prepared[k] });
		return out;
	} finally {
		await n8n.stop();
	}
}

module.exports = {
	RECEIPT_SCENARIOS,
	ITEM_MODE_KEYS,
	prepareReceipts,
	measureReceipts,
	memoryPhase,
	speedPhase,
};
