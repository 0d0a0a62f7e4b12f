#!/usr/bin/env node
// `npm run lint`: exactly what n8n's verification scan (@n8n/scan-community-package) runs, through its
// own analyzePackage and config: leg 1 on the source (package.json, nodes/**, credentials/**), leg 2 on
// the unpacked `npm pack` tarball (**/*.js, package.json). Needs a build (dist/) for leg 2.
// Exits non-zero on any finding. `--source-only` skips the tarball leg.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scanDir = path.join(root, 'scripts', 'scan');
const scanner = path.join(
	scanDir,
	'node_modules',
	'@n8n',
	'scan-community-package',
	'scanner',
	'scanner.mjs',
);
// the scan has its own dependency tree (as `npx @n8n/scan-community-package` would): install it once
if (!fs.existsSync(scanner)) {
	const r = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
		cwd: scanDir,
		stdio: 'inherit',
	});
	if (r.status !== 0) process.exit(r.status ?? 1);
}
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(scanner);
if (process.argv.includes('--fix')) {
	const { ESLint } = await import(path.join(scanDir, 'node_modules', 'eslint', 'lib', 'api.js'));
	const eslint = new ESLint({
		cwd: root,
		fix: true,
		overrideConfigFile: path.join(root, 'eslint.config.mjs'),
	});
	await ESLint.outputFixes(await eslint.lintFiles(['nodes', 'credentials', 'package.json']));
}
const legs = [];

async function leg(name, dir, patterns) {
	const result = await analyzePackage(dir, patterns);
	process.stdout.write(
		`${result.passed ? '✔' : '✖'} scanner leg "${name}": ${result.passed ? 'no findings' : result.message}\n`,
	);
	if (result.details) process.stdout.write(`${result.details}\n`);
	legs.push(result.passed);
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

await leg('source', root, SOURCE_FILE_PATTERNS);
if (!process.argv.includes('--source-only')) {
	if (!fs.existsSync(path.join(root, 'dist')))
		throw new Error('dist/ is missing: run npm run build first');
	const { out, dir } = unpackTarball();
	try {
		await leg('packed tarball', dir, ['**/*.js', 'package.json']);
	} finally {
		fs.rmSync(out, { recursive: true, force: true });
	}
}
const failed = legs.filter((ok) => !ok).length;
process.stdout.write(`${legs.length - failed} passed, ${failed} failed (n8n verification scan)\n`);
process.exit(failed ? 1 : 0);
