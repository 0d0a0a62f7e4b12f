#!/usr/bin/env node
'use strict';
/*
 * `npm start` (after scripts/start.js has installed and built): a real n8n with this package and the
 * example workflows, against the API sandbox.
 *
 *   node scripts/n8n/demo.js [--version 1.123.81] [--port 5678] [--sandbox-port 4010] [--real-slack] [--verbose]
 *                            [--user-folder DIR] [--fresh] [--package-dir DIR]   (default: this repo, built)
 *
 * The user's work is kept: n8n runs in a persistent user folder (default ~/.n8n-shopping-center-demo,
 * or $N8N_DEMO_USER_FOLDER), so the next start resumes the same owner, credentials, workflows and
 * executions. --fresh moves that folder aside (to <folder>.before-<time>) and starts a clean instance.
 *
 * 1. starts the sandbox (child process, port 4010, clock running in real time);
 * 2. installs n8n (cached in ~/.cache/n8n-nodes-shopping-center; the first time takes INSTALL_TIME,
 *    5–10 minutes, with progress lines) and starts it with this package installed the way users install it (npm pack);
 * 3. the first time: creates the owner account, a "Shopping Center API" credential pointing at the
 *    sandbox and a "Slack" credential (later starts log in and point the credential at this sandbox);
 *    Slack calls of this n8n go to a local catcher that prints them here (--real-slack: no catcher,
 *    put a real bot token into the Slack credential);
 * 4. the first time: imports examples/*.json and activates "new anomaly → Slack" (polling every minute
 *    here, faster than its file: the banner and the workflow's note say so and why);
 * 5. prints the URL and the login, how often the saved workflows poll (as saved in this n8n, read over
 *    REST) and where n8n's log is (<user folder>/n8n.log, kept across starts), and runs until Ctrl-C,
 *    which stops everything it started.
 */
const path = require('node:path');
const { startN8n } = require('./instance');
const { ensureN8n, INSTALL_TIME } = require('./install');
const { startSandboxProcess, portFree } = require('../lib/processes');
const { startSlackCatcher, opensslAvailable } = require('../lib/slack-catcher');
const { loadExamples, bindExample, DATA_DIR } = require('../lib/examples');
const {
	DEFAULT_DEMO_FOLDER,
	prepareDemoFolder,
	writeState,
	upsertCredential,
	prepareFilesFolder,
	demoEnv,
	demoBannerLines,
	DEMO_ACTIVE_EXAMPLE,
	demoPatch,
	demoPollLines,
	filePollLines,
	demoLogLines,
	SANDBOX_IDS_FILE,
} = require('./demo-folder');

const root = path.resolve(__dirname, '..', '..');

function parseArgs(argv) {
	const o = {
		version: process.env.N8N_DEMO_VERSION || '1.123.81',
		port: 5678,
		sandboxPort: 4010,
		realSlack: false,
		userFolder: process.env.N8N_DEMO_USER_FOLDER || DEFAULT_DEMO_FOLDER,
		fresh: false,
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
		else if (k === '--keep') o.keepFlag = true;
		else if (k === '--fresh') o.fresh = true;
		else if (k === '--user-folder') o.userFolder = path.resolve(v());
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
			`usage: npm start -- [--version 1.123.81] [--port 5678] [--sandbox-port 4010] [--real-slack] [--verbose]
                     [--user-folder DIR] (default ${DEFAULT_DEMO_FOLDER}: your work is kept there between starts)
                     [--fresh] (a clean instance: the old folder is moved aside, not deleted)`,
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
			// ids of inserted records go on across restarts (the banner's late-receipt curl is new each time)
			idsFile: path.join(path.resolve(o.userFolder), SANDBOX_IDS_FILE),
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
			`n8n ${o.version}: installing if needed (the first time takes ${INSTALL_TIME}; progress every 20 s)…`,
		);
		await ensureN8n({ version: o.version });
		const place = prepareDemoFolder({ folder: o.userFolder, fresh: o.fresh, version: o.version });
		if (place.movedTo) say(`--fresh: the previous folder was moved to ${place.movedTo}`);
		const resumed = Boolean(place.state);
		const filesFolder = prepareFilesFolder(place.folder, DATA_DIR);
		say(
			`${resumed ? 'resuming your n8n' : 'starting a new n8n'} in ${place.folder} (npm pack of the built repo)…`,
		);
		const n8n = await startN8n({
			version: o.version,
			packageDir: o.packageDir,
			port: o.port,
			userFolder: place.folder,
			setupOwner: 'ifNeeded',
			env: {
				...demoEnv(filesFolder),
				...(slack ? slack.n8nEnv() : {}),
			},
			onLog: o.verbose ? (l) => console.log(`[n8n] ${l}`) : undefined,
		});
		started.push({ name: 'n8n', stop: () => n8n.stop() });
		await n8n.api.assertLoaded({
			nodes: [
				`n8n-nodes-shopping-center.shoppingCenter`,
				`n8n-nodes-shopping-center.shoppingCenterEventsTrigger`,
			],
			credentials: ['shoppingCenterApi'],
		});

		const known = (place.state && place.state.credentials) || {};
		const scCred = await upsertCredential(n8n.api, n8n.request, known.shoppingCenterApi, {
			name: 'Shopping Center API',
			type: 'shoppingCenterApi',
			data: {
				baseUrl: sb.baseUrl,
				clientId: sb.clientId,
				clientSecret: sb.clientSecret,
				allowInsecure: false,
			},
		});
		const slackCred = await upsertCredential(n8n.api, n8n.request, known.slackApi, {
			name: 'Slack',
			type: 'slackApi',
			data: { accessToken: slack ? 'xoxb-demo-token-for-the-local-catcher' : 'xoxb-replace-me' },
		});
		// receipts-to-postgres needs a database of your own: a placeholder to fill in, made once (never
		// overwritten: the user's settings stay)
		const pgCred = known.postgres
			? { id: known.postgres, name: 'Postgres' }
			: await upsertCredential(n8n.api, n8n.request, undefined, {
					name: 'Postgres',
					type: 'postgres',
					data: {
						host: 'localhost',
						port: 5432,
						database: 'warehouse',
						user: 'postgres',
						password: '',
					},
				});
		const credentials = { shoppingCenterApi: scCred, slackApi: slackCred, postgres: pgCred };

		// the examples are imported once; later starts show what is in the folder (the user's own too)
		if (!resumed) {
			for (const ex of loadExamples()) {
				const wf = bindExample(ex.workflow, {
					credentials,
					dataDir: filesFolder,
					// the active example polls every minute here, and its note says so and why
					patch: demoPatch(ex.key, ex.workflow),
				});
				const created = await n8n.api.importWorkflow(wf);
				if (ex.key === DEMO_ACTIVE_EXAMPLE) await n8n.api.activate(created.id);
			}
		}
		writeState(place.folder, {
			version: o.version,
			credentials: { shoppingCenterApi: scCred.id, slackApi: slackCred.id, postgres: pgCred.id },
			startedAt: new Date().toISOString(),
		});
		const url = n8n.url.replace('127.0.0.1', 'localhost');
		const listed = (await n8n.api.workflows()) || [];
		const workflows = listed.map(
			(w) => `  ${url}/workflow/${w.id}  ${w.name}${w.active ? ' (active)' : ''}`,
		);
		// how often they poll as saved in this n8n (the user may have changed an example since)
		const pollLines = await Promise.all(listed.map((w) => n8n.api.getWorkflow(w.id))).then(
			(saved) => demoPollLines(saved, loadExamples()),
			() => filePollLines(loadExamples()),
		);

		console.log(`
────────────────────────────────────────────────────────────────────────
 n8n ${o.version} with n8n-nodes-shopping-center is running${resumed ? ' (your work from the last start is back)' : ''}

 Open:      ${url}
 Log in:    ${n8n.login.email}
 Password:  ${n8n.login.password}

${demoBannerLines(filesFolder).join('\n')}

 Your work is kept in ${place.folder}
   (workflows, credentials, executions; the next \`npm start\` resumes it; \`npm start -- --fresh\` starts clean)

 Credential "Shopping Center API" → ${sb.baseUrl}
   (sandbox keys: ${sb.clientId} / ${sb.clientSecret}; centers 1001 Basic, 1002 PRO, 1003 blocked, 1004 PRO without counting)
 Credential "Slack" → ${slack ? 'a local catcher: messages are printed here' : 'replace the token with a real bot token'}

 Workflows:
${workflows.join('\n')}

${pollLines.join('\n')}

${demoLogLines(n8n.logFile).join('\n')}

${sb.bannerLines.map((l) => ` ${l}`).join('\n')}

 Ctrl-C stops n8n, the sandbox${slack ? ' and the Slack catcher' : ''}; your work stays in ${place.folder}.
────────────────────────────────────────────────────────────────────────`);
	} catch (e) {
		console.error(`[demo] failed: ${e.message}`);
		await stopAll(1);
	}
}

main();
