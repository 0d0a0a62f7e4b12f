'use strict';
/*
 * Calibration: how long the sandbox itself takes to serve a full 1000-receipt page to a plain client,
 * which sets the length of one scaled minute (see bench/README.md).
 */
const { startSandboxProcess } = require('../../scripts/lib/processes');
const { splitDays, median } = require('../lib/util');
const { NOW, SEED, PRO, token, plainClientPass } = require('./common');

async function calibrate(opts) {
	const sb = await startSandboxProcess({ now: NOW, seed: SEED, rateLimits: false });
	try {
		const windows = splitDays(PRO.start, PRO.end, PRO.windowDays);
		await sb.control.truth('receipts', {
			sc_id: PRO.sc,
			shop_id: PRO.shop,
			start_created_date: PRO.start,
			end_created_date: PRO.end,
		}); // generate the days once
		const bearer = await token(sb.baseUrl);
		await plainClientPass(sb.baseUrl, bearer, windows); // warm up (JIT, sockets)
		const passes = [];
		for (let i = 0; i < 3; i++) passes.push(await plainClientPass(sb.baseUrl, bearer, windows));
		// the machine's capability, not the momentary load of whatever else runs on it: the quickest pass
		const pageMs = Math.min(...passes.map((p) => median(p.perPage)));
		const passMs = median(passes.map((p) => p.ms));
		const windowMs =
			opts.windowMs ||
			Math.min(
				20_000,
				Math.max(2_000, Math.ceil((PRO.perMinute * pageMs * opts.headroom) / 100) * 100),
			);
		return {
			plainClientPageMs: +pageMs.toFixed(2),
			plainClientPassMedians: passes.map((p) => +median(p.perPage).toFixed(2)),
			plainClientPassMs: passMs,
			plainClientRequests: passes[0].requests,
			plainClientRecords: passes[0].records,
			headroom: opts.headroom,
			windowMs,
			chosen: opts.windowMs
				? 'given with --window-ms'
				: `${opts.headroom} × 300 × ${pageMs.toFixed(1)} ms, rounded up to 100 ms`,
		};
	} finally {
		await sb.stop();
	}
}

module.exports = { calibrate };
