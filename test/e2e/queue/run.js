#!/usr/bin/env node
'use strict';
/*
 * `npm run e2e:queue`: the built package in n8n's queue mode. Brings up PostgreSQL and Redis (Debian's
 * packages, installed with apt-get when missing), n8n 1.123.81 main + 2 workers (scripts/n8n/queue/stack.js)
 * and the API sandbox, runs the checks below, prints one line per check and `N passed, N failed`, and
 * stops everything it started, also on failure (exit code 1 then).
 *
 *   node test/e2e/queue/run.js [--version 1.123.81] [--package-dir .] [--only export,file,trigger,crash,budget]
 *                              [--keep] [--verbose]
 *
 * Checks (checks.js): a webhook-started export runs on a worker and answers the true set; a One File
 * export on a worker, its file (in the binary-data folder main and workers share) served by main; the trigger
 * (New Anomaly, New Ticket) activated: polls on main, executions on workers, each new record once, also
 * across a restart of main; a worker SIGKILLed mid-export: execution crashed, its retry gives the true
 * set, and the intake calls before it store their values once and one calendar event; two workers
 * exporting one center while another client spends most of a tight budget: exact sets, at most one 429
 * per rate window per process; one token exchange per process per credential.
 */
const { startQueueStack } = require('../../../scripts/n8n/queue/stack');
const { startSandboxProcess } = require('../../../scripts/lib/processes');
const { createReport } = require('../lib/report');
const { cliOptions, packageBuilt, stopOnSignal, runMain } = require('../lib/runner');
const checks = require('./checks');

const { opt, flag, packageDir: PACKAGE_DIR } = cliOptions();
const VERSION = opt('version', '1.123.81');
const KEEP = flag('keep');
const ONLY = opt('only') ? new Set(opt('only').split(',')) : undefined;
const VERBOSE = flag('verbose') || !!process.env.N8N_E2E_VERBOSE;

/** The sandbox's rate window and the PRO budget in it: tight enough for the shared-budget check. */
const RATE_WINDOW_MS = 1000;
const PRO_PER_WINDOW = 30;

async function main() {
	const t0 = Date.now();
	const report = createReport();
	report.version = `queue ${VERSION}`;
	console.log(
		`e2e in n8n ${VERSION} queue mode (PostgreSQL + Redis, main + 2 workers); package ${PACKAGE_DIR}`,
	);
	if (!packageBuilt(PACKAGE_DIR)) return 1;
	let stack;
	let sb;
	const stopAll = async () => {
		const t = Date.now();
		if (stack) await stack.stop({ keep: KEEP }).catch((e) => console.log(`stop: ${e.message}`));
		if (sb) await sb.stop().catch(() => {});
		stack = sb = null;
		return Date.now() - t;
	};
	stopOnSignal(stopAll);
	try {
		const up = await report.step(
			'bring up PostgreSQL, Redis, the sandbox, n8n main + 2 workers (package in each user folder)',
			async () => {
				sb = await startSandboxProcess({
					seed: 42,
					rateWindowMs: RATE_WINDOW_MS,
					rateLimits: { pro: { perWindow: PRO_PER_WINDOW } },
					detached: true,
				});
				// one execution at a time per worker: two exports at once land on two workers
				stack = await startQueueStack({
					version: VERSION,
					packageDir: PACKAGE_DIR,
					workers: 2,
					concurrency: 1,
					// Output "One File" on a worker: one binary-data folder for all, as docs/queue-mode.md says
					sharedBinaryData: true,
					keep: KEEP,
					onLog: VERBOSE ? (who, l) => process.stderr.write(`[${who}] ${l}\n`) : null,
				});
				const t = stack.timings;
				console.log(
					`       PostgreSQL ${stack.pg.version} :${stack.pg.port}, Redis ${stack.redis.version} :${stack.redis.port}; ` +
						`main ${(t.mainStartMs / 1000).toFixed(1)} s, workers ${(t.workersStartMs / 1000).toFixed(1)} s` +
						(stack.packages.installed.length
							? `; apt-get installed ${stack.packages.installed.join(', ')} in ${stack.packages.seconds} s`
							: ''),
				);
				return true;
			},
		);
		if (up) {
			const ctx = {
				stack,
				sb,
				step: report.step,
				ratePerWindow: PRO_PER_WINDOW,
				only: ONLY,
				windowMs: RATE_WINDOW_MS,
			};
			await checks.run(ctx);
		}
	} finally {
		const ms = await stopAll();
		console.log(`  (stopped everything in ${(ms / 1000).toFixed(1)} s)`);
	}
	return report.finish(t0);
}

runMain(main);
