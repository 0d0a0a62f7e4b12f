'use strict';
/*
 * Table row and targets of the ≥10,000,000-receipt one-file export (scenarios/file-export-big.js,
 * scenario file10mCsv): peak RSS growth of n8n over its idle ≤ 100 MB AND ≤ the 1,000,000-receipt row's
 * growth + 25 MB (flat in the export's size; that row from this run, else from the previous latest.json,
 * named), the file = the true set, 0 × 429, requests = the minimum, completes with n8n's heap at 256 MB.
 * Wall and CPU per 1000 receipts are recorded (this row is about memory).
 */
const { fmt } = require('../lib/util');
const { fileRow } = require('./file-export');

const SCENARIO = 'file10mCsv';
const GROWTH_LIMIT_MB = 100;
const FLAT_MARGIN_MB = 25;
const SMALL_HEAP_MB = 256;
const WHAT = '≥10,000,000 receipts → one CSV';

/** The highest RSS sample of each rate window: first, last, lowest and highest of them. */
function windowPeaks(s) {
	const p = (s.memory.peakPerWindowKb || []).filter(Boolean);
	if (!p.length) return 'not sampled';
	return `${p.length} windows: first ${fmt.mb(p[0])}, last ${fmt.mb(p[p.length - 1])}, lowest ${fmt.mb(Math.min(...p))}, highest ${fmt.mb(Math.max(...p))}`;
}

function bigRows(fx, windowMs) {
	const s = fx && fx[SCENARIO];
	if (!s || s.carried) return [];
	return [fileRow(SCENARIO, s, { n8nHeapMb: fx.n8nHeapMb, truthCount: s.truthCount }, windowMs)];
}

/** The 1,000,000-receipt CSV row to compare with: this run's, else the previous file's; → { growthKb, from } | undefined. */
function millionRow(fx, previous) {
	const here = fx && fx.file1mCsv;
	if (here && !here.failedToRun && !here.carried && here.status === 'success')
		return { growthKb: here.growthKb, from: 'measured in this run' };
	const prev =
		(here && here.carried ? here : undefined) ||
		(previous && previous.fileExports && previous.fileExports.file1mCsv);
	if (!prev || prev.failedToRun || prev.growthKb === undefined) return undefined;
	const c = prev.carried || { date: previous.date, commit: previous.git && previous.git.commit };
	return {
		growthKb: prev.growthKb,
		from: `not run now: the committed figure measured ${String(c.date).slice(0, 16).replace('T', ' ')} UTC, commit ${c.commit}`,
	};
}

function bigTargets(fx, previous) {
	const s = fx && fx[SCENARIO];
	if (!s || s.carried) return [];
	const tag = (t) => ({ scenario: SCENARIO, ...t });
	if (s.failedToRun)
		return [
			tag({
				target: `≥10,000,000 receipts → one file: peak RSS growth ≤ ${GROWTH_LIMIT_MB} MB (flat in the export's size)`,
				met: false,
				measured: `not run: ${s.failedToRun}`,
			}),
		];
	const ok = s.status === 'success';
	const heap = fx.n8nHeapMb ? `--max-old-space-size=${fx.n8nHeapMb}` : "V8's default heap limits";
	const million = millionRow(fx, previous);
	return [
		tag({
			target: `≥10,000,000 receipts → one file: peak RSS growth ≤ ${GROWTH_LIMIT_MB} MB (flat in the export's size)`,
			met: ok && s.readBack.count >= s.targetCount && s.growthKb <= GROWTH_LIMIT_MB * 1024,
			measured: `${fmt.mb(s.growthKb)} for ${fmt.int(s.readBack.count)} receipts of center 1006 over ${s.period.start}..${s.period.end} (n8n started with ${heap}; idle ${fmt.mb(s.memory.baselineMainKb)}, peak ${fmt.mb(s.memory.mainPeakKb)} by ${s.memory.mainPeakFrom}; file ${fmt.int(s.fileBytes / 1048576)} MB, stored as "${s.storedAs}"; the same n8n running a one-day export: +${fmt.mb(s.oneDayExport.growthKb)}; highest RSS sample per rate window, ${windowPeaks(s)})`,
		}),
		tag({
			target: `${WHAT}: peak RSS growth ≤ the ≥1,000,000-receipt CSV row's + ${FLAT_MARGIN_MB} MB`,
			met: ok && !!million && s.growthKb <= million.growthKb + FLAT_MARGIN_MB * 1024,
			measured: million
				? `+${fmt.mb(s.growthKb)} against +${fmt.mb(million.growthKb)} for 1,000,000 (${million.from})`
				: `+${fmt.mb(s.growthKb)}; no ≥1,000,000-receipt CSV figure to compare with`,
		}),
		tag({
			target: `${WHAT}: the file read back = the sandbox's true set (count, distinct ids, Σ total_sum)`,
			met: s.exact,
			measured: `${fmt.int(s.readBack.count)} lines, ${fmt.int(s.readBack.distinct)} distinct true ids (${fmt.int(s.readBack.duplicates)} duplicates, ${fmt.int(s.readBack.extra)} not in the true set, ${fmt.int(s.readBack.missing)} missing, ${fmt.int(s.readBack.malformed)} malformed lines), Σ ${fmt.int(s.readBack.sum)}; true ${fmt.int(s.truthCount)}, Σ ${fmt.int(s.truthSum)} (the sandbox's streamed truth summary; ids checked against a bitset of the true ids)`,
		}),
		tag({
			target: `${WHAT}: zero 429s`,
			met: s.rateLimited === 0,
			measured: String(s.rateLimited),
		}),
		tag({
			target: `${WHAT}: requests = the minimum`,
			met: s.requests === s.minimumRequests,
			measured: `${s.requests} (${s.receiptRequests} receipt pages + ${s.shopListRequests} shop list) for a minimum of ${s.minimumRequests}`,
		}),
		...(fx.n8nHeapMb && fx.n8nHeapMb <= SMALL_HEAP_MB
			? [
					tag({
						target: `${WHAT}: completes, exact, with n8n's heap capped at ${SMALL_HEAP_MB} MB (${heap})`,
						met: ok && s.exact,
						measured: `${s.status}${s.error ? ` (${s.error.message})` : ''}, ${s.exact ? 'exact' : 'NOT exact'}, peak RSS ${fmt.mb(s.memory.mainPeakKb)}`,
					}),
				]
			: []),
		tag({
			target: `${WHAT}: wall and CPU of n8n's process per 1000 receipts (recorded; this row is about memory)`,
			met: null,
			measured: `wall ${fmt.int(s.wallMs)} ms = ${fmt.num(s.wallMs / s.floorMs, 2)} × the budget's floor of ${fmt.int(s.floorMs)} ms at a scaled minute of ${s.windowMs} ms; CPU ${s.cpu ? `${fmt.num(s.cpu.per1000, 2)} ms per 1000 (${fmt.int(s.cpu.ms)} ms over the span)` : 'not sampled'}`,
		}),
	];
}

module.exports = { bigRows, bigTargets };
