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
		['async function apiRequest(ctx, route, input = {}) {', `const __h = () => Number(process.hrtime.bigint()) / 1e6;\nasync function apiRequest(ctx, route, input = {}) {\n    const __t = [__h()]; const __prev = global.__scBenchLastReturn || 0;`],
		['const creds = await credentialsOrThrow(ctx, input.itemIndex);', 'const creds = await credentialsOrThrow(ctx, input.itemIndex); __t.push(__h());'],
		['waitedMs += await pacing_1.pacer.acquire(paceKey);', 'waitedMs += await pacing_1.pacer.acquire(paceKey); __t.length = 2; __t.push(__h());'],
		['token = await token_1.tokenCache.get(ctx, creds);', 'token = await token_1.tokenCache.get(ctx, creds); __t.push(__h());'],
		['const outcome = (0, envelope_1.interpret)(raw);', '__t.push(__h()); const outcome = (0, envelope_1.interpret)(raw); __t.push(__h());'],
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
	out.betweenRequests = +median(lines.filter((x) => x.between !== null).map((x) => x.between)).toFixed(2);
	out.total = +PHASES.reduce((a, n) => a + out[n], out.betweenRequests).toFixed(2);
	return out;
}

module.exports = { patchTransport, summarise, PHASES };
