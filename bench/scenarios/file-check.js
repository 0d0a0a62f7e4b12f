'use strict';
/*
 * What the 1,000,000-receipt file rows (file-export.js, file-export-queue.js) share: the Receipts
 * node's one-file workflow, n8n's CPU while it runs nothing (right before the export), the file read
 * back (count, distinct ids, Σ total_sum) and the figures of one measured export against the true set
 * and the budget's floor.
 */
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { itemsOf, errorOf, measuredRun, recentExecutions } = require('../lib/n8n');
const { cpuMs } = require('../lib/rss');
const { loadWorkflow, nodeOf, sleep, fmt } = require('../lib/util');
const { PRO, requestsOf, requestsPerWindow, alignToWindow } = require('./common');

/** bench/workflows/receipts-node-file.json for a period and a file format (csv | jsonl); sc: another center than 1002. */
function fileWorkflow(credentialId, { start, end, format, name, sc }) {
	const wf = loadWorkflow('receipts-node-file.json', { CREDENTIAL_ID: credentialId });
	if (sc) nodeOf(wf, 'Export receipts').parameters.center.value = sc;
	Object.assign(nodeOf(wf, 'Export receipts').parameters, {
		createdStartDate: start,
		createdEndDate: end,
		fileFormat: format,
	});
	if (name) wf.name = name;
	return wf;
}

/** How long n8n's idle CPU is measured, each way (no request; the watch's ask). */
const IDLE_CPU_MS = 30_000;
/**
 * How often the watch asks n8n whether the export finished: every 2 s, and at longer scaled minutes a
 * sixth of the minute (10 s at the real one). Each ask costs n8n ~23 ms of CPU (measured 2026-11-26);
 * the export's span and wall come from n8n's own node timings, so a rarer ask changes neither, only
 * how much of the bench's own load lands in the CPU figure.
 */
const watchPollMs = (windowMs) => Math.max(2000, Math.round(windowMs / 6));

/**
 * CPU of n8n's main process (utime + stime, /proc/<pid>/stat) while no execution runs: `ms` with no
 * request to n8n at all (quiet), then `ms` in which the bench asks for the workflow's executions list
 * every `pollMs`, as it does while it watches an export (watched). → { pollMs, quiet, watched }, each
 * { ms, cpuMs, msPerS (CPU ms per second of wall), series (the CPU read every 5 s / every ask) }.
 */
async function idleCpu(n8n, workflowId, ms, pollMs) {
	const span = async (ask) => {
		const t0 = Date.now();
		const c0 = cpuMs(n8n.pid);
		const series = []; // [ms since the span's start, CPU ms since it] after each step: is the rate steady?
		while (Date.now() - t0 < ms) {
			if (ask) await recentExecutions(n8n, workflowId);
			await sleep(Math.max(0, Math.min(ask ? pollMs : 5000, ms - (Date.now() - t0))));
			series.push([Date.now() - t0, cpuMs(n8n.pid) - c0]);
		}
		const [wall, cpu] = series[series.length - 1];
		return { ms: wall, cpuMs: cpu, msPerS: +((cpu / wall) * 1000).toFixed(2), series };
	};
	const quiet = await span(false);
	const watched = await span(true);
	return { pollMs, quiet, watched };
}

/**
 * One measured one-file export in an n8n: a one-day export of `warmDay` as a warm-up (n8n's modules, the
 * token, the plan, the binary-data folder), the same one-day export measured (what any execution adds to
 * this n8n, whatever its size), n8n's idle CPU (idleCpu, twice `idleMs`; 0: not measured), then the
 * export of `period` from the start of a rate window.
 * → { run, oneDay } (measuredRun's shape; run.idleCpu: idleCpu's answer)
 */
async function measureOneFile({
	n8n,
	sandbox,
	windowMs,
	credentialId,
	period,
	format,
	sc,
	warmDay,
	idleMs = IDLE_CPU_MS,
}) {
	const measure = (workflowId, more) =>
		measuredRun({ n8n, sandbox, workflowId, spanNodes: ['Export receipts'], ...more });
	const wf = await n8n.api.importWorkflow(fileWorkflow(credentialId, { ...period, format, sc }));
	const warm = await n8n.api.importWorkflow(
		fileWorkflow(credentialId, {
			start: warmDay,
			end: warmDay,
			format,
			sc,
			name: `Bench F ${format} (warm-up)`,
		}),
	);
	await measure(warm.id);
	await sleep(1000);
	const oneDay = await measure(warm.id);
	await sleep(idleMs ? 5000 : 1000); // the one-day run's aftermath (its execution saved) out of the idle span
	const pollMs = watchPollMs(windowMs);
	const idle = idleMs ? await idleCpu(n8n, wf.id, idleMs, pollMs) : undefined;
	await alignToWindow(windowMs);
	const run = await measure(wf.id, { timeoutMs: 3_600_000, pollMs });
	if (idle) run.idleCpu = idle;
	return { run, oneDay };
}

/** Where n8n keeps a stored binary in filesystem mode: its user folder's binary-data folder. */
function binaryPath(n8n, binary) {
	return path.join(
		n8n.userFolder,
		'.n8n',
		'binaryData',
		binary.id.slice(binary.id.indexOf(':') + 1),
	);
}

/** Splits one CSV line (no line breaks inside fields in a receipt file) into cells, RFC 4180 quotes. */
function csvCells(line) {
	const cells = [];
	let cell = '';
	let quoted = false;
	for (let i = 0; i < line.length; i++) {
		const c = line[i];
		if (quoted) {
			if (c === '"' && line[i + 1] === '"') ((cell += '"'), i++);
			else if (c === '"') quoted = false;
			else cell += c;
		} else if (c === '"') quoted = true;
		else if (c === ',') (cells.push(cell), (cell = ''));
		else cell += c;
	}
	cells.push(cell);
	return cells;
}

/** The file as n8n stored it (filesystem mode), read line by line: count, distinct ids, Σ total_sum. */
async function readBack(file, format) {
	const ids = new Set();
	let count = 0;
	let sum = 0;
	let header;
	const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
	for await (const line of lines) {
		if (!line) continue;
		if (format === 'csv') {
			const cells = csvCells(line);
			if (!header) {
				header = cells;
				continue;
			}
			if (cells.length !== header.length) throw new Error(`a line of ${cells.length} cells`);
			ids.add(cells[header.indexOf('id')]);
			sum += Number(cells[header.indexOf('total_sum')]);
		} else {
			const r = JSON.parse(line);
			ids.add(r.id);
			sum += r.total_sum;
		}
		count++;
	}
	return { count, distinct: ids.size, sum, ids };
}

/** The file against a true set held as ids ({ ids, count, sum }): → { readBack, exact }. */
async function setCheck(file, format, truth) {
	const back = await readBack(file, format);
	let missing = 0;
	for (const id of truth.ids) if (!back.ids.has(id)) missing++;
	return {
		readBack: {
			count: back.count,
			distinct: back.distinct,
			sum: back.sum,
			missing,
			extra: back.distinct - (truth.count - missing),
		},
		exact:
			back.count === truth.count &&
			back.distinct === truth.count &&
			missing === 0 &&
			back.sum === truth.sum,
	};
}

/**
 * The figures of one measured file export (run: measuredRun's shape: status, execution, log, span):
 * requests, 429s, wall against the budget's floor, memory (of the process that ran it; oneDay: a
 * measured one-day export on the same process, { status, memory }), and the file (fileOf(binary) → a
 * local path, removed after) read back against the true set: by `check(file, format)` → { readBack,
 * exact } when given, else against want.truth's ids. sc: the center whose requests are counted.
 */
async function fileResult({
	key,
	label,
	run,
	period,
	want,
	windowMs,
	format,
	memory,
	oneDay,
	fileOf,
	check,
	sc = PRO.sc,
}) {
	const items = itemsOf(run.execution, 'Export receipts') || [];
	const binary = items[0] && items[0].binary && items[0].binary.data;
	const own = run.log.filter((e) => e.sc_id === sc);
	const reqs = requestsOf(own);
	const budgetRequests = own.filter((e) => e.status !== 429).length;
	const out = {
		key,
		label,
		period,
		status: run.status,
		error: errorOf(run.execution),
		summary: items[0] && items[0].json,
		receiptRequests: reqs.count('receipts'),
		shopListRequests: reqs.count('shops'),
		requests: budgetRequests,
		minimumRequests: want.min,
		rateLimited: reqs.rateLimited,
		wallMs: run.span && run.span.ms,
		floorMs: (Math.ceil(budgetRequests / PRO.perMinute) - 1) * windowMs,
		requestsPerWindow: requestsPerWindow(own, windowMs),
		memory: {
			baselineMainKb: memory.baselineMainKb,
			mainPeakKb: memory.mainPeakKb,
			mainPeakFrom: memory.mainPeakFrom,
			treePeakKb: memory.treePeakKb,
			baselineTreeKb: memory.baselineTreeKb,
			mainPeakDuringExportKb: memory.mainPeakDuringExportKb,
		},
	};
	out.growthKb = out.memory.mainPeakKb - out.memory.baselineMainKb;
	if (oneDay)
		out.oneDayExport = {
			status: oneDay.status,
			growthKb: oneDay.memory.mainPeakKb - oneDay.memory.baselineMainKb,
			peakKb: oneDay.memory.mainPeakKb,
		};
	// the resident set's highest sample in each rate window of the run: does it level off or climb?
	if (run.span && memory.peakBetween)
		out.memory.peakPerWindowKb = Array.from(
			{ length: Math.ceil(run.span.ms / windowMs) },
			(_, k) =>
				memory.peakBetween(
					run.span.from + k * windowMs,
					Math.min(run.span.to, run.span.from + (k + 1) * windowMs),
					'mainKb',
				) || null,
		);
	if (!binary || !binary.id) {
		out.exact = false;
		out.readBack = { note: `no stored file: ${JSON.stringify(binary || null).slice(0, 200)}` };
		return out;
	}
	out.storedAs = binary.id.slice(0, binary.id.indexOf(':')); // n8n's binary-data mode that kept it
	// CPU of the process that ran the export over the export's span, per 1000 receipts written
	const records = out.summary && out.summary.records;
	const spanCpu = memory.cpuDuringExport;
	if (spanCpu && records)
		out.cpu = {
			ms: spanCpu.ms,
			per1000: +((spanCpu.ms / records) * 1000).toFixed(2),
			perPage: +(spanCpu.ms / Math.max(1, budgetRequests)).toFixed(2),
			spanMs: spanCpu.toT - spanCpu.fromT, // the CPU reads' span: the export's, to a sample each side
			records,
		};
	// n8n's CPU per second of wall with no execution, measured right before the export (idleCpu)
	if (run.idleCpu) out.idleCpu = run.idleCpu;
	const file = await fileOf(binary);
	try {
		out.fileBytes = fs.statSync(file).size;
		Object.assign(out, await (check ? check(file, format) : setCheck(file, format, want.truth)));
	} finally {
		fs.rmSync(file, { force: true });
	}
	return out;
}

/** The log line of one file export's figures. */
function fileLine(out) {
	return `  ${out.key}: ${out.status}, ${fmt.int(out.readBack.count)} records (${out.exact ? 'exact' : 'NOT exact'}), ${out.requests} requests (min ${out.minimumRequests}), ${out.rateLimited} × 429, wall ${fmt.int(out.wallMs)} ms (floor ${fmt.int(out.floorMs)}), peak RSS ${fmt.mb(out.memory.mainPeakKb)} (+${fmt.mb(out.growthKb)}; a one-day export: +${fmt.mb(out.oneDayExport.growthKb)})`;
}

module.exports = {
	fileWorkflow,
	idleCpu,
	measureOneFile,
	binaryPath,
	csvCells,
	readBack,
	fileResult,
	fileLine,
};
