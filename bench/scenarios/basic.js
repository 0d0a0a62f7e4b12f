'use strict';
/*
 * Basic: a year of daily sales of every shop of center 1001 (Revenue node), against the true sets.
 */
const { measuredRun, itemsOf, errorOf, startRun, waitFinished } = require('../lib/n8n');
const { splitDays, loadWorkflow, nodeOf } = require('../lib/util');
const { BASIC, alignToWindow, compareSets, requestsOf, requestsPerWindow } = require('./common');

async function runBasic(ctx, n8n, credentialId) {
	const { sandbox, windowMs } = ctx;
	const wf = await n8n.api.importWorkflow(
		loadWorkflow('revenue-basic.json', { CREDENTIAL_ID: credentialId }),
	);
	// warm-up on a center of its own budget would not be Basic 1001: warm the modules with a 1-day, 1-shop run instead
	const warmWf = loadWorkflow('revenue-basic.json', { CREDENTIAL_ID: credentialId });
	nodeOf(warmWf, 'Daily sales').parameters.startDate = BASIC.end;
	nodeOf(warmWf, 'Shops').parameters.returnAll = false;
	nodeOf(warmWf, 'Shops').parameters.limit = 1;
	const warm = await n8n.api.importWorkflow({ ...warmWf, name: 'Bench 3 (warm-up)' });
	const warmId = await startRun(n8n, warm.id);
	await waitFinished(n8n, warm.id, warmId, 120_000);

	await alignToWindow(windowMs);
	const r = await measuredRun({
		n8n,
		sandbox,
		workflowId: wf.id,
		spanNodes: ['Shops', 'Daily sales'],
		timeoutMs: 900_000,
	});
	const shops = (itemsOf(r.execution, 'Shops') || []).map((i) => i.json);
	const rows = itemsOf(r.execution, 'Daily sales') || [];
	let exact = true;
	let trueCount = 0;
	const perShop = [];
	for (let s = 0; s < shops.length; s++) {
		const mine = rows
			.filter((i) => (Array.isArray(i.pairedItem) ? i.pairedItem[0] : i.pairedItem)?.item === s)
			.map((i) => i.json);
		const truth = await sandbox.control.truth('daily', {
			sc_id: BASIC.sc,
			shop_id: shops[s].id,
			start_date: BASIC.start,
			end_date: BASIC.end,
		});
		trueCount += truth.count;
		const cmp = compareSets(
			mine.map((x) => x.date),
			mine.reduce((a, x) => a + (x.income_sum || 0), 0),
			truth,
		);
		if (!cmp.exact) exact = false;
		perShop.push({ shop: shops[s].id, rows: mine.length, ...cmp });
	}
	const req = requestsOf(r.log);
	const wallMs = r.span ? r.span.ms : r.finishedAt - r.startedAt;
	const windowsPerShop = splitDays(BASIC.start, BASIC.end, BASIC.windowDays).length;
	return {
		key: 'basic',
		label: 'Revenue node, Basic 1001: a year of daily sales, every shop',
		status: r.status,
		error: errorOf(r.execution),
		shops: shops.length,
		records: rows.length,
		trueCount,
		exact,
		perShop,
		dataRequests: req.count('sales.daily') + req.count('shops'),
		dailyRequests: req.count('sales.daily'),
		minimumRequests: shops.length * windowsPerShop + 1,
		otherRequests: r.log
			.filter((e) => !['sales.daily', 'shops'].includes(e.route))
			.map((e) => `${e.route}:${e.status}`),
		rateLimited: req.rateLimited,
		wallMs,
		jsonBytes: Buffer.byteLength(JSON.stringify(rows.map((i) => i.json))),
		memory: r.memory,
		// how the requests fell into the rate windows (each window allows 60)
		requestsPerWindow: requestsPerWindow(r.log, windowMs),
	};
}

module.exports = { runBasic };
