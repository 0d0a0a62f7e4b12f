'use strict';
/*
 * What the e2e prints and counts: each step as `ok` / `FAIL` with its time, banners for what was
 * skipped, the wall time of each leg (a leg: the steps from one `report.version = …` to the next),
 * and the closing `N passed, N failed`.
 *
 *   const report = createReport();
 *   report.version = '1.123.81';
 *   await report.step('name', async () => { ... });   // the value of fn, or undefined when it threw
 *
 * With $E2E_PHASES_FILE set (npm test sets it), finish() appends one JSON line there: each leg's
 * wall time, for the phase table npm test prints at its end (scripts/test.js), and the failed steps
 * with the first lines of their errors, which it repeats above that table.
 */

/** The real clock's now (a leg may move Date: scripts/lib/shift-clock.js). */
const realNow = () => (globalThis.__e2eRealDate || Date).now();
const assert = require('node:assert/strict');
const fs = require('node:fs');

function errText(e) {
	if (!e) return String(e);
	if (e instanceof assert.AssertionError) return `${e.message}`.split('\n').slice(0, 30).join('\n');
	return String(e.stack || e.message || e)
		.split('\n')
		.slice(0, 12)
		.join('\n');
}

function banner(text) {
	const line = '!'.repeat(78);
	console.log(`\n${line}\n${text.replace(/^/gm, '!! ')}\n${line}\n`);
}

function createReport() {
	/** wall time per leg: [{ name, ms }] in the order the legs began */
	const legs = [];
	let leg = null;
	const closeLeg = () => {
		if (leg) leg.ms += realNow() - leg.since;
		leg = null;
	};
	const report = {
		get version() {
			return leg ? leg.name : '';
		},
		set version(name) {
			closeLeg();
			leg = legs.find((l) => l.name === name) || { name, ms: 0 };
			if (!legs.includes(leg)) legs.push(leg);
			leg.since = realNow();
		},
		legs,
		results: [],
		skipped: [],
		timings: [],
		async step(name, fn) {
			const label = `[${report.version}] ${name}`;
			const t0 = realNow();
			try {
				const r = await fn();
				const ms = realNow() - t0;
				report.results.push({ name: label, ok: true, ms });
				console.log(`  ok   ${name} (${(ms / 1000).toFixed(1)} s)`);
				return r;
			} catch (e) {
				const ms = realNow() - t0;
				report.results.push({ name: label, ok: false, ms, error: e });
				console.log(
					`  FAIL ${name} (${(ms / 1000).toFixed(1)} s)\n${errText(e).replace(/^/gm, '       ')}`,
				);
				return undefined;
			}
		},
		/** did a step of this version fail? */
		failedIn: (version) => report.results.some((r) => !r.ok && r.name.startsWith(`[${version}]`)),
		/** prints timings, failures and `N passed, N failed`; returns the number failed */
		finish(t0) {
			closeLeg();
			if (process.env.E2E_PHASES_FILE)
				fs.appendFileSync(
					process.env.E2E_PHASES_FILE,
					`${JSON.stringify({
						legs: legs.map(({ name, ms }) => ({ name, ms })),
						ms: realNow() - t0,
						// said again at the end of npm test's output, where a CI excerpt shows it
						failures: report.results
							.filter((r) => !r.ok)
							.map((r) => ({
								name: r.name,
								error: errText(r.error).split('\n').slice(0, 8).join('\n'),
							})),
					})}\n`,
				);
			const passed = report.results.filter((r) => r.ok).length;
			const failed = report.results.length - passed;
			console.log('\nTimings:');
			for (const t of report.timings) console.log(`  n8n ${t.version}: ${t.seconds} s`);
			console.log(`  total: ${Math.round((realNow() - t0) / 1000)} s`);
			if (report.skipped.length)
				banner(report.skipped.map((s) => `SKIPPED n8n ${s.version}: ${s.reason}`).join('\n'));
			if (failed) {
				console.log('\nFailed:');
				for (const r of report.results.filter((x) => !x.ok)) console.log(`  ✖ ${r.name}`);
			}
			const skipped = report.skipped.length ? `, ${report.skipped.length} version(s) skipped` : '';
			console.log(`\n${passed} passed, ${failed} failed${skipped}`);
			return failed;
		},
	};
	return report;
}

module.exports = { createReport, errText, banner };
