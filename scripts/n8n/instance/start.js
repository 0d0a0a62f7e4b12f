'use strict';
/*
 * startN8n: a real n8n (installed by ../install.js) with an isolated user folder and a community
 * package installed the way users do, healthy and logged in as the owner.  See ../instance.js.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { ensureN8n, DEFAULT_VERSION } = require('../install');
const { freePort, startProcess, waitUntil } = require('../../lib/processes');
const { OWNER, quietEnv, inheritedEnv, disabledModules } = require('./env');
const { packPackage, installCommunityPackage, unpackForCustomExtensions } = require('./package');
const { makeClient, N8nError } = require('./client');

/** The encryption key n8n saved in a user folder's .n8n/config on an earlier start, if any. */
function savedEncryptionKey(n8nFolder) {
	try {
		return (
			JSON.parse(fs.readFileSync(path.join(n8nFolder, 'config'), 'utf8')).encryptionKey || null
		);
	} catch {
		return null;
	}
}

/** The line that opens each start's part of n8n.log. */
function startLine(version, at = new Date()) {
	return `──── n8n ${version} started ${at.toISOString()} ────`;
}

/**
 * n8n.log of a start, appended: a restart on the same user folder (npm start) keeps the earlier
 * starts' lines (what the trigger logged among them); each start's part opens with startLine.
 */
function openLog(logFile, version) {
	const stream = fs.createWriteStream(logFile, { flags: 'a' });
	stream.write(`${startLine(version)}\n`);
	return stream;
}

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
 *   setupOwner     default true (owner setup + login); 'ifNeeded': log in, set the owner up only when
 *                  that fails (a user folder from an earlier start)
 *   startTimeoutMs default 180000
 *   logLevel       N8N_LOG_LEVEL (default 'info')
 *   onLog          (line) => void, every line n8n prints
 * n8n's output goes to <userFolder>/n8n.log, appended (startLine opens each start's part).
 */
async function startN8n(opts = {}) {
	const t0 = Date.now();
	const timings = {};
	const version = opts.version || process.env.N8N_E2E_VERSION || DEFAULT_VERSION;
	const inst = await ensureN8n({ version });
	timings.installMs = Date.now() - t0;

	const ownFolder = !opts.userFolder;
	const userFolder = path.resolve(
		opts.userFolder || fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-')),
	);
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
	if (tgz && opts.installToNodes !== false)
		installed = installCommunityPackage(tgz, n8nFolder, { mode: opts.installMode || 'n8n' });
	const customDirs = [];
	if (opts.customExtensions === true && tgz)
		customDirs.push(
			unpackForCustomExtensions(tgz, path.join(userFolder, 'custom-extensions', 'pkg')),
		);
	else if (typeof opts.customExtensions === 'string')
		customDirs.push(path.resolve(opts.customExtensions));
	else if (Array.isArray(opts.customExtensions))
		customDirs.push(...opts.customExtensions.map((d) => path.resolve(d)));
	timings.packageMs = Date.now() - t1;

	const port = opts.port || (await freePort());
	const brokerPort = await freePort();
	// a kept user folder already has its key (n8n refuses to start with another one)
	const encryptionKey =
		opts.encryptionKey || savedEncryptionKey(n8nFolder) || crypto.randomBytes(24).toString('hex');
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
	if (disabled.length && !('N8N_DISABLED_MODULES' in (opts.env || {})))
		env.N8N_DISABLED_MODULES = disabled.join(',');
	if (inst.nodeHeaders) env.PATH = `${path.dirname(inst.nodeBin)}${path.delimiter}${env.PATH}`;

	const logFile = path.join(userFolder, 'n8n.log');
	const onLog =
		opts.onLog ||
		(process.env.N8N_E2E_VERBOSE ? (l) => process.stderr.write(`[n8n] ${l}\n`) : null);
	const t2 = Date.now();
	const logStream = openLog(logFile, version);
	// a detached group (n8n and its task runners), killed with this process if it dies without stop()
	// opts.nodeArgs: options for n8n's Node that NODE_OPTIONS refuses (the bench's --cpu-prof)
	const proc = startProcess(inst.nodeBin, [...(opts.nodeArgs || []), inst.n8nBin, 'start'], {
		cwd: userFolder,
		env,
		detached: true,
		keepLines: 2000,
		onLine: onLog,
		onData: (d) => logStream.write(d),
	});
	const logLines = proc.lines;
	const removeFolders = (keep) => {
		if (ownFolder && !keep) fs.rmSync(userFolder, { recursive: true, force: true });
		if (ownPackDir && !keep) fs.rmSync(ownPackDir, { recursive: true, force: true });
	};
	const removeOnExit = () => removeFolders(opts.keep);
	process.on('exit', removeOnExit);

	const url = `http://127.0.0.1:${port}`;
	let stopped = false;
	async function stop({ keep = opts.keep } = {}) {
		if (stopped) return;
		stopped = true;
		process.removeListener('exit', removeOnExit);
		await proc.stop({ timeoutMs: opts.stopTimeoutMs || 20000 });
		await new Promise((r) => logStream.end(r));
		removeFolders(keep);
	}

	const tail = (n = 60) => logLines.slice(-n).join('\n');
	try {
		// While n8n initialises, a placeholder answers 200 to every path and then 404 to /rest/*;
		// the real API is up when /healthz/readiness is 200 and /rest/login answers 401 (no cookie yet).
		const healthy = async () => {
			if (proc.exited)
				throw new N8nError(`n8n exited early (${JSON.stringify(proc.exited)}):\n${tail()}`);
			try {
				const h = await fetch(`${url}/healthz/readiness`);
				if (!h.ok) return false;
				const l = await fetch(`${url}/rest/login`, { headers: { accept: 'application/json' } });
				await l.text();
				return l.status === 401;
			} catch {
				return false;
			}
		};
		await waitUntil(healthy, {
			what: 'n8n',
			timeoutMs: opts.startTimeoutMs || 180000,
			everyMs: 250,
		}).catch((e) => {
			throw e instanceof N8nError
				? e
				: new N8nError(`n8n did not become healthy in time:\n${tail()}`);
		});
		timings.startMs = Date.now() - t2;

		// Log lines that tell why a package (or a node of it) did not load.
		const loadErrors = () =>
			logLines.filter(
				(l) =>
					/Cannot find module|could not be found|Error loading|Failed to load|is not a constructor|SyntaxError|Unexpected token/i.test(
						l,
					) &&
					(!installed || l.includes(installed.name) || l.includes('custom-extensions')),
			);
		const client = makeClient({ url, inst, env, userFolder, logLines, loadErrors });
		if (opts.setupOwner !== false) {
			const t3 = Date.now();
			const loggedIn =
				opts.setupOwner === 'ifNeeded' &&
				(await client.login(OWNER.email, OWNER.password).then(
					() => true,
					() => false,
				));
			if (!loggedIn) {
				await client.setupOwner(OWNER);
				await client.login(OWNER.email, OWNER.password);
			}
			timings.ownerMs = Date.now() - t3;
		}
		return {
			url,
			port,
			version,
			userFolder,
			n8nFolder,
			env,
			pid: proc.pid,
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

module.exports = { startN8n, startLine, openLog };
