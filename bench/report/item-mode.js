'use strict';
/*
 * Item mode side by side (issue 31, point 10): the same ≥100,000-receipt export as items with the
 * Receipts node (node100k) and with n8n's HTTP Request node (pagination, hand-tuned (b)) + Split Out
 * (http100k), each alone in a fresh n8n of the same run. Target: the node's peak RSS ≤ theirs; wall,
 * CPU, requests and 429s recorded beside it.
 */
const { fmt } = require('../lib/util');

const TARGET =
	"Item mode, ≥100,000 receipts: the Receipts node's peak RSS ≤ HTTP Request (b) pagination + Split Out's (each alone in a fresh n8n, same run)";

const ran = (s) => s && !s.failedToRun && s.memory;

/** One rendering's figures in words. */
function figures(s) {
	const m = s.memory;
	const cpu = m.cpuDuringExport;
	const whole = m.cpuWholeRun;
	const per1000 = (ms) => fmt.num((ms / s.records) * 1000, 1);
	return (
		`${s.status}, ${fmt.int(s.records)} items (${s.exact ? 'exact' : `NOT exact: true ${fmt.int(s.trueCount)}`}); ` +
		`peak RSS ${fmt.mb(m.mainPeakKb)} (+${fmt.mb(m.mainPeakKb - m.baselineMainKb)} over idle ${fmt.mb(m.baselineMainKb)}; ` +
		`sampled while the export nodes ran ${fmt.mb(m.mainPeakDuringExportKb)}, after them, n8n saving the execution, ${fmt.mb(m.mainPeakAfterExportKb)}); ` +
		`wall ${fmt.int(s.wallMs)} ms (export nodes); ` +
		`CPU ${cpu ? `${fmt.int(cpu.ms)} ms over the export nodes (${per1000(cpu.ms)} ms per 1000)` : 'not sampled'}` +
		`${whole ? `, ${fmt.int(whole.ms)} ms over the whole run (${per1000(whole.ms)} ms per 1000)` : ''}; ` +
		`${s.requests} receipt requests (minimum ${s.minimumRequests}), ${s.rateLimited} × 429` +
		(m.storedExecutionBytes ? `; stored execution ${fmt.mb(m.storedExecutionBytes / 1024)}` : '')
	);
}

/** The side-by-side target, when both renderings ran in this run (none otherwise: never across runs). */
function itemModeVsHttp(node, http) {
	if (!ran(node) || !ran(http)) return [];
	const ours = node.memory.mainPeakKb;
	const theirs = http.memory.mainPeakKb;
	const growth = (s) => s.memory.mainPeakKb - s.memory.baselineMainKb;
	return [
		{
			scenario: 'http100k',
			target: TARGET,
			met: node.status === 'success' && node.exact && ours <= theirs,
			measured:
				`node ${fmt.mb(ours)} = ${fmt.num(ours / theirs)} × HTTP's ${fmt.mb(theirs)} (growth over idle ${fmt.num(growth(node) / growth(http))} ×). ` +
				`Receipts node: ${figures(node)}. HTTP Request (b) + Split Out: ${figures(http)}.`,
		},
	];
}

module.exports = { itemModeVsHttp, TARGET };
