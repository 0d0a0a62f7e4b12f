#!/usr/bin/env node
// The npm package must hold what n8n loads and nothing else: the node and credential files that
// package.json's `n8n` section lists (and its `main`), the files they require, their declarations and
// source maps, the icons and codex files; no test, sandbox or tooling file, no runtime dependencies
// (n8n's community-package rule). Checked on dist/ as built and on the packed tarball's file list.
// Run after `npm run build`; unexpectedBuiltFiles(packageDir) is exported for its test.
'use strict';
const { execSync } = require('child_process');
const fs = require('fs');
const path = require('path');

/** A relative specifier resolved the way Node resolves require() (file, .js, .json, folder index). */
function resolveBuilt(from, specifier, ext) {
	const base = path.resolve(path.dirname(from), specifier);
	const found = [base, `${base}${ext}`, `${base}.json`, path.join(base, `index${ext}`)].find(
		(candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
	);
	if (!found) throw new Error(`${from}: cannot resolve ${specifier}`);
	return found;
}

/** The files reachable from roots by the relative specifiers pattern finds (group 1) in each file. */
function closure(roots, pattern, ext) {
	const seen = new Set();
	const visit = (file) => {
		if (seen.has(file)) return;
		seen.add(file);
		if (!file.endsWith(ext)) return;
		for (const m of fs.readFileSync(file, 'utf8').matchAll(pattern))
			if (m[1].startsWith('.')) visit(resolveBuilt(file, m[1], ext));
	};
	for (const r of roots) if (fs.existsSync(r)) visit(r);
	return seen;
}

const REQUIRE = /\brequire\(\s*["']([^"']+)["']\s*\)/g;
// declarations name their types' files by `from '…'` and `import("…")`
const DECLARATION_IMPORT = /(?:\bfrom\s+|\bimport\(\s*)["']([^"']+)["']/g;

/** Every file under dir, as absolute paths. */
function filesUnder(dir) {
	if (!fs.existsSync(dir)) return [];
	return fs
		.readdirSync(dir, { withFileTypes: true })
		.flatMap((e) =>
			e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
		);
}

/**
 * The files of the package's built dist/ that n8n does not load, relative to packageDir: what the
 * entry files (n8n.nodes, n8n.credentials, main) require, transitively, is loaded; with each loaded
 * file go its declaration and source map, and the declarations those declarations import (a module of
 * types only compiles to an empty file nothing requires); icons (svg, png) and codex files
 * (<Name>.node.json beside its <Name>.node.js) go with the nodes.
 */
function unexpectedBuiltFiles(packageDir) {
	const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
	const entries = [...pkg.n8n.nodes, ...pkg.n8n.credentials, ...(pkg.main ? [pkg.main] : [])].map(
		(rel) => path.join(packageDir, rel),
	);
	const loaded = closure(entries, REQUIRE, '.js');
	const declarations = closure(
		[...loaded].filter((f) => f.endsWith('.js')).map((f) => f.replace(/\.js$/, '.d.ts')),
		DECLARATION_IMPORT,
		'.d.ts',
	);
	const allowed = new Set(loaded);
	for (const js of loaded) allowed.add(`${js}.map`);
	for (const dts of declarations) {
		const js = dts.replace(/\.d\.ts$/, '.js');
		for (const f of [dts, js, `${js}.map`]) allowed.add(f);
	}
	const isAsset = (file) =>
		/\.(svg|png)$/.test(file) ||
		(/\.node\.json$/.test(file) && loaded.has(file.replace(/\.json$/, '.js')));
	return filesUnder(path.join(packageDir, 'dist'))
		.filter((file) => !allowed.has(file) && !isAsset(file))
		.map((file) => path.relative(packageDir, file))
		.sort();
}

function main() {
	const root = path.resolve(__dirname, '..');
	const pkg = require('../package.json');
	const problems = [];
	if (!fs.existsSync(path.join(root, 'dist'))) problems.push('no dist/: run `npm run build` first');
	const unexpected = unexpectedBuiltFiles(root);
	if (unexpected.length)
		problems.push(`files in dist/ that n8n does not load: ${unexpected.join(', ')}`);

	const out = execSync('npm pack --dry-run --json', {
		cwd: root,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	const files = JSON.parse(out)[0].files.map((f) => f.path);
	const bad = files.filter(
		(f) =>
			/(^|\/)(test|sandbox|scripts|bench|docs)\//.test(f) ||
			/\.test\.|\.ts$/.test(f.replace(/\.d\.ts$/, '')) ||
			(f.startsWith('dist/') && unexpected.includes(f)) ||
			(!f.startsWith('dist/') && !/^(package\.json|README\.md|LICENSE\.md)$/.test(f)),
	);
	if (bad.length) problems.push(`files that must not ship: ${bad.join(', ')}`);
	if (Object.keys(pkg.dependencies || {}).length)
		problems.push(`runtime dependencies: ${Object.keys(pkg.dependencies).join(', ')}`);
	for (const p of [...pkg.n8n.nodes, ...pkg.n8n.credentials])
		if (!files.includes(p)) problems.push(`missing from the package: ${p}`);
	if (problems.length) {
		console.error(`Package check failed:\n- ${problems.join('\n- ')}`);
		process.exit(1);
	}
	console.log(
		`Package check: ${files.length} files: what n8n loads from dist/ (the nodes, the credential and ` +
			'the files they require, with declarations, maps, icons, codex files) and package metadata; ' +
			'no dependencies.',
	);
}

if (require.main === module) main();

module.exports = { unexpectedBuiltFiles };
