'use strict';
/*
 * Production-size exports (issue 13): every shop of center 1002 over the shortest period ending
 * 2026-11-20 with at least 1,000,000 receipts, into ONE file (CSV, then JSON Lines) with the Receipts
 * node's Output "One File", in a real n8n with N8N_DEFAULT_BINARY_DATA_MODE=filesystem. Measured:
 * peak RSS growth of n8n over idle, the file read back from n8n's binary-data folder against the
 * sandbox's true set (count, distinct ids, Σ total_sum), wall time against the budget's floor, 429s,
 * requests against the minimum.
 */
const { itemsOf, errorOf, startRun, waitFinished, fetchExecution } = require('../lib/n8n');
const { RssSampler } = require('../lib/rss');
const { addDays, splitDays, loadWorkflow, fmt } = require('../lib/util');
const { PRO, CLIENT, log, freshN8n, alignToWindow, requestsOf } = require('./common');
const { readBack, fileResult, fileLine, measureOneFile, binaryPath } = require('./file-check');
const { QUEUE_KEYS, runQueueExport } = require('./file-export-queue');
const { measureFloor } = require('./floor');

const TARGET_1M = 1_000_000;
const SHOP_LIST_REQUESTS = 1;

/** The shortest period ending PRO.end whose center-wide receipts reach 1,000,000 (whole days). */
async function millionPeriod(sandbox) {
	const countFrom = async (start) =>
		(
			await sandbox.control.truth('receipts', {
				sc_id: PRO.sc,
				start_created_date: start,
				end_created_date: PRO.end,
			})
		).count;
	let lo = 1; // days back from PRO.end
	let hi = 1100;
	while (lo < hi) {
		const mid = Math.floor((lo + hi) / 2);
		if ((await countFrom(addDays(PRO.end, -(mid - 1)))) >= TARGET_1M) hi = mid;
		else lo = mid + 1;
	}
	return { start: addDays(PRO.end, -(lo - 1)), end: PRO.end };
}

/** The true set and the least number of budget requests: the shop list + per shop and 30-day window ⌈n / 1000⌉ (at least 1). */
async function truthAndMinimum(sandbox, period) {
	const truth = await sandbox.control.truth('receipts', {
		sc_id: PRO.sc,
		start_created_date: period.start,
		end_created_date: period.end,
	});
	const shops = [...new Set(truth.ids.map((id) => id.split('-').slice(0, 2).join('-')))];
	let min = SHOP_LIST_REQUESTS;
	// every active shop is asked, also one without receipts (it costs one empty answer per window)
	const active = await activeShops(sandbox);
	for (const shop of active)
		for (const w of splitDays(period.start, period.end, PRO.windowDays)) {
			const t = await sandbox.control.truth('receipts', {
				sc_id: PRO.sc,
				shop_id: shop,
				start_created_date: w.start,
				end_created_date: w.end,
			});
			min += Math.max(1, Math.ceil(t.count / PRO.perPage));
		}
	return { truth, min, shopsWithReceipts: shops.length, shops: active.length, activeShops: active };
}

async function activeShops(sandbox) {
	const r = await fetch(`${sandbox.baseUrl}/auth/token`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ client_id: sandbox.clientId, client_secret: sandbox.clientSecret }),
	});
	const token = (await r.json()).access_token;
	const res = await fetch(`${sandbox.baseUrl}/sc/${PRO.sc}/shops?per_page=500`, {
		headers: { authorization: `Bearer ${token}` },
	});
	return (await res.json()).data.map((s) => s.id);
}

async function runOne(ctx, n8n, credentialId, format, period, want) {
	const { sandbox, windowMs } = ctx;
	const { run, oneDay } = await measureOneFile({
		n8n,
		sandbox,
		windowMs,
		credentialId,
		period,
		format,
		warmDay: addDays(PRO.end, -1),
	});
	const out = await fileResult({
		key: `file1m${format === 'csv' ? 'Csv' : 'Jsonl'}`,
		label: `Receipts node, all shops of 1002, ≥1,000,000 receipts → one ${format === 'csv' ? 'CSV' : 'JSON Lines'} file (filesystem binary data)`,
		run,
		period,
		want,
		windowMs,
		format,
		memory: run.memory,
		oneDay,
		// filesystem mode: the file is in this n8n's binary-data folder
		fileOf: async (binary) => binaryPath(n8n, binary),
	});
	log(fileLine(out));
	return out;
}

/** The process tree may grow to this before the HTTP rendering is stopped (the machine is shared). */
const HTTP_RSS_CAP_KB = 6 * 1024 * 1024;
const HTTP_TIMEOUT_MS = 15 * 60_000;

/**
 * The same export as a user would build it with HTTP Request (b) + Convert to File: one item per shop
 * and 30-day window, pages at the budget's interval, every receipt an item, then one CSV. Stopped when
 * n8n's process tree passes HTTP_RSS_CAP_KB or after HTTP_TIMEOUT_MS.
 */
async function runHttpFile(ctx, n8n, period, want, shops) {
	const { sandbox, windowMs } = ctx;
	const windows = shops.flatMap((shop) =>
		splitDays(period.start, period.end, PRO.windowDays).map((w) => ({ shop, ...w })),
	);
	const wf = await n8n.api.importWorkflow(
		loadWorkflow('receipts-http-expert-file.json', {
			SC_BASE_URL: sandbox.baseUrl,
			CLIENT_ID: CLIENT.id,
			CLIENT_SECRET: CLIENT.secret,
			PAGE_INTERVAL_MS: Math.round((windowMs / PRO.perMinute) * 100) / 100,
			WINDOWS_JSON: JSON.stringify({ windows }),
		}),
	);
	await alignToWindow(windowMs);
	const seq0 = await sandbox.control.lastSeq();
	const sampler = new RssSampler(n8n.pid).start();
	const t0 = Date.now();
	let stopped;
	const guard = setInterval(() => {
		const last = sampler.samples[sampler.samples.length - 1];
		if (!stopped && last && last.treeKb > HTTP_RSS_CAP_KB)
			stopped = `n8n's processes passed ${fmt.mb(HTTP_RSS_CAP_KB)} after ${fmt.int((Date.now() - t0) / 1000)} s`;
		else if (!stopped && Date.now() - t0 > HTTP_TIMEOUT_MS)
			stopped = `not finished after ${HTTP_TIMEOUT_MS / 60000} minutes`;
	}, 200);
	let summary;
	let executionId;
	try {
		executionId = await startRun(n8n, wf.id);
		// n8n may die on the way (a heap limit): its REST answers fail, which ends the watch as an error
		const watch = waitFinished(n8n, wf.id, executionId, HTTP_TIMEOUT_MS + 60_000).catch((e) => ({
			status: 'error',
			watchError: e.message,
		}));
		const cut = new Promise((resolve) => {
			const t = setInterval(() => {
				if (stopped) {
					clearInterval(t);
					resolve(null);
				}
			}, 250);
			void watch.then(() => clearInterval(t));
		});
		summary = await Promise.race([watch, cut]);
	} finally {
		clearInterval(guard);
		var mem = sampler.stop();
	}
	const wallMs = Date.now() - t0;
	const entries = (await sandbox.control.log({ since: seq0 })).filter((e) => e.sc_id === PRO.sc);
	const reqs = requestsOf(entries);
	const out = {
		key: 'http1mFile',
		label:
			'HTTP Request (b) + Convert to File, the same ≥1,000,000 receipts (one item per shop and window)',
		status: stopped ? 'stopped' : summary && summary.status,
		stoppedBecause: stopped,
		requests: entries.filter((e) => e.status !== 429).length,
		minimumRequests: want.min - SHOP_LIST_REQUESTS,
		rateLimited: reqs.rateLimited,
		wallMs,
		memory: {
			baselineMainKb: mem.baselineMainKb,
			mainPeakKb: mem.mainPeakKb,
			treePeakKb: mem.treePeakKb,
			baselineTreeKb: mem.baselineTreeKb,
		},
		exact: false,
	};
	out.growthKb = out.memory.mainPeakKb - out.memory.baselineMainKb;
	if (!stopped && summary && summary.status === 'success') {
		const { execution } = await fetchExecution(n8n, executionId);
		const file = (itemsOf(execution, 'Convert to File') || [])[0];
		const binary = file && file.binary && file.binary.data;
		if (binary && binary.id) {
			const back = await readBack(binaryPath(n8n, binary), 'csv');
			let missing = 0;
			for (const id of want.truth.ids) if (!back.ids.has(id)) missing++;
			out.readBack = { count: back.count, distinct: back.distinct, sum: back.sum, missing };
			out.exact = back.count === want.truth.count && missing === 0 && back.sum === want.truth.sum;
		}
	} else if (summary && summary.status === 'error') {
		try {
			out.error = errorOf((await fetchExecution(n8n, executionId)).execution);
		} catch (e) {
			out.error = { message: summary.watchError || e.message };
		}
	}
	log(
		`  http1mFile: ${out.status}${stopped ? ` (${stopped})` : ''}, ${out.requests} requests, ${out.rateLimited} × 429, wall ${fmt.int(wallMs)} ms, peak RSS ${fmt.mb(out.memory.mainPeakKb)} (tree ${fmt.mb(out.memory.treePeakKb)})`,
	);
	return out;
}

/** n8n as production runs it for files: filesystem binary data; optionally a container's heap size. */
function n8nEnv(opts) {
	return {
		N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
		...(opts.n8nHeapMb ? { NODE_OPTIONS: `--max-old-space-size=${opts.n8nHeapMb}` } : {}),
	};
}

/** → { file1mCsv?, file1mJsonl?, file1mQueue?, file1mQueueDb?, http1mFile?, period, truthCount, minimumRequests } */
async function runFileExports(ctx, keys) {
	const { opts, stage, sandbox } = ctx;
	log('1,000,000 receipts: the period and its true set …');
	const period = opts.fileStart
		? { start: opts.fileStart, end: PRO.end }
		: await millionPeriod(sandbox);
	const want = await truthAndMinimum(sandbox, period);
	log(
		`  ${period.start}..${period.end}: ${fmt.int(want.truth.count)} receipts in ${want.shopsWithReceipts} shops (${want.shops} active), minimum ${want.min} requests`,
	);
	const out = {
		period,
		truthCount: want.truth.count,
		truthSum: want.truth.sum,
		minimumRequests: want.min,
		n8nHeapMb: opts.n8nHeapMb || null,
	};
	const nodeFileKeys = ['file1mCsv', 'file1mJsonl'].filter((k) => keys.has(k));
	const floorPasses = [];
	const floor = async (when) => {
		if (!nodeFileKeys.length) return;
		log(`CPU floor (${when} the node's exports): a plain client over the same pages …`);
		try {
			const f = await measureFloor(period, want.activeShops, 1);
			floorPasses.push(...f.passes.map((p) => ({ ...p, when })));
			out.floor = {
				what: f.what,
				passes: floorPasses,
				cpuMsPer1000: Math.min(...floorPasses.map((p) => p.cpuMsPer1000)),
			};
		} catch (e) {
			log(`  floor could not be measured: ${e.stack || e.message}`);
			out.floor = out.floor || { failedToRun: e.message };
		}
	};
	await floor('before');
	for (const format of ['csv', 'jsonl']) {
		const key = `file1m${format === 'csv' ? 'Csv' : 'Jsonl'}`;
		if (!keys.has(key)) continue;
		log(`${key}: fresh n8n (binary data: filesystem) …`);
		const { n8n, credentialId } = await freshN8n(
			opts,
			stage,
			sandbox,
			key,
			undefined,
			n8nEnv(opts),
		);
		try {
			out[key] = await runOne(ctx, n8n, credentialId, format, period, want);
		} catch (e) {
			log(`  ${key} could not be measured: ${e.stack || e.message}`);
			out[key] = { key, failedToRun: e.message };
		} finally {
			await n8n.stop();
		}
	}
	await floor('after');
	for (const key of Object.keys(QUEUE_KEYS)) {
		if (!keys.has(key)) continue;
		try {
			out[key] = await runQueueExport(ctx, key, period, want);
		} catch (e) {
			log(`  ${key} could not be measured: ${e.stack || e.message}`);
			out[key] = { key, failedToRun: e.message };
		}
	}
	if (keys.has('http1mFile')) {
		log('http1mFile: fresh n8n (binary data: filesystem) …');
		const { n8n } = await freshN8n(opts, stage, sandbox, 'http1mFile', undefined, n8nEnv(opts));
		try {
			out.http1mFile = await runHttpFile(ctx, n8n, period, want, await activeShops(sandbox));
		} catch (e) {
			log(`  http1mFile could not be measured: ${e.stack || e.message}`);
			out.http1mFile = { key: 'http1mFile', failedToRun: e.message };
		} finally {
			await n8n.stop();
		}
	}
	return out;
}

module.exports = { runFileExports, n8nEnv };
