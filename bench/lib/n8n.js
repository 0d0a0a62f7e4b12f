'use strict';
/**
 * Running one workflow in the real n8n and measuring it: a manual run over REST, completion watched
 * through the light executions list (never the execution's data while it runs, which would make n8n
 * serialise it again and again), memory sampled meanwhile, the request log of the sandbox read after.
 */
const path = require('node:path');
const { createRequire } = require('node:module');
const { RssSampler } = require('./rss');

/**
 * An execution with its data parsed, and the size of what n8n stored for it (the "flatted" string of
 * the run data, which n8n writes to its database at the end of the run).
 */
async function fetchExecution(n8n, executionId) {
	const ex = await n8n.request('GET', `/rest/executions/${executionId}`);
	const storedBytes = typeof ex.data === 'string' ? Buffer.byteLength(ex.data) : undefined;
	const flatted = createRequire(path.join(n8n.install.dir, 'node_modules', 'n8n', 'package.json'))(
		'flatted',
	);
	const data = typeof ex.data === 'string' ? flatted.parse(ex.data) : ex.data;
	const runData = (data && data.resultData && data.resultData.runData) || {};
	return {
		execution: {
			...ex,
			data,
			runData,
			error: (data && data.resultData && data.resultData.error) || null,
		},
		storedBytes,
	};
}
const { sleep } = require('./util');

/** The light executions list of a workflow (its last five): what the bench asks while it watches a run. */
async function recentExecutions(n8n, workflowId) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId: String(workflowId) }));
	const r = await n8n.request('GET', `/rest/executions?limit=5&filter=${filter}`);
	return (r && r.results) || r || [];
}

async function waitFinished(n8n, workflowId, executionId, timeoutMs, pollMs = 400) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const list = await recentExecutions(n8n, workflowId);
		const ex = list.find((e) => String(e.id) === String(executionId));
		if (ex && ['success', 'error', 'crashed', 'canceled'].includes(ex.status)) return ex;
		if (Date.now() > deadline)
			throw new Error(
				`execution ${executionId} did not finish in ${timeoutMs} ms (last: ${ex && ex.status})`,
			);
		// gently: every poll is work for n8n's event loop, which is running the export (the wall time is n8n's own)
		await sleep(pollMs);
	}
}

/** Starts a manual run of a workflow from its manual trigger; returns the execution id. */
async function startRun(n8n, workflowId) {
	const wf = await n8n.request('GET', `/rest/workflows/${workflowId}`);
	const trigger = wf.nodes.find((n) => /manualTrigger$/i.test(n.type));
	const started = await n8n.request('POST', `/rest/workflows/${workflowId}/run`, {
		workflowData: wf,
		triggerToStartFrom: { name: trigger.name },
	});
	if (!started || !started.executionId)
		throw new Error(
			`run of workflow ${workflowId} did not start: ${JSON.stringify(started).slice(0, 300)}`,
		);
	return started.executionId;
}

/** Span (epoch ms) of a set of nodes in an execution's run data: first start to last end. */
function spanOf(execution, nodeNames) {
	let from = Infinity;
	let to = -Infinity;
	for (const name of nodeNames) {
		for (const run of execution.runData[name] || []) {
			from = Math.min(from, run.startTime);
			to = Math.max(to, run.startTime + (run.executionTime || 0));
		}
	}
	return Number.isFinite(from) ? { from, to, ms: to - from } : undefined;
}

/**
 * measuredRun({ n8n, sandbox, workflowId, spanNodes, timeoutMs, pollMs }) → { execution, span, memory, log, startedAt, finishedAt }
 * pollMs: how often the executions list is asked whether the run finished (each ask is CPU of n8n's,
 * inside a CPU measurement of a long run: the file rows ask every 2 s)
 */
async function measuredRun({
	n8n,
	sandbox,
	workflowId,
	spanNodes,
	timeoutMs = 600_000,
	pollMs = 400,
}) {
	const seq0 = await sandbox.control.lastSeq();
	const sampler = new RssSampler(n8n.pid).start();
	const startedAt = Date.now();
	let executionId;
	let summary;
	try {
		executionId = await startRun(n8n, workflowId);
		summary = await waitFinished(n8n, workflowId, executionId, timeoutMs, pollMs);
	} finally {
		var mem = sampler.stop();
	}
	const finishedAt = Date.now();
	const log = await sandbox.control.log({ since: seq0 });
	const { execution, storedBytes } = await fetchExecution(n8n, executionId);
	const span = spanOf(execution, spanNodes);
	const memory = {
		baselineMainKb: mem.baselineMainKb,
		baselineTreeKb: mem.baselineTreeKb,
		mainPeakKb: mem.mainPeakKb,
		mainPeakFrom: mem.mainPeakFrom,
		treePeakKb: mem.treePeakKb,
		samples: mem.samples,
		// where the memory went: while the export nodes ran, and after them (n8n saving the execution)
		treePeakDuringExportKb: span ? mem.peakBetween(span.from, span.to) : undefined,
		treePeakAfterExportKb: span ? mem.peakBetween(span.to, finishedAt) : undefined,
		mainPeakDuringExportKb: span ? mem.peakBetween(span.from, span.to, 'mainKb') : undefined,
		mainPeakAfterExportKb: span ? mem.peakBetween(span.to, finishedAt, 'mainKb') : undefined,
		peakBetween: mem.peakBetween, // (from, to, 'mainKb' | 'treeKb') over the samples; not in the JSON
		// CPU (user + system) of n8n's main process over the export nodes' span (/proc/<pid>/stat)
		cpuDuringExport: span ? mem.cpuBetween(span.from, span.to) : undefined,
		// … and over the whole run, n8n saving the execution included
		cpuWholeRun: mem.cpuBetween(startedAt, finishedAt),
	};
	memory.storedExecutionBytes = storedBytes;
	return {
		executionId,
		status: summary.status,
		execution,
		span,
		memory,
		log,
		startedAt,
		finishedAt,
	};
}

/** Items (json + pairedItem) of a node's last run, output 0. */
function itemsOf(execution, nodeName) {
	const runs = execution.runData[nodeName];
	if (!runs || !runs.length) return undefined;
	const r = runs[runs.length - 1];
	if (r.error) return undefined;
	return (r.data && r.data.main && r.data.main[0]) || [];
}

function errorOf(execution) {
	const e = execution.error || execution.data?.resultData?.error;
	if (!e) return null;
	return {
		message: e.message,
		description: e.description,
		node: e.node && e.node.name,
		httpCode: e.httpCode,
	};
}

module.exports = {
	fetchExecution,
	measuredRun,
	recentExecutions,
	startRun,
	waitFinished,
	spanOf,
	itemsOf,
	errorOf,
};
