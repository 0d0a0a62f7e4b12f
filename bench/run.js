#!/usr/bin/env node
'use strict';
/**
 * npm run bench — the package's nodes against n8n's own HTTP Request node, in a REAL n8n (1.123.81),
 * against the API sandbox with a time-scaled rate window. See bench/README.md.
 *
 * Options:
 *   --window-ms N     length of one scaled "minute" (default: calibrated, see README)
 *   --headroom X      calibration: minute = X × (300 × the sandbox's own time per 1000-receipt page) (default 1.5)
 *   --rounds N        timed rounds of the 90-day renderings (default 5; node100k, http100k: at most 3; the median by wall time is reported)
 *   --only a,b,...    scenarios: node90, httpDocs, httpExpert, node100k, http100k (HTTP Request (b) + Split Out over
 *                    the same ≥100,000 receipts, as items), node100kNoSave, file1mCsv, file1mJsonl,
 *                    file1mQueue (queue mode: a worker, shared binary-data folder), file1mQueueDb (binary
 *                    data in PostgreSQL), http1mFile, file10mCsv (≥10,000,000 receipts of center 1006 → one CSV,
 *                    ~15 minutes), basic, trigger, receiptSync (default all), dayBudget (only when named:
 *                    a window of a REAL day of the day center 1008, ~45 minutes; a run without it carries its row)
 *   --sync-receipts N receiptSync: receipts issued over the day (default 105000)
 *   --sync-minutes M  receiptSync: real minutes the day is compressed into (default 10)
 *   --sync-poll-s S   receiptSync: seconds between polls, a divisor of 60 (default 20)
 *   --day-minutes M   dayBudget: real minutes of the center's day watched (default 30)
 *   --day-at HH:MM    dayBudget: the clocks (the bench's, n8n's, the sandbox's) moved so that the window
 *                     starts at HH:MM of the center's day (default: the real hour)
 *   --day-drain-minutes M  dayBudget: at most this long after the window for its last receipts (default 10)
 *   dayBudgetNight    (only when named) dayBudget at a quiet night hour: --day-at (default 03:00), a 60-minute
 *                    window and a 20-minute drain by default; its own row and targets
 *   replica          (only when named) Center Changes on the day center 1008 over a window of a real day with a
 *                    backfill from History From beside it (bench/README.md "Replica"); --day-at as dayBudget
 *   --replica-minutes M        replica: real minutes of the window (default 30)
 *   --replica-drain-minutes M  replica: at most this long after it for its changes and the backfill (default 20)
 *   --replica-history-days N   replica: History From N days before today (default 60)
 *   --replica-quiet-minutes M  replica: Read Quiet Tables at Least Every (default the node's, 60)
 *   --replica-share P          replica: Day Budget Share in % (default the node's, 50)
 *   --sync-sink K     receiptSync: batch (Aggregate → one INSERT … ON CONFLICT a poll; default) or upsert
 *                    (the example's Insert or Update as it is)
 *   --no-shared       skip the shared-budget runs (another client of the center spends most of each window)
 *   --no-trace        skip the transport trace (phases of each request of the Receipts node, own n8n, patched build)
 *   --n8n-heap-mb N   file-export rows: n8n started with --max-old-space-size=N (a container's heap; default: V8's own)
 *   --file-start D    file-export rows: the period's first day (default: searched, the shortest period with ≥ 1,000,000)
 *   --big-start D     file10mCsv: the period's first day (default 2024-01-01, ≥ 10,000,000; a later day: a smaller dry run)
 *   --n8n-version V   default 1.123.81
 *   --out DIR         default bench/results (latest.json, latest.md; with --only, the rows and targets of the
 *                    scenarios not run are carried from the previous latest.json, marked with that run's date and commit;
 *                    those measured on other nodes/ or credentials/ than this run's are marked stale: report/product.js)
 *   --verbose         n8n's log lines on stderr
 *
 * Layout: scenarios/*.js (common data set and helpers, calibration, periods, receipts, trace, no-save,
 * basic, trigger), report/*.js (figures, targets and notes, markdown), lib/*.js (build, n8n runs, memory,
 * sink, trace patch, util); the sandbox process comes from scripts/lib/processes.js.
 */
const fs = require('node:fs');
const path = require('node:path');

const { startSandboxProcess } = require('../scripts/lib/processes');
const { buildStage } = require('./lib/build');
const { fmt } = require('./lib/util');
const {
	NOW,
	SEED,
	N8N_VERSION_DEFAULT,
	log,
	freshN8n,
	cleanupPacked,
	loadAverage,
} = require('./scenarios/common');
const { calibrate } = require('./scenarios/calibrate');
const { periodsAndTruths } = require('./scenarios/periods');
const {
	RECEIPT_SCENARIOS,
	ITEM_MODE_KEYS,
	memoryPhase,
	speedPhase,
} = require('./scenarios/receipts');
const { runTrace } = require('./scenarios/trace');
const { runNoSave } = require('./scenarios/no-save');
const { runBasic } = require('./scenarios/basic');
const { runTrigger } = require('./scenarios/trigger');
const { runFileExports, n8nEnv } = require('./scenarios/file-export');
const { runBigExport } = require('./scenarios/file-export-big');
const { bigRows, bigTargets } = require('./report/file-export-big');
const { runReceiptSync } = require('./scenarios/receipt-sync');
const { syncRows, syncTargets, rewordRetiredTargets } = require('./report/receipt-sync');
const { runDayBudget } = require('./scenarios/day-budget');
const { dayBudgetRows, dayBudgetTargets } = require('./report/day-budget');
const { nightTargets } = require('./report/day-budget-night');
const { runReplica } = require('./scenarios/replica');
const { replicaRows, replicaTargets } = require('./report/replica');
const { fileRows, fileTargets, itemModeTargets } = require('./report/file-export');
const { itemModeVsHttp } = require('./report/item-mode');
const { summariseReceipts, summarisePlain, tableRows } = require('./report/figures');
const { targetsAndNotes } = require('./report/targets');
const { machine, gitInfo, markdown } = require('./report/markdown');
const { readPrevious, carryOver } = require('./report/carry');
const { markStale } = require('./report/product');

/** Every scenario a run without --only measures (dayBudget only when named). */
const ALL_KEYS = [
	...['node90', 'httpDocs', 'httpExpert', 'node100k', 'http100k', 'node100kNoSave'],
	...['file1mCsv', 'file1mJsonl', 'file1mQueue', 'file1mQueueDb', 'http1mFile', 'file10mCsv'],
	...['basic', 'trigger', 'receiptSync', 'plain'],
];

function parseArgs(argv) {
	const o = {
		rounds: 5,
		headroom: 1.5,
		only: null,
		version: N8N_VERSION_DEFAULT,
		out: path.join(__dirname, 'results'),
		verbose: false,
		windowMs: undefined,
		shared: true,
		trace: true,
	};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const v = () => argv[++i];
		if (a === '--window-ms') o.windowMs = Number(v());
		else if (a === '--headroom') o.headroom = Number(v());
		else if (a === '--rounds') o.rounds = Math.max(1, Number(v()));
		else if (a === '--only') o.only = new Set(v().split(','));
		else if (a === '--n8n-version') o.version = v();
		else if (a === '--out') o.out = path.resolve(v());
		else if (a === '--verbose') o.verbose = true;
		else if (a === '--no-shared') o.shared = false;
		else if (a === '--no-trace') o.trace = false;
		else if (a === '--n8n-heap-mb') o.n8nHeapMb = Number(v());
		else if (a === '--file-start') o.fileStart = v();
		else if (a === '--big-start') o.bigStart = v();
		else if (a === '--sync-receipts') o.syncReceipts = Number(v());
		else if (a === '--sync-minutes') o.syncMinutes = Number(v());
		else if (a === '--sync-poll-s') o.syncPollSeconds = Number(v());
		else if (a === '--sync-sink') o.syncSink = v();
		else if (a === '--day-minutes') o.dayMinutes = Number(v());
		else if (a === '--day-at') o.dayAt = v();
		else if (a === '--day-drain-minutes') o.dayDrainMinutes = Number(v());
		else if (a === '--replica-minutes') o.replicaMinutes = Number(v());
		else if (a === '--replica-drain-minutes') o.replicaDrainMinutes = Number(v());
		else if (a === '--replica-history-days') o.replicaHistoryDays = Number(v());
		else if (a === '--replica-quiet-minutes') o.replicaQuietMinutes = Number(v());
		else if (a === '--replica-share') o.replicaShare = Number(v());
		else if (a === '--help' || a === '-h') {
			const lines = fs.readFileSync(__filename, 'utf8').split('\n');
			console.log(lines.slice(2, lines.indexOf(' */') + 1).join('\n'));
			process.exit(0);
		} else throw new Error(`unknown option ${a}`);
	}
	return o;
}

// ---------------------------------------------------------------------------------------------------

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	const t0 = Date.now();
	// dayBudget watches a window of a real day (its center's selling hours): only when named
	const want = (k) =>
		k === 'dayBudget' || k === 'dayBudgetNight' || k === 'replica'
			? !!opts.only?.has(k)
			: !opts.only || opts.only.has(k);
	const result = {
		date: new Date().toISOString(),
		machine: machine(),
		n8nVersion: opts.version,
		rounds: opts.rounds,
		git: gitInfo(),
		notes: [],
	};

	log(
		`machine: ${result.machine.nproc} CPUs, ${result.machine.memoryGiB} GiB, Node ${result.machine.node}, load ${result.machine.loadAverageAtStart.join(' ')}`,
	);
	log('building the package into a folder of its own …');
	const stage = buildStage();
	result.package = { name: stage.name, version: stage.version };

	log('calibrating the scaled minute against the sandbox …');
	result.calibration = await calibrate(opts);
	const windowMs = result.calibration.windowMs;
	result.windowMs = windowMs;
	log(
		`  plain client: ${result.calibration.plainClientPageMs} ms per 1000-receipt page → one scaled minute = ${windowMs} ms`,
	);

	const sandbox = await startSandboxProcess({
		now: NOW,
		seed: SEED,
		rateWindowMs: windowMs,
		faults: { resetFormat: 'iso' },
	});
	log(`sandbox ${sandbox.baseUrl} (rate window ${windowMs} ms, X-RateLimit-Reset ISO)`);
	const scenarios = {};
	try {
		const { periods, truths, mins } = await periodsAndTruths(sandbox, {
			with100k: [...ITEM_MODE_KEYS, 'node100kNoSave'].some(want),
		});
		result.periods = {
			p90: {
				...periods.p90,
				receipts: truths.p90.count,
				perWindow: mins.p90.perWindow,
				minimumRequests: mins.p90.min,
			},
		};
		if (periods.p100k)
			result.periods.p100k = {
				...periods.p100k,
				receipts: truths.p100k.count,
				perWindow: mins.p100k.perWindow,
				minimumRequests: mins.p100k.min,
			};

		const ctx = { opts, stage, sandbox, windowMs, periods, truths };
		const speedKeys = ['node90', 'httpDocs', 'httpExpert'].filter(want);
		const memoryRuns = {};
		for (const key of [...speedKeys, ...ITEM_MODE_KEYS].filter(want)) {
			try {
				memoryRuns[key] = await memoryPhase(key, ctx);
			} catch (e) {
				log(`  ${key} (memory) could not be measured: ${e.stack || e.message}`);
				memoryRuns[key] = { failedToRun: e.message };
			}
		}
		let speed = {};
		if (speedKeys.length) {
			try {
				speed = await speedPhase(speedKeys, ctx);
			} catch (e) {
				log(`  speed phase could not be measured: ${e.stack || e.message}`);
				for (const k of speedKeys) speed[k] = { failedToRun: e.message };
			}
		}
		if (opts.trace && want('node90')) {
			try {
				result.transportTrace = await runTrace(ctx);
			} catch (e) {
				log(`  transport trace failed: ${e.stack || e.message}`);
				result.transportTrace = { failed: e.message };
			}
		}
		for (const key of [...speedKeys, ...ITEM_MODE_KEYS].filter(want)) {
			const m = memoryRuns[key];
			const p = RECEIPT_SCENARIOS[key].period || 'p90';
			const t = ITEM_MODE_KEYS.includes(key) ? m : speed[key];
			if (!t || t.failedToRun || !t.runs?.length) {
				scenarios[key] = {
					key,
					label: RECEIPT_SCENARIOS[key].label,
					failedToRun: (t && t.failedToRun) || (m && m.failedToRun) || 'no run',
				};
				continue;
			}
			scenarios[key] = summariseReceipts(
				{
					key,
					timeRuns: t.runs,
					memoryRun: m && !m.failedToRun ? m.runs[0] : undefined,
					shared: t.shared,
					truth: truths[p],
					period: periods[p],
				},
				windowMs,
				mins[p].min,
			);
		}
		if (speed.plain && speed.plain.runs && speed.plain.runs.length)
			scenarios.plain = summarisePlain(speed.plain.runs, truths.p90, mins.p90.min, windowMs);
		if (want('node100kNoSave')) {
			try {
				scenarios.node100kNoSave = await runNoSave(ctx);
				const n = scenarios.node100kNoSave;
				log(
					`  ${fmt.int(n.records)} records (${n.exact ? 'exact' : 'NOT exact'}), ${n.requests} requests, peak RSS ${fmt.mb(n.memory.mainPeakKb)} (from ${fmt.mb(n.memory.baselineMainKb)})`,
				);
			} catch (e) {
				log(`  node100kNoSave could not be measured: ${e.stack || e.message}`);
				scenarios.node100kNoSave = {
					key: 'node100kNoSave',
					label: 'Receipts node, ≥100,000 receipts, execution data not saved',
					failedToRun: e.message,
				};
			}
		}

		const fileKeys = new Set(
			['file1mCsv', 'file1mJsonl', 'file1mQueue', 'file1mQueueDb', 'http1mFile'].filter(want),
		);
		if (fileKeys.size) {
			try {
				result.fileExports = await runFileExports(ctx, fileKeys);
			} catch (e) {
				log(`  file exports could not be measured: ${e.stack || e.message}`);
				result.fileExports = Object.fromEntries(
					[...fileKeys].map((k) => [k, { key: k, failedToRun: e.message }]),
				);
			}
		}

		if (want('file10mCsv')) {
			result.fileExports = result.fileExports || { n8nHeapMb: opts.n8nHeapMb || null };
			try {
				result.fileExports.file10mCsv = await runBigExport(ctx, n8nEnv(opts));
			} catch (e) {
				log(`  file10mCsv could not be measured: ${e.stack || e.message}`);
				result.fileExports.file10mCsv = { key: 'file10mCsv', failedToRun: e.message };
			}
		}

		if (want('receiptSync')) {
			try {
				scenarios.receiptSync = await runReceiptSync(ctx);
				const s = scenarios.receiptSync;
				log(
					`  receipt sync: ${s.table.count} rows for ${s.truth.count} true, ${s.polls.length} polls, ${s.rateLimited} × 429, lag max ${s.table.lagSeconds.max} s`,
				);
			} catch (e) {
				log(`  receiptSync could not be measured: ${e.stack || e.message}`);
				scenarios.receiptSync = { key: 'receiptSync', failedToRun: e.message };
			}
		}

		if (want('dayBudget')) {
			try {
				scenarios.dayBudget = await runDayBudget(ctx);
				const d = scenarios.dayBudget;
				log(
					`  day budget: ${d.requests.total} requests over ${d.polls.length} polls, table ${d.table.written} of ${d.table.trueCount}, ${d.requests.rateLimited} × 429, lag max ${d.table.lagSeconds.max} s`,
				);
			} catch (e) {
				log(`  dayBudget could not be measured: ${e.stack || e.message}`);
				scenarios.dayBudget = { key: 'dayBudget', failedToRun: e.message };
			}
		}

		if (want('dayBudgetNight')) {
			try {
				scenarios.dayBudgetNight = await runDayBudget(ctx, { night: true });
				const d = scenarios.dayBudgetNight;
				log(
					`  day budget, night: ${d.requests.inWindow} requests in the window over ${d.polls.length} polls, table ${d.table.written} of ${d.table.trueCount}, ${d.requests.rateLimited} × 429`,
				);
			} catch (e) {
				log(`  dayBudgetNight could not be measured: ${e.stack || e.message}`);
				scenarios.dayBudgetNight = { key: 'dayBudgetNight', failedToRun: e.message };
			}
		}

		if (want('replica')) {
			try {
				scenarios.replica = await runReplica(ctx);
				const r = scenarios.replica;
				log(
					`  replica: ${r.requests.total} requests over ${r.polls.length} polls, ${r.records.total} records, backfill ${r.history.doneAt ? 'done' : 'not done'}, ${r.requests.rateLimited} × 429`,
				);
			} catch (e) {
				log(`  replica could not be measured: ${e.stack || e.message}`);
				scenarios.replica = { key: 'replica', failedToRun: e.message };
			}
		}

		if (want('basic') || want('trigger')) {
			// the trigger counts days by the real clock: from here on the sandbox's (frozen) clock is the real now,
			// set before this n8n gets its token (tokens live 1 hour on the sandbox clock)
			await sandbox.control.setClock({ set: new Date().toISOString(), mode: 'frozen' });
			log('Basic revenue and trigger: fresh n8n …');
			const { n8n, credentialId } = await freshN8n(opts, stage, sandbox, 'basic');
			try {
				if (want('basic')) {
					try {
						scenarios.basic = await runBasic(ctx, n8n, credentialId);
						const b = scenarios.basic;
						log(
							`  basic: ${b.status}, ${fmt.int(b.records)} rows (${b.exact ? 'exact' : 'NOT exact'}), ${b.dataRequests} requests, ${b.rateLimited} × 429, ${fmt.int(b.wallMs)} ms, per window ${b.requestsPerWindow.join('/')}`,
						);
					} catch (e) {
						log(`  basic could not be measured: ${e.stack || e.message}`);
						scenarios.basic = { key: 'basic', failedToRun: e.message };
					}
				}
				if (want('trigger')) {
					try {
						scenarios.trigger = await runTrigger(ctx, n8n, credentialId);
						const t = scenarios.trigger;
						log(
							`  trigger: ${t.polls.length} polls, requests per poll ${t.polls.map((p) => p.requests).join(', ')} (rows ${t.rowsBefore} → ${t.rowsAfter}), emitted ${t.emitted}`,
						);
					} catch (e) {
						log(`  trigger could not be measured: ${e.stack || e.message}`);
						scenarios.trigger = { key: 'trigger', failedToRun: e.message };
					}
				}
			} finally {
				await n8n.stop();
			}
		}
	} finally {
		await sandbox.stop();
		stage.cleanup();
		cleanupPacked();
	}

	const { rows, sharedPerMin } = tableRows(scenarios, windowMs);
	const previous = readPrevious(path.join(opts.out, 'latest.json'));
	result.rows = [
		...rows,
		...fileRows(result.fileExports, windowMs),
		...bigRows(result.fileExports, windowMs),
		...syncRows(scenarios.receiptSync),
		...dayBudgetRows(scenarios.dayBudget),
		...dayBudgetRows(scenarios.dayBudgetNight),
		...replicaRows(scenarios.replica),
	];
	result.scenarios = scenarios;
	result.targets = [
		...targetsAndNotes(result, sharedPerMin, windowMs),
		...fileTargets(result.fileExports, windowMs),
		...bigTargets(result.fileExports, previous),
		...itemModeTargets(scenarios.node100k),
		...itemModeVsHttp(scenarios.node100k, scenarios.http100k),
		...syncTargets(scenarios.receiptSync),
		...dayBudgetTargets(scenarios.dayBudget),
		...nightTargets(scenarios.dayBudgetNight),
		...replicaTargets(scenarios.replica),
	];
	// --only: the rows and targets of the scenarios not run now stay, marked with the run that measured them
	// (a run without --only: the dayBudget row stays)
	if (opts.only) result.carriedScenarios = carryOver(result, previous, opts.only);
	else result.carriedScenarios = carryOver(result, previous, ALL_KEYS);
	// what stands on other product files than this run's (carried from before a change) counts as not met
	rewordRetiredTargets(result.targets);
	markStale(result, result.git.product);
	result.benchSeconds = (Date.now() - t0) / 1000;
	result.machine.loadAverageAtEnd = loadAverage();

	fs.mkdirSync(opts.out, { recursive: true });
	fs.writeFileSync(path.join(opts.out, 'latest.json'), JSON.stringify(result, null, 2) + '\n');
	fs.writeFileSync(path.join(opts.out, 'latest.md'), markdown(result));
	console.log('\n' + markdown(result));
	log(
		`written ${path.relative(process.cwd(), path.join(opts.out, 'latest.json'))} and latest.md in ${Math.round(result.benchSeconds)} s`,
	);
}

main().catch((e) => {
	console.error(e.stack || e.message);
	process.exit(1);
});
