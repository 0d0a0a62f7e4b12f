'use strict';
/*
 * e2e part `trigger`: each trigger event through n8n's manual path (Fetch Test Event).
 */
const assert = require('node:assert/strict');
const { triggerManualSuites } = require('../lib/operations');
const { runWorkflow, itemsOf, nodeErrorText } = require('../lib/workflows');

module.exports = async function triggerPart({ n8n, sb, step, cred }) {
	for (const t of triggerManualSuites({ credentialId: cred.id })) {
		await step(
			`shoppingCenterEventsTrigger ${t.event}: manual run (Fetch Test Event) returns the latest record per center`,
			async () => {
				const { ex } = await runWorkflow(n8n, sb, t.workflow);
				assert.equal(ex.status, 'success', nodeErrorText(ex, 'Trigger'));
				t.check(itemsOf(ex)('Trigger'));
			},
		);
	}
};
