'use strict';
/*
 * The 100,000-receipt export with the workflow set not to save execution data (its last node reports
 * count, distinct ids and Σ total_sum to a local sink).
 */
const { startRun } = require('../lib/n8n');
const { sleep, addDays, loadWorkflow, nodeOf } = require('../lib/util');
const { startSink } = require('../lib/sink');
const { RssSampler } = require('../lib/rss');
const { PRO, log, freshN8n, alignToWindow } = require('./common');

/**
 * The 100,000-receipt export once more with the workflow told not to save execution data (n8n's own
 * setting), which shows how much of the peak is n8n keeping the run. Its last node reports count,
 * distinct ids and Σ total_sum to the bench.
 */
async function runNoSave(ctx) {
	const { opts, stage, sandbox, windowMs, periods, truths } = ctx;
	const sink = await startSink();
	log('Receipts node, ≥100,000 receipts, execution data not saved: fresh n8n …');
	const { n8n, credentialId } = await freshN8n(opts, stage, sandbox, 'node100kNoSave');
	try {
		const wfJson = loadWorkflow('receipts-node-nosave.json', {
			CREDENTIAL_ID: credentialId,
			SINK_URL: sink.url,
		});
		const setPeriod = (wf, start, end) => {
			const copy = JSON.parse(JSON.stringify(wf));
			Object.assign(nodeOf(copy, 'Export receipts').parameters, {
				createdStartDate: start,
				createdEndDate: end,
			});
			return copy;
		};
		const wf = await n8n.api.importWorkflow(
			setPeriod(wfJson, periods.p100k.start, periods.p100k.end),
		);
		const warm = await n8n.api.importWorkflow({
			...setPeriod(wfJson, addDays(PRO.end, -1), addDays(PRO.end, -1)),
			name: 'Bench 1c (warm-up)',
		});
		await startRun(n8n, warm.id);
		await sink.next(120_000);
		await sleep(1000);

		await alignToWindow(windowMs);
		const seq0 = await sandbox.control.lastSeq();
		const sampler = new RssSampler(n8n.pid).start();
		const t0 = Date.now();
		let got;
		try {
			await startRun(n8n, wf.id);
			got = await sink.next(600_000);
			await sleep(1500); // n8n finishing the execution (nothing to save but its status)
		} finally {
			var mem = sampler.stop();
		}
		const entries = await sandbox.control.log({ since: seq0 });
		const summary = got.json.summary || {};
		const pick = (re) => summary[Object.keys(summary).find((k) => re.test(k))];
		const count = pick(/^count_/);
		const unique = pick(/^unique_count_/);
		const sum = pick(/^sum_/);
		const truth = truths.p100k;
		return {
			key: 'node100kNoSave',
			label: 'Receipts node, ≥100,000 receipts, execution data not saved',
			period: periods.p100k,
			records: count,
			uniqueIds: unique,
			sum,
			trueCount: truth.count,
			exact: count === truth.count && unique === truth.count && sum === truth.sum,
			exactHow: 'count, distinct ids and Σ total_sum (the ids themselves are not kept by n8n here)',
			requests: entries.filter((e) => e.route === 'receipts').length,
			rateLimited: entries.filter((e) => e.status === 429).length,
			wallMs: got.at - t0,
			jsonBytes: undefined,
			memory: {
				baselineMainKb: mem.baselineMainKb,
				mainPeakKb: mem.mainPeakKb,
				mainPeakFrom: mem.mainPeakFrom,
				treePeakKb: mem.treePeakKb,
				baselineTreeKb: mem.baselineTreeKb,
			},
		};
	} finally {
		await n8n.stop();
		await sink.close();
	}
}

module.exports = { runNoSave };
