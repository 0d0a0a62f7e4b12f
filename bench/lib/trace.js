'use strict';
/**
 * --trace-transport: where the Receipts node's time per request goes. Patches the COMPILED transport of
 * the bench's own staged build (never the source, never dist/) with timestamps around each phase of
 * apiRequest (credential read, pacer, token, HTTP exchange, envelope parse) and between requests, and
 * appends one JSON line per successful request to a file. Diagnostic only: the appends cost a little.
 */
const fs = require('node:fs');
const path = require('node:path');
const { median } = require('./util');

const PHASES = ['credential', 'pacer', 'token', 'http', 'parse'];

function patchTransport(stageDir, logFile) {
	const f = path.join(stageDir, 'dist', 'nodes', 'shared', 'transport', 'request.js');
	let s = fs.readFileSync(f, 'utf8');
	const steps = [
		[
			'async function apiRequest(ctx, route, input = {}) {',
			`const __h = () => Number(process.hrtime.bigint()) / 1e6;\nasync function apiRequest(ctx, route, input = {}) {\n    const __t = [__h()]; const __prev = global.__scBenchLastReturn || 0;`,
		],
		[
			'const creds = await credentialsOrThrow(ctx, input.itemIndex);',
			'const creds = await credentialsOrThrow(ctx, input.itemIndex); __t.push(__h());',
		],
		[
			'waitedMs += await pacing_1.pacer.acquire(paceKey);',
			'waitedMs += await pacing_1.pacer.acquire(paceKey); __t.length = 2; __t.push(__h());',
		],
		[
			'token = await token_1.tokenCache.get(ctx, creds);',
			'token = await token_1.tokenCache.get(ctx, creds); __t.push(__h());',
		],
		[
			'const outcome = (0, envelope_1.interpret)(raw);',
			'__t.push(__h()); const outcome = (0, envelope_1.interpret)(raw); __t.push(__h());',
		],
		[
			'return { data: outcome.data, meta: outcome.meta, headers: raw.headers };',
			`global.__scBenchLastReturn = __h(); require('fs').appendFileSync(${JSON.stringify(logFile)}, JSON.stringify({ between: __prev ? __t[0] - __prev : null, phases: __t.slice(1).map((x, i) => x - __t[i]), bytes: raw.text.length }) + '\\n');\n            return { data: outcome.data, meta: outcome.meta, headers: raw.headers };`,
		],
	];
	for (const [from, to] of steps) {
		if (!s.includes(from)) return { patched: false, why: `request.js no longer contains: ${from}` };
		s = s.replace(from, to);
	}
	fs.writeFileSync(f, s);
	fs.writeFileSync(logFile, '');
	return { patched: true };
}

/** Median milliseconds per phase over the full pages (≥ minBytes) in the trace file. */
function summarise(logFile, minBytes = 500_000) {
	const lines = fs
		.readFileSync(logFile, 'utf8')
		.trim()
		.split('\n')
		.filter(Boolean)
		.map((l) => JSON.parse(l))
		.filter((x) => x.bytes >= minBytes);
	const out = { requests: lines.length };
	PHASES.forEach((name, i) => (out[name] = +median(lines.map((x) => x.phases[i])).toFixed(2)));
	out.betweenRequests = +median(
		lines.filter((x) => x.between !== null && x.between < 1000).map((x) => x.between),
	).toFixed(2);
	out.total = +PHASES.reduce((a, n) => a + out[n], out.betweenRequests).toFixed(2);
	// the slow tail: the mean and the 90th percentile of a whole request (all phases)
	const whole = lines.map((x) => x.phases.reduce((a, y) => a + y, 0)).sort((a, b) => a - b);
	out.meanRequest = +(whole.reduce((a, x) => a + x, 0) / (whole.length || 1)).toFixed(2);
	out.p90Request = +(whole[Math.floor(whole.length * 0.9)] ?? NaN).toFixed(2);
	out.maxRequest = +(whole[whole.length - 1] ?? NaN).toFixed(2);
	const httpIdx = PHASES.indexOf('http');
	const slow = lines.filter((x) => x.phases[httpIdx] > 2 * out.http);
	out.slowRequests = slow.length;
	return out;
}

/** Sums over every request in the file: time inside apiRequest, and between one request's return and the next. */
function totals(logFile) {
	const lines = fs
		.readFileSync(logFile, 'utf8')
		.trim()
		.split('\n')
		.filter(Boolean)
		.map((l) => JSON.parse(l));
	const inside = lines.reduce((a, x) => a + x.phases.reduce((b, y) => b + y, 0), 0);
	// the first request's "between" reaches back to the previous run
	const between = lines.slice(1).reduce((a, x) => a + (x.between ?? 0), 0);
	return {
		requests: lines.length,
		insideRequestsMs: +inside.toFixed(1),
		betweenRequestsMs: +between.toFixed(1),
	};
}

module.exports = { patchTransport, summarise, totals, PHASES };
