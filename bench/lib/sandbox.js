'use strict';
/**
 * The API sandbox as its own process (sandbox/cli.ts through ts-node), so that its CPU is not the
 * bench's, plus a small client for its control API (/__sandbox).
 */
const { spawn } = require('node:child_process');
const path = require('node:path');
const net = require('node:net');

const ROOT = path.resolve(__dirname, '..', '..');

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

/**
 * startSandboxProcess({ windowMs, now, seed, faults, rateLimits }) → { baseUrl, controlUrl, pid, control, stop }
 * rateLimits: false → --no-rate-limits.
 */
async function startSandboxProcess({ windowMs, now, seed = 42, faults = {}, rateLimits = true, onLog } = {}) {
	const port = await freePort();
	const tsNode = require.resolve('ts-node/dist/bin.js', { paths: [ROOT] });
	const args = [tsNode, '--transpile-only', path.join(ROOT, 'sandbox', 'cli.ts'), '--port', String(port), '--seed', String(seed)];
	if (now) args.push('--now', now);
	if (windowMs) args.push('--rate-window-ms', String(windowMs));
	if (Object.keys(faults).length) args.push('--faults', JSON.stringify(faults));
	if (rateLimits === false) args.push('--no-rate-limits');
	const env = { ...process.env };
	delete env.NODE_OPTIONS;
	const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
	let out = '';
	const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
	const ready = new Promise((resolve, reject) => {
		const onData = (d) => {
			out += d.toString();
			if (onLog) onLog(d.toString());
			if (/Control API:\s+\S+/.test(out)) resolve();
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', (d) => {
			out += d.toString();
			if (onLog) onLog(d.toString());
		});
		exited.then((e) => reject(new Error(`sandbox exited before it was ready (${JSON.stringify(e)}):\n${out}`)));
	});
	const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
	await ready;
	clearTimeout(timer);
	const baseUrl = /Sandbox API:\s+(\S+)/.exec(out)[1];
	const controlUrl = /Control API:\s+(\S+)/.exec(out)[1];
	const killOnExit = () => {
		try {
			child.kill('SIGKILL');
		} catch {
			/* gone */
		}
	};
	process.on('exit', killOnExit);

	async function control(method, p, body) {
		const res = await fetch(controlUrl + p, {
			method,
			headers: { 'content-type': 'application/json', accept: 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const json = await res.json();
		if (!res.ok || !json.success) throw new Error(`sandbox control ${method} ${p} → ${res.status}: ${JSON.stringify(json).slice(0, 500)}`);
		return json.data;
	}

	return {
		baseUrl,
		controlUrl,
		pid: child.pid,
		port,
		control,
		log: async (since = 0) => control('GET', `/log?since=${since}`),
		lastSeq: async () => {
			const entries = await control('GET', '/log');
			return entries.length ? entries[entries.length - 1].seq : 0;
		},
		truth: async (kind, query) => control('GET', `/truth/${kind}?${new URLSearchParams(query)}`),
		stop: async () => {
			process.removeListener('exit', killOnExit);
			child.kill('SIGTERM');
			const t = setTimeout(() => child.kill('SIGKILL'), 3000);
			await exited;
			clearTimeout(t);
		},
	};
}

module.exports = { startSandboxProcess, freePort, ROOT };
