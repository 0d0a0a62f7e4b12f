'use strict';
/*
 * n8n in queue mode, for tests and the benchmark: PostgreSQL + Redis (./services.js), one main
 * (editor, REST, triggers and polls) and N workers (`n8n worker`, the executions), each process with
 * ITS OWN user folder holding the community package laid out the way n8n's installer does
 * (../instance/package.js), one shared N8N_ENCRYPTION_KEY, its own task-runner broker port, and for
 * workers their own health port on 127.0.0.1.
 *
 *   const { startQueueStack } = require('./scripts/n8n/queue/stack');
 *   const stack = await startQueueStack({ packageDir: '.', workers: 2 });
 *   stack.main.api.…                  // the main's REST client (as startN8n's; see ../instance.js)
 *   stack.workers[0].ran(executionId)  // did this worker start that execution (its log says so)?
 *   stack.whoRan(executionId)          // 'worker-1' | 'worker-2' | … | undefined
 *   await stack.restartMain();         // stop + start main on the same folder and database
 *   await stack.workers[1].kill();     // SIGKILL its process group; .start() brings it back
 *   await stack.stop();                // everything it started, in order; folders removed
 *
 * Options: version (1.123.81), packageDir | packageTgz, workers (2), concurrency (per worker, 5),
 * env (extra env for every process, e.g. QUEUE_WORKER_LOCK_DURATION), sharedBinaryData (binary data in
 * filesystem mode, in one folder of the stack shared by main and the workers, as a shared volume
 * would be: stack.binaryDataDir), keep, onLog. Otherwise n8n's own
 * queue settings: a worker killed and started again on its folder marks its unfinished executions
 * crashed (from its event log) before Bull's stalled-job check (lock 60 s) hands them to another worker,
 * which then skips them.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { ensureN8n, DEFAULT_VERSION } = require('../install');
const { startN8n } = require('../instance');
const { packPackage, installCommunityPackage } = require('../instance/package');
const { freePort, startProcess, waitUntil } = require('../../lib/processes');
const { ensureServicePackages, startPostgres, startRedis } = require('./services');

async function startWorker({ inst, baseEnv, userFolder, name, concurrency, onLog, timeoutMs }) {
	const healthPort = await freePort();
	const env = {
		...baseEnv,
		N8N_USER_FOLDER: userFolder,
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		QUEUE_HEALTH_CHECK_ACTIVE: 'true',
		QUEUE_HEALTH_CHECK_PORT: String(healthPort),
		N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
	};
	const logFile = path.join(userFolder, `${name}.log`);
	const logStream = fs.createWriteStream(logFile, { flags: 'a' });
	const proc = startProcess(inst.nodeBin, [inst.n8nBin, 'worker', `--concurrency=${concurrency}`], {
		cwd: userFolder,
		env,
		detached: true,
		keepLines: 20000,
		onLine: onLog && ((l) => onLog(name, l)),
		onData: (d) => logStream.write(d),
	});
	const closeLog = () => new Promise((r) => logStream.end(r));
	const ready = async () => {
		if (proc.exited)
			throw new Error(
				`${name} exited early (${JSON.stringify(proc.exited)}):\n${proc.lines.slice(-40).join('\n')}`,
			);
		try {
			const res = await fetch(`http://127.0.0.1:${healthPort}/healthz/readiness`);
			await res.arrayBuffer();
			return res.ok;
		} catch {
			return false;
		}
	};
	try {
		await waitUntil(ready, { what: `${name} ready`, timeoutMs, everyMs: 250 });
	} catch (e) {
		proc.kill('SIGKILL');
		await closeLog();
		throw e;
	}
	return { proc, pid: proc.pid, healthPort, env, logFile, closeLog };
}

async function startQueueStack(opts = {}) {
	const t0 = Date.now();
	const timings = {};
	const log = opts.log || ((l) => console.log(l));
	const version = opts.version || DEFAULT_VERSION;
	const workerCount = opts.workers ?? 2;
	const concurrency = opts.concurrency ?? 5;
	const startTimeoutMs = opts.startTimeoutMs || 240_000;
	const onLog = opts.onLog || null;
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-'));
	const started = []; // stop functions, in start order
	const workerStops = [];
	let stopped = false;
	const stopAll = async ({ keep = opts.keep } = {}) => {
		if (stopped) return;
		stopped = true;
		// the workers at once (each finishes what it runs), then main, then Redis and PostgreSQL
		await Promise.all(workerStops.map((stop) => stop().catch(() => {})));
		for (const stop of started.reverse()) await stop().catch(() => {});
		if (!keep) fs.rmSync(base, { recursive: true, force: true });
	};
	try {
		const packages = ensureServicePackages({ log });
		const inst = await ensureN8n({ version });
		timings.installSeconds = Math.round((Date.now() - t0) / 1000);
		const [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
		started.push(pg.stop, redis.stop);
		const tgz = opts.packageTgz
			? path.resolve(opts.packageTgz)
			: packPackage(opts.packageDir || '.', fs.mkdtempSync(path.join(base, 'pack-')));
		const encryptionKey = crypto.randomBytes(24).toString('hex');
		const binaryDataDir = opts.sharedBinaryData ? path.join(base, 'binaryData') : null;
		if (binaryDataDir) fs.mkdirSync(binaryDataDir);
		const queueEnv = {
			...pg.env,
			...redis.env,
			EXECUTIONS_MODE: 'queue',
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'false',
			N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
			...(binaryDataDir
				? {
						N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
						N8N_BINARY_DATA_STORAGE_PATH: binaryDataDir,
					}
				: {}),
			...(opts.env || {}),
		};
		const folder = (name) => {
			const f = path.join(base, name);
			fs.mkdirSync(path.join(f, '.n8n'), { recursive: true });
			return f;
		};

		// main first: it runs the database migrations the workers rely on
		const mainFolder = folder('main');
		const mainOpts = {
			version,
			packageTgz: tgz,
			userFolder: mainFolder,
			encryptionKey,
			env: queueEnv,
			startTimeoutMs,
			onLog: onLog && ((l) => onLog('main', l)),
		};
		const t1 = Date.now();
		let main = await startN8n(mainOpts);
		started.push(() => main.stop());
		timings.mainStartMs = Date.now() - t1;

		const makeWorker = (i) => {
			const name = `worker-${i + 1}`;
			const userFolder = folder(name);
			// each process reads the package from its own user folder, as n8n's installer put it there
			installCommunityPackage(tgz, path.join(userFolder, '.n8n'));
			const w = {
				name,
				userFolder,
				incarnations: [],
				get pid() {
					return w.current && w.current.pid;
				},
				get alive() {
					return !!w.current && !w.current.proc.exited;
				},
				/** every line this worker printed (all incarnations) */
				lines: () => w.incarnations.flatMap((x) => x.proc.lines),
				/** execution ids this worker started (n8n's "Worker started execution X (job Y)") */
				executions: () =>
					w
						.lines()
						.map((l) => /Worker started execution (\S+) \(job/.exec(l))
						.filter(Boolean)
						.map((m) => m[1]),
				ran: (id) => w.executions().includes(String(id)),
				async start() {
					const t = Date.now();
					w.current = await startWorker({
						inst,
						baseEnv: main.env,
						userFolder,
						name,
						concurrency,
						onLog,
						timeoutMs: startTimeoutMs,
					});
					w.current.startMs = Date.now() - t;
					w.incarnations.push(w.current);
					return w;
				},
				/** SIGKILL to the worker's process group (n8n and its task runner); waits for the exit */
				async kill(signal = 'SIGKILL') {
					const c = w.current;
					c.proc.kill(signal);
					await c.proc.exit;
					await c.closeLog();
				},
				async stop() {
					const c = w.current;
					if (!c || c.proc.exited) return;
					await c.proc.stop({ timeoutMs: 20_000 });
					await c.closeLog();
				},
			};
			workerStops.push(() => w.stop());
			return w;
		};
		const workers = Array.from({ length: workerCount }, (_, i) => makeWorker(i));
		const t2 = Date.now();
		await Promise.all(workers.map((w) => w.start()));
		timings.workersStartMs = Date.now() - t2;

		const stack = {
			version,
			base,
			pg,
			redis,
			tgz,
			encryptionKey,
			binaryDataDir,
			queueEnv,
			packages,
			timings,
			workers,
			mains: [main],
			get main() {
				return main;
			},
			whoRan: (id) => (workers.find((w) => w.ran(id)) || {}).name,
			/** stop main and start it again on the same folder and database (owner exists: log in) */
			async restartMain({ beforeStart } = {}) {
				await main.stop({ keep: true });
				fs.renameSync(main.logFile, path.join(mainFolder, `n8n-${stack.mains.length}.log`));
				if (beforeStart) await beforeStart();
				const t = Date.now();
				main = await startN8n({ ...mainOpts, packageTgz: undefined, setupOwner: false });
				await main.api.login();
				timings.mainRestartMs = Date.now() - t;
				stack.mains.push(main);
				return main;
			},
			stop: stopAll,
		};
		timings.upMs = Date.now() - t0;
		return stack;
	} catch (e) {
		await stopAll({ keep: true });
		e.message += `\n(queue stack folder kept: ${base})`;
		throw e;
	}
}

module.exports = { startQueueStack };
