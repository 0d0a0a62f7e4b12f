'use strict';
/*
 * The CPU floor of the 1,000,000-receipt file export, measured in the same bench run as the node's
 * export: lib/floor-client.js (fetch + JSON.parse + a minimal CSV of each page, one request at a time)
 * in a child process over the same pages (every active shop × 30-day window of the period), against a
 * sandbox of the same seed and moment without rate limits (the floor is CPU, not the budget; the
 * sandbox's own work is in its own process). → { passes: [{ records, requests, cpuMs, wallMs }],
 * cpuMsPer1000 (the lowest pass: the floor) }
 */
const path = require('node:path');
const { spawn } = require('node:child_process');
const { startSandboxProcess } = require('../../scripts/lib/processes');
const { splitDays } = require('../lib/util');
const { NOW, SEED, PRO, CLIENT, log } = require('./common');

function floorPass(input) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [path.join(__dirname, '..', 'lib', 'floor-client.js')], {
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		let out = '';
		let err = '';
		child.stdout.on('data', (d) => (out += d));
		child.stderr.on('data', (d) => (err += d));
		child.on('error', reject);
		child.on('exit', (code) =>
			code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`floor client: ${err || code}`)),
		);
		child.stdin.end(JSON.stringify(input));
	});
}

/** passes: how many times the client walks all pages (the lowest CPU is the floor). */
async function measureFloor(period, shops, passes = 2) {
	const sb = await startSandboxProcess({ now: NOW, seed: SEED, rateLimits: false });
	try {
		const selections = shops.flatMap((shop) =>
			splitDays(period.start, period.end, PRO.windowDays).map((w) => ({ shop, ...w })),
		);
		const input = {
			baseUrl: sb.baseUrl,
			clientId: CLIENT.id,
			clientSecret: CLIENT.secret,
			sc: PRO.sc,
			perPage: PRO.perPage,
			selections,
		};
		const out = [];
		for (let i = 0; i < passes; i++) {
			const p = await floorPass(input);
			p.cpuMsPer1000 = +((p.cpuMs / p.records) * 1000).toFixed(2);
			log(
				`  floor client pass ${i + 1}: ${p.records} receipts, ${p.requests} requests, CPU ${Math.round(p.cpuMs)} ms = ${p.cpuMsPer1000} ms per 1000, wall ${p.wallMs} ms`,
			);
			out.push(p);
		}
		return {
			passes: out,
			cpuMsPer1000: Math.min(...out.map((p) => p.cpuMsPer1000)),
			what: 'fetch + JSON.parse + a minimal CSV of each page, one request at a time, in a child process; the lowest pass',
		};
	} finally {
		await sb.stop();
	}
}

module.exports = { measureFloor };
