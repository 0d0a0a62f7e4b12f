'use strict';
/*
 * e2e part `load`: every node and credential the package declares is loaded by n8n; the trigger polls.
 */
const assert = require('node:assert/strict');

module.exports = async function loadPart({ n8n, step, want }) {
	await step(
		`every node (${want.nodes.length}) and credential (${want.credentials.length}) of the package is loaded`,
		async () => {
			assert.deepEqual(want.problems, [], 'the built package is incomplete');
			assert.equal(want.nodes.length, 8, `package.json declares ${want.nodes.length} nodes`);
			await n8n.api.assertLoaded({ nodes: want.nodes, credentials: want.credentials });
			const types = await n8n.api.nodeTypes();
			const trigger = types.find((t) => t.name.endsWith('.shoppingCenterEventsTrigger'));
			assert.ok(trigger.polling, 'the trigger is not a polling node');
			assert.ok(
				trigger.properties.some((p) => p.name === 'pollTimes'),
				'n8n gave the trigger no Poll Times',
			);
		},
	);
};
