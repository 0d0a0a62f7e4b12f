'use strict';
/*
 * Child processes and ports, for the scripts, the e2e and the bench (plain Node, no dependencies).
 *
 *   const { freePort, startProcess, startSandboxProcess, waitUntil } = require('./processes');
 *   const sb = await startSandboxProcess({ seed: 42 });  // the API sandbox (sandbox/cli.ts) as a child
 *   sb.baseUrl; sb.clientId; sb.clientSecret; await sb.control.log({ since }); await sb.stop();
 *
 * freePort(host?)                    a port nothing listens on now
 * portFree(port, host?)              can this port be listened on?
 * isAlive(pid)                       is the process (or, with -pid, the process group) still there?
 * sleep(ms)
 * waitUntil(fn, { what, timeoutMs, everyMs })   the first truthy value of fn(), polled
 * waitForPort(port, { host, timeoutMs })       until a TCP connection succeeds
 * waitForHttp(url, { timeoutMs, accept })      until a GET answers (accept(res) → true; default res.ok)
 * startProcess(cmd, args, { cwd, env, detached, onLine, onData, keepLines })
 *   → { child, pid, lines, output(), exited, exit, waitForLine(re, ms), kill(signal), stop({ timeoutMs }) }
 *   killed (its whole group when detached) if this process exits without stop()
 * startSandboxProcess({ port, seed, now, clock, rateWindowMs, faults, rateLimits (false | { pro: { perWindow } }), idsFile, extraArgs, nodeArgs, env, onLine, detached })
 *   → { port, pid, baseUrl, controlUrl, clientId, clientSecret, control, output(), stop() }
 * sandboxControl(controlUrl)         client of the sandbox's control API (/__sandbox)
 */
const net = require('node:net');
const path = require('node:path');
const { spawn } = require('node:child_process');

const ROOT = path.resolve(__dirname, '..', '..');
const DEMO_CLIENT_ID = 'demo-client';
const DEMO_CLIENT_SECRET = 'demo-secret-4f1c9a';

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

function freePort(host = '127.0.0.1') {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, host, () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

function portFree(port, host = '127.0.0.1') {
	return new Promise((resolve) => {
		const srv = net.createServer();
		srv.once('error', () => resolve(false));
		srv.listen(port, host, () => srv.close(() => resolve(true)));
	});
}

function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return e.code === 'EPERM';
	}
}

async function waitUntil(fn, { what = 'a condition', timeoutMs = 60000, everyMs = 500 } = {}) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await fn();
		if (value) return value;
		if (Date.now() > deadline)
			throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await sleep(everyMs);
	}
}

function connects(port, host) {
	return new Promise((resolve) => {
		const s = net.connect(port, host);
		s.once('connect', () => s.end(() => resolve(true)));
		s.once('error', () => resolve(false));
	});
}

function waitForPort(port, { host = '127.0.0.1', timeoutMs = 60000 } = {}) {
	return waitUntil(() => connects(port, host), { what: `port ${port}`, timeoutMs, everyMs: 200 });
}

function waitForHttp(url, { timeoutMs = 60000, everyMs = 250, accept = (res) => res.ok } = {}) {
	const answers = async () => {
		try {
			const res = await fetch(url);
			await res.arrayBuffer();
			return accept(res);
		} catch {
			return false;
		}
	};
	return waitUntil(answers, { what: url, timeoutMs, everyMs });
}

/** Sends a signal to a process, or to its whole group; false when it is gone already. */
function signal(pid, sig, group = false) {
	try {
		process.kill(group ? -pid : pid, sig);
		return true;
	} catch {
		return false;
	}
}

function startProcess(cmd, args, opts = {}) {
	const { cwd = ROOT, env = process.env, detached = false, onLine, onData, keepLines = 500 } = opts;
	const child = spawn(cmd, args, { cwd, env, detached, stdio: ['ignore', 'pipe', 'pipe'] });
	const lines = [];
	const watchers = new Set();
	let exited = null;
	const exit = new Promise((resolve) =>
		child.on('exit', (code, sig) => resolve((exited = { code, signal: sig }))),
	);
	for (const stream of [child.stdout, child.stderr]) {
		let buf = '';
		stream.on('data', (d) => {
			if (onData) onData(d);
			buf += d.toString();
			let i;
			while ((i = buf.indexOf('\n')) >= 0) {
				const line = buf.slice(0, i);
				buf = buf.slice(i + 1);
				lines.push(line);
				if (lines.length > keepLines) lines.shift();
				if (onLine) onLine(line);
				for (const w of watchers) w(line);
			}
		});
	}
	const kill = (sig = 'SIGKILL') => signal(child.pid, sig, detached);
	const killOnExit = () => kill('SIGKILL');
	process.on('exit', killOnExit);
	const output = () => lines.join('\n');
	return {
		child,
		pid: child.pid,
		lines,
		output,
		exit,
		get exited() {
			return exited;
		},
		kill,
		/** resolves with the first line (already printed or to come) matching `re`; rejects on exit or timeout */
		waitForLine(re, timeoutMs = 60000) {
			const seen = lines.find((l) => re.test(l));
			if (seen !== undefined) return Promise.resolve(seen);
			return new Promise((resolve, reject) => {
				const done = (fn, v) => {
					watchers.delete(watch);
					clearTimeout(timer);
					fn(v);
				};
				const watch = (line) => re.test(line) && done(resolve, line);
				watchers.add(watch);
				const timer = setTimeout(
					() =>
						done(
							reject,
							new Error(`${cmd} printed no ${re} in ${timeoutMs / 1000} s:\n${output()}`),
						),
					timeoutMs,
				);
				exit.then((e) =>
					done(
						reject,
						new Error(
							`${path.basename(String(args[0] || cmd))} exited early (${JSON.stringify(e)}):\n${output()}`,
						),
					),
				);
			});
		},
		/** SIGTERM, SIGKILL after timeoutMs; with detached, whatever is left of the group is killed too */
		async stop({ timeoutMs = 5000 } = {}) {
			process.removeListener('exit', killOnExit);
			if (!exited) {
				kill('SIGTERM');
				const killer = setTimeout(() => kill('SIGKILL'), timeoutMs);
				await exit;
				clearTimeout(killer);
			}
			if (detached) kill('SIGKILL');
		},
	};
}

/** Control API client of the sandbox: every call answers the envelope's `data`. */
function sandboxControl(controlUrl) {
	async function call(method, p, body) {
		const res = await fetch(controlUrl + p, {
			method,
			headers:
				body === undefined
					? { accept: 'application/json' }
					: { 'content-type': 'application/json', accept: 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		let json;
		try {
			json = JSON.parse(text);
		} catch {
			json = undefined;
		}
		if (!res.ok || !json || !json.success)
			throw new Error(`sandbox ${method} ${p} → ${res.status}: ${text.slice(0, 500)}`);
		return json.data;
	}
	const qs = (o) => {
		const e = Object.entries(o || {}).filter(([, v]) => v !== undefined && v !== null);
		return e.length ? `?${new URLSearchParams(e.map(([k, v]) => [k, String(v)])).toString()}` : '';
	};
	return {
		call,
		/** request log entries (seq, method, path, route, sc_id, status, code, query, time) */
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
		/** { kind, sc_id, batches: [{ count, ...extra }] } → { ids }: many inserts at one sandbox moment */
		insertBatches: (body) => call('POST', '/insert-batches', body),
		intake: () => call('GET', '/intake'),
		truth: (kind, query) => call('GET', `/truth/${kind}${qs(query)}`),
		/** receipts only: { count, sum, groups, sparse } without the ids (sandbox/data/truth-summary.ts) */
		receiptSummary: (query) => call('GET', `/truth-summary/receipts${qs(query)}`),
		budget: (body) => call('POST', '/budget', body),
		faults: (body) => call('POST', '/faults', body),
		clearFaults: () => call('DELETE', '/faults'),
	};
}

/** The lines from the one starting with `first` up to (not including) the one starting with `end`. */
function between(lines, first, end) {
	const from = lines.findIndex((l) => l.startsWith(first));
	return from < 0
		? []
		: lines.slice(
				from,
				lines.findIndex((l, i) => i > from && l.startsWith(end)),
			);
}

/** The API sandbox (sandbox/cli.ts, what `npm run sandbox` runs) as a child process; clock running unless `now`. */
async function startSandboxProcess(opts = {}) {
	const port = opts.port || (await freePort());
	const register = require.resolve('ts-node/register/transpile-only', { paths: [ROOT] });
	// opts.nodeArgs / opts.env: more for its Node (the bench's clock shift: scripts/lib/shift-clock.js)
	const args = [
		...(opts.nodeArgs || []),
		'-r',
		register,
		path.join(ROOT, 'sandbox', 'cli.ts'),
		'--port',
		String(port),
	];
	if (opts.seed !== undefined) args.push('--seed', String(opts.seed));
	if (opts.now) args.push('--now', opts.now);
	if (opts.clock) args.push('--clock', opts.clock);
	if (opts.rateWindowMs) args.push('--rate-window-ms', String(opts.rateWindowMs));
	if (opts.faults && Object.keys(opts.faults).length)
		args.push('--faults', JSON.stringify(opts.faults));
	if (opts.rateLimits === false) args.push('--no-rate-limits');
	else if (opts.rateLimits && typeof opts.rateLimits === 'object')
		args.push('--rate-limits', JSON.stringify(opts.rateLimits));
	if (opts.idsFile) args.push('--ids-file', opts.idsFile);
	if (opts.extraArgs) args.push(...opts.extraArgs);
	const env = { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', ...(opts.env || {}) };
	delete env.SANDBOX_PORT;
	delete env.NODE_OPTIONS;
	const proc = startProcess(process.execPath, args, {
		env,
		detached: !!opts.detached,
		onLine: opts.onLine,
	});
	try {
		await proc.waitForLine(/^clock:/, 60000);
	} catch (e) {
		proc.kill('SIGKILL');
		throw new Error(`sandbox did not start: ${e.message}`);
	}
	const printed = (label) =>
		(new RegExp(`^${label}:\\s+(\\S+)`).exec(proc.lines.find((l) => l.startsWith(label)) || '') ||
			[])[1];
	const host = `http://127.0.0.1:${port}`;
	const controlUrl = printed('Control API') || `${host}/__sandbox`;
	return {
		port,
		pid: proc.pid,
		baseUrl: printed('Sandbox API') || `${host}/api/external/v2`,
		controlUrl,
		clientId: DEMO_CLIENT_ID,
		clientSecret: DEMO_CLIENT_SECRET,
		control: sandboxControl(controlUrl),
		// the banner's block on making records appear (sandbox/server/banner.ts), as the sandbox printed it
		bannerLines: between(proc.lines, 'Make records appear', 'clock:'),
		output: proc.output,
		stop: () => proc.stop({ timeoutMs: 5000 }),
	};
}

module.exports = {
	ROOT,
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
	sleep,
	freePort,
	portFree,
	isAlive,
	waitUntil,
	waitForPort,
	waitForHttp,
	signal,
	startProcess,
	startSandboxProcess,
	sandboxControl,
};
