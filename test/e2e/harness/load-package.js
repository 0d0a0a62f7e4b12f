#!/usr/bin/env node
'use strict';
/*
 * Does a real n8n load every node and credential a (built) community package declares?
 *
 *   node test/e2e/harness/load-package.js [packageDir=.] [--version 1.123.81] [--custom-extensions]
 *
 * Reads the package's `n8n.nodes` / `n8n.credentials`, gets the type names from the built
 * classes (description.name / name), `npm pack`s the package, installs it into a fresh n8n's
 * .n8n/nodes like a user would, and fails unless every type shows up in /types/*.json.
 * Exported: expectedTypes(packageDir) → { nodes: ['<pkg>.<name>'], credentials: ['<name>'] }.
 */
const fs = require('node:fs');
const path = require('node:path');
const { startN8n } = require('../../../scripts/n8n/instance');

/** The package.json of a package folder. */
function readPackageJson(packageDir) {
	return JSON.parse(fs.readFileSync(path.join(path.resolve(packageDir), 'package.json'), 'utf8'));
}

/** An instance of the class a built file of the package exports ({ missing } when there is none). */
function loadBuilt(packageDir, rel) {
	const file = path.join(path.resolve(packageDir), rel);
	if (!fs.existsSync(file)) return { missing: rel };
	const base = path.basename(rel).replace(/\.(node|credentials)\.js$/, '');
	const mod = require(file);
	const Cls = mod[base];
	if (typeof Cls !== 'function') return { missing: `${rel} (no export named ${base})` };
	return { instance: new Cls() };
}

function expectedTypes(packageDir) {
	const pkg = readPackageJson(packageDir);
	const n8n = pkg.n8n || {};
	const load = (rel) => loadBuilt(packageDir, rel);
	const out = { nodes: [], credentials: [], problems: [] };
	for (const rel of n8n.nodes || []) {
		const r = load(rel);
		if (r.missing) out.problems.push(`node file missing: ${r.missing}`);
		else out.nodes.push(`${pkg.name}.${r.instance.description.name}`);
	}
	for (const rel of n8n.credentials || []) {
		const r = load(rel);
		if (r.missing) out.problems.push(`credential file missing: ${r.missing}`);
		else out.credentials.push(r.instance.name);
	}
	return out;
}

async function main() {
	const args = process.argv.slice(2);
	const version = args.includes('--version') ? args[args.indexOf('--version') + 1] : undefined;
	const packageDir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--version') || '.';
	const custom = args.includes('--custom-extensions');
	const want = expectedTypes(packageDir);
	let passed = 0;
	let failed = 0;
	const report = (ok, msg) => {
		if (ok) passed++;
		else failed++;
		console.log(`${ok ? 'ok  ' : 'FAIL'} ${msg}`);
	};
	for (const p of want.problems) report(false, p);
	const n8n = await startN8n({ version, packageDir, customExtensions: custom });
	try {
		const nodes = new Set((await n8n.api.nodeTypes()).map((n) => n.name));
		const creds = new Set((await n8n.api.credentialTypes()).map((c) => c.name));
		for (const n of want.nodes) report(nodes.has(n), `node ${n}`);
		for (const c of want.credentials) report(creds.has(c), `credential ${c}`);
		const why = n8n.loadErrors();
		if (why.length) console.log(`n8n said:\n${[...new Set(why)].slice(0, 10).join('\n')}`);
		console.log(`n8n ${n8n.version}, start ${n8n.timings.startMs} ms`);
	} finally {
		await n8n.stop();
	}
	console.log(`${passed} passed, ${failed} failed`);
	process.exitCode = failed ? 1 : 0;
}

module.exports = { expectedTypes, loadBuilt, readPackageJson };

if (require.main === module) {
	main().catch((e) => {
		console.error(e);
		process.exit(1);
	});
}
