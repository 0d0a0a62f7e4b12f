#!/usr/bin/env node
'use strict';
/*
 * `npm run e2e:receipts`: examples/receipts-to-postgres.json ACTIVATED in a real n8n (1.123.81 and 2.41.1), writing into a real
 * PostgreSQL (Debian's package, started as the queue-mode stack starts it: scripts/n8n/queue/services.js,
 * installed with apt-get when missing). The table is created from the DDL in the example's note.
 *
 *   node test/e2e/receipts/run.js [--version 1.123.81 [--version 2.41.1@midnight [--version 2.41.1+durable]]] [--package-dir .] [--rounds 4] [--no-replica] [--serial | --side-by-side] [--legs in-memory|durable] [--keep] [--verbose]
 *
 * Legs: three by default (or $N8N_E2E_VERSIONS, comma-separated), each in its own process
 * (lib/side-by-side.js): the in-memory legs side by side (they mostly wait on n8n's polls), then the
 * durable leg alone (beside the others it failed 2 of 6 times on a loaded 2-core machine: legGroups);
 * --serial or $N8N_E2E_SIDE_BY_SIDE=0: one after the other in this process; --side-by-side or
 * $N8N_E2E_SIDE_BY_SIDE=1: all side by side; --legs in-memory / durable: only those (npm test runs the
 * in-memory legs beside the other e2e runners and the durable leg alone). Each leg with its own PostgreSQL, sandbox and n8n (every leg's clocks but @midnight's moved so that it starts at 11:00 in center 1002's zone: DAY_START_LOCAL; the durable leg's database clock with them): 1.123.81 and 2.41.1 with n8n's default (in-memory) scheduler (the
 * 2.41.1 leg `@midnight`: its clocks, n8n's and the checks', moved by shift-clock.js so that center
 * 1002's midnight comes in its first rounds, whatever the hour it runs at), and
 * `2.41.1+durable`: n8n's durable scheduler with durable poll cursors (the four settings of
 * docs/trigger.md on; n8n's own database SQLite, as the e2e part `durable` runs it), where the
 * trigger's state is the `poller_state` row that n8n commits with the execution a poll starts.
 *
 * The sandbox's clock is frozen and set to the real time before each round (so n8n's "today" and the
 * API's agree; what existed at the first poll: what the sandbox showed, and for a shop that poll did not
 * read, what it received before the center's origin, n8n's later clock, which the table may hold or not: leg.js rememberUnread); between polls receipts arrive (the day's own, received minutes to 12 hours after they
 * were printed, and receipts inserted "now" that were printed 1–47 hours earlier: late arrivals, many
 * across midnight in the center's zone). n8n polls every 30 s (Day Budget Share 100 %, so every shop is read at every poll). Checked (checks.js):
 * - every poll: its requests per center = Σ over shops ⌈receipts received in the re-read period / 1000⌉;
 * - SIGKILL while a poll is under way (answers slowed down), restart on the same folder: nothing twice,
 *   nothing missing;
 * - SIGKILL while an execution is under way (its upsert waits on a table lock held by another session),
 *   restart: n8n marks that execution crashed; its receipts are the only ones missing, and retrying it
 *   (the upsert on id makes it harmless) completes the table;
 * - the end: the table equals the sandbox's true set (count, distinct ids, Σ total_sum), no duplicate.
 *
 * The replica beside (issue 36; every leg but @midnight; `--no-replica` or N8N_E2E_REPLICA=0 leave it
 * out): in the same n8n
 * and PostgreSQL, examples/center-to-postgres.json activated too (its tables from its note; its
 * credential the sandbox's second key, given the demo key's centers, so the sandbox's log tells the
 * two workflows' requests apart while n8n's budget pool still counts one share per center; Day Budget
 * Share 100 %, Read Quiet Tables at Least Every 1 min, Lookback 2, Emit Everything at the first poll,
 * all eleven tables, History From 400 days back). The stretch starts with the backfill of the centers'
 * history killed mid-way: in these legs the mid-poll SIGKILL comes right after the activation, once a
 * backfill poll has committed (history rows in PostgreSQL) and while the poll lines say it is not done
 * (replica/backfill.js), the rounds after it. Between the rounds a stretch of a center's life
 * (replica/setup.js): late receipts across midnight (the rounds' own, printed from yesterday on), a
 * ticket created and moved to in_progress and agreed, two declared turnovers through the API's route
 * (the Intake node's), and at the mid-poll SIGKILL the clocks (n8n's, the sandbox's, the checks') moved
 * on 4 h with a shop opened and one closed before n8n starts again (the directory is read every 4
 * hours). The replica's last step: once it has settled, the backfill done and every table equal to the
 * sandbox's truth read through its API row by row and column by column (the backfilled period whole:
 * every day, month and ticket from History From on; replica/truth.js, truth-added.js), no record
 * emitted twice, both nodes' requests of each center day within the one share, the replica's requests
 * per table printed beside docs/replica.md's day in numbers (steps/replica.js).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startN8n } = require('../../../scripts/n8n/instance/start');
const { ensureN8n } = require('../../../scripts/n8n/install');
const { ensureServicePackages, startPostgres } = require('../../../scripts/n8n/queue/services');
const { startSandboxProcess } = require('../../../scripts/lib/processes');
const { createReport } = require('../lib/report');
const { cliOptions, packageBuilt, stopOnSignal, runMain } = require('../lib/runner');
const { DURABLE_ENV } = require('../lib/poll-ledger');
const { legsInGroups } = require('../lib/side-by-side');
const checks = require('./checks');
const clock = require('../../../scripts/lib/shift-clock');

/**
 * @midnight legs: center 1002's midnight this long after the leg starts (in its first rounds: the
 * bring-up takes 20–40 s and the activation 40–60 s alone; side by side on a loaded machine the
 * bring-up took 132 s, past the 100 s this was before)
 */
const MIDNIGHT_AFTER_MS = 180_000;
/**
 * The other legs: their clocks moved so that they start at this hour of center 1002's day (center 1004:
 * 16:00 in Vladivostok), whatever the hour they run at: both centers sell then and, after the replica's
 * 4-hour jump, still do. The trigger reads a shop whose receipts stopped (closed for the night) less
 * and less often (schedule.ts), so a late arrival inserted there waits past the checks' next polls:
 * legs that ran at 23:35 there, or whose jump came to 23:30, failed so.
 */
const DAY_START_LOCAL = [11, 0];

const { all, opt, flag, packageDir: PACKAGE_DIR } = cliOptions();
/** a durable leg (n8n's durable scheduler): `2.41.1+durable`, also with @midnight */
const isDurable = (spec) => spec.split('@')[0].endsWith('+durable');
// --legs in-memory | durable: only those of the legs (npm test runs the two kinds at different times)
const KIND = opt('legs', 'all');
const VERSIONS = (
	all('version').length
		? all('version')
		: (process.env.N8N_E2E_VERSIONS || '1.123.81,2.41.1@midnight,2.41.1+durable')
				.split(',')
				.map((s) => s.trim())
).filter((v) => KIND === 'all' || (KIND === 'durable') === isDurable(v));
const ROUNDS = Number(opt('rounds', '4'));
const KEEP = flag('keep');
const VERBOSE = flag('verbose') || !!process.env.N8N_E2E_VERBOSE;

async function main() {
	const t0 = Date.now();
	const report = createReport();
	console.log(`e2e New Receipt → PostgreSQL in n8n ${VERSIONS.join(', ')}; package ${PACKAGE_DIR}`);
	if (!packageBuilt(PACKAGE_DIR)) return 1;
	if (!['all', 'in-memory', 'durable'].includes(KIND) || !VERSIONS.length)
		throw new Error(`--legs ${KIND}: no leg (all, in-memory or durable)`);
	const groups = legGroups();
	if (groups) {
		// apt-get once, before the legs (each would otherwise wait on the other's dpkg lock)
		ensureServicePackages();
		const args = ['--rounds', String(ROUNDS), '--package-dir', PACKAGE_DIR];
		if (KEEP) args.push('--keep');
		if (VERBOSE) args.push('--verbose');
		if (flag('no-replica')) args.push('--no-replica');
		return await legsInGroups(__filename, groups, args);
	}
	for (const version of VERSIONS) {
		report.version = version;
		console.log(`\n══ n8n ${version} ${'═'.repeat(60)}`);
		await leg(version, report);
	}
	return report.finish(t0);
}

/**
 * How the legs run, each in its own process (null: one after the other in this one, --serial or
 * $N8N_E2E_SIDE_BY_SIDE=0, or a single leg): by default the in-memory legs side by side, then each
 * durable leg alone (its SIGKILL during a poll needs n8n's poll to be under way while the sandbox's
 * answers are slowed; on a loaded 2-core machine beside other legs that failed 2 of 6 times);
 * --side-by-side or $N8N_E2E_SIDE_BY_SIDE=1: all of them side by side.
 */
function legGroups() {
	const env = process.env.N8N_E2E_SIDE_BY_SIDE;
	if (VERSIONS.length < 2 || flag('serial') || env === '0') return null;
	if (flag('side-by-side') || env === '1') return [VERSIONS];
	const inMemory = VERSIONS.filter((v) => !isDurable(v));
	const groups = [inMemory, ...VERSIONS.filter(isDurable).map((v) => [v])];
	return groups.filter((g) => g.length);
}

async function leg(spec, report) {
	const [head, at = ''] = spec.split('@');
	const [VERSION, mode = ''] = head.split('+');
	if ((mode && mode !== 'durable') || (at && at !== 'midnight'))
		throw new Error(`unknown leg ${spec} (a version, version+durable, either @midnight)`);
	const durable = mode === 'durable';
	// the replica (center-to-postgres) beside the receipts example: on every leg but @midnight
	// (`--no-replica` or N8N_E2E_REPLICA=0 leave it out)
	const replica = !at && !flag('no-replica') && process.env.N8N_E2E_REPLICA !== '0';
	// @midnight: this leg's clocks (n8n's, the checks') moved so that center 1002's midnight comes
	// MIDNIGHT_AFTER_MS after the leg starts, inside its first polls with receipts arriving; n8n
	// installed first (a cold npm test's background install may still run as the legs start side by
	// side), else the wait for it would eat those seconds (a failed install: the bring-up reports it)
	if (at) await ensureN8n({ version: VERSION }).catch(() => {});
	// the durable scheduler's time is its database's (SQLite's 'now'): shift-clock moves that too
	let shiftMs = at
		? clock.shiftToLocal(checks.ZONES['1002'], 0, 0) - MIDNIGHT_AFTER_MS
		: clock.shiftToLocal(checks.ZONES['1002'], ...DAY_START_LOCAL);
	clock.setShift(shiftMs);
	console.log(
		at
			? `       clocks moved by ${(shiftMs / 3600e3).toFixed(2)} h: midnight in ${checks.ZONES['1002']} (center 1002) comes ${MIDNIGHT_AFTER_MS / 1000} s after the start`
			: `       clocks moved by ${(shiftMs / 3600e3).toFixed(2)} h: the leg starts at ${DAY_START_LOCAL.map((n) => String(n).padStart(2, '0')).join(':')} in ${checks.ZONES['1002']} (center 1002)`,
	);
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-e2e-receipts-'));
	const env = { pg: null, sb: null, n8n: null };
	const stopAll = async () => {
		if (env.n8n) await env.n8n.stop({ keep: true }).catch(() => {});
		if (env.sb) await env.sb.stop().catch(() => {});
		if (env.pg) await env.pg.stop().catch(() => {});
		env.n8n = env.sb = env.pg = null;
		if (!KEEP) fs.rmSync(folder, { recursive: true, force: true });
	};
	const offSignal = stopOnSignal(stopAll);
	// n8n's options; its clock moved by shiftMs (a restart may move it on: the replica's jump)
	const n8nOpts = () => ({
		version: VERSION,
		userFolder: folder,
		// the four settings of the durable scheduler with durable cursors; n8n's own database stays SQLite
		env: Object.assign(
			{},
			durable ? DURABLE_ENV : {},
			shiftMs ? { E2E_CLOCK_SHIFT_MS: String(shiftMs) } : {},
		),
		nodeArgs: shiftMs ? ['--require', clock.path] : undefined,
		keep: true,
		onLog: VERBOSE ? (l) => process.stderr.write(`[n8n] ${l}\n`) : undefined,
	});
	try {
		const up = await report.step(
			'bring up PostgreSQL (Debian package), the sandbox (clock frozen at the real time), n8n',
			async () => {
				const packages = ensureServicePackages();
				env.pg = await startPostgres({ database: 'warehouse' });
				env.sb = await startSandboxProcess({
					seed: 42,
					now: new Date().toISOString(),
					clock: 'frozen',
					detached: true,
				});
				env.n8n = await startN8n({ ...n8nOpts(), packageDir: PACKAGE_DIR });
				console.log(
					`       PostgreSQL ${env.pg.version} :${env.pg.port}; n8n ${(env.n8n.timings.startMs / 1000).toFixed(1)} s` +
						(packages.installed.length
							? `; apt-get installed ${packages.installed.join(', ')} in ${packages.seconds} s`
							: ''),
				);
				return true;
			},
		);
		if (up) {
			await checks.run({
				env,
				step: report.step,
				rounds: ROUNDS,
				/** where the durable leg reads the trigger's poller_state row (n8n's SQLite) */
				durable: durable && { version: VERSION, userFolder: folder },
				/** n8n's own database (SQLite in the user folder), read-only */
				n8nDb: { version: VERSION, userFolder: folder },
				replica,
				/**
				 * SIGKILL n8n's process group, then (after beforeStart) start it again on the same folder;
				 * jumpMs: this process's clock and n8n's moved on by that much first
				 */
				async killAndRestart(beforeStart, { jumpMs = 0 } = {}) {
					try {
						process.kill(-env.n8n.pid, 'SIGKILL');
					} catch {
						/* already gone */
					}
					await env.n8n.stop({ keep: true }).catch(() => {});
					if (jumpMs) clock.setShift((shiftMs += jumpMs));
					if (beforeStart) await beforeStart();
					const t = Date.now();
					env.n8n = await startN8n({ ...n8nOpts(), setupOwner: 'ifNeeded' });
					return Date.now() - t;
				},
			});
		}
	} finally {
		await stopAll();
		clock.setShift(0);
		offSignal();
	}
}

runMain(main);
