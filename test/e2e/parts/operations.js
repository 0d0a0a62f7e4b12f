'use strict';
/*
 * e2e part `operations`: one generated workflow per node (lib/operations.js) runs each of its
 * operations against the sandbox, each checked against the sandbox's truth / request log / stored
 * intake values.  assertCovered(packageDir): every operation and trigger event of the built package
 * has a case (lib/coverage.js).
 */
const assert = require('node:assert/strict');
const { operationSuites, triggerManualSuites } = require('../lib/operations');
const { coverage } = require('../lib/coverage');
const { runWorkflow, itemsOf } = require('../lib/workflows');

async function operationsPart({ n8n, sb, step, cred, version }) {
	for (const suite of operationSuites({ credentialId: cred.id, tag: `${version}-${Date.now()}` })) {
		let run;
		const t0 = Date.now();
		try {
			run = await runWorkflow(n8n, sb, suite.workflow);
		} catch (e) {
			await step(`${suite.node}: run its workflow`, () => {
				throw e;
			});
			continue;
		}
		console.log(
			`  ·    ${suite.node}: workflow ran in ${((Date.now() - t0) / 1000).toFixed(1)} s (${run.ex.status}, ${run.log.length} API requests)`,
		);
		for (const c of suite.checks) {
			await step(`${suite.node} ${c.name}`, () =>
				c.check({
					items: itemsOf(run.ex),
					error: (n) => run.ex.nodeError(n),
					log: run.log,
					control: sb.control,
				}),
			);
		}
	}
}

/** Throws unless every operation and trigger event of the built package has an e2e case, and every case is real. */
function assertCovered(packageDir) {
	const workflows = [
		...operationSuites({ credentialId: 0 }),
		...triggerManualSuites({ credentialId: 0 }),
	].map((s) => s.workflow);
	const { operations, missing, unknown } = coverage(packageDir, workflows);
	assert.ok(operations.length > 0, 'no operation found in the built package');
	assert.deepEqual(
		missing,
		[],
		'operations of the package without an e2e case (test/e2e/lib/operations.js)',
	);
	assert.deepEqual(unknown, [], 'e2e cases of operations the package does not have');
	return operations.length;
}

module.exports = { operationsPart, assertCovered };
