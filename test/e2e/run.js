#!/usr/bin/env node
'use strict';
/*
 * End-to-end tests of the built package in a REAL n8n (1.123.81 and 2.41.1) against the API sandbox.
 * Plain Node (run by `npm test` after jest).  Prints every step, timings, and `N passed, N failed`;
 * exits non-zero when anything failed.
 *
 *   node test/e2e/run.js [--version 1.123.81 [--version 2.41.1]] [--package-dir .] [--only load,credential,operations,trigger,fileExport,examples,activation,mcp,agent,browser,restart]
 *                        [--slow-poll] [--keep] [--verbose]
 *
 * Per version: a fresh sandbox (child process, running clock) and a fresh n8n with the package
 * installed from `npm pack` the way n8n's own installer does; then
 *   load        every node and credential the package declares is loaded (fails on any missing);
 *   credential  n8n's credential test (POST /rest/credentials/test): good keys succeed; a wrong
 *               secret, an unreachable URL and plain http to another host fail with a clear message;
 *   operations  one generated workflow per node runs each of its operations against the sandbox,
 *               checked against the sandbox's truth / request log / stored intake values;
 *   trigger     each of the trigger's four events through n8n's manual path (Fetch Test Event);
 *   examples    examples/*.json run as shipped (credentials bound), effects checked in the sandbox
 *               and in the execution output (the CSV file's content too);
 *   activation  the anomaly → Slack example ACTIVATED in the running n8n: n8n polls (twelve "Custom"
 *               poll times, each once a minute at seconds 0, 5, … 55, so a poll every 5 s: n8n refuses
 *               a single sub-minute expression, not several; --slow-poll uses "Every Minute" instead), the first poll remembers what
 *               exists, an anomaly inserted through /__sandbox/insert is posted to Slack (the real
 *               Slack node, through a local HTTPS catcher, scripts/lib/slack-catcher.js) exactly once.
 *   mcp         examples/mcp-server.json activated; a real MCP client lists and calls the tools (parts/mcp.js);
 *   agent       n8n's AI Agent + OpenAI Chat Model against a scripted OpenAI-compatible stub (parts/agent.js);
 *   browser     the editor in headless Chromium (Debian's, installed when missing; playwright-core):
 *               date fields store what is typed, pickers show names with ids, panels show their notices
 *               and hints, the node picker each node's own description (parts/browser.js; every version),
 *               New Receipt's Cost Estimate following Poll Times and the centers (parts/browser-trigger-cost.js);
 *   durable     (2.37+) the trigger exactly once in the classic mode and under the durable scheduler
 *               with durable poll cursors, SIGKILLs and republishing included (parts/durable.js);
 *   restart     npm start → Ctrl-C → npm start shows the user's own workflow again (parts/restart.js;
 *               once, on the first version);
 *   (and, with operations or trigger, first: every operation and trigger event of the built package
 *   has a case, lib/coverage.js)
 *
 * The 2.x leg is skipped, loudly, only when its install fails (a fresh machine whose registry lacks
 * a dependency); it is installed in the background while the 1.x leg runs.
 *
 * Parts: lib/version.js (one version's leg), parts/*.js (one file per part), lib/report.js (steps,
 * `N passed, N failed`), lib/workflows.js (run a workflow, read its output).
 */
const assert = require('node:assert/strict');
const { ensureN8n } = require('../../scripts/n8n/install');
const { expectedTypes } = require('./harness/load-package');
const { startSlackCatcher, opensslAvailable } = require('../../scripts/lib/slack-catcher');
const { createReport, banner } = require('./lib/report');
const { cliOptions, runMain } = require('./lib/runner');
const { runVersion } = require('./lib/version');
const { assertCovered } = require('./parts/operations');
const restartPart = require('./parts/restart');

// ------------------------------------------------------------------------------------------ options
const { all, opt, flag, packageDir: PACKAGE_DIR } = cliOptions();
const VERSIONS = all('version').length
	? all('version')
	: (process.env.N8N_E2E_VERSIONS || '1.123.81,2.41.1')
			.split(',')
			.map((s) => s.trim())
			.filter(Boolean);
const ONLY = new Set(
	opt(
		'only',
		'load,credential,operations,trigger,fileExport,examples,activation,mcp,agent,browser,restart,durable',
	).split(','),
);
const opts = {
	packageDir: PACKAGE_DIR,
	only: ONLY,
	verbose: flag('verbose'),
	keep: flag('keep'),
	slowPoll: flag('slow-poll'),
};
const report = createReport();

// ------------------------------------------------------------------------------------------ main
async function main() {
	const t0 = Date.now();
	console.log(
		`e2e in a real n8n: versions ${VERSIONS.join(', ')}; package ${PACKAGE_DIR}; parts ${[...ONLY].join(', ')}`,
	);
	const want = expectedTypes(PACKAGE_DIR);
	if (want.problems.length) {
		report.version = 'package';
		await report.step('the package is built (npm run build)', () =>
			assert.deepEqual(want.problems, []),
		);
	} else if (ONLY.has('operations') || ONLY.has('trigger')) {
		report.version = 'package';
		await report.step(
			'every operation and trigger event of the built package has an e2e case',
			() =>
				console.log(`       ${assertCovered(PACKAGE_DIR)} operations and events, each with a case`),
		);
	}
	let slack = null;
	if (ONLY.has('activation') || ONLY.has('examples')) {
		const ssl = process.env.N8N_E2E_NO_SLACK_CATCHER ? null : opensslAvailable();
		if (ssl) {
			slack = await startSlackCatcher();
			console.log(`Slack catcher (HTTPS proxy for slack.com, ${ssl}): ${slack.proxyUrl}`);
		} else {
			banner(
				'openssl not found: no local Slack catcher. The anomaly → Slack example runs with its Slack node\ndisabled and the message the workflow builds is checked instead.',
			);
		}
	}
	// Installs: the first version now; the others in the background while earlier legs run.
	const installs = new Map();
	const install = (v) => {
		if (!installs.has(v)) {
			const p = ensureN8n({ version: v });
			p.catch(() => {});
			installs.set(v, p);
		}
		return installs.get(v);
	};
	try {
		for (const [i, v] of VERSIONS.entries()) {
			const p = install(v);
			if (VERSIONS[i + 1]) {
				// start the next install once this one is done (two npm installs at once would compete for the 2 cores)
				p.then(
					() => install(VERSIONS[i + 1]),
					() => install(VERSIONS[i + 1]),
				).catch(() => {}); // a failed install is reported by its own leg
			}
			await runVersion(v, { slack, installPromise: p, report, opts });
		}
		if (ONLY.has('restart')) {
			// npm start → Ctrl-C → npm start, on the version npm start uses (the first one)
			report.version = `npm start ${VERSIONS[0]}`;
			console.log(`\n══ npm start keeps the user's work (n8n ${VERSIONS[0]}) ${'═'.repeat(30)}`);
			await install(VERSIONS[0]).then(
				() => restartPart({ step: report.step, version: VERSIONS[0] }),
				() => {},
			);
		}
	} finally {
		if (slack) {
			if (slack.refused.length)
				console.log(
					`(the test proxy refused outbound calls to: ${[...new Set(slack.refused.map((r) => r.host))].join(', ')})`,
				);
			await slack.stop();
		}
	}
	return report.finish(t0);
}

runMain(main);
