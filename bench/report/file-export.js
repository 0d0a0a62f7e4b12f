'use strict';
/*
 * Table rows and targets of the production-size file exports (scenarios/file-export.js): CPU per 1000
 * receipts ≤ 2 × a plain client's floor measured in the same run, peak RSS growth ≤ 100 MB, the file =
 * the true set, wall ≤ 1.03 × the budget's floor, no 429, requests = the minimum, the export with
 * n8n's heap capped at 256 MB beside HTTP Request + Convert to File in the same heap, and the item-mode
 * figures of 100,000 receipts (recorded). The CPU row also gives n8n's idle rate and the CPU net of it.
 */
const { fmt } = require('../lib/util');

const GROWTH_LIMIT_MB = 100;
const GROWTH_LIMIT_KB = GROWTH_LIMIT_MB * 1024;
const CPU_FACTOR = 2;
const SMALL_HEAP_MB = 256;
const FLOOR_FACTOR = 1.03;
/** The rows of the Receipts node's one-file exports, and how their targets name them. */
const FILE_KEYS = {
	file1mCsv: '≥1,000,000 receipts → one CSV',
	file1mJsonl: '≥1,000,000 receipts → one JSON Lines file',
	file1mQueue:
		'Queue mode (a worker; binary data in a shared folder): ≥1,000,000 receipts → one CSV',
	file1mQueueDb: 'Queue mode (a worker; binary data in PostgreSQL): ≥1,000,000 receipts → one CSV',
};
const whoseRss = (s) => (s.queue ? "the worker's" : "n8n's");

/**
 * The table row of one one-file export `s` (scenario `key`): truthCount, the true set's size; floorMs1000,
 * the CPU floor per 1000 receipts to compare with (none: not shown).
 */
function fileRow(key, s, { n8nHeapMb, truthCount, floorMs1000 }, windowMs) {
	if (s.failedToRun)
		return {
			scenario: key,
			label: key,
			exactText: `not run: ${s.failedToRun.slice(0, 80)}`,
			requestsText: '–',
			rssText: '–',
		};
	return {
		scenario: key,
		label:
			s.label +
			(n8nHeapMb ? `, n8n heap ${n8nHeapMb} MB` : '') +
			(s.status !== 'success' ? ` — **${s.status}**: ${s.error?.message}` : ''),
		records: s.readBack.count,
		exactText: s.exact
			? 'yes (file read back)'
			: `**no** (true ${fmt.int(truthCount)}: read ${fmt.int(s.readBack.count)}, distinct ${fmt.int(s.readBack.distinct)}, missing ${fmt.int(s.readBack.missing)})`,
		requestsText: `${s.requests} (${s.minimumRequests})`,
		rateLimited: s.rateLimited,
		scaledMinutes: s.wallMs / windowMs,
		recordsPerScaledMinute: s.readBack.count / (s.wallMs / windowMs),
		ofCeiling: s.readBack.count / (s.wallMs / windowMs) / (300 * 1000),
		rssText: `${s.queue ? 'worker ' : ''}${fmt.mb(s.memory.mainPeakKb)} (+${fmt.mb(s.growthKb)})`,
		cpuText: s.cpu
			? `${fmt.num(s.cpu.per1000, 1)} ms / 1000${floorMs1000 ? ` = ${fmt.num(s.cpu.per1000 / floorMs1000, 2)} × the floor` : ''}`
			: undefined,
	};
}

function fileRows(fx, windowMs) {
	if (!fx) return [];
	const rows = [];
	const facts = {
		n8nHeapMb: fx.n8nHeapMb,
		truthCount: fx.truthCount,
		floorMs1000: fx.floor && fx.floor.cpuMsPer1000,
	};
	for (const key of Object.keys(FILE_KEYS))
		if (fx[key]) rows.push(fileRow(key, fx[key], facts, windowMs));
	const h = fx.http1mFile;
	if (h && h.failedToRun)
		rows.push({
			scenario: 'http1mFile',
			label: 'HTTP Request (b) + Convert to File',
			exactText: `not run: ${h.failedToRun.slice(0, 80)}`,
			requestsText: '–',
			rssText: '–',
		});
	else if (h)
		rows.push({
			scenario: 'http1mFile',
			label: `${h.label} — **${h.status}**${h.stoppedBecause ? ` (${h.stoppedBecause})` : ''}${h.error ? `: ${h.error.message}` : ''}`,
			records: h.readBack ? h.readBack.count : undefined,
			exactText: h.exact ? 'yes (file read back)' : '**no**',
			requestsText: `${h.requests} (${h.minimumRequests})`,
			rateLimited: h.rateLimited,
			scaledMinutes: h.wallMs / windowMs,
			rssText: `${fmt.mb(h.memory.mainPeakKb)} (+${fmt.mb(h.growthKb)}; tree ${fmt.mb(h.memory.treePeakKb)})`,
		});
	return rows;
}

function fileTargets(fx, windowMs) {
	if (!fx) return [];
	const targets = [];
	for (const key of Object.keys(FILE_KEYS)) {
		const s = fx[key];
		if (!s) continue;
		const what = FILE_KEYS[key];
		const first = targets.length;
		const tag = () => {
			for (let i = first; i < targets.length; i++) targets[i].scenario ??= key;
		};
		if (s.failedToRun) {
			targets.push({
				scenario: key,
				target: `${what}: measured`,
				met: false,
				measured: `not run: ${s.failedToRun}`,
			});
			tag();
			continue;
		}
		if (s.queue)
			targets.push({
				target: `${what}: run by a worker (a webhook-started production execution)`,
				met: !!s.queue.ranOn,
				measured: `${s.queue.ranOn || 'no worker log line'} (execution mode ${s.queue.executionMode}); main peak RSS ${fmt.mb(s.queue.mainPeakKb)} (idle ${fmt.mb(s.queue.mainBaselineKb)}); PostgreSQL ${s.queue.postgres}, Redis ${s.queue.redis}`,
			});
		targets.push(
			{
				target: `${what}: peak RSS growth of ${whoseRss(s)} process over its idle ≤ ${GROWTH_LIMIT_MB} MB`,
				met: s.status === 'success' && s.growthKb <= GROWTH_LIMIT_KB,
				measured: `${fmt.mb(s.growthKb)} (${s.queue ? 'worker' : 'n8n'} started with ${fx.n8nHeapMb ? `--max-old-space-size=${fx.n8nHeapMb}` : "V8's default heap limits"}; idle ${fmt.mb(s.memory.baselineMainKb)}, peak ${fmt.mb(s.memory.mainPeakKb)} by ${s.memory.mainPeakFrom}; file ${fmt.int(s.fileBytes / 1048576)} MB, stored as "${s.storedAs}"${s.oneDayExport ? `; the same ${s.queue ? 'worker' : 'n8n'} running a one-day export: +${fmt.mb(s.oneDayExport.growthKb)}` : ''}${s.memory.peakPerWindowKb ? `; highest RSS sample in each rate window of the run: ${s.memory.peakPerWindowKb.map((kb) => (kb ? fmt.mb(kb) : '–')).join(' / ')}` : ''})`,
			},
			{
				target: `${what}: the file ${s.queue ? "downloaded from main's REST" : 'read back'} = the sandbox's true set (count, distinct ids, Σ total_sum)`,
				met: s.exact,
				measured: `${fmt.int(s.readBack.count)} lines, ${fmt.int(s.readBack.distinct)} distinct ids, Σ ${fmt.int(s.readBack.sum)}; true ${fmt.int(fx.truthCount)}, Σ ${fmt.int(fx.truthSum)}`,
			},
			{
				target: `${what}: wall ≤ ${FLOOR_FACTOR} × the budget's floor`,
				met: s.status === 'success' && s.wallMs <= FLOOR_FACTOR * s.floorMs,
				measured: `${fmt.int(s.wallMs)} ms = ${fmt.num(s.wallMs / s.floorMs, 3)} × the floor of ${fmt.int(s.floorMs)} ms (${s.requests} requests at 300 a window of ${windowMs} ms: every full window has to pass, the last one is a burst; requests per window ${(s.requestsPerWindow || []).join(' / ') || '–'})`,
			},
			{ target: `${what}: zero 429s`, met: s.rateLimited === 0, measured: String(s.rateLimited) },
			...cpuTargets(fx, s, what),
			...smallHeapTargets(fx, s, key, what),
			{
				target: `${what}: requests = the minimum`,
				met: s.requests === s.minimumRequests,
				measured: `${s.requests} (${s.receiptRequests} receipt pages + ${s.shopListRequests} shop list) for a minimum of ${s.minimumRequests}`,
			},
		);
		tag();
	}
	return targets;
}

/**
 * The export's CPU net of n8n's idle: the raw figure minus n8n's idle rate (measured right before the
 * export with the bench's executions-list ask, which goes on during the export too) × the span the CPU
 * was read over. → { idle, idleMs, ms, per1000 }, or undefined when the idle rate was not measured.
 */
function cpuNetOfIdle(s) {
	const idle = s.idleCpu && s.idleCpu.watched;
	if (!s.cpu || !s.cpu.spanMs || !idle || !idle.ms) return undefined;
	const records = s.cpu.records || (s.readBack && s.readBack.count);
	const idleMs = (idle.cpuMs / idle.ms) * s.cpu.spanMs;
	const ms = s.cpu.ms - idleMs;
	return { idle: s.idleCpu, idleMs, ms, per1000: (ms / records) * 1000 };
}

/** The text of the idle rate and the figure net of it, against the floor (recorded: the target is the raw figure). */
function netText(s, floorMs1000) {
	const net = cpuNetOfIdle(s);
	if (!net) return '';
	const { quiet, watched, pollMs } = net.idle;
	return `. n8n idle right before the export (no execution): ${fmt.num(quiet.msPerS, 2)} ms of CPU a second with no request, ${fmt.num(watched.msPerS, 2)} ms a second with the bench's executions-list ask every ${fmt.num(pollMs / 1000, 0)} s as during the export (${fmt.num(watched.ms / 1000, 0)} s each); × the span's ${fmt.num(s.cpu.spanMs / 1000, 1)} s = ${fmt.int(net.idleMs)} ms. Net of idle (recorded, not the target): ${fmt.num(net.per1000, 2)} ms per 1000 = ${fmt.num(net.per1000 / floorMs1000, 2)} × the floor`;
}

/** CPU per 1000 receipts of the process that ran the export, against the floor of the same run (met: the raw figure). */
function cpuTargets(fx, s, what) {
	if (s.queue || !s.cpu) return [];
	const f = fx.floor;
	if (!f || !f.cpuMsPer1000)
		return [
			{
				target: `${what}: CPU per 1000 receipts ≤ ${CPU_FACTOR} × the floor`,
				met: false,
				measured: `${fmt.num(s.cpu.per1000, 2)} ms per 1000; the floor was not measured${f && f.failedToRun ? `: ${f.failedToRun}` : ''}`,
			},
		];
	return [
		{
			target: `${what}: CPU of n8n's process per 1000 receipts over the export's span ≤ ${CPU_FACTOR} × the floor measured in the same run`,
			met: s.status === 'success' && s.cpu.per1000 <= CPU_FACTOR * f.cpuMsPer1000,
			measured: `${fmt.num(s.cpu.per1000, 2)} ms per 1000 (${fmt.int(s.cpu.ms)} ms over the span, ${fmt.num(s.cpu.perPage, 1)} ms per request) = ${fmt.num(s.cpu.per1000 / f.cpuMsPer1000, 2)} × the floor of ${fmt.num(f.cpuMsPer1000, 2)} ms per 1000 (${f.what}; passes: ${f.passes.map((p) => `${p.when} ${fmt.num(p.cpuMsPer1000, 2)}`).join(', ')}); /proc/<pid>/stat utime + stime${netText(s, f.cpuMsPer1000)}`,
		},
	];
}

/** The export with n8n's heap capped (--n8n-heap-mb ≤ 256), and HTTP Request + Convert to File in the same heap. */
function smallHeapTargets(fx, s, key, what) {
	if (key !== 'file1mCsv' || !fx.n8nHeapMb || fx.n8nHeapMb > SMALL_HEAP_MB) return [];
	const h = fx.http1mFile;
	const http = !h
		? 'HTTP Request + Convert to File not run in this bench'
		: h.failedToRun
			? `HTTP Request + Convert to File could not be run: ${h.failedToRun}`
			: `HTTP Request + Convert to File in the same heap: ${h.status}${h.stoppedBecause ? ` (${h.stoppedBecause})` : ''}${h.error ? `: ${h.error.message}` : ''}, ${h.requests} requests, ${h.exact ? 'exact file' : 'no exact file'}`;
	return [
		{
			target: `${what}: completes, exact, with n8n's heap capped at ${SMALL_HEAP_MB} MB (--max-old-space-size=${fx.n8nHeapMb})`,
			met: s.status === 'success' && s.exact,
			measured: `${s.status}${s.error ? ` (${s.error.message})` : ''}, ${s.exact ? 'exact' : 'NOT exact'}, peak RSS ${fmt.mb(s.memory.mainPeakKb)}; ${http}`,
		},
	];
}

/** Item mode, 100,000 receipts (receipts.js node100k): peak RSS and CPU per 1000, recorded. */
function itemModeTargets(n100) {
	if (!n100 || n100.failedToRun || !n100.memoryRun) return [];
	const m = n100.memoryRun.memory || {};
	const cpu = m.cpuDuringExport;
	return [
		{
			scenario: 'node100k',
			target:
				'Item mode, ≥100,000 receipts: peak RSS and CPU per 1000 receipts of n8n (recorded; no target)',
			met: null,
			measured: `${fmt.int(n100.records)} receipts; peak RSS ${fmt.mb(m.mainPeakKb)} (+${fmt.mb(m.mainPeakKb - m.baselineMainKb)} over idle ${fmt.mb(m.baselineMainKb)}; during the node ${fmt.mb(m.mainPeakDuringExportKb)}, after it, n8n saving the execution, ${fmt.mb(m.mainPeakAfterExportKb)}); CPU over the node's span ${cpu ? `${fmt.int(cpu.ms)} ms = ${fmt.num((cpu.ms / n100.records) * 1000, 2)} ms per 1000` : 'not sampled'}`,
		},
	];
}

module.exports = { fileRow, fileRows, fileTargets, cpuTargets, cpuNetOfIdle, itemModeTargets };
