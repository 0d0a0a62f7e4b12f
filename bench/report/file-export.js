'use strict';
/*
 * Table rows and targets of the production-size file exports (scenarios/file-export.js): peak RSS
 * growth ≤ 150 MB, the file = the true set, wall ≤ 1.03 × the budget's floor, no 429, requests = the
 * minimum.
 */
const { fmt } = require('../lib/util');

const GROWTH_LIMIT_KB = 150 * 1024;
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

function fileRows(fx, windowMs) {
	if (!fx) return [];
	const rows = [];
	for (const key of Object.keys(FILE_KEYS)) {
		const s = fx[key];
		if (!s) continue;
		if (s.failedToRun) {
			rows.push({
				label: key,
				exactText: `not run: ${s.failedToRun.slice(0, 80)}`,
				requestsText: '–',
				rssText: '–',
			});
			continue;
		}
		rows.push({
			label:
				s.label +
				(fx.n8nHeapMb ? `, n8n heap ${fx.n8nHeapMb} MB` : '') +
				(s.status !== 'success' ? ` — **${s.status}**: ${s.error?.message}` : ''),
			records: s.readBack.count,
			exactText: s.exact
				? 'yes (file read back)'
				: `**no** (true ${fmt.int(fx.truthCount)}: read ${fmt.int(s.readBack.count)}, distinct ${fmt.int(s.readBack.distinct)}, missing ${fmt.int(s.readBack.missing)})`,
			requestsText: `${s.requests} (${s.minimumRequests})`,
			rateLimited: s.rateLimited,
			scaledMinutes: s.wallMs / windowMs,
			recordsPerScaledMinute: s.readBack.count / (s.wallMs / windowMs),
			ofCeiling: s.readBack.count / (s.wallMs / windowMs) / (300 * 1000),
			rssText: `${s.queue ? 'worker ' : ''}${fmt.mb(s.memory.mainPeakKb)} (+${fmt.mb(s.growthKb)})`,
		});
	}
	const h = fx.http1mFile;
	if (h && h.failedToRun)
		rows.push({
			label: 'HTTP Request (b) + Convert to File',
			exactText: `not run: ${h.failedToRun.slice(0, 80)}`,
			requestsText: '–',
			rssText: '–',
		});
	else if (h)
		rows.push({
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
		if (s.failedToRun) {
			targets.push({
				target: `${what}: measured`,
				met: false,
				measured: `not run: ${s.failedToRun}`,
			});
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
				target: `${what}: peak RSS growth of ${whoseRss(s)} process over its idle ≤ 150 MB`,
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
			{
				target: `${what}: requests = the minimum`,
				met: s.requests === s.minimumRequests,
				measured: `${s.requests} (${s.receiptRequests} receipt pages + ${s.shopListRequests} shop list) for a minimum of ${s.minimumRequests}`,
			},
		);
	}
	return targets;
}

module.exports = { fileRows, fileTargets };
