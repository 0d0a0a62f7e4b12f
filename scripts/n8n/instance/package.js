'use strict';
/*
 * A community package the way users install it: `npm pack`, then n8n's own installer steps (or
 * `npm install <tgz>`) into <.n8n>/nodes, or unpacked for N8N_CUSTOM_EXTENSIONS.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync, execFileSync } = require('node:child_process');

function npmCli() {
	const guess = path.join(
		path.dirname(process.execPath),
		'..',
		'lib',
		'node_modules',
		'npm',
		'bin',
		'npm-cli.js',
	);
	return fs.existsSync(guess) ? path.resolve(guess) : null;
}

/** Run npm (the one beside the running Node), synchronously, quietly. */
function npm(args, cwd, extraEnv = {}) {
	const cli = npmCli();
	const cmd = cli ? process.execPath : 'npm';
	const argv = cli ? [cli, ...args] : args;
	const r = spawnSync(cmd, argv, {
		cwd,
		encoding: 'utf8',
		env: {
			...process.env,
			npm_config_audit: 'false',
			npm_config_fund: 'false',
			npm_config_update_notifier: 'false',
			...extraEnv,
		},
		maxBuffer: 64 * 1024 * 1024,
	});
	if (r.status !== 0)
		throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
	return r.stdout;
}

/** `npm pack` a package folder into outDir; returns the .tgz path. */
function packPackage(packageDir, outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-pack-'))) {
	const out = npm(
		['pack', '--json', '--ignore-scripts', '--pack-destination', outDir],
		path.resolve(packageDir),
	);
	const info = JSON.parse(out);
	return path.join(outDir, info[0].filename);
}

/** Read name/version/n8n block of a .tgz without unpacking it all. */
function readTgzPackageJson(tgz) {
	const txt = execFileSync('tar', ['-xzOf', tgz, 'package/package.json'], { encoding: 'utf8' });
	return JSON.parse(txt);
}

/**
 * Install a community package .tgz into <n8nFolder>/nodes.
 *  mode 'n8n' (default): exactly what n8n's own installer (Settings → Community nodes) does:
 *    unpack into nodes/node_modules/<name>, drop dev/peer/optional deps from its package.json,
 *    `npm install` its own dependencies there (skipped when it has none), record it in nodes/package.json.
 *  mode 'npm': the documented manual install, `npm install <tgz>` inside nodes/ (peer deps omitted).
 */
function installCommunityPackage(tgz, n8nFolder, { mode = 'n8n' } = {}) {
	const nodesDir = path.join(n8nFolder, 'nodes');
	fs.mkdirSync(path.join(nodesDir, 'node_modules'), { recursive: true });
	const pkgJsonPath = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(pkgJsonPath))
		fs.writeFileSync(
			pkgJsonPath,
			JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2),
		);
	const meta = readTgzPackageJson(tgz);
	if (mode === 'npm') {
		npm(
			[
				'install',
				'--omit=peer',
				'--omit=dev',
				'--ignore-scripts',
				'--bin-links=false',
				'--package-lock=false',
				path.resolve(tgz),
			],
			nodesDir,
		);
	} else {
		const dest = path.join(nodesDir, 'node_modules', meta.name);
		fs.rmSync(dest, { recursive: true, force: true });
		fs.mkdirSync(dest, { recursive: true });
		execFileSync('tar', ['-xzf', path.resolve(tgz), '-C', dest, '--strip-components=1']);
		const { devDependencies, peerDependencies, optionalDependencies, ...pj } = JSON.parse(
			fs.readFileSync(path.join(dest, 'package.json'), 'utf8'),
		);
		fs.writeFileSync(path.join(dest, 'package.json'), JSON.stringify(pj, null, 2));
		if (pj.dependencies && Object.keys(pj.dependencies).length) {
			npm(
				[
					'install',
					'--bin-links=false',
					'--install-strategy=shallow',
					'--ignore-scripts=true',
					'--package-lock=false',
				],
				dest,
			);
		}
		const root = JSON.parse(fs.readFileSync(pkgJsonPath, 'utf8'));
		root.dependencies = { ...(root.dependencies || {}), [meta.name]: meta.version };
		fs.writeFileSync(pkgJsonPath, JSON.stringify(root, null, 2));
	}
	return {
		name: meta.name,
		version: meta.version,
		n8n: meta.n8n,
		dir: path.join(nodesDir, 'node_modules', meta.name),
	};
}

/** Unpack a .tgz into its own folder for N8N_CUSTOM_EXTENSIONS (node types then are CUSTOM.<name>). */
function unpackForCustomExtensions(tgz, intoDir) {
	fs.mkdirSync(intoDir, { recursive: true });
	execFileSync('tar', ['-xzf', path.resolve(tgz), '-C', intoDir, '--strip-components=1']);
	return intoDir;
}

module.exports = {
	npm,
	packPackage,
	readTgzPackageJson,
	installCommunityPackage,
	unpackForCustomExtensions,
};
