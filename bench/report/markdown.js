'use strict';
/*
 * The machine, commit and product files a bench ran on, and bench/results/latest.md.
 */
const os = require('node:os');
const { execSync } = require('node:child_process');
const { ROOT } = require('../../scripts/lib/processes');
const { fmt } = require('../lib/util');
const { carriedText } = require('./carry');
const { productHash, staleText } = require('./product');

function machine() {
	let cpu = os.cpus()[0]?.model || 'unknown';
	let nproc = os.cpus().length;
	try {
		nproc = Number(execSync('nproc', { encoding: 'utf8' }).trim());
	} catch {
		/* os.cpus() then */
	}
	return {
		nproc,
		cpu,
		memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
		node: process.version,
		os: `${os.type()} ${os.release()}`,
		loadAverageAtStart: os.loadavg().map((x) => +x.toFixed(2)),
	};
}

function gitInfo() {
	try {
		return {
			commit: execSync('git rev-parse --short HEAD', { cwd: ROOT, encoding: 'utf8' }).trim(),
			// the product files measured (uncommitted changes included): rows on other files are stale
			product: productHash(ROOT),
			dirty:
				execSync('git status --porcelain -- nodes credentials', {
					cwd: ROOT,
					encoding: 'utf8',
				}).trim() !== '',
		};
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
		"Reading the % of the ceiling: the ceiling is a steady rate (300 req/min × 1000 records; Basic 60 × 31 rows). An export that fits in one window's budget is not held back by the budget at all, and a run that starts with a fresh window bursts through its last window, so short runs can show more than 100 %.",
	);
	lines.push('');
	if (result.carriedScenarios && result.carriedScenarios.length) {
		lines.push(
			`This run measured only some scenarios (--only); the rows and targets marked _carried_ (${result.carriedScenarios.join(', ')}) come from the earlier run named on each, not from this one: compare rows of the same run.`,
		);
		lines.push('');
	}
	if ([...result.rows, ...result.targets].some((e) => e.stale)) {
		lines.push(
			'The rows and targets marked **stale** were measured on other product files (nodes/, credentials/) than the tree this file was last checked against (bench/stale.js): their targets count as not met until the scenario is measured again.',
		);
		lines.push('');
	}
	lines.push(
		'| Scenario | Records | = true set | Requests (min) | 429s | Wall (scaled min) | Records / scaled min | % of ceiling | Peak RSS n8n (Δ over idle) | vs HTTP (a) | vs HTTP (b) |',
	);
	lines.push('|---|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|');
	for (const r of result.rows) {
		lines.push(
			`| ${r.label}${carriedText(r)}${staleText(r)} | ${fmt.int(r.records)} | ${r.exactText} | ${r.requestsText} | ${r.rateLimited ?? '–'} | ${r.scaledMinutes === undefined ? '–' : fmt.num(r.scaledMinutes, 3)} | ${fmt.int(r.recordsPerScaledMinute)} | ${fmt.pct(r.ofCeiling)} | ${r.rssText} | ${fmt.ratio(r.vsA)} | ${fmt.ratio(r.vsB)} |`,
		);
	}
	lines.push('');
	lines.push('## Targets');
	lines.push('');
	for (const t of result.targets)
		lines.push(
			`- ${t.met === true ? '**met**' : t.met === false ? '**NOT met**' : 'n/a'} — ${t.target}: ${t.measured}${carriedText(t)}${staleText(t)}`,
		);
	lines.push('');
	if (result.notes.length) {
		lines.push('## Notes');
		lines.push('');
		for (const n of result.notes) lines.push(`- ${n}`);
		lines.push('');
	}
	lines.push(
		`Full figures (every round, memory by phase, requests by route and status): \`bench/results/latest.json\`. Bench wall time: ${Math.round(result.benchSeconds)} s.`,
	);
	return lines.join('\n') + '\n';
}

module.exports = { machine, gitInfo, markdown };
