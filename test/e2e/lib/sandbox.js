'use strict';
/*
 * The API sandbox (sandbox/) as a child process, for the real-n8n e2e and the demo, plus a
 * small client of its control API (/__sandbox).
 *
 *   const sb = await startSandboxProcess({ port: 0 });   // 0 = a free port
 *   sb.baseUrl  // http://127.0.0.1:PORT/api/external/v2
 *   await sb.control.log({ since }); await sb.control.insert({ kind: 'anomaly', sc_id: '1002', count: 1 });
 *   await sb.stop();
 *
 * The child runs `node -r ts-node/register/transpile-only sandbox/cli.ts` (what `npm run sandbox`
 * runs, without npx), with a running clock (real time) unless `now` is given.
 */
const path = require('node:path');
const { spawn } = require('node:child_process');
const { freePort } = require('../../../scripts/n8n/instance');

const root = path.resolve(__dirname, '..', '..', '..');
const DEMO_CLIENT_ID = 'demo-client';
const DEMO_CLIENT_SECRET = 'demo-secret-4f1c9a';

/** Control API client: every call answers the envelope's `data`. */
function controlClient(controlUrl) {
	async function call(method, p, body) {
		const res = await fetch(controlUrl + p, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		let json;
		try {
			json = JSON.parse(text);
		} catch {
			throw new Error(`sandbox ${method} ${p} → ${res.status}: ${text.slice(0, 300)}`);
		}
		if (!res.ok || !json.success) throw new Error(`sandbox ${method} ${p} → ${res.status}: ${text.slice(0, 500)}`);
		return json.data;
	}
	const qs = (o) => {
		const e = Object.entries(o || {}).filter(([, v]) => v !== undefined && v !== null);
		return e.length ? `?${new URLSearchParams(e.map(([k, v]) => [k, String(v)])).toString()}` : '';
	};
	return {
		call,
		/** request log entries (seq, method, path, route, sc_id, status, code, query) */
		log: ({ since, route } = {}) => call('GET', `/log${qs({ since, route })}`),
		/** the last seq in the log (0 when empty) */
		async lastSeq() {
			const l = await call('GET', '/log');
			return l.length ? l[l.length - 1].seq : 0;
		},
		stats: () => call('GET', '/stats'),
		clock: () => call('GET', '/clock'),
		setClock: (body) => call('POST', '/clock', body),
		insert: (body) => call('POST', '/insert', body),
		intake: () => call('GET', '/intake'),
		truth: (kind, query) => call('GET', `/truth/${kind}${qs(query)}`),
		faults: (body) => call('POST', '/faults', body),
		clearFaults: () => call('DELETE', '/faults'),
	};
}

/**
 * Start the sandbox as a child process.  Options: port (0 = free; default 0), seed, now, clock,
 * rateWindowMs, faults (object), extraArgs, onLine (each output line), detached.
 */
async function startSandboxProcess(opts = {}) {
	const port = opts.port || (await freePort());
	const args = ['-r', 'ts-node/register/transpile-only', path.join('sandbox', 'cli.ts'), '--port', String(port)];
	if (opts.seed !== undefined) args.push('--seed', String(opts.seed));
	if (opts.now) args.push('--now', opts.now);
	if (opts.clock) args.push('--clock', opts.clock);
	if (opts.rateWindowMs) args.push('--rate-window-ms', String(opts.rateWindowMs));
	if (opts.faults) args.push('--faults', JSON.stringify(opts.faults));
	if (opts.extraArgs) args.push(...opts.extraArgs);
	const env = { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true' };
	delete env.SANDBOX_PORT;
	const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: !!opts.detached });
	const lines = [];
	let exited = null;
	const exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve((exited = { code, signal }))));
	const ready = new Promise((resolve, reject) => {
		let buf = '';
		const onData = (d) => {
			buf += d.toString();
			let i;
			while ((i = buf.indexOf('\n')) >= 0) {
				const line = buf.slice(0, i);
				buf = buf.slice(i + 1);
				lines.push(line);
				if (lines.length > 500) lines.shift();
				if (opts.onLine) opts.onLine(line);
				if (/^clock:/.test(line)) resolve();
			}
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		exit.then((e) => reject(new Error(`sandbox exited early (${JSON.stringify(e)}):\n${lines.join('\n')}`)));
		setTimeout(() => reject(new Error(`sandbox did not start in 60 s:\n${lines.join('\n')}`)), 60000).unref();
	});
	const killOnExit = () => {
		try {
			child.kill('SIGKILL');
		} catch {
			/* gone */
		}
	};
	process.on('exit', killOnExit);
	try {
		await ready;
	} catch (e) {
		killOnExit();
		throw e;
	}
	const host = `http://127.0.0.1:${port}`;
	const controlUrl = `${host}/__sandbox`;
	return {
		port,
		pid: child.pid,
		baseUrl: `${host}/api/external/v2`,
		controlUrl,
		clientId: DEMO_CLIENT_ID,
		clientSecret: DEMO_CLIENT_SECRET,
		control: controlClient(controlUrl),
		output: () => lines.join('\n'),
		async stop() {
			process.removeListener('exit', killOnExit);
			if (exited) return;
			child.kill('SIGTERM');
			const t = setTimeout(() => child.kill('SIGKILL'), 5000);
			await exit;
			clearTimeout(t);
		},
	};
}

module.exports = { startSandboxProcess, controlClient, freePort, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET };
