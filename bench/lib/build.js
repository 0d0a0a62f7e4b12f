'use strict';
/**
 * Builds the package from the working tree into a folder of its own (never the shared dist/, which
 * other work in the same tree may be rebuilding), ready for `npm pack`: tsc → <stage>/dist, the icons
 * and codex files beside the compiled nodes (what gulp build:icons does), and package.json.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');

function copyAssets(fromDir, toDir) {
	if (!fs.existsSync(fromDir)) return 0;
	let n = 0;
	for (const entry of fs.readdirSync(fromDir, { withFileTypes: true })) {
		const from = path.join(fromDir, entry.name);
		const to = path.join(toDir, entry.name);
		if (entry.isDirectory()) n += copyAssets(from, to);
		else if (/\.(png|svg)$|\.node\.json$/.test(entry.name)) {
			fs.mkdirSync(toDir, { recursive: true });
			fs.copyFileSync(from, to);
			n++;
		}
	}
	return n;
}

function buildStage() {
	const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-bench-pkg-'));
	const tsc = require.resolve('typescript/bin/tsc', { paths: [ROOT] });
	const r = spawnSync(
		process.execPath,
		[tsc, '-p', path.join(ROOT, 'tsconfig.build.json'), '--outDir', path.join(stage, 'dist')],
		{
			cwd: ROOT,
			encoding: 'utf8',
		},
	);
	if (r.status !== 0) throw new Error(`tsc failed:\n${r.stdout}\n${r.stderr}`);
	copyAssets(path.join(ROOT, 'nodes'), path.join(stage, 'dist', 'nodes'));
	copyAssets(path.join(ROOT, 'credentials'), path.join(stage, 'dist', 'credentials'));
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	delete pkg.scripts; // npm pack must run nothing of ours
	fs.writeFileSync(path.join(stage, 'package.json'), JSON.stringify(pkg, null, 2));
	for (const f of [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])]) {
		if (!fs.existsSync(path.join(stage, f)))
			throw new Error(`build: ${f} (declared in package.json n8n) was not built`);
	}
	return {
		dir: stage,
		version: pkg.version,
		name: pkg.name,
		cleanup: () => fs.rmSync(stage, { recursive: true, force: true }),
	};
}

module.exports = { buildStage };
