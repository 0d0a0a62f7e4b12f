'use strict';
/*
 * What the generated e2e workflows share: the package's type prefix, the two centers, days relative to
 * today, a locator by ID, request-log helpers and the workflow builder (Manual Trigger → "Input" → one
 * node per operation).
 */
const assert = require('node:assert/strict');

const PKG = 'n8n-nodes-shopping-center.';
const BASIC = '1001';
const PRO = '1002';

/** YYYY-MM-DD, `offset` days from today (UTC).  UTC's yesterday is in the past in every center's zone. */
function day(offset = 0) {
	return new Date(Date.now() + offset * 86400e3).toISOString().slice(0, 10);
}
function lastMonth() {
	const d = new Date();
	d.setUTCDate(1);
	d.setUTCMonth(d.getUTCMonth() - 1);
	return d.toISOString().slice(0, 7);
}
const byId = (value) => ({ __rl: true, mode: 'id', value });
const routeCalls = (log, route) => log.filter((e) => e.route === route);
const ok = (entries) => entries.every((e) => e.status >= 200 && e.status < 300);

function workflow(name, opNodes, credentialId, { input = {}, chains = [] } = {}) {
	const nodes = [
		{
			id: 'e2e-trigger',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'e2e-input',
			name: 'Input',
			type: 'n8n-nodes-base.code',
			typeVersion: 2,
			position: [220, 0],
			parameters: { jsCode: `return [{ json: ${JSON.stringify(input)} }];` },
		},
	];
	const connections = {
		Start: { main: [[{ node: 'Input', type: 'main', index: 0 }]] },
		Input: { main: [[]] },
	};
	opNodes.forEach((n, i) => {
		nodes.push({
			id: `e2e-op-${i}`,
			name: n.name,
			type: PKG + n.type,
			typeVersion: 1,
			position: [460 + (n.after ? 240 : 0), i * 160],
			parameters: n.parameters,
			credentials: { shoppingCenterApi: { id: String(credentialId), name: 'Shopping Center API' } },
		});
		if (!n.after) connections.Input.main[0].push({ node: n.name, type: 'main', index: 0 });
	});
	for (const [from, to] of chains)
		connections[from] = { main: [[{ node: to, type: 'main', index: 0 }]] };
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

module.exports = { assert, PKG, BASIC, PRO, day, lastMonth, byId, routeCalls, ok, workflow };
