#!/usr/bin/env node
'use strict';
/*
 * Start a real n8n (installed by ./install.js) with an isolated user folder, load a
 * community package the way users do, and drive it through its REST API.
 *
 *   const { startN8n } = require('./scripts/n8n/instance');
 *   const n8n = await startN8n({ version: '1.123.81', packageDir: '.' });   // or packageTgz
 *   await n8n.api.nodeTypes();  ...  await n8n.stop();
 *
 * CLI:
 *   node scripts/n8n/instance.js start [--version V] [--port P] [--user-folder DIR]
 *        [--package-dir DIR | --package-tgz FILE] [--custom-extensions] [--keep]
 *   (prints URL + login, runs until Ctrl-C)
 *
 * No dependencies beyond Node (flatted, for execution data, is taken from the n8n install).
 */
const fs = require('node:fs');
const os = require('node:os');
const net = require('node:net');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawn, spawnSync, execFileSync } = require('node:child_process');
const { createRequire } = require('node:module');
const { ensureN8n, DEFAULT_VERSION } = require('./install');

const OWNER = { email: 'owner@example.com', firstName: 'E2E', lastName: 'Owner', password: 'E2e-Owner-Passw0rd' };

/** Everything that could call out, off.  Also used by the CLI commands (import, execute). */
function quietEnv() {
	return {
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
		N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_LICENSE_DETACH_FLOATING_ON_SHUTDOWN: 'false',
		// Nothing to talk to: any attempt fails fast on the loopback instead of leaving the machine.
		N8N_LICENSE_SERVER_URL: 'http://127.0.0.1:9/v1',
		N8N_VERSION_NOTIFICATIONS_ENDPOINT: 'http://127.0.0.1:9/versions/',
		N8N_TEMPLATES_HOST: 'http://127.0.0.1:9/templates/',
		N8N_DYNAMIC_BANNERS_ENDPOINT: 'http://127.0.0.1:9/banners',
		N8N_AI_ASSISTANT_BASE_URL: 'http://127.0.0.1:9/ai',
		N8N_DIAGNOSTICS_POSTHOG_API_HOST: 'http://127.0.0.1:9',
		N8N_SENTRY_DSN: '',
		N8N_FRONTEND_SENTRY_DSN: '',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		N8N_METRICS: 'false',
		N8N_COMMUNITY_PACKAGES_REGISTRY: 'https://registry.npmjs.org',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_GIT_NODE_DISABLE_BARE_REPOS: 'true',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		N8N_NODE_PATH: '',
		DB_SQLITE_POOL_SIZE: '2',
		N8N_RELEASE_TYPE: 'stable',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		N8N_LOG_OUTPUT: 'console',
		NO_COLOR: '1',
		DO_NOT_TRACK: '1',
	};
}

/** Modules that call n8n's servers (and that the tests do not need); n8n 2.x fetched its MCP registry
 *  from api.n8n.io at start.  Only names this version knows are used (unknown ones make n8n fail). */
const CALLING_OUT_MODULES = ['mcp-registry', 'instance-ai', 'instance-reporting', 'workflow-builder', 'instance-registry'];

function disabledModules(installDir, wanted = CALLING_OUT_MODULES) {
	let known = [];
	try {
		const f = path.join(installDir, 'node_modules', '@n8n', 'backend-common', 'dist', 'modules', 'modules.config.js');
		const m = /MODULE_NAMES = \[([^\]]*)\]/.exec(fs.readFileSync(f, 'utf8'));
		known = m ? [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]) : [];
	} catch {
		known = [];
	}
	return wanted.filter((w) => known.includes(w));
}

/** The caller's environment without anything that would configure n8n or Node behind our back
 *  (a developer's N8N_* / DB_* settings, jest's NODE_ENV, ts-node's NODE_OPTIONS). */
function inheritedEnv() {
	const env = { ...process.env };
	for (const k of Object.keys(env)) {
		if (/^(N8N_|DB_|EXECUTIONS_|QUEUE_|GENERIC_|CREDENTIALS_|WEBHOOK_URL$|NODE_ENV$|NODE_OPTIONS$|NODE_PATH$|TS_NODE_|JEST_WORKER_ID$)/.test(k) && !k.startsWith('N8N_E2E_')) delete env[k];
	}
	return env;
}

function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function npmCli() {
	const guess = path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
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
		env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', ...extraEnv },
		maxBuffer: 64 * 1024 * 1024,
	});
	if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
	return r.stdout;
}

/** `npm pack` a package folder into outDir; returns the .tgz path. */
function packPackage(packageDir, outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-pack-'))) {
	const out = npm(['pack', '--json', '--ignore-scripts', '--pack-destination', outDir], path.resolve(packageDir));
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
	if (!fs.existsSync(pkgJsonPath)) fs.writeFileSync(pkgJsonPath, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
	const meta = readTgzPackageJson(tgz);
	if (mode === 'npm') {
		npm(['install', '--omit=peer', '--omit=dev', '--ignore-scripts', '--bin-links=false', '--package-lock=false', path.resolve(tgz)], nodesDir);
	} else {
		const dest = path.join(nodesDir, 'node_modules', meta.name);
		fs.rmSync(dest, { recursive: true, force: true });
		fs.mkdirSync(dest, { recursive: true });
		execFileSync('tar', ['-xzf', path.resolve(tgz), '-C', dest, '--strip-components=1']);
		const { devDependencies, peerDependencies, optionalDependencies, ...pj } = JSON.parse(fs.readFileSync(path.join(dest, 'package.json'), 'utf8'));
		fs.writeFileSync(path.join(dest, 'package.json'), JSON.stringify(pj, null, 2));
		if (pj.dependencies && Object.keys(pj.dependencies).length) {
			npm(['install', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false'], dest);
		}
		const root = JSON.parse(fs.readFileSync(pkgJsonPath, 'utf8'));
		root.dependencies = { ...(root.dependencies || {}), [meta.name]: meta.version };
		fs.writeFileSync(pkgJsonPath, JSON.stringify(root, null, 2));
	}
	return { name: meta.name, version: meta.version, n8n: meta.n8n, dir: path.join(nodesDir, 'node_modules', meta.name) };
}

/** Unpack a .tgz into its own folder for N8N_CUSTOM_EXTENSIONS (node types then are CUSTOM.<name>). */
function unpackForCustomExtensions(tgz, intoDir) {
	fs.mkdirSync(intoDir, { recursive: true });
	execFileSync('tar', ['-xzf', path.resolve(tgz), '-C', intoDir, '--strip-components=1']);
	return intoDir;
}

class N8nError extends Error {}

/**
 * Start n8n.  Options:
 *   version        n8n version (default 1.123.81 / $N8N_E2E_VERSION)
 *   userFolder     N8N_USER_FOLDER (default: a new temp folder, removed by stop())
 *   port           HTTP port (default: a free one)
 *   packageTgz     community package .tgz to install into .n8n/nodes
 *   packageDir     ...or a package folder to `npm pack` first (must be built: dist/)
 *   installMode    'n8n' (default) | 'npm'  – see installCommunityPackage
 *   customExtensions  also (or instead, with packageTgz/packageDir unset) load folders via N8N_CUSTOM_EXTENSIONS:
 *                  true = the same package unpacked; string|string[] = folders
 *   runners        task runners on (default true; internal mode, own broker port)
 *   env            extra env for n8n
 *   setupOwner     default true (owner setup + login)
 *   startTimeoutMs default 180000
 *   logLevel       N8N_LOG_LEVEL (default 'info')
 *   onLog          (line) => void, every line n8n prints
 */
async function startN8n(opts = {}) {
	const t0 = Date.now();
	const timings = {};
	const version = opts.version || process.env.N8N_E2E_VERSION || DEFAULT_VERSION;
	const inst = await ensureN8n({ version });
	timings.installMs = Date.now() - t0;

	const ownFolder = !opts.userFolder;
	const userFolder = path.resolve(opts.userFolder || fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-')));
	const n8nFolder = path.join(userFolder, '.n8n');
	fs.mkdirSync(n8nFolder, { recursive: true });

	// Community package, the way users do.
	const t1 = Date.now();
	let tgz = opts.packageTgz ? path.resolve(opts.packageTgz) : null;
	let ownPackDir = null;
	if (!tgz && opts.packageDir) {
		ownPackDir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-pack-'));
		tgz = packPackage(opts.packageDir, ownPackDir);
	}
	let installed = null;
	if (tgz && opts.installToNodes !== false) installed = installCommunityPackage(tgz, n8nFolder, { mode: opts.installMode || 'n8n' });
	const customDirs = [];
	if (opts.customExtensions === true && tgz) customDirs.push(unpackForCustomExtensions(tgz, path.join(userFolder, 'custom-extensions', 'pkg')));
	else if (typeof opts.customExtensions === 'string') customDirs.push(path.resolve(opts.customExtensions));
	else if (Array.isArray(opts.customExtensions)) customDirs.push(...opts.customExtensions.map((d) => path.resolve(d)));
	timings.packageMs = Date.now() - t1;

	const port = opts.port || (await freePort());
	const brokerPort = await freePort();
	const encryptionKey = opts.encryptionKey || crypto.randomBytes(24).toString('hex');
	const env = {
		...inheritedEnv(),
		...quietEnv(),
		// Jest sets NODE_ENV=test, and n8n then refuses to load nodes ("Not available in tests").
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_PORT: String(port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: 'localhost',
		N8N_PROTOCOL: 'http',
		WEBHOOK_URL: `http://localhost:${port}/`,
		N8N_EDITOR_BASE_URL: `http://localhost:${port}/`,
		DB_TYPE: 'sqlite',
		N8N_ENCRYPTION_KEY: encryptionKey,
		N8N_LOG_LEVEL: opts.logLevel || 'info',
		N8N_RUNNERS_ENABLED: opts.runners === false ? 'false' : 'true',
		N8N_RUNNERS_MODE: 'internal',
		N8N_RUNNERS_BROKER_PORT: String(brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_AUTH_TOKEN: crypto.randomBytes(16).toString('hex'),
		N8N_RUNNERS_MAX_CONCURRENCY: '5',
		// n8n 2.x: no Python runner here (it needs a venv with the runner's packages).
		N8N_NATIVE_PYTHON_RUNNER: 'false',
		...(customDirs.length ? { N8N_CUSTOM_EXTENSIONS: customDirs.join(';') } : {}),
		...(opts.env || {}),
	};
	const disabled = disabledModules(inst.dir, opts.disableModules);
	if (disabled.length && !('N8N_DISABLED_MODULES' in (opts.env || {}))) env.N8N_DISABLED_MODULES = disabled.join(',');
	if (inst.nodeHeaders) env.PATH = `${path.dirname(inst.nodeBin)}${path.delimiter}${env.PATH}`;

	const logFile = path.join(userFolder, 'n8n.log');
	const logLines = [];
	const onLog = opts.onLog || (process.env.N8N_E2E_VERBOSE ? (l) => process.stderr.write(`[n8n] ${l}\n`) : null);
	const t2 = Date.now();
	const child = spawn(inst.nodeBin, [inst.n8nBin, 'start'], { cwd: userFolder, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
	const logStream = fs.createWriteStream(logFile);
	let exited = null;
	const exitPromise = new Promise((resolve) => {
		child.on('exit', (code, signal) => {
			exited = { code, signal };
			resolve(exited);
		});
	});
	for (const s of [child.stdout, child.stderr]) {
		let buf = '';
		s.on('data', (d) => {
			logStream.write(d);
			buf += d.toString();
			let i;
			while ((i = buf.indexOf('\n')) >= 0) {
				const line = buf.slice(0, i);
				buf = buf.slice(i + 1);
				logLines.push(line);
				if (logLines.length > 2000) logLines.shift();
				if (onLog) onLog(line);
			}
		});
	}

	// If the test process dies without stop(), n8n (a detached group) must not outlive it.
	const killOnExit = () => {
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			/* gone */
		}
		if (ownFolder && !opts.keep) fs.rmSync(userFolder, { recursive: true, force: true });
		if (ownPackDir && !opts.keep) fs.rmSync(ownPackDir, { recursive: true, force: true });
	};
	process.on('exit', killOnExit);

	const url = `http://127.0.0.1:${port}`;
	let stopped = false;
	async function stop({ keep = opts.keep } = {}) {
		if (stopped) return;
		stopped = true;
		process.removeListener('exit', killOnExit);
		if (!exited) {
			try {
				process.kill(-child.pid, 'SIGTERM');
			} catch {
				/* gone */
			}
			const killer = setTimeout(() => {
				try {
					process.kill(-child.pid, 'SIGKILL');
				} catch {
					/* gone */
				}
			}, opts.stopTimeoutMs || 20000);
			await exitPromise;
			clearTimeout(killer);
		}
		// Task runners and other children of the group, if any survived.
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			/* none left */
		}
		await new Promise((r) => logStream.end(r));
		if (ownFolder && !keep) fs.rmSync(userFolder, { recursive: true, force: true });
		if (ownPackDir && !keep) fs.rmSync(ownPackDir, { recursive: true, force: true });
	}

	const tail = (n = 60) => logLines.slice(-n).join('\n');
	try {
		// Wait until healthy: /healthz, then the REST API (registered after init).
		const deadline = Date.now() + (opts.startTimeoutMs || 180000);
		let healthy = false;
		while (Date.now() < deadline) {
			if (exited) throw new N8nError(`n8n exited early (${JSON.stringify(exited)}):\n${tail()}`);
			try {
				// While n8n initialises, a placeholder answers 200 to every path and then 404 to /rest/*;
				// the real API is up when /healthz/readiness is 200 and /rest/login answers 401 (no cookie yet).
				const h = await fetch(`${url}/healthz/readiness`);
				if (h.ok) {
					const l = await fetch(`${url}/rest/login`, { headers: { accept: 'application/json' } });
					await l.text();
					if (l.status === 401) {
						healthy = true;
						break;
					}
				}
			} catch {
				/* not up yet */
			}
			await sleep(250);
		}
		if (!healthy) throw new N8nError(`n8n did not become healthy in time:\n${tail()}`);
		timings.startMs = Date.now() - t2;

		// Log lines that tell why a package (or a node of it) did not load.
		const loadErrors = () =>
			logLines.filter(
				(l) =>
					/Cannot find module|could not be found|Error loading|Failed to load|is not a constructor|SyntaxError|Unexpected token/i.test(l) &&
					(!installed || l.includes(installed.name) || l.includes('custom-extensions')),
			);
		const client = makeClient({ url, inst, env, userFolder, logLines, loadErrors });
		if (opts.setupOwner !== false) {
			const t3 = Date.now();
			await client.setupOwner(OWNER);
			await client.login(OWNER.email, OWNER.password);
			timings.ownerMs = Date.now() - t3;
		}
		return {
			url,
			port,
			version,
			userFolder,
			n8nFolder,
			env,
			pid: child.pid,
			install: inst,
			installed,
			tgz,
			customExtensions: customDirs,
			login: { email: OWNER.email, password: OWNER.password },
			get cookie() {
				return client.cookie;
			},
			api: client.api,
			request: client.request,
			cli: client.cli,
			logs: () => logLines.join('\n'),
			loadErrors,
			logFile,
			timings,
			stop,
		};
	} catch (e) {
		await stop({ keep: true });
		e.message += `\n(user folder kept: ${userFolder}; log: ${logFile})`;
		throw e;
	}
}

function makeClient({ url, inst, env, userFolder, loadErrors = () => [] }) {
	const browserId = crypto.randomUUID();
	const state = { cookie: '' };
	let flatted = null;
	const n8nRequire = createRequire(path.join(inst.dir, 'node_modules', 'n8n', 'package.json'));
	const parseFlatted = (s) => {
		flatted = flatted || n8nRequire('flatted');
		return flatted.parse(s);
	};

	async function request(method, p, body, { raw = false, headers = {}, ok = true } = {}) {
		const init = () => ({
			method,
			headers: {
				'content-type': 'application/json',
				accept: 'application/json',
				'browser-id': browserId,
				...(state.cookie ? { cookie: state.cookie } : {}),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		let res;
		try {
			res = await fetch(url + p, init());
		} catch (e) {
			// A kept-alive socket closed by the server just as it was reused: the request never
			// reached n8n, so sending it again is safe.  Anything else is an error.
			const code = e.cause && e.cause.code;
			if (!['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED'].includes(code)) {
				e.message += ` (${method} ${p}${code ? `, ${code}` : ''}${e.cause ? `: ${e.cause.message}` : ''})`;
				throw e;
			}
			res = await fetch(url + p, init());
		}
		const setCookies = typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
		for (const c of setCookies) {
			const m = /^n8n-auth=([^;]*)/.exec(c);
			if (m) state.cookie = m[1] ? `n8n-auth=${m[1]}` : '';
		}
		const text = await res.text();
		let json;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		if (ok && !res.ok) throw new N8nError(`${method} ${p} → ${res.status}: ${text.slice(0, 800)}`);
		if (raw) return { status: res.status, headers: res.headers, text, json };
		return json && typeof json === 'object' && 'data' in json ? json.data : json;
	}

	/** Run an n8n CLI command against the same user folder/DB (own task broker port). */
	async function cli(args, { timeoutMs = 120000, input, logLevel = 'warn' } = {}) {
		const brokerPort = await freePort();
		const r = spawnSync(inst.nodeBin, [inst.n8nBin, ...args], {
			cwd: userFolder,
			env: { ...env, N8N_RUNNERS_BROKER_PORT: String(brokerPort), N8N_LOG_LEVEL: logLevel },
			encoding: 'utf8',
			input,
			timeout: timeoutMs,
			maxBuffer: 256 * 1024 * 1024,
		});
		return { code: r.status, stdout: r.stdout || '', stderr: r.stderr || '', signal: r.signal };
	}

	const api = {
		async setupOwner(o = OWNER) {
			return request('POST', '/rest/owner/setup', o);
		},
		async login(email = OWNER.email, password = OWNER.password) {
			return request('POST', '/rest/login', { emailOrLdapLoginId: email, email, password });
		},
		async me() {
			return request('GET', '/rest/login');
		},
		/** { name, type, data } → created credential ({ id, name, type, ... }) */
		async createCredential({ name, type, data, projectId }) {
			return request('POST', '/rest/credentials', { name, type, data, ...(projectId ? { projectId } : {}) });
		},
		async credentials() {
			return request('GET', '/rest/credentials');
		},
		/**
		 * Import a workflow.  via 'rest' (default): POST /rest/workflows → { id, versionId, ... }.
		 * via 'cli': `n8n import:workflow --input=file` (the file gets an id if it has none).
		 */
		async importWorkflow(workflow, { via = 'rest' } = {}) {
			if (via === 'cli') {
				const wf = { active: false, settings: {}, ...workflow };
				if (!wf.id) wf.id = crypto.randomBytes(12).toString('base64url').replace(/[^a-zA-Z0-9]/g, 'x').slice(0, 16);
				const file = path.join(userFolder, `import-${wf.id}.json`);
				fs.writeFileSync(file, JSON.stringify(wf));
				const r = await cli(['import:workflow', `--input=${file}`]);
				if (r.code !== 0) throw new N8nError(`import:workflow failed (${r.code}):\n${r.stdout}\n${r.stderr}`);
				return request('GET', `/rest/workflows/${wf.id}`);
			}
			const { id: _id, active: _active, ...body } = workflow;
			// `active` must be sent (false): n8n 1.12x fails with a NOT NULL error without it.
			return request('POST', '/rest/workflows', { settings: {}, connections: {}, ...body, active: false });
		},
		async getWorkflow(id) {
			return request('GET', `/rest/workflows/${id}`);
		},
		async workflows() {
			return request('GET', '/rest/workflows');
		},
		/** Activate (publish) a workflow: POST /rest/workflows/:id/activate (1.12x+), PATCH {active:true} on older. */
		async activate(id) {
			const wf = await request('GET', `/rest/workflows/${id}`);
			const r = await request('POST', `/rest/workflows/${id}/activate`, { versionId: wf.versionId }, { raw: true, ok: false });
			if (r.status === 404) return request('PATCH', `/rest/workflows/${id}`, { active: true, versionId: wf.versionId });
			if (r.status >= 400) throw new N8nError(`activate ${id} → ${r.status}: ${r.text.slice(0, 800)}`);
			return r.json && 'data' in r.json ? r.json.data : r.json;
		},
		async deactivate(id) {
			const r = await request('POST', `/rest/workflows/${id}/deactivate`, {}, { raw: true, ok: false });
			if (r.status === 404) {
				const wf = await request('GET', `/rest/workflows/${id}`);
				return request('PATCH', `/rest/workflows/${id}`, { active: false, versionId: wf.versionId });
			}
			if (r.status >= 400) throw new N8nError(`deactivate ${id} → ${r.status}: ${r.text.slice(0, 800)}`);
			return r.json && 'data' in r.json ? r.json.data : r.json;
		},
		/**
		 * Run a workflow and return its execution:
		 *   { id, status, finished, data (IRunExecutionData), resultData, lastNode, output(nodeName) }
		 * via 'rest' (default): a manual run (POST /rest/workflows/:id/run from its trigger) + polling
		 *   the execution; via 'cli': `n8n execute --id --rawOutput` in a second process (same DB).
		 */
		async runWorkflow(id, { via = 'rest', trigger, timeoutMs = 120000 } = {}) {
			if (via === 'cli') {
				// `execute` prints the run (IRun) as indented JSON through the logger at level info,
				// between other log lines; on failure it prints it too and exits 1.
				const r = await cli(['execute', `--id=${id}`, '--rawOutput'], { timeoutMs, logLevel: 'info' });
				const run = extractJson(r.stdout);
				if (!run) throw new N8nError(`n8n execute printed no run data (exit ${r.code}):\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
				const ok = r.code === 0 && !run.data?.resultData?.error;
				return decorateExecution({
					id: null,
					status: run.status || (ok ? 'success' : 'error'),
					finished: run.finished ?? ok,
					mode: run.mode,
					cli: r,
					data: run.data,
					runData: run.data?.resultData?.runData || {},
				});
			}
			const wf = await request('GET', `/rest/workflows/${id}`);
			const triggerNode =
				trigger ||
				(wf.nodes.find((n) => /manualTrigger$/i.test(n.type)) || wf.nodes.find((n) => /trigger$/i.test(n.type)) || {}).name;
			const body = { workflowData: wf };
			if (triggerNode) body.triggerToStartFrom = { name: triggerNode };
			else {
				const last = wf.nodes[wf.nodes.length - 1];
				body.destinationNode = { nodeName: last.name, mode: 'inclusive' };
			}
			const started = await request('POST', `/rest/workflows/${id}/run`, body);
			if (started?.waitingForWebhook) throw new N8nError(`workflow ${id} waits for a webhook: activate it and call the webhook instead`);
			const executionId = started.executionId;
			const deadline = Date.now() + timeoutMs;
			for (;;) {
				const ex = await api.execution(executionId).catch(() => null);
				if (ex && ex.finished !== undefined && ['success', 'error', 'crashed', 'canceled'].includes(ex.status)) return ex;
				if (ex && ex.stoppedAt && ex.status !== 'running' && ex.status !== 'new') return ex;
				if (Date.now() > deadline) throw new N8nError(`execution ${executionId} did not finish in ${timeoutMs} ms (last: ${ex && ex.status})`);
				await sleep(150);
			}
		},
		/** One execution with its data parsed (n8n stores it "flatted"). */
		async execution(executionId) {
			const ex = await request('GET', `/rest/executions/${executionId}`);
			if (!ex) return ex;
			const data = typeof ex.data === 'string' ? parseFlatted(ex.data) : ex.data;
			return decorateExecution({ ...ex, data, runData: data?.resultData?.runData || {} });
		},
		/** List executions (optionally of one workflow). */
		async executions({ workflowId, limit = 50 } = {}) {
			const filter = workflowId ? `&filter=${encodeURIComponent(JSON.stringify({ workflowId: String(workflowId) }))}` : '';
			const r = await request('GET', `/rest/executions?limit=${limit}${filter}`);
			return r?.results || r;
		},
		/** All node type descriptions the instance loaded (GET /types/nodes.json). */
		async nodeTypes() {
			return request('GET', '/types/nodes.json');
		},
		/** All credential type descriptions (GET /types/credentials.json). */
		async credentialTypes() {
			return request('GET', '/types/credentials.json');
		},
		/** Throws unless every given node type / credential type is loaded. */
		async assertLoaded({ nodes = [], credentials = [] } = {}) {
			const nt = new Set((await api.nodeTypes()).map((n) => n.name));
			const ct = new Set((await api.credentialTypes()).map((c) => c.name));
			const missing = [...nodes.filter((n) => !nt.has(n)).map((n) => `node ${n}`), ...credentials.filter((c) => !ct.has(c)).map((c) => `credential ${c}`)];
			if (missing.length) {
				const why = loadErrors();
				throw new N8nError(`not loaded by n8n: ${missing.join(', ')}${why.length ? `\nn8n said:\n${[...new Set(why)].slice(0, 10).join('\n')}` : ''}`);
			}
			return true;
		},
		/**
		 * Call a production webhook of an active workflow.  n8n 2.40 registers an activated workflow's
		 * webhooks a few hundred ms after `activate` answers, so a 404 "not registered" (which runs
		 * nothing) is retried for up to `waitMs`.
		 */
		async webhook(pathPart, { method = 'POST', body, headers = {}, test = false, waitMs = 10000 } = {}) {
			const deadline = Date.now() + waitMs;
			let res;
			let text;
			for (;;) {
				res = await fetch(`${url}/${test ? 'webhook-test' : 'webhook'}/${pathPart}`, {
					method,
					headers: { 'content-type': 'application/json', ...headers },
					body: body === undefined || method === 'GET' ? undefined : JSON.stringify(body),
				});
				text = await res.text();
				if (!(res.status === 404 && /not registered/.test(text)) || Date.now() > deadline) break;
				await sleep(200);
			}
			let json;
			try {
				json = JSON.parse(text);
			} catch {
				json = undefined;
			}
			return { status: res.status, text, json };
		},
	};

	return {
		api,
		request,
		cli,
		setupOwner: api.setupOwner,
		login: async (email, password) => api.login(email, password),
		get cookie() {
			return state.cookie;
		},
	};
}

/** The first multi-line JSON object printed alone in a log (a line "{" ... a line "}"). */
function extractJson(text) {
	const lines = text.split('\n');
	for (let i = 0; i < lines.length; i++) {
		if (lines[i].trim() !== '{') continue;
		for (let j = i + 1; j < lines.length; j++) {
			if (lines[j].trimEnd() !== '}') continue;
			try {
				return JSON.parse(lines.slice(i, j + 1).join('\n'));
			} catch {
				/* not yet the closing brace */
			}
		}
	}
	return null;
}

/** Adds helpers: output(nodeName) → json items of the node's first main output of its last run; error. */
function decorateExecution(ex) {
	const runData = ex.runData || ex.data?.resultData?.runData || {};
	ex.runData = runData;
	ex.error = ex.data?.resultData?.error || null;
	ex.lastNodeExecuted = ex.data?.resultData?.lastNodeExecuted || null;
	ex.output = (nodeName, { output = 0, run = -1 } = {}) => {
		const runs = runData[nodeName];
		if (!runs || !runs.length) return undefined;
		const r = runs[run < 0 ? runs.length + run : run];
		if (r.error) return { error: r.error };
		return (r.data?.main?.[output] || []).map((i) => i.json);
	};
	ex.nodeError = (nodeName) => {
		const runs = runData[nodeName];
		return runs && runs.length ? runs[runs.length - 1].error || null : null;
	};
	return ex;
}

module.exports = { startN8n, packPackage, installCommunityPackage, quietEnv, freePort, OWNER };

if (require.main === module) {
	const argv = process.argv.slice(2);
	const cmd = argv[0] && !argv[0].startsWith('-') ? argv.shift() : 'start';
	const o = {};
	for (let i = 0; i < argv.length; i++) {
		const k = argv[i];
		const v = () => argv[++i];
		if (k === '--version') o.version = v();
		else if (k === '--port') o.port = Number(v());
		else if (k === '--user-folder') o.userFolder = v();
		else if (k === '--package-dir') o.packageDir = v();
		else if (k === '--package-tgz') o.packageTgz = v();
		else if (k === '--custom-extensions') o.customExtensions = true;
		else if (k === '--install-mode') o.installMode = v();
		else if (k === '--keep') o.keep = true;
		else if (k === '--no-runners') o.runners = false;
		else if (k === '--verbose') o.onLog = (l) => process.stderr.write(`[n8n] ${l}\n`);
		else {
			console.error(`unknown option ${k}`);
			process.exit(2);
		}
	}
	if (cmd !== 'start') {
		console.error('usage: node scripts/n8n/instance.js start [--version V] [--port P] [--user-folder DIR] [--package-dir DIR | --package-tgz FILE] [--custom-extensions] [--install-mode n8n|npm] [--keep] [--no-runners] [--verbose]');
		process.exit(2);
	}
	startN8n(o).then(
		async (n8n) => {
			console.log(JSON.stringify({ url: n8n.url, login: n8n.login, userFolder: n8n.userFolder, installed: n8n.installed && n8n.installed.name, timings: n8n.timings }, null, 2));
			console.log('n8n is running; Ctrl-C stops it.');
			const bye = async () => {
				await n8n.stop();
				process.exit(0);
			};
			process.on('SIGINT', bye);
			process.on('SIGTERM', bye);
		},
		(e) => {
			console.error(e.message);
			process.exit(1);
		},
	);
}
