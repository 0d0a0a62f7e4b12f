'use strict';
/*
 * Issue 14's benchmark row: the same 1,000,000-receipt export as file-export.js (Receipts → Export,
 * all shops of 1002, Output "One File" CSV), started by a webhook in n8n's QUEUE mode (PostgreSQL +
 * Redis, main + one worker, scripts/n8n/queue/stack.js), so a worker runs it. Measured: the worker's
 * peak RSS growth over its idle (after a warm-up export on the same worker), wall time against the
 * budget's floor, 429s, requests against the minimum, and the file as a user gets it: downloaded
 * from MAIN's REST (/rest/binary-data), read back against the sandbox's true set.
 *
 * Binary data, the two ways n8n 1.123 offers queue mode without an S3 licence:
 *   - 'filesystem': one storage folder shared by main and the worker (the stack's sharedBinaryData:
 *     N8N_BINARY_DATA_STORAGE_PATH; a shared volume on several hosts);
 *   - 'database': n8n stores each file in PostgreSQL (N8N_AVAILABLE_BINARY_DATA_MODES must list it);
 *     n8n's DatabaseManager reads the whole stream into one Buffer before the insert.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startQueueStack } = require('../../scripts/n8n/queue/stack');
const { fetchExecution, waitFinished, spanOf } = require('../lib/n8n');
const { RssSampler } = require('../lib/rss');
const { addDays, nodeOf, sleep, fmt } = require('../lib/util');
const { fileWorkflow, fileResult } = require('./file-check');
const { PRO, log, alignToWindow, packedPackage, sandboxCredential } = require('./common');

const QUEUE_KEYS = { file1mQueue: 'filesystem', file1mQueueDb: 'database' };
const RUN_TIMEOUT_MS = 1_800_000;

/** bench/workflows/receipts-node-file.json with a Webhook (answers at once) in place of the manual trigger. */
function webhookWorkflow(credentialId, pathPart, start, end, name) {
	const wf = fileWorkflow(credentialId, { start, end, format: 'csv', name });
	const start0 = nodeOf(wf, 'Start');
	Object.assign(start0, {
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		webhookId: crypto.randomUUID(),
		parameters: { httpMethod: 'POST', path: pathPart, responseMode: 'onReceived', options: {} },
	});
	wf.connections = { Webhook: wf.connections.Start };
	return wf;
}

/** Calls the webhook and waits for the execution it started (found on main) to end: its id and status. */
async function runByWebhook(main, workflowId, pathPart, timeoutMs) {
	const before = new Set(
		((await main.api.executions({ workflowId, limit: 20 })) || []).map((e) => String(e.id)),
	);
	const res = await main.api.webhook(pathPart, { body: {} });
	if (res.status !== 200)
		throw new Error(`webhook ${pathPart} answered ${res.status}: ${res.text}`);
	let id;
	for (const deadline = Date.now() + 30_000; !id; await sleep(200)) {
		const list = (await main.api.executions({ workflowId, limit: 20 })) || [];
		id = (list.find((e) => !before.has(String(e.id))) || {}).id;
		if (!id && Date.now() > deadline) throw new Error(`no execution of webhook ${pathPart}`);
	}
	const summary = await waitFinished(main, workflowId, id, timeoutMs);
	return { executionId: String(id), status: summary.status };
}

/** The file of a binary property, downloaded from main's REST as the editor's Download button does. */
async function downloadFromMain(main, binary) {
	const r = await main.request(
		'GET',
		`/rest/binary-data?id=${encodeURIComponent(binary.id)}&action=download`,
		undefined,
		{ raw: true },
	);
	const file = path.join(os.tmpdir(), `sc-bench-download-${crypto.randomUUID()}.csv`);
	fs.writeFileSync(file, r.bytes);
	return file;
}

/** One queue-mode row: its own stack (main + 1 worker, concurrency 1), warm-up, the measured export. */
async function runQueueExport(ctx, key, period, want) {
	const { opts, stage, sandbox, windowMs } = ctx;
	const mode = QUEUE_KEYS[key];
	log(`${key}: n8n ${opts.version} queue mode, main + 1 worker, binary data "${mode}" …`);
	const stack = await startQueueStack({
		version: opts.version,
		packageTgz: packedPackage(stage),
		workers: 1,
		concurrency: 1,
		sharedBinaryData: mode === 'filesystem',
		env: {
			...(mode === 'database'
				? {
						N8N_DEFAULT_BINARY_DATA_MODE: 'database',
						N8N_AVAILABLE_BINARY_DATA_MODES: 'filesystem,database',
					}
				: {}),
			...(opts.n8nHeapMb ? { NODE_OPTIONS: `--max-old-space-size=${opts.n8nHeapMb}` } : {}),
		},
		log: (l) => log(`  ${l}`),
		onLog: opts.verbose ? (who, l) => process.stderr.write(`[${key} ${who}] ${l}\n`) : null,
	});
	try {
		const { main } = stack;
		const [worker] = stack.workers;
		const credentialId = await sandboxCredential(main, sandbox);
		const day = addDays(PRO.end, -1);
		const flows = {};
		for (const [name, start, end] of [
			['warm', day, day],
			['export', period.start, period.end],
		]) {
			const pathPart = `bench-${key}-${name}`;
			const wf = await main.api.importWorkflow(
				webhookWorkflow(credentialId, pathPart, start, end, `Bench Q ${key} (${name})`),
			);
			await main.api.activate(wf.id);
			flows[name] = { id: wf.id, pathPart };
		}
		// warm-up on the worker: its modules, the token, the plan, the binary-data folder
		const warm = await runByWebhook(main, flows.warm.id, flows.warm.pathPart, 300_000);
		if (warm.status !== 'success') throw new Error(`warm-up execution ended ${warm.status}`);
		// the same one-day export again, measured: what any execution adds on this worker, whatever its size
		await sleep(1000);
		const small = new RssSampler(worker.pid).start();
		const again = await runByWebhook(main, flows.warm.id, flows.warm.pathPart, 300_000);
		const oneDay = { status: again.status, memory: small.stop() };
		await sleep(1000);
		await alignToWindow(windowMs);
		const seq0 = await sandbox.control.lastSeq();
		const onWorker = new RssSampler(worker.pid).start();
		const onMain = new RssSampler(main.pid).start();
		let ran;
		try {
			ran = await runByWebhook(main, flows.export.id, flows.export.pathPart, RUN_TIMEOUT_MS);
		} finally {
			var workerMem = onWorker.stop();
			var mainMem = onMain.stop();
		}
		const { execution } = await fetchExecution(main, ran.executionId);
		const run = {
			status: ran.status,
			execution,
			span: spanOf(execution, ['Export receipts']),
			log: await sandbox.control.log({ since: seq0 }),
		};
		const out = await fileResult({
			key,
			label: `Queue mode, on a worker: the same ≥1,000,000 receipts → one CSV (binary data "${mode}"${mode === 'filesystem' ? ', a folder shared by main and worker' : ' in PostgreSQL'})`,
			run,
			period,
			want,
			windowMs,
			format: 'csv',
			memory: workerMem,
			oneDay,
			fileOf: (binary) => downloadFromMain(main, binary),
		});
		out.queue = {
			binaryMode: mode,
			workers: 1,
			concurrency: 1,
			ranOn: stack.whoRan(ran.executionId) || null,
			executionMode: execution.mode,
			mainPeakKb: mainMem.mainPeakKb,
			mainBaselineKb: mainMem.baselineMainKb,
			postgres: stack.pg.version,
			redis: stack.redis.version,
		};
		log(
			`  ${key}: ${out.status} on ${out.queue.ranOn || 'NO worker'}, ${fmt.int(out.readBack.count)} records (${out.exact ? 'exact' : 'NOT exact'}), ${out.requests} requests (min ${out.minimumRequests}), ${out.rateLimited} × 429, wall ${fmt.int(out.wallMs)} ms (floor ${fmt.int(out.floorMs)}), worker peak RSS ${fmt.mb(out.memory.mainPeakKb)} (+${fmt.mb(out.growthKb)}; a one-day export: +${fmt.mb(out.oneDayExport.growthKb)}), main peak ${fmt.mb(mainMem.mainPeakKb)}`,
		);
		return out;
	} finally {
		await stack.stop();
	}
}

module.exports = { QUEUE_KEYS, runQueueExport };
