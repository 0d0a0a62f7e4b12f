'use strict';
/*
 * What the e2e prints and counts: each step as `ok` / `FAIL` with its time, banners for what was
 * skipped, and the closing `N passed, N failed`.
 *
 *   const report = createReport();
 *   report.version = '1.123.81';
 *   await report.step('name', async () => { ... });   // the value of fn, or undefined when it threw
 */
const assert = require('node:assert/strict');

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
	const report = {
		version: '',
		results: [],
		skipped: [],
		timings: [],
		async step(name, fn) {
			const label = `[${report.version}] ${name}`;
			const t0 = Date.now();
			try {
				const r = await fn();
				const ms = Date.now() - t0;
				report.results.push({ name: label, ok: true, ms });
				console.log(`  ok   ${name} (${(ms / 1000).toFixed(1)} s)`);
				return r;
			} catch (e) {
				const ms = Date.now() - t0;
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
			const passed = report.results.filter((r) => r.ok).length;
			const failed = report.results.length - passed;
			console.log('\nTimings:');
			for (const t of report.timings) console.log(`  n8n ${t.version}: ${t.seconds} s`);
			console.log(`  total: ${Math.round((Date.now() - t0) / 1000)} s`);
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
