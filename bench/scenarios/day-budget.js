'use strict';
/*
 * dayBudget (issue 29): New Receipt on a day budget in a real n8n, over a WINDOW OF A REAL DAY (bench/README.md
 * "Day budget"). The trigger plans by the center's real clock (what is left of its share over what is
 * left of the center's day), and n8n's clock is the real one, so the day cannot be compressed: the
 * sandbox's clock runs in real time from now, in step with n8n's, and its day center 1008 (300 shops,
 * Moscow, most selling 10:00–22:00) receives its receipts as the seed generates them (late arrivals
 * included). examples/receipts-to-postgres.json, its trigger on center 1008 only, polling every minute
 * (n8n's Poll Times default), Day Budget Share and Read Quiet Shops at Least Every at their defaults.
 * After the window, n8n polls on until every receipt received in the window is in the table (at most
 * `drainMinutes`). Measured: the center's requests (the sandbox's log) against the share's pace and
 * against reading every shop at every poll, the table against the true set, 429s, the lag, n8n's RSS.
 */
const os = require('node:os');
const { ensureServicePackages, startPostgres } = require('../../scripts/n8n/queue/services');
const { loadExamples, bindExample } = require('../../scripts/lib/examples');
const { RssSampler } = require('../lib/rss');
const { sleep } = require('../lib/util');
const { log } = require('./common');
const { shiftForDayAt, startDayServices } = require('./day-stack');
const { tableDdl, exampleCredentials } = require('./receipt-sync-workflow');
const W = require('./day-budget-window');
const clock = require('../../scripts/lib/shift-clock');

const DAY = {
	sc: '1008',
	zone: 'Europe/Moscow',
	clientId: 'day-client',
	clientSecret: 'day-secret-8c41f7',
	shops: 300,
};
const DEFAULTS = { windowMinutes: 30, drainMinutes: 10 };

/** The example, its trigger on the day center alone, every minute, the budget fields at their defaults. */
function dayWorkflow(example) {
	const wf = JSON.parse(JSON.stringify(example));
	const p = wf.nodes.find((n) => n.name === 'New receipt').parameters;
	p.pollTimes = { item: [{ mode: 'everyMinute' }] };
	p.centerScope = 'selected';
	p.centerIds = [DAY.sc];
	delete p.dayBudgetShare;
	delete p.quietMaxWaitMinutes;
	return wf;
}

const load = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/** dayBudgetNight: a quiet night hour, the window long enough for each closed shop's one read an hour. */
const NIGHT = { dayAt: '03:00', windowMinutes: 60, drainMinutes: 20 };
/**
 * How far back a receipt keeps its shop off "quiet" (docs/trigger.md "The day budget", schedule.ts): its
 * active hour (every second poll), then 2, 4 … 32 polls up to the bound (60 min), then one bound: from
 * 3 hours after its last receipt a shop is read once per bound, as the jest day test counts.
 */
const QUIET_LOOKBACK_MS = 3 * 3_600_000;

async function runDayBudget(ctx, variant = {}) {
	const { stage } = ctx;
	const opts = variant.night
		? Object.assign({}, ctx.opts, {
				dayAt: ctx.opts.dayAt || NIGHT.dayAt,
				dayMinutes: ctx.opts.dayMinutes || NIGHT.windowMinutes,
				dayDrainMinutes: ctx.opts.dayDrainMinutes || NIGHT.drainMinutes,
			})
		: ctx.opts;
	const cfg = {
		windowMs: (opts.dayMinutes || DEFAULTS.windowMinutes) * 60_000,
		drainMs: (opts.dayDrainMinutes || DEFAULTS.drainMinutes) * 60_000,
	};
	// --day-at HH:MM: this process's clock and n8n's moved (the sandbox's follows this one; PostgreSQL's
	// loaded_at is moved back by the same shift): the window starts at that hour of the center's day
	const shiftMs = shiftForDayAt(opts.dayAt, DAY.zone);
	const example = loadExamples().find((e) => e.key === 'receipts-to-postgres').workflow;
	const env = {};
	const pollLines = [];
	const loads = [{ at: new Date().toISOString(), load: load() }];
	try {
		ensureServicePackages({ log });
		env.pg = await startPostgres({ database: 'warehouse' });
		env.pg.psql(tableDdl(example));
		await startDayServices(env, {
			opts,
			stage,
			shiftMs,
			tag: 'day',
			onLine: (l) => {
				const p = W.parsePollLine(l, Date.now(), DAY.sc);
				if (p) pollLines.push(p);
			},
		});
		const { sb, pg, n8n } = env;
		const credentials = await exampleCredentials(n8n, {
			name: 'Day center',
			baseUrl: sb.baseUrl,
			clientId: DAY.clientId,
			clientSecret: DAY.clientSecret,
			pg,
		});
		const wf = await n8n.api.importWorkflow(bindExample(dayWorkflow(example), { credentials }));
		log(
			`  day budget: PostgreSQL ${pg.version}, sandbox ${sb.baseUrl} (clock running from the real now), n8n ${opts.version}; a window of ${cfg.windowMs / 60000} real minutes of center ${DAY.sc}'s day, then at most ${cfg.drainMs / 60000} min for the window's last receipts`,
		);

		const seq0 = await sb.control.lastSeq();
		const sampler = new RssSampler(n8n.pid, 250).start();
		const originFrom = Math.min(Date.now(), Date.parse((await sb.control.clock()).now));
		await n8n.api.activate(wf.id);
		const activatedAt = Date.now();
		const firstEntries = await W.centerLog(sb.control, seq0, DAY.sc);
		const firstReads = W.firstPollReads(firstEntries);
		const originTo = Math.max(
			originFrom,
			Math.min(
				activatedAt,
				...firstEntries.map((e) => Date.parse(e.clock)).filter(Number.isFinite),
			),
		);
		const windowEnd = originFrom + cfg.windowMs;
		log(
			`  activated in ${activatedAt - originFrom} ms: the first poll read ${firstReads.size} shops; window until ${new Date(windowEnd).toISOString()}`,
		);
		const progress = setInterval(() => {
			loads.push({ at: new Date().toISOString(), load: load() });
			const c = pg.psql('SELECT count(*) FROM receipts').trim();
			const last = pollLines.at(-1);
			log(
				`    polls ${pollLines.length}, today ${last?.todayUsed ?? '?'} / ${last?.todayShare ?? '?'}, rows ${c}, n8n RSS ${sampler.samples.at(-1)?.mainKb} kB, load ${load().join(' ')}`,
			);
		}, 60_000);
		let truthNow;
		let drainedAt;
		try {
			await sleep(windowEnd - Date.now());
			// polls go on until every receipt received in the window is in the table (at most drainMs)
			const drainEnd = windowEnd + cfg.drainMs;
			for (;;) {
				const received = await receivedSince(sb, originFrom - 60_000);
				truthNow = W.windowTruth(received, firstReads, originFrom, originTo, windowEnd);
				const rows = W.readRows(pg, shiftMs);
				const have = new Set(rows.map((r) => r.id));
				const left = [...truthNow.truth.keys()].filter((id) => !have.has(id)).length;
				if (left === 0 || Date.now() >= drainEnd) {
					drainedAt = left === 0 ? Date.now() : undefined;
					break;
				}
				await sleep(15_000);
			}
		} finally {
			clearInterval(progress);
		}
		// the last poll's execution written, then stop
		await sleep(5000);
		await n8n.api.deactivate(wf.id);
		const endedAt = Date.now();
		const memory = sampler.stop();
		loads.push({ at: new Date().toISOString(), load: load() });

		const received = await receivedSince(sb, originFrom - 60_000);
		const truth = W.windowTruth(received, firstReads, originFrom, originTo, windowEnd);
		const later = new Set(received.filter((r) => r.received > windowEnd).map((r) => r.id));
		const lateIds = new Set(
			[...truth.truth.values()].filter((r) => r.received - r.created > 3_600_000).map((r) => r.id),
		);
		const table = W.compareTable(W.readRows(pg, shiftMs), truth, later, windowEnd, lateIds);
		const entries = await W.centerLog(sb.control, seq0, DAY.sc);
		// the shops that received a receipt from QUIET_LOOKBACK_MS before the window to its end: active,
		// woken, or still in the doubling after (report/day-budget-night.js)
		const recent = await receivedSince(sb, originFrom - QUIET_LOOKBACK_MS);
		const activeShops = [
			...new Set(recent.filter((r) => r.received <= windowEnd).map((r) => r.shop_id)),
		];
		const executions = (await n8n.api.executions({ workflowId: wf.id, limit: 250 })) || [];
		return {
			key: variant.night ? 'dayBudgetNight' : 'dayBudget',
			label: `New Receipt on a day budget, center ${DAY.sc} (${DAY.shops} shops), ${variant.night ? 'a quiet night hour' : 'a window of a real day'}`,
			config: {
				...cfg,
				sc: DAY.sc,
				zone: DAY.zone,
				shops: DAY.shops,
				sharePercent: 50,
				limit: 50_000,
				pollEvery: "every minute (n8n's Poll Times default)",
				quietMaxWaitMinutes: 60,
				n8nVersion: opts.version,
				// --day-at: the clocks moved by this much (0: the real hour)
				clockShiftMs: shiftMs,
			},
			window: {
				startedAt: new Date(originFrom).toISOString(),
				activatedAt: new Date(activatedAt).toISOString(),
				endAt: new Date(windowEnd).toISOString(),
				drainedAt: drainedAt && new Date(drainedAt).toISOString(),
				endedAt: new Date(endedAt).toISOString(),
				startLocal: localTime(originFrom, DAY.zone),
				endLocal: localTime(windowEnd, DAY.zone),
			},
			loads,
			firstPoll: { shopsRead: firstReads.size, originFromMs: originFrom, originToMs: originTo },
			units: unitsOf(entries, firstReads),
			polls: withSandboxCounts(pollLines, entries, originFrom),
			requests: {
				total: entries.length,
				// the receipt reads of each shop inside the window (the night row's once-per-bound check)
				readsPerShopInWindow: readsPerShop(entries, windowEnd),
				rateLimited: entries.filter((e) => e.status === 429).length,
				byRoute: countBy(entries.map((e) => e.route)),
				inWindow: entries.filter((e) => Date.parse(e.time) <= windowEnd).length,
			},
			table,
			activeShops,
			quietLookbackMs: QUIET_LOOKBACK_MS,
			executions: countBy(executions.map((e) => e.status)),
			memory: memoryByPoll(memory, pollLines, sampler),
		};
	} finally {
		if (env.n8n) await env.n8n.stop().catch(() => {});
		if (env.sb) await env.sb.stop().catch(() => {});
		if (env.pg) await env.pg.stop().catch(() => {});
		clock.setShift(0);
	}
}

function readsPerShop(entries, windowEnd) {
	const n = {};
	for (const e of entries) {
		const m = e.route === 'receipts' && /\/shops\/([^/]+)\/receipts/.exec(e.path);
		if (m && Date.parse(e.time) <= windowEnd) n[m[1]] = (n[m[1]] || 0) + 1;
	}
	return n;
}

async function receivedSince(sb, fromMs) {
	const q = `sc_id=${DAY.sc}&from=${new Date(fromMs).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
	return (await sb.control.call('GET', `/truth-received/receipts?${q}`)).receipts;
}

const localTime = (ms, zone) =>
	new Date(ms).toLocaleTimeString('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' });

/** The shops the trigger reads (every shop it ever asked for receipts, the first poll's too). */
function unitsOf(entries, firstReads) {
	const shops = new Set(firstReads.keys());
	for (const e of entries) {
		const m = e.route === 'receipts' && /\/shops\/([^/]+)\/receipts/.exec(e.path);
		if (m) shops.add(m[1]);
	}
	return shops.size;
}

/**
 * Each poll line with the center's requests the sandbox logged up to its end, and the poll's start: the
 * first poll's is the moment n8n was asked to activate; a later one's, its first request of the center
 * (a poll that sent none: its line's moment).
 */
function withSandboxCounts(pollLines, entries, firstStart) {
	const times = entries.map((e) => Date.parse(e.time)).sort((a, b) => a - b);
	let k = 0;
	return pollLines.map((p, i) => {
		const first = k < times.length && times[k] <= p.at ? times[k] : p.at;
		while (k < times.length && times[k] <= p.at) k++;
		return { ...p, startedAt: i === 0 ? firstStart : first, sandboxUsedByEnd: k };
	});
}

function countBy(list) {
	const out = {};
	for (const x of list) out[x] = (out[x] || 0) + 1;
	return out;
}

/**
 * n8n's main-process RSS: the highest sample from each poll line to the next (a poll and the execution
 * of what it emitted); the growth over the polls is taken by report/day-budget.js.
 */
function memoryByPoll(memory, polls, sampler) {
	const ends = polls.map((p) => p.at);
	return {
		baselineMainKb: memory.baselineMainKb,
		mainPeakKb: memory.mainPeakKb,
		peakPerPollKb: ends.map((t, i) =>
			memory.peakBetween(i ? ends[i - 1] : t - 60_000, t, 'mainKb'),
		),
		cpuMs: sampler.samples.at(-1).cpuMs - sampler.samples[0].cpuMs,
	};
}

module.exports = {
	runDayBudget,
	dayWorkflow,
	DAY,
	DEFAULTS,
	memoryByPoll,
	withSandboxCounts,
	countBy,
};
