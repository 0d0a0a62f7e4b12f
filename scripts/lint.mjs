#!/usr/bin/env node
// `npm run lint`: n8n's two gates, each through its own code, all at zero findings (errors and warnings).
// 1. `n8n-node lint` (@n8n/node-cli, the tool n8n's verification guidelines tell authors to use), strict:
//    eslint.config.mjs must be the CLI's own, unchanged. It runs at the root as a user runs `npx n8n-node
//    lint`, so it lints the whole checkout; its config has no ignores (strict forbids adding any), so the
//    test, sandbox and bench files (plain Node programs, not shipped) say in a header line which of n8n's
//    in-n8n rules (globals, imports, console) they are exempt from.
// 2. The verification scan (@n8n/scan-community-package), through its own analyzePackage and config:
//    leg "source" (package.json, nodes/**, credentials/**) and leg "packed tarball" (the unpacked
//    `npm pack`: **/*.js, package.json). Needs a build (dist/) for the tarball leg.
// Nothing here goes to the network: the CLI's eslint runs with npm offline; the scan's own dependency
// tree (scripts/scan) is installed by `npm test`'s install step (scripts/lib), here only when missing
// (as is the project's own tree when it predates @n8n/node-cli).
// `--source-only` skips the tarball leg; `--fix` lets eslint fix nodes/ and credentials/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { ensureDependencies, ensureScanDependencies } = require('./lib/index.js');
const legs = [];

function report(name, passed, message, details) {
	process.stdout.write(`${passed ? '✔' : '✖'} ${name}: ${passed ? 'no findings' : message}\n`);
	if (details) process.stdout.write(`${details}\n`);
	legs.push(passed);
}

// --- 1. n8n-node lint (strict) -------------------------------------------------------------------
function n8nNodeLint() {
	const cli = path.join(root, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs');
	// a checkout whose node_modules predates @n8n/node-cli in the lock: install first, as npm test does
	if (!fs.existsSync(cli) && !ensureDependencies(true)) {
		report('n8n-node lint (strict)', false, '@n8n/node-cli is not installed and npm ci failed');
		return;
	}
	if (process.argv.includes('--fix')) {
		const eslint = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
		spawnSync(
			process.execPath,
			[eslint, '--fix', 'nodes', 'credentials', 'index.ts', 'package.json'],
			{
				cwd: root,
				stdio: 'inherit',
			},
		);
	}
	// at the project's root, exactly as a user runs it: it lints every file of the checkout
	const r = spawnSync(process.execPath, [cli, 'lint'], {
		cwd: root,
		encoding: 'utf8',
		env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
	});
	const out = `${r.stdout}${r.stderr}`;
	const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
	const problems = /(\d+) problems? \((\d+) errors?, (\d+) warnings?\)/.exec(plain);
	const passed = r.status === 0 && !problems;
	report(
		'n8n-node lint (strict, @n8n/node-cli)',
		passed,
		problems ? problems[0] : `exited with ${r.status ?? r.signal}`,
		passed ? undefined : out.trim(),
	);
}

// --- 2. the verification scan ---------------------------------------------------------------------
const scanner = path.join(
	root,
	'scripts',
	'scan',
	'node_modules',
	'@n8n',
	'scan-community-package',
	'scanner',
	'scanner.mjs',
);

async function scanLeg(analyzePackage, name, dir, patterns) {
	const result = await analyzePackage(dir, patterns);
	report(`scanner leg "${name}"`, result.passed, result.message, result.details);
}

function unpackTarball() {
	const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-scan-'));
	const pack = spawnSync('npm', ['pack', '--silent', '--pack-destination', out], {
		cwd: root,
		encoding: 'utf8',
	});
	if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
	const tgz = fs.readdirSync(out).find((f) => f.endsWith('.tgz'));
	const dir = path.join(out, 'package');
	fs.mkdirSync(dir);
	const tar = spawnSync('tar', ['-xzf', path.join(out, tgz), '-C', dir, '--strip-components=1']);
	if (tar.status !== 0) throw new Error('tar failed');
	return { out, dir };
}

n8nNodeLint();
if (!fs.existsSync(scanner) && !ensureScanDependencies()) process.exit(1);
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(scanner);
await scanLeg(analyzePackage, 'source', root, SOURCE_FILE_PATTERNS);
if (!process.argv.includes('--source-only')) {
	if (!fs.existsSync(path.join(root, 'dist')))
		throw new Error('dist/ is missing: run npm run build first');
	const { out, dir } = unpackTarball();
	try {
		await scanLeg(analyzePackage, 'packed tarball', dir, ['**/*.js', 'package.json']);
	} finally {
		fs.rmSync(out, { recursive: true, force: true });
	}
}
const failed = legs.filter((ok) => !ok).length;
process.stdout.write(
	`${legs.length - failed} passed, ${failed} failed (n8n-node lint and n8n's verification scan)\n`,
);
process.exit(failed ? 1 : 0);
