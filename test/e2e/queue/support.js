'use strict';
/*
 * What the queue-mode checks (checks.js) share: waiting, notes, the sandbox's true set of a selection,
 * activating a workflow and reading its executions, a run on a worker.
 */
const assert = require('node:assert/strict');
const { waitUntil } = require('../../../scripts/lib/processes');
const wf = require('./workflows');

const { PRO } = wf;

const waitFor = (what, fn, timeoutMs = 60_000, everyMs = 500) =>
	waitUntil(fn, { what, timeoutMs, everyMs });
const note = (text) => console.log(`       ${text}`);

function truthOf(sb, { shop, start, end }) {
	return sb.control.truth('receipts', {
		sc_id: PRO,
		shop_id: shop,
		start_created_date: start,
		end_created_date: end,
	});
}

function assertTrueSet(rows, truth, label) {
	const ids = rows.map((r) => r.id);
	assert.equal(new Set(ids).size, ids.length, `${label}: a receipt twice`);
	assert.equal(
		ids.length,
		truth.count,
		`${label}: ${ids.length} receipts, the truth has ${truth.count}`,
	);
	assert.deepEqual([...ids].sort(), [...truth.ids].sort(), `${label}: not the true ids`);
	assert.equal(
		rows.reduce((s, r) => s + r.total_sum, 0),
		truth.sum,
		`${label}: Σ total_sum`,
	);
}

async function activated(main, workflow) {
	const w = await main.api.importWorkflow(workflow);
	await main.api.activate(w.id);
	return w;
}

const executionsOf = async (main, workflowId) =>
	(await main.api.executions({ workflowId, limit: 200 })) || [];

/**
 * Activates a webhook-started workflow, calls its webhook and waits until n8n names the worker that ran
 * the (successful, webhook-mode) execution; the workflow is deactivated again.
 */
async function runOnWorker(stack, workflow, pathPart) {
	const { main } = stack;
	const w = await activated(main, workflow);
	try {
		const res = await main.api.webhook(pathPart, { body: {} });
		assert.equal(res.status, 200, res.text.slice(0, 500));
		const [ex] = await executionsOf(main, w.id);
		assert.equal(ex.status, 'success');
		assert.equal(ex.mode, 'webhook');
		const worker = await waitFor('the worker log line', () => stack.whoRan(ex.id), 10_000);
		return { res, ex, worker };
	} finally {
		await main.api.deactivate(w.id);
	}
}

module.exports = { waitFor, note, truthOf, assertTrueSet, activated, executionsOf, runOnWorker };
