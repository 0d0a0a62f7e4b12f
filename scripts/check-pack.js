#!/usr/bin/env node
// The npm package must hold the built nodes and credential only: no test, sandbox or tooling file,
// and no runtime dependencies (n8n's community-package rule).
'use strict';
const { execSync } = require('child_process');
const { root } = require('./lib');
const pkg = require('../package.json');

const out = execSync('npm pack --dry-run --json', {
	cwd: root,
	encoding: 'utf8',
	stdio: ['ignore', 'pipe', 'ignore'],
});
const files = JSON.parse(out)[0].files.map((f) => f.path);
const bad = files.filter(
	(f) =>
		/(^|\/)(test|sandbox|scripts|bench|docs)\//.test(f) ||
		/\.test\.|\.ts$/.test(f.replace(/\.d\.ts$/, '')),
);
const problems = [];
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
	`Package check: ${files.length} files, all under dist/ or package metadata; no dependencies.`,
);
