#!/usr/bin/env node
'use strict';
/*
 * Start a real n8n (installed by ./install.js) with an isolated user folder, load a
 * community package the way users do, and drive it through its REST API.
 *
 *   const { startN8n } = require('./scripts/n8n/instance');
 *   const n8n = await startN8n({ version: '1.123.81', packageDir: '.' });   // or packageTgz
 *   await n8n.api.nodeTypes();  ...  await n8n.stop();
 *
 * CLI:
 *   node scripts/n8n/instance.js start [--version V] [--port P] [--user-folder DIR]
 *        [--package-dir DIR | --package-tgz FILE] [--custom-extensions] [--keep]
 *   (prints URL + login, runs until Ctrl-C)
 *
 * No dependencies beyond Node (flatted, for execution data, is taken from the n8n install).
 * Parts (instance/): env.js (quiet environment, owner), package.js (npm pack, install as n8n does),
 * start.js (startN8n: spawn, health, stop), client.js (REST + CLI client), executions.js.
 */
const { startN8n } = require('./instance/start');
const { packPackage, installCommunityPackage } = require('./instance/package');
const { quietEnv, OWNER } = require('./instance/env');
const { freePort } = require('../lib/processes');

module.exports = { startN8n, packPackage, installCommunityPackage, quietEnv, freePort, OWNER };

if (require.main === module) {
	const argv = process.argv.slice(2);
	const cmd = argv[0] && !argv[0].startsWith('-') ? argv.shift() : 'start';
	const o = {};
	for (let i = 0; i < argv.length; i++) {
		const k = argv[i];
		const v = () => argv[++i];
		if (k === '--version') o.version = v();
		else if (k === '--port') o.port = Number(v());
		else if (k === '--user-folder') o.userFolder = v();
		else if (k === '--package-dir') o.packageDir = v();
		else if (k === '--package-tgz') o.packageTgz = v();
		else if (k === '--custom-extensions') o.customExtensions = true;
		else if (k === '--install-mode') o.installMode = v();
		else if (k === '--keep') o.keep = true;
		else if (k === '--no-runners') o.runners = false;
		else if (k === '--verbose') o.onLog = (l) => process.stderr.write(`[n8n] ${l}\n`);
		else {
			console.error(`unknown option ${k}`);
			process.exit(2);
		}
	}
	if (cmd !== 'start') {
		console.error(
			'usage: node scripts/n8n/instance.js start [--version V] [--port P] [--user-folder DIR] [--package-dir DIR | --package-tgz FILE] [--custom-extensions] [--install-mode n8n|npm] [--keep] [--no-runners] [--verbose]',
		);
		process.exit(2);
	}
	startN8n(o).then(
		async (n8n) => {
			console.log(
				JSON.stringify(
					{
						url: n8n.url,
						login: n8n.login,
						userFolder: n8n.userFolder,
						installed: n8n.installed && n8n.installed.name,
						timings: n8n.timings,
					},
					null,
					2,
				),
			);
			console.log('n8n is running; Ctrl-C stops it.');
			const bye = async () => {
				await n8n.stop();
				process.exit(0);
			};
			process.on('SIGINT', bye);
			process.on('SIGTERM', bye);
		},
		(e) => {
			console.error(e.message);
			process.exit(1);
		},
	);
}
