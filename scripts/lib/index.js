// Shared by the project's entry scripts (npm test, npm start): run commands, make sure
// dependencies are installed on a fresh clone. Plain Node, no dependencies.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..', '..');

function run(cmd, args, opts = {}) {
	const label = [cmd, ...args].join(' ');
	process.stdout.write(`\n▶ ${label}\n`);
	const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts });
	if (r.status !== 0) {
		process.stdout.write(`✖ ${label} exited with ${r.status ?? r.signal}\n`);
	}
	return r.status === 0;
}

/** npm ci in dir when its node_modules is missing or older than its lock file (or when forced). */
function ensureInstalled(dir, args, force = false) {
	const marker = path.join(dir, 'node_modules', '.package-lock.json');
	const lock = path.join(dir, 'package-lock.json');
	const fresh = fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs;
	if (fresh && !force) return true;
	// deprecation warnings of dependencies' dependencies are nothing the user can act on: errors only
	return run('npm', ['ci', ...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
}

/** n8n's verification scan has its own dependency tree (as `npx @n8n/scan-community-package` would). */
function ensureScanDependencies() {
	return ensureInstalled(path.join(root, 'scripts', 'scan'), ['--ignore-scripts']);
}

/** npm ci when node_modules is missing or older than the lock file (or when forced). */
function ensureDependencies(force = false) {
	return ensureInstalled(root, [], force);
}

module.exports = { root, run, ensureDependencies, ensureScanDependencies };
