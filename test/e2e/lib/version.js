'use strict';
/*
 * One version's leg of the e2e: its install (awaited), a fresh sandbox and a fresh n8n with the
 * package installed from `npm pack`, then the chosen parts (../parts/*.js), then both stopped.
 */
const path = require('node:path');
const { installDir } = require('../../../scripts/n8n/install');
const { startN8n } = require('../../../scripts/n8n/instance');
const { startSandboxProcess } = require('../../../scripts/lib/processes');
const { expectedTypes } = require('../harness/load-package');
const { loadExamples, DATA_DIR } = require('../../../scripts/lib/examples');
const { errText, banner } = require('./report');
const { sandboxCredentialData, createSandboxCredential } = require('./sandbox-credential');
const loadPart = require('../parts/load');
const credentialPart = require('../parts/credential');
const { operationsPart } = require('../parts/operations');
const triggerPart = require('../parts/trigger');
const examplesPart = require('../parts/examples');
const activationPart = require('../parts/activation');
const fileExportPart = require('../parts/file-export');
const mcpPart = require('../parts/mcp');
const agentPart = require('../parts/agent');
const browserPart = require('../parts/browser');
const durablePart = require('../parts/durable');

/** opts: { packageDir, only (Set), verbose, keep, slowPoll }; report: ./report.js */
async function runVersion(version, { slack, installPromise, report, opts }) {
	report.version = version;
	const step = report.step;
	const tVersion = Date.now();
	console.log(`\n══ n8n ${version} ${'═'.repeat(60)}`);
	const major = Number(version.split('.')[0]);

	let inst;
	try {
		inst = await installPromise;
		console.log(
			`  n8n ${version} installed${inst.fresh ? ` now, in ${inst.seconds} s` : ' (cached)'}: ${inst.dir}`,
		);
	} catch (e) {
		if (major >= 2) {
			banner(
				`SKIPPED: the n8n ${version} leg.\nIts install failed on this machine, so nothing was tested on n8n 2.x.\nReason: ${errText(e).split('\n').slice(0, 15).join('\n')}\nThe install log is in ${path.join(installDir(version), 'install.log')}.`,
			);
			report.skipped.push({ version, reason: String(e.message || e).split('\n')[0] });
			return;
		}
		await step(`install n8n ${version}`, () => {
			throw e;
		});
		return;
	}

	const want = expectedTypes(opts.packageDir);
	let sb;
	let n8n;
	try {
		sb = await step('start the sandbox (child process, running clock)', () =>
			startSandboxProcess({}),
		);
		if (!sb) return;
		n8n = await step(`start n8n ${version} with the package (npm pack → .n8n/nodes)`, () =>
			startN8n({
				version,
				packageDir: opts.packageDir,
				keep: opts.keep,
				env: { N8N_RESTRICT_FILE_ACCESS_TO: DATA_DIR, ...(slack ? slack.n8nEnv() : {}) },
				onLog: opts.verbose ? (l) => process.stderr.write(`[n8n ${version}] ${l}\n`) : undefined,
			}),
		);
		if (!n8n) return;
		console.log(
			`       ${n8n.url}  (start ${(n8n.timings.startMs / 1000).toFixed(1)} s; user folder ${n8n.userFolder})`,
		);
		const ctx = {
			n8n,
			sb,
			step,
			version,
			want,
			slack,
			slowPoll: opts.slowPoll,
			packageDir: opts.packageDir,
		};

		if (opts.only.has('load')) await loadPart(ctx);

		ctx.credData = sandboxCredentialData(sb);
		ctx.cred = await step('create the "Shopping Center API" credential (REST)', () =>
			createSandboxCredential(n8n, sb),
		);
		if (!ctx.cred) return;

		if (opts.only.has('credential')) await credentialPart(ctx);
		// the editor in a browser, on every version (the 2.x editor lays its panels out differently)
		if (opts.only.has('browser')) await browserPart(ctx);
		if (opts.only.has('operations')) await operationsPart(ctx);
		if (opts.only.has('trigger')) await triggerPart(ctx);
		if (opts.only.has('fileExport')) await fileExportPart(ctx);

		const slackCred = await n8n.api.createCredential({
			name: 'Slack',
			type: 'slackApi',
			data: { accessToken: 'xoxb-e2e-local-catcher' },
		});
		ctx.credentials = { shoppingCenterApi: ctx.cred, slackApi: slackCred };
		ctx.examples = Object.fromEntries(loadExamples().map((e) => [e.key, e]));
		if (opts.only.has('examples')) await examplesPart(ctx);
		if (opts.only.has('activation')) await activationPart(ctx);
		if (opts.only.has('mcp')) await mcpPart(ctx);
		if (opts.only.has('agent')) await agentPart(ctx);
		// n8n's durable scheduler with durable poll cursors exists from 2.37: own n8n instances, last
		const [, minor] = version.split('.').map(Number);
		if (opts.only.has('durable') && (major > 2 || (major === 2 && minor >= 37)))
			await durablePart(ctx);
	} finally {
		if (n8n) {
			if (report.failedIn(version) && !opts.verbose) {
				const why = n8n.loadErrors();
				const tail = n8n
					.logs()
					.split('\n')
					.filter((l) => /error|warn/i.test(l))
					.slice(-15);
				if (why.length || tail.length)
					console.log(
						`  n8n ${version} log (errors/warnings, last lines):\n${[...why, ...tail].map((l) => `       ${l}`).join('\n')}`,
					);
			}
			await n8n.stop().catch(() => {});
		}
		if (sb) await sb.stop().catch(() => {});
		report.timings.push({ version, seconds: Math.round((Date.now() - tVersion) / 100) / 10 });
	}
}

module.exports = { runVersion };
