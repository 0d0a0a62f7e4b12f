'use strict';
/*
 * receiptSync: New Receipt → PostgreSQL over a compressed live day (bench/README.md "Receipt sync").
 * examples/receipts-to-postgres.json activated in a fresh n8n, its table from the example's note in a
 * PostgreSQL from Debian's package (scripts/n8n/queue/services.js), a sandbox of its own whose clock runs
 * with the real one (n8n's "today" and the API's agree) and whose rate window is the run's scaled minute.
 * The sync center 1007 (100 shops) gets its day's receipts live (receipt-sync-day.js) while n8n polls
 * every few seconds; then: the polls (cut by the trigger's per-poll log lines), requests against the day
 * budget's allowance and each shop's pages against its receipts, 429s, n8n's RSS poll by poll, the lag
 * from reception to the row, and the table against the true set.
 */
const { startN8n } = require('../../scripts/n8n/instance');
const { ensureServicePackages, startPostgres } = require('../../scripts/n8n/queue/services');
const { startSandboxProcess } = require('../../scripts/lib/processes');
const { loadExamples, bindExample } = require('../../scripts/lib/examples');
const { parsePollLine } = require('../../scripts/lib/poll-line');
const { RssSampler } = require('../lib/rss');
const { sleep, addDays } = require('../lib/util');
const { SEED, log, packedPackage } = require('./common');
const { SYNC, LiveDay, pollsOf, checkPoll, dayIn } = require('./receipt-sync-day');
const { syncWorkflow, tableDdl, exampleCredentials } = require('./receipt-sync-workflow');
const { readTable } = require('./receipt-sync-table');

const DEFAULTS = {
	receipts: 105_000,
	minutes: 10,
	pollSeconds: 20,
	sink: 'batch',
	lateShare: 0.05,
};

async function waitFor(what, fn, timeoutMs, everyMs = 1000) {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const v = await fn();
		if (v) return v;
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await sleep(everyMs);
	}
}

/** New Receipt's poll lines as n8n prints them: the sync center's requests and when the line came. */
function pollLineCollector() {
	const lines = [];
	const onLine = (l) => {
		const p = parsePollLine(l);
		if (p && p.event === 'New Receipt')
			lines.push({ requests: p.centers[SYNC.sc] || 0, at: Date.now() });
	};
	return { lines, onLine };
}

async function runReceiptSync(ctx) {
	const { opts, stage, windowMs } = ctx;
	const cfg = {
		receipts: opts.syncReceipts || DEFAULTS.receipts,
		dayMs: (opts.syncMinutes || DEFAULTS.minutes) * 60_000,
		pollSeconds: opts.syncPollSeconds || DEFAULTS.pollSeconds,
		sink: opts.syncSink || DEFAULTS.sink,
		lateShare: DEFAULTS.lateShare,
	};
	const example = loadExamples().find((e) => e.key === 'receipts-to-postgres').workflow;
	const { lookbackDays, dayBudgetShare } = example.nodes.find(
		(n) => n.name === 'New receipt',
	).parameters;
	const env = {};
	try {
		const packages = ensureServicePackages({ log });
		env.pg = await startPostgres({ database: 'warehouse' });
		env.pg.psql(tableDdl(example));
		env.sb = await startSandboxProcess({
			seed: SEED,
			now: new Date().toISOString(),
			clock: 'frozen',
			rateWindowMs: windowMs,
			faults: { resetFormat: 'iso' },
		});
		const pollLines = pollLineCollector();
		env.n8n = await startN8n({
			version: opts.version,
			packageTgz: packedPackage(stage),
			logLevel: 'info',
			onLog: (l) => {
				pollLines.onLine(l);
				if (opts.verbose) process.stderr.write(`[n8n sync] ${l}\n`);
			},
		});
		const pollsDone = () => pollLines.lines.length;
		const { sb, pg, n8n } = env;
		log(
			`  receipt sync: PostgreSQL ${pg.version}${packages.installed.length ? ` (apt-get: ${packages.installed.join(', ')})` : ''}, sandbox ${sb.baseUrl}, n8n ${opts.version}; ${cfg.receipts} receipts over ${cfg.dayMs / 60000} min, a poll every ${cfg.pollSeconds} s, sink "${cfg.sink}"`,
		);
		const credentials = await exampleCredentials(n8n, {
			name: 'Sync center',
			baseUrl: sb.baseUrl,
			clientId: SYNC.clientId,
			clientSecret: SYNC.clientSecret,
			pg,
		});
		const wf = await n8n.api.importWorkflow(
			bindExample(syncWorkflow(example, cfg), { credentials }),
		);

		// the first poll (run while activating) remembers what exists: the clock stands still meanwhile
		await sb.control.setClock({ set: new Date().toISOString(), mode: 'frozen' });
		const seq0 = await sb.control.lastSeq();
		const firstDay = dayIn(SYNC.zone, Date.parse((await sb.control.clock()).now));
		const visible = () =>
			sb.control.truth('receipts', {
				sc_id: SYNC.sc,
				start_received_date: addDays(firstDay, -lookbackDays),
				end_received_date: '2099-12-31',
			});
		const baseline = await visible();
		const activatedAt = Date.now();
		await n8n.api.activate(wf.id);
		await sb.control.setClock({ set: new Date().toISOString(), mode: 'running' });
		const sampler = new RssSampler(n8n.pid, 250).start();
		log(
			`  activated in ${Date.now() - activatedAt} ms (${baseline.count} receipts existed); issuing the day …`,
		);

		const day = new LiveDay(sb.control, {
			total: cfg.receipts,
			dayMs: cfg.dayMs,
			lateShare: cfg.lateShare,
		});
		const progress = setInterval(() => {
			const c = pg.psql('SELECT count(*) FROM receipts').trim();
			log(`    issued ${day.issued}, rows ${c}, n8n RSS ${sampler.samples.at(-1)?.mainKb} kB`);
		}, 60_000);
		try {
			await day.run();
		} finally {
			clearInterval(progress);
		}
		const issuedUntil = day.endedAt;
		// the sandbox's clock stands still from the day's end: no receipt of its own data set (received
		// over real time like the day's) becomes visible after the day is counted, so the table is
		// compared with what the trigger could have read (one received in the drain's last seconds was
		// counted missing at 14:14 while the table already held the day)
		await sb.control.setClock({ mode: 'frozen' });
		log(`  issued ${day.issued} (${day.late} late) in ${(issuedUntil - day.startedAt) / 1000} s`);

		// the day is over: its last receipts are read within the lag bound (two cycles and two polls,
		// docs/trigger.md; a poll sends at most its part of the real minute, so a compressed day's
		// last receipts take more than two polls): until the table holds the day or that bound has
		// passed, then two polls finished after it (the trigger logs a line when a poll ends), then
		// every execution
		const share = Math.floor((50_000 * dayBudgetShare) / 100);
		const boundMs = ((2 * SYNC.shops * 1440) / share) * 60_000 + 2 * cfg.pollSeconds * 1000;
		const dayCount = (await visible()).count - baseline.count;
		const rows = () => Number(pg.psql('SELECT count(*) FROM receipts').trim());
		await waitFor('the table to hold the day', async () => rows() >= dayCount, boundMs, 5000).catch(
			() => log(`  the table holds ${rows()} of ${dayCount} after the lag bound`),
		);
		const done0 = pollsDone();
		await waitFor(
			'two polls to finish after the last receipt',
			async () => pollsDone() >= done0 + 2,
			6 * cfg.pollSeconds * 1000,
		);
		const executions = await waitFor(
			'the executions to finish',
			async () => {
				const l = (await n8n.api.executions({ workflowId: wf.id, limit: 250 })) || [];
				return l.every((e) => !['running', 'new', 'waiting'].includes(e.status)) ? l : null;
			},
			10 * 60_000,
		);
		await sleep(2000);
		const memory = sampler.stop();
		const failed = executions.find((e) => e.status !== 'success');
		const firstError = failed && (await n8n.api.execution(failed.id));
		await n8n.api.deactivate(wf.id);
		const endedAt = Date.now();

		const truthNow = await visible();
		const before = new Set(baseline.ids);
		const trueIds = truthNow.ids.filter((id) => !before.has(id));
		const trueSum = truthNow.sum - baseline.sum;
		const polls = await pollsOf(sb.control, seq0, pollLines.lines);
		const checked = [];
		for (const p of polls) checked.push(await checkPoll(sb.control, p, lookbackDays));
		const table = readTable(pg, trueIds, day.lateIds, SYNC.zone);
		return {
			key: 'receiptSync',
			label: `New Receipt → PostgreSQL, center ${SYNC.sc} (${SYNC.shops} shops), a compressed day`,
			config: {
				...cfg,
				windowMs,
				lookbackDays,
				zone: SYNC.zone,
				sc: SYNC.sc,
				// the shops the trigger reads: the active ones (09 is archived)
				units: SYNC.shops - 1,
				// the example's Day Budget Share (none: the trigger's default, report/receipt-sync.js)
				sharePercent: dayBudgetShare,
			},
			day: {
				issued: day.issued,
				late: day.late,
				startedAt: new Date(day.startedAt).toISOString(),
				issuedMs: issuedUntil - day.startedAt,
				ticks: day.ticks.length,
				slowestTickMs: Math.max(...day.ticks.map((t) => t.ms)),
			},
			baseline: { count: baseline.count },
			truth: { count: trueIds.length, sum: trueSum },
			table,
			polls: checked,
			executions: countBy(executions.map((e) => e.status)),
			firstError:
				firstError &&
				JSON.stringify(firstError.data?.resultData?.error || firstError.status).slice(0, 600),
			memory: memoryByPoll(sampler, memory, checked, endedAt, day),
			rateLimited: checked.reduce((a, p) => a + p.rateLimited, 0),
		};
	} finally {
		if (env.n8n) await env.n8n.stop().catch(() => {});
		if (env.sb) await env.sb.stop().catch(() => {});
		if (env.pg) await env.pg.stop().catch(() => {});
	}
}

function countBy(list) {
	const out = {};
	for (const x of list) out[x] = (out[x] || 0) + 1;
	return out;
}

/**
 * n8n's main-process RSS: the highest sample in each poll's interval (its start to the next one's); the
 * growth compares the polls of the day's last quarter with those of its first (the highest sample of
 * each group: a poll's peak depends on how much its execution writes, so single polls are noisy).
 */
function memoryByPoll(sampler, memory, polls, endedAt, day) {
	const starts = polls.map((p) => Date.parse(p.startedAt));
	const peaks = starts.map((t, i) =>
		memory.peakBetween(t, i + 1 < starts.length ? starts[i + 1] : endedAt, 'mainKb'),
	);
	const during = peaks.filter((_, i) => starts[i] >= day.startedAt && starts[i] <= day.endedAt);
	const q = Math.max(1, Math.floor(during.length / 4));
	const firstKb = Math.max(...during.slice(0, q));
	const lastKb = Math.max(...during.slice(-q));
	return {
		pollsInDay: during.length,
		quarter: q,
		firstQuarterPeakKb: firstKb,
		lastQuarterPeakKb: lastKb,
		growthKb: lastKb - firstKb,
		baselineMainKb: memory.baselineMainKb,
		mainPeakKb: memory.mainPeakKb,
		mainPeakFrom: memory.mainPeakFrom,
		treePeakKb: memory.treePeakKb,
		peakPerPollKb: peaks,
		cpuMs: sampler.samples.at(-1).cpuMs - sampler.samples[0].cpuMs,
	};
}

module.exports = { runReceiptSync, DEFAULTS };
