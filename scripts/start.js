#!/usr/bin/env node
// `npm start`: the main job on a fresh clone — install, build, and run the API sandbox
// (and, when the real-n8n tooling is present, an n8n with this package and the examples loaded).
'use strict';
const fs = require('fs');
const path = require('path');
const { root, run, ensureDependencies } = require('./lib');

if (!ensureDependencies()) process.exit(1);
if (!run('npm', ['run', 'build'])) process.exit(1);
const demo = path.join(root, 'scripts', 'n8n', 'demo.js');
// Ctrl-C reaches the child too: let it stop what it started before this script exits
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
if (fs.existsSync(demo) && process.env.SANDBOX_ONLY !== '1') {
	run('node', [demo, ...process.argv.slice(2)]);
} else {
	run('npx', ['ts-node', '--transpile-only', 'sandbox/cli.ts', ...process.argv.slice(2)]);
}
