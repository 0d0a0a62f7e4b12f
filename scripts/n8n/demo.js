#!/usr/bin/env node
'use strict';
/*
 * `npm start` (after scripts/start.js has installed and built): a real n8n with this package and the
 * example workflows, against the API sandbox.
 *
 *   node scripts/n8n/demo.js [--version 1.123.81] [--port 5678] [--sandbox-port 4010] [--real-slack] [--keep] [--verbose]
 *                            [--package-dir DIR]   (default: this repo, built)
 *
 * 1. starts the sandbox (child process, port 4010, clock running in real time);
 * 2. installs n8n (cached in ~/.cache/n8n-nodes-shopping-center; the first time takes ~5 minutes,
 *    with progress lines) and starts it with this package installed the way users install it (npm pack);
 * 3. creates the owner account, a "Shopping Center API" credential pointing at the sandbox and a
 *    "Slack" credential; Slack calls of this n8n go to a local catcher that prints them here
 *    (--real-slack: no catcher, put a real bot token into the Slack credential);
 * 4. imports examples/*.json and activates "new anomaly → Slack" (polling every minute);
 * 5. prints the URL and the login, and runs until Ctrl-C, which stops everything it started.
 */
const path = require('node:path');
const { startN8n } = require('./instance');
const { ensureN8n } = require('./install');
const { startSandboxProcess, portFree } = require('../lib/processes');
const { startSlackCatcher, opensslAvailable } = require('../../test/e2e/lib/slack-catcher');
const { loadExamples, bindExample, DATA_DIR } = require('../../test/e2e/lib/examples');

const root = path.resolve(__dirname, '..', '..');

function parseArgs(argv) {
	const o = {
		version: process.env.N8N_DEMO_VERSION || '1.123.81',
		port: 5678,
		sandboxPort: 4010,
		realSlack: false,
		keep: false,
		verbose: false,
		packageDir: root,
	};
	for (let i = 0; i < argv.length; i++) {
		const k = argv[i];
		const v = () => argv[++i];
		if (k === '--version') o.version = v();
		else if (k === '--port') o.port = Number(v());
		else if (k === '--sandbox-port') o.sandboxPort = Number(v());
		else if (k === '--real-slack') o.realSlack = true;
		else if (k === '--keep') o.keep = true;
		else if (k === '--package-dir') o.packageDir = path.resolve(v());
		else if (k === '--verbose') o.verbose = true;
		else if (k === '-h' || k === '--help') o.help = true;
		else throw new Error(`unknown option ${k} (see --help)`);
	}
	return o;
}

const say = (...a) => console.log('[demo]', ...a);

async function main() {
	let o;
	try {
		o = parseArgs(process.argv.slice(2));
	} catch (e) {
		console.error(e.message);
		process.exit(2);
	}
	if (o.help) {
		console.log(
			'usage: npm start -- [--version 1.123.81] [--port 5678] [--sandbox-port 4010] [--real-slack] [--keep] [--verbose]',
		);
		return;
	}
	const started = [];
	let stopping = false;
	const stopAll = async (code = 0) => {
		if (stopping) return;
		stopping = true;
		say('stopping…');
		for (const s of started.reverse()) {
			try {
				await s.stop();
				say(`stopped ${s.name}`);
			} catch (e) {
				say(`could not stop ${s.name}: ${e.message}`);
			}
		}
		process.exit(code);
	};
	process.on('SIGINT', () => stopAll(0));
	process.on('SIGTERM', () => stopAll(0));

	try {
		for (const [port, what, flag] of [
			[o.sandboxPort, 'the sandbox', '--sandbox-port'],
			[o.port, 'n8n', '--port'],
		]) {
			if (!(await portFree(port)))
				throw new Error(`port ${port} (for ${what}) is in use; choose another with ${flag} N`);
		}

		say(`starting the API sandbox on port ${o.sandboxPort}…`);
		const sb = await startSandboxProcess({
			port: o.sandboxPort,
			onLine: o.verbose ? (l) => console.log(`[sandbox] ${l}`) : undefined,
		});
		started.push({ name: 'sandbox', stop: () => sb.stop() });
		say(`sandbox: ${sb.baseUrl} (client ${sb.clientId})`);

		let slack = null;
		if (!o.realSlack) {
			if (opensslAvailable()) {
				slack = await startSlackCatcher({
					onMessage: (m) =>
						console.log(`\n[slack → ${m.channel}]\n${String(m.text).replace(/^/gm, '  ')}\n`),
					onRefused: ({ host }) =>
						o.verbose && say(`(outbound call to ${host} refused by the local proxy)`),
				});
				started.push({ name: 'Slack catcher', stop: () => slack.stop() });
			} else {
				say(
					'openssl not found: no local Slack catcher (the Slack node will call slack.com with the dummy token and fail)',
				);
			}
		}

		say(
			`n8n ${o.version}: installing if needed (the first time takes ~5 minutes; progress every 20 s)…`,
		);
		await ensureN8n({ version: o.version });
		say('starting n8n with this package (npm pack of the built repo)…');
		const n8n = await startN8n({
			version: o.version,
			packageDir: o.packageDir,
			port: o.port,
			keep: o.keep,
			env: {
				N8N_RESTRICT_FILE_ACCESS_TO: DATA_DIR,
				...(slack ? slack.n8nEnv() : {}),
			},
			onLog: o.verbose ? (l) => console.log(`[n8n] ${l}`) : undefined,
		});
		started.push({ name: 'n8n', stop: () => n8n.stop() });
		await n8n.api.assertLoaded({
			nodes: [
				`n8n-nodes-shopping-center.shoppingCenter`,
				`n8n-nodes-shopping-center.shoppingCenterTrigger`,
			],
			credentials: ['shoppingCenterApi'],
		});

		const scCred = await n8n.api.createCredential({
			name: 'Shopping Center API',
			type: 'shoppingCenterApi',
			data: {
				baseUrl: sb.baseUrl,
				clientId: sb.clientId,
				clientSecret: sb.clientSecret,
				allowInsecure: false,
			},
		});
		const slackCred = await n8n.api.createCredential({
			name: 'Slack',
			type: 'slackApi',
			data: { accessToken: slack ? 'xoxb-demo-token-for-the-local-catcher' : 'xoxb-replace-me' },
		});
		const credentials = { shoppingCenterApi: scCred, slackApi: slackCred };

		const imported = [];
		for (const ex of loadExamples()) {
			const wf = bindExample(ex.workflow, {
				credentials,
				// the demo polls every minute (the file says every 15 minutes)
				patch: (node) => {
					if (node.type.endsWith('.shoppingCenterTrigger'))
						node.parameters.pollTimes = { item: [{ mode: 'everyMinute' }] };
				},
			});
			const created = await n8n.api.importWorkflow(wf);
			let note = '';
			if (ex.key === 'anomaly-to-slack') {
				await n8n.api.activate(created.id);
				note = ' (active: polls every minute)';
			}
			imported.push(
				`  ${n8n.url.replace('127.0.0.1', 'localhost')}/workflow/${created.id}  ${wf.name}${note}`,
			);
		}

		const url = n8n.url.replace('127.0.0.1', 'localhost');
		console.log(`
────────────────────────────────────────────────────────────────────────
 n8n ${o.version} with n8n-nodes-shopping-center is running

 Open:      ${url}
 Log in:    ${n8n.login.email}
 Password:  ${n8n.login.password}

 Credential "Shopping Center API" → ${sb.baseUrl}
   (sandbox keys: ${sb.clientId} / ${sb.clientSecret}; centers 1001 Basic, 1002 PRO, 1003 blocked, 1004 PRO without counting)
 Credential "Slack" → ${slack ? 'a local catcher: messages are printed here' : 'replace the token with a real bot token'}

 Example workflows:
${imported.join('\n')}

 Make an anomaly appear (the active workflow posts it within a minute):
   curl -s -X POST ${sb.controlUrl}/insert -H 'content-type: application/json' \\
        -d '{"kind":"anomaly","sc_id":"1002","count":1}'

 Ctrl-C stops n8n, the sandbox${slack ? ' and the Slack catcher' : ''}.${o.keep ? `\n n8n user folder (kept): ${n8n.userFolder}` : ''}
────────────────────────────────────────────────────────────────────────`);
	} catch (e) {
		console.error(`[demo] failed: ${e.message}`);
		await stopAll(1);
	}
}

main();
