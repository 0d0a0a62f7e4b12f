#!/usr/bin/env node
// `npm test`: everything a fresh clone needs, then every check; at the end a table of the phases and
// their wall times (scripts/lib/phase-table.js). Exits non-zero when any fails.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { root, run, ensureDependencies, ensureScanDependencies } = require('./lib');
const { phaseTable } = require('./lib/phase-table');

const t0 = Date.now();
const results = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `npm-test-${process.pid}-`));

function step(name, fn) {
	const startMs = Date.now() - t0;
	const ok = fn();
	results.push({ name, ok, startMs, ms: Date.now() - t0 - startMs });
	return ok;
}

const installs = installN8nEarly();
const jestJson = path.join(tmp, 'jest.json');
main().then(finish);

async function main() {
	// everything the checks need, so that none of them goes to the network: the project (incl.
	// @n8n/node-cli) and n8n's verification scan, which has its own tree
	if (!step('install', () => ensureDependencies() && ensureScanDependencies())) return;
	step('build', () => run('npm', ['run', 'build']));
	step("lint (n8n-node lint, strict; n8n's verification scan: source and packed tarball)", () =>
		run('node', ['scripts/lint.mjs']),
	);
	step('type check (incl. tests)', () => run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']));
	step('package contents', () => run('node', ['scripts/check-pack.js']));
	step('jest', () => run('npx', ['jest', '--forceExit', '--json', `--outputFile=${jestJson}`]));
	const background = [];
	for (const [i, { file, args = [], name, beside, alone }] of e2eRunners().entries()) {
		const runner = path.join(root, 'test', 'e2e', file);
		if (!fs.existsSync(runner)) continue;
		// a runner marked `alone` waits for the ones in the background to end
		if (alone) while (background.length) results.push(await background.shift());
		// the runner writes its legs' wall times there (test/e2e/lib/report.js)
		const legsFile = path.join(tmp, `e2e-legs-${i}.jsonl`);
		process.env.E2E_PHASES_FILE = legsFile;
		if (beside) background.push(runBeside(`${name} (beside the next)`, runner, args, legsFile));
		else {
			step(name, () => run('node', [runner, ...args]));
			results.at(-1).legsFile = legsFile;
		}
	}
	for (const b of background) results.push(await b);
}

/**
 * The e2e runners in their order. A runner marked `beside` starts first, in the background (its output
 * printed when it ends), and runs beside the next ones; one marked `alone` runs after those in the
 * background have ended. By default the whole receipts runner runs beside the main and queue-mode
 * runners (its legs wait on n8n's polls most of the time): its two in-memory legs side by side, then
 * its durable leg (a warm clean-clone run in 37 minutes instead of 43–46 with the durable leg alone at
 * the end, 2026-12-08). N8N_E2E_BESIDE=0: nothing beside (the receipts runner first);
 * N8N_E2E_BESIDE=alone: the in-memory legs beside, the durable leg alone at the end (its SIGKILL during
 * a poll then has the machine to itself).
 */
function e2eRunners() {
	const receipts = 'end-to-end: New Receipt → PostgreSQL (SIGKILL during a poll and an execution)';
	const others = [
		{ file: 'run.js', name: 'end-to-end in a real n8n' },
		{
			file: 'queue/run.js',
			name: 'end-to-end in n8n queue mode (PostgreSQL + Redis, main + 2 workers)',
		},
	];
	const mode = process.env.N8N_E2E_BESIDE;
	if (mode !== 'alone')
		return [{ file: 'receipts/run.js', name: receipts, beside: mode !== '0' }, ...others];
	return [
		{
			file: 'receipts/run.js',
			args: ['--legs', 'in-memory'],
			name: `${receipts}: the in-memory legs`,
			beside: true,
		},
		...others,
		{
			file: 'receipts/run.js',
			args: ['--legs', 'durable'],
			name: `${receipts}: the durable leg, alone`,
			alone: true,
		},
	];
}

/**
 * An e2e runner in the background: its output in a file, printed whole when it ends; the result row
 * (its end: when its output last changed, as this process is busy with the steps in the meantime).
 */
function runBeside(name, runner, args, legsFile) {
	const startMs = Date.now() - t0;
	const log = path.join(tmp, `${path.basename(path.dirname(runner))}-${results.length}.log`);
	const fd = fs.openSync(log, 'w');
	process.stdout.write(`\n▶ node ${runner} (in the background; its output when it ends)\n`);
	const child = spawn(process.execPath, [runner, ...args], {
		cwd: root,
		stdio: ['ignore', fd, fd],
	});
	fs.closeSync(fd);
	return new Promise((resolve) =>
		child.once('exit', (code) => {
			process.stdout.write(
				`\n▶ node ${runner} (ran in the background)\n${fs.readFileSync(log, 'utf8')}`,
			);
			if (code !== 0) process.stdout.write(`✖ node ${runner} exited with ${code}\n`);
			const ms = fs.statSync(log).mtimeMs - t0 - startMs;
			resolve({ name, ok: code === 0, startMs, ms, legsFile });
		}),
	);
}

/**
 * The n8n versions the e2e legs run, installed (scripts/n8n/install.js, one after the other) in a
 * niced background process from the start, so that the installs overlap lint, tsc and jest instead of
 * the first e2e leg. Its output goes to a file; a leg that finds an install unfinished waits for it
 * (install.js's lock), and one that failed is installed again by the leg, which reports it.
 * N8N_E2E_INSTALL_EARLY=0 leaves the installs to the legs.
 */
function installN8nEarly() {
	if (process.env.N8N_E2E_INSTALL_EARLY === '0') return null;
	const versions = (process.env.N8N_E2E_VERSIONS || '1.123.81,2.41.1')
		.split(',')
		.concat('1.123.81') // the queue leg's
		.map((v) => v.trim().split(/[@+]/)[0])
		.filter((v, i, all) => v && all.indexOf(v) === i);
	const log = path.join(tmp, 'n8n-install.log');
	const fd = fs.openSync(log, 'w');
	const args = versions.flatMap((v) => ['--version', v]);
	const child = spawn(
		process.execPath,
		[path.join(root, 'scripts', 'n8n', 'install.js'), ...args],
		{
			cwd: root,
			stdio: ['ignore', fd, fd],
		},
	);
	fs.closeSync(fd);
	try {
		os.setPriority(child.pid, 10); // npm and the compilers it starts inherit it
	} catch {
		/* not allowed here: it runs at normal priority */
	}
	process.stdout.write(
		`\n▶ n8n ${versions.join(', ')} installing in the background (log: ${log})\n`,
	);
	const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
	return { log, exited };
}

/** Rows of the background installs, from the JSON lines install.js prints as each one ends. */
async function installRows() {
	if (!installs) return [];
	// the e2e legs waited for the installs; otherwise (a run that stopped early) no wait for them here
	const code = await Promise.race([installs.exited, new Promise((r) => setTimeout(r, 1000))]);
	const rows = [];
	let startMs = 0;
	for (const line of fs.readFileSync(installs.log, 'utf8').split('\n')) {
		if (!line.startsWith('{')) continue;
		const r = JSON.parse(line);
		const endMs = r.endedAt - t0;
		rows.push({
			name: `n8n ${r.version} install (background${r.fresh ? '' : ', already there'})`,
			ok: null,
			startMs,
			ms: endMs - startMs,
		});
		startMs = endMs;
	}
	if (code === undefined)
		rows.push({ name: 'n8n installs still running (left to finish)', ok: null });
	else if (code !== 0) {
		const tail = fs.readFileSync(installs.log, 'utf8').trim().split('\n').slice(-5).join('\n');
		process.stdout.write(`\nThe background n8n install failed (exit ${code}):\n${tail}\n`);
		rows.push({ name: `n8n install failed (exit ${code}; the legs install again)`, ok: null });
	}
	return rows;
}

/** Each e2e runner's legs (test/e2e/lib/report.js wrote them) under its step. */
function withLegs(rows) {
	const out = [];
	for (const r of rows) {
		out.push(r);
		if (!r.legsFile || !fs.existsSync(r.legsFile)) continue;
		// one line per runner process (legs side by side: one per leg)
		for (const line of fs.readFileSync(r.legsFile, 'utf8').trim().split('\n'))
			for (const l of JSON.parse(line).legs)
				out.push({ name: l.name, ok: null, ms: l.ms, depth: 1 });
	}
	return out;
}

/** The failed jest tests and e2e steps, each with the first lines of its error (no colour codes). */
function failureLines(rows) {
	const out = [];
	const first = (text, n) =>
		String(text)
			.replace(/\u001b\[[0-9;]*m/g, '')
			.split('\n')
			.filter((l) => l.trim())
			.slice(0, n)
			.map((l) => `      ${l.trim()}`);
	if (fs.existsSync(jestJson))
		for (const file of JSON.parse(fs.readFileSync(jestJson, 'utf8')).testResults) {
			const failed = file.assertionResults.filter((a) => a.status === 'failed');
			if (!failed.length && file.status === 'failed')
				out.push(`  ✖ ${path.relative(root, file.name)}`, ...first(file.message, 8));
			for (const a of failed)
				out.push(
					`  ✖ ${path.relative(root, file.name)}: ${a.fullName}`,
					...first(a.failureMessages[0], 8),
				);
		}
	for (const r of rows) {
		if (r.ok !== false || r.name === 'jest') continue;
		const text = r.legsFile && fs.existsSync(r.legsFile) ? fs.readFileSync(r.legsFile, 'utf8') : '';
		const lines = text.trim() ? text.trim().split('\n') : [];
		const steps = lines.flatMap((l) => JSON.parse(l).failures ?? []);
		if (!steps.length) out.push(`  ✖ ${r.name} (no step said why: its output above)`);
		for (const f of steps) out.push(`  ✖ ${f.name}`, ...first(f.error, 8));
	}
	return out;
}

async function finish() {
	let passed = 0;
	let failed = 0;
	if (fs.existsSync(jestJson)) {
		const j = JSON.parse(fs.readFileSync(jestJson, 'utf8'));
		passed += j.numPassedTests;
		failed += j.numFailedTests;
	}
	for (const r of results) {
		if (r.name === 'jest') continue;
		if (r.ok) passed++;
		else failed++;
	}
	const rows = [...withLegs(results), ...(await installRows())];
	const failures = failureLines(rows);
	fs.rmSync(tmp, { recursive: true, force: true });
	if (failures.length)
		process.stdout.write(`\nWhat failed (said again here):\n${failures.join('\n')}\n`);
	process.stdout.write(`\nPhases (start after the run began, wall time; m:ss):\n`);
	process.stdout.write(`${phaseTable(rows, Date.now() - t0)}\n`);
	process.stdout.write(`${passed} passed, ${failed} failed\n`);
	process.exit(results.every((r) => r.ok) ? 0 : 1);
}
