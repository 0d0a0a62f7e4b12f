'use strict';
/*
 * The transport trace: the node's 90-day export in an n8n loaded with a build whose transport logs
 * the phases of each request (bench/lib/trace.js).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { packPackage } = require('../../scripts/n8n/instance');
const { buildStage } = require('../lib/build');
const trace = require('../lib/trace');
const { log, freshN8n } = require('./common');
const { prepareReceipts, measureReceipts } = require('./receipts');

/** --trace-transport: the node's 90-day export in an n8n loaded with a build whose transport logs its phases. */
async function runTrace(ctx) {
	const { opts } = ctx;
	const traced = buildStage();
	const logFile = path.join(traced.dir, 'transport-trace.jsonl');
	const patch = trace.patchTransport(traced.dir, logFile);
	if (!patch.patched) {
		traced.cleanup();
		return { skipped: patch.why };
	}
	const tgzDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-bench-trace-tgz-'));
	log('transport trace: fresh n8n with a patched build …');
	const { n8n, credentialId } = await freshN8n(
		opts,
		traced,
		ctx.sandbox,
		'trace',
		packPackage(traced.dir, tgzDir),
	);
	try {
		const prepared = await prepareReceipts(n8n, credentialId, 'node90', ctx);
		const runs = [];
		const all = [];
		for (let i = 0; i < 3; i++) {
			fs.writeFileSync(logFile, '');
			const wallMs = (await measureReceipts(n8n, ctx, prepared)).wallMs;
			const t = trace.totals(logFile);
			// what the node's wall time holds besides its requests: reading its parameters and the center
			// before the first one, and after the last one building the output and n8n taking it over
			runs.push({
				wallMs,
				...t,
				outsideRequestsMs: +(wallMs - t.insideRequestsMs - t.betweenRequestsMs).toFixed(1),
			});
			all.push(fs.readFileSync(logFile, 'utf8'));
		}
		fs.writeFileSync(logFile, all.join(''));
		const phases = trace.summarise(logFile);
		log(
			`  per full page (median ms): ${trace.PHASES.map((p) => `${p} ${phases[p]}`).join(', ')}, between requests ${phases.betweenRequests}; runs ${runs.map((r) => `${r.wallMs} ms (${r.outsideRequestsMs} outside the requests)`).join(', ')}`,
		);
		return { phases, runs };
	} finally {
		await n8n.stop();
		traced.cleanup();
		fs.rmSync(tgzDir, { recursive: true, force: true });
	}
}

module.exports = { runTrace };
