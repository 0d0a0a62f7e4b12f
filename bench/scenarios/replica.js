'use strict';
/*
 * replica (issue 36): the Center Changes trigger keeping the 300-shop PRO day center 1008 in a real n8n
 * over a WINDOW OF A REAL DAY, with a backfill from History From running beside it (bench/README.md
 * "Replica"). As dayBudget: the trigger plans by the center's real clock, so the sandbox's clock runs
 * in real time in step with n8n's (--day-at moves both), and the center's receipts arrive as the seed
 * makes them, late ones included; the bench adds a ticket and moves it through its statuses. The
 * trigger's parameters are examples/center-to-postgres.json's (its five tables, Lookback 3, the share
 * at its default), on center 1008 alone, a poll a minute, History From N days back; its records go to a
 * No Operation node (a cheap sink: the records are read back from n8n's executions, each at its
 * execution's start). Measured: the center's requests per table (the sandbox's log), today's and the
 * backfill's, against the share's pace and the naive re-read of every table at every poll; each
 * change's lag to its record; records twice or missing; the backfill's pages against its minimum and
 * its wall against the floor the share allows; n8n's RSS.
 */
const os = require('node:os');
const { loadExamples } = require('../../scripts/lib/examples');
const { RssSampler } = require('../lib/rss');
const { sleep } = require('../lib/util');
const { log } = require('./common');
const { shiftForDayAt, startDayServices } = require('./day-stack');
const { DAY, memoryByPoll, withSandboxCounts, countBy } = require('./day-budget');
const W = require('./day-budget-window');
const R = require('./replica-records');
const clock = require('../../scripts/lib/shift-clock');

const TRIGGER = 'Center changes';
const DEFAULTS = {
	windowMinutes: 30,
	drainMinutes: 20,
	historyDays: 60,
	quietMinutes: 60,
	sharePercent: 50,
};
const load = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/** The example's trigger alone on the day center, every minute, History From set; a No Operation sink. */
function replicaWorkflow(example, { historyFrom, quietMinutes, sharePercent }) {
	const trigger = JSON.parse(JSON.stringify(example.nodes.find((n) => n.name === TRIGGER)));
	Object.assign(trigger.parameters, {
		pollTimes: { item: [{ mode: 'everyMinute' }] },
		centerScope: 'selected',
		centerIds: [DAY.sc],
		historyFrom,
	});
	if (quietMinutes !== DEFAULTS.quietMinutes) trigger.parameters.quietMaxWaitMinutes = quietMinutes;
	if (sharePercent !== DEFAULTS.sharePercent) trigger.parameters.dayBudgetShare = sharePercent;
	trigger.position = [0, 0];
	return {
		name: 'Replica bench: center changes → No Operation',
		nodes: [
			trigger,
			{
				name: 'Received',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { [TRIGGER]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings: { saveDataSuccessExecution: 'all', saveManualExecutions: false },
	};
}

async function truthCount(sb, kind, query) {
	const qs = new URLSearchParams({ sc_id: DAY.sc, ...query });
	return (await sb.control.call('GET', `/truth/${kind}?${qs}`)).count;
}

async function runReplica(ctx) {
	const { stage, opts } = ctx;
	const cfg = {
		windowMs: (opts.replicaMinutes || DEFAULTS.windowMinutes) * 60_000,
		drainMs: (opts.replicaDrainMinutes ?? DEFAULTS.drainMinutes) * 60_000,
		historyDays: opts.replicaHistoryDays || DEFAULTS.historyDays,
		quietMinutes: opts.replicaQuietMinutes || DEFAULTS.quietMinutes,
		sharePercent: opts.replicaShare || DEFAULTS.sharePercent,
	};
	const shiftMs = shiftForDayAt(opts.dayAt, DAY.zone);
	const example = loadExamples().find((e) => e.key === 'center-to-postgres').workflow;
	const params = example.nodes.find((n) => n.name === TRIGGER).parameters;
	const ticketDays = params.ticketDays ?? 30;
	const env = {};
	const pollLines = [];
	const loads = [{ at: new Date().toISOString(), load: load() }];
	try {
		await startDayServices(env, {
			opts,
			stage,
			shiftMs,
			tag: 'replica',
			onLine: (l) => {
				const p = W.parsePollLine(l, Date.now(), DAY.sc, 'Center Changes');
				if (p) pollLines.push(p);
			},
		});
		const { sb, n8n } = env;
		const today = R.dayIn(DAY.zone, Date.now());
		const historyFrom = R.addDays(today, -cfg.historyDays);
		const credential = await n8n.api.createCredential({
			name: 'Day center (replica)',
			type: 'shoppingCenterApi',
			data: {
				baseUrl: sb.baseUrl,
				clientId: DAY.clientId,
				clientSecret: DAY.clientSecret,
				allowInsecure: false,
			},
		});
		const wf = replicaWorkflow(example, { historyFrom, ...cfg });
		wf.nodes[0].credentials = { shoppingCenterApi: { id: credential.id, name: credential.name } };
		const imported = await n8n.api.importWorkflow(wf);
		log(
			`  replica: sandbox ${sb.baseUrl} (clock running), n8n ${opts.version}; center ${DAY.sc}, tables ${params.centerTables.join(', ')}, History From ${historyFrom}; a window of ${cfg.windowMs / 60000} real minutes, then at most ${cfg.drainMs / 60000} min for its changes and the backfill`,
		);

		const seq0 = await sb.control.lastSeq();
		const sampler = new RssSampler(n8n.pid, 250).start();
		const originFrom = Date.now();
		await n8n.api.activate(imported.id);
		const activatedAt = Date.now();
		const windowEnd = originFrom + cfg.windowMs;
		// the bench's own changes: a ticket created, moved to in_progress, then agreed
		const ticketChanges = [];
		const events = [
			[
				0.1,
				async () => {
					const { ids } = await sb.control.insert({
						kind: 'ticket',
						sc_id: DAY.sc,
						count: 1,
						shop_id: `${DAY.sc}-002`,
					});
					return { uid: ids[0], status: 'new_request' };
				},
			],
			[0.35, async (uid) => changeTicket(sb, uid, 'in_progress')],
			[0.65, async (uid) => changeTicket(sb, uid, 'agreed')],
		];
		const progress = setInterval(() => {
			loads.push({ at: new Date().toISOString(), load: load() });
			const last = pollLines.at(-1);
			log(
				`    polls ${pollLines.length}, today ${last?.todayUsed ?? '?'} / ${last?.todayShare ?? '?'}, history ${last?.history ? `${last.history.done}/${last.history.of}${last.history.finished ? ' done' : ''}` : '?'}, n8n RSS ${sampler.samples.at(-1)?.mainKb} kB, load ${load().join(' ')}`,
			);
		}, 60_000);
		let drainedAt;
		try {
			for (const [share, fn] of events) {
				await sleep(originFrom + share * cfg.windowMs - Date.now());
				const c = await fn(ticketChanges[0]?.uid);
				ticketChanges.push({ ...c, at: Date.parse((await sb.control.clock()).now) });
			}
			await sleep(windowEnd - Date.now());
			const drainEnd = windowEnd + cfg.drainMs;
			for (;;) {
				const received = await receivedBetween(sb, originFrom, windowEnd);
				const entries = await W.centerLog(sb.control, seq0, DAY.sc);
				const lags = R.receiptLags(received, entries, [], { zone: DAY.zone, endMs: Date.now() });
				const done = pollLines.some((p) => p.history?.finished);
				if ((lags.daily_sales.pending === 0 && done) || Date.now() >= drainEnd) {
					drainedAt = lags.daily_sales.pending === 0 && done ? Date.now() : undefined;
					break;
				}
				await sleep(30_000);
			}
		} finally {
			clearInterval(progress);
		}
		await sleep(5000);
		await n8n.api.deactivate(imported.id);
		const endedAt = Date.now();
		const memory = sampler.stop();
		loads.push({ at: new Date().toISOString(), load: load() });

		const entries = await W.centerLog(sb.control, seq0, DAY.sc);
		const received = await receivedBetween(sb, originFrom, windowEnd);
		const list = (await n8n.api.executions({ workflowId: imported.id, limit: 250 })) || [];
		const executions = [];
		for (const e of list) executions.push(await n8n.api.execution(e.id));
		const records = R.recordsOf(executions, TRIGGER);
		// the directory's shops (the shops table's records), else the shops the trigger read
		const listed = new Set(records.filter((r) => r.table === 'shops').map((r) => r.key)).size;
		const read = new Set(
			entries
				.filter((e) => e.route === 'sales.daily')
				.map((e) => (/\/shops\/([^/]+)\//.exec(e.path) || [])[1]),
		).size;
		const shops = listed || read;
		const watchedTickets = await truthCount(sb, 'tickets', {
			start_created_date: R.addDays(today, -ticketDays),
			end_created_date: today,
		});
		const min = R.historyMinimum({ shops, historyFrom, today, ticketDays, ticketCounts: [] });
		const ticketCounts = [];
		for (let d = historyFrom; min.ticketDays > 0 && d <= min.ticketEnd; d = R.addDays(d, 31)) {
			const end = R.addDays(d, 30) < min.ticketEnd ? R.addDays(d, 30) : min.ticketEnd;
			ticketCounts.push(
				await truthCount(sb, 'tickets', { start_created_date: d, end_created_date: end }),
			);
		}
		const historyDone = pollLines.find((p) => p.history?.finished);
		const late = received.filter((r) => r.received - r.created > 3_600_000);
		const isHistoryRecord = (r) =>
			(r.table === 'daily_sales' && r.row?.date < R.addDays(today, -params.lookbackDays)) ||
			(r.table === 'monthly' && r.row?.date < R.addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7));
		return {
			key: 'replica',
			label: `Center Changes replica, center ${DAY.sc} (${DAY.shops} shops), a window of a real day and a backfill`,
			config: {
				...cfg,
				sc: DAY.sc,
				zone: DAY.zone,
				shops: DAY.shops,
				tables: params.centerTables,
				lookbackDays: params.lookbackDays,
				ticketDays,
				historyFrom,
				limit: 50_000,
				pollEvery: 'every minute',
				n8nVersion: opts.version,
				clockShiftMs: shiftMs,
				sink: 'No Operation (records read back from the executions)',
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
			units: shops,
			shopsRead: read,
			polls: withSandboxCounts(pollLines, entries, originFrom),
			requests: {
				total: entries.length,
				inWindow: entries.filter((e) => Date.parse(e.time) <= windowEnd).length,
				rateLimited: entries.filter((e) => e.status === 429).length,
				byTable: R.requestsByTable(entries, DAY.zone, ticketDays),
				// the first poll's (its line's moment) and the rest's, today's and the backfill's apart
				firstPoll: pollLines[0] && R.splitAt(entries, DAY.zone, ticketDays, pollLines[0].at),
			},
			naive: {
				perPoll: R.naivePerPoll({
					shops,
					ticketPages: Math.max(1, Math.ceil(watchedTickets / 100)),
				}),
				watchedTickets,
			},
			records: {
				total: records.length,
				byTable: countBy(records.map((r) => `${r.table} ${r.op}`)),
				history: records.filter(isHistoryRecord).length,
				twice: R.twice(records),
				executions: countBy(list.map((e) => e.status)),
			},
			lag: {
				...R.receiptLags(received, entries, records, { zone: DAY.zone, endMs: endedAt }),
				tickets: R.ticketLags(ticketChanges, records, endedAt, entries),
				receivedInWindow: received.length,
				late: late.length,
				lateLag: R.receiptLags(late, entries, records, { zone: DAY.zone, endMs: endedAt })
					.daily_sales,
				duringHistory: historyDone
					? R.receiptLags(
							received.filter((r) => r.received <= historyDone.at),
							entries,
							records,
							{ zone: DAY.zone, endMs: endedAt },
						).daily_sales
					: undefined,
			},
			ticketChanges,
			history: {
				// the tickets' windows counted above: the minimum with their pages in its total
				minimum: {
					...R.historyMinimum({ shops, historyFrom, today, ticketDays, ticketCounts }),
					ticketCounts,
				},
				doneAt: historyDone && new Date(historyDone.at).toISOString(),
				wallMs: historyDone ? historyDone.at - originFrom : undefined,
				lastProgress: pollLines.filter((p) => p.history).at(-1)?.history,
			},
			memory: memoryByPoll(memory, pollLines, sampler),
		};
	} finally {
		if (env.n8n) await env.n8n.stop().catch(() => {});
		if (env.sb) await env.sb.stop().catch(() => {});
		clock.setShift(0);
	}
}

const changeTicket = async (sb, uid, status) => {
	await sb.control.call('POST', '/tickets/status', { sc_id: DAY.sc, ticket_uid: uid, status });
	return { uid, status };
};

async function receivedBetween(sb, fromMs, toMs) {
	const qs = `sc_id=${DAY.sc}&from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}`;
	return (await sb.control.call('GET', `/truth-received/receipts?${qs}`)).receipts;
}

const localTime = (ms, zone) =>
	new Date(ms).toLocaleTimeString('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' });

module.exports = { runReplica, replicaWorkflow, DEFAULTS };
