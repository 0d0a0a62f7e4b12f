#!/usr/bin/env node
// `npm test`: everything a fresh clone needs, then every check. Exits non-zero when any fails.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { root, run, ensureDependencies, ensureScanDependencies } = require('./lib');

const results = [];
function step(name, fn) {
	const ok = fn();
	results.push({ name, ok });
	return ok;
}

// everything the checks need, so that none of them goes to the network: the project (incl. @n8n/node-cli)
// and n8n's verification scan, which has its own tree
if (!step('install', () => ensureDependencies() && ensureScanDependencies())) finish();
step('build', () => run('npm', ['run', 'build']));
step("lint (n8n-node lint, strict; n8n's verification scan: source and packed tarball)", () =>
	run('node', ['scripts/lint.mjs']),
);
step('type check (incl. tests)', () => run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']));
step('package contents', () => run('node', ['scripts/check-pack.js']));

const jestJson = path.join(os.tmpdir(), `jest-${process.pid}.json`);
step('jest', () => run('npx', ['jest', '--forceExit', '--json', `--outputFile=${jestJson}`]));
const e2e = path.join(root, 'test', 'e2e', 'run.js');
if (fs.existsSync(e2e)) step('end-to-end in a real n8n', () => run('node', [e2e]));
const e2eQueue = path.join(root, 'test', 'e2e-queue', 'run.js');
if (fs.existsSync(e2eQueue))
	step('end-to-end in n8n queue mode (PostgreSQL + Redis, main + 2 workers)', () =>
		run('node', [e2eQueue]),
	);
const e2eReceipts = path.join(root, 'test', 'e2e-receipts', 'run.js');
if (fs.existsSync(e2eReceipts))
	step('end-to-end: New Receipt → PostgreSQL (SIGKILL during a poll and an execution)', () =>
		run('node', [e2eReceipts]),
	);
finish();

function finish() {
	let passed = 0;
	let failed = 0;
	if (fs.existsSync(jestJson)) {
		const j = JSON.parse(fs.readFileSync(jestJson, 'utf8'));
		passed += j.numPassedTests;
		failed += j.numFailedTests;
		fs.rmSync(jestJson);
	}
	for (const r of results) {
		if (r.name === 'jest') continue;
		if (r.ok) passed++;
		else failed++;
	}
	process.stdout.write('\nSteps:\n');
	for (const r of results) process.stdout.write(`  ${r.ok ? '✔' : '✖'} ${r.name}\n`);
	process.stdout.write(`${passed} passed, ${failed} failed\n`);
	process.exit(results.every((r) => r.ok) ? 0 : 1);
}
