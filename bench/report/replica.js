'use strict';
/*
 * The replica row (scenarios/replica.js, issue 36): the Center Changes trigger keeping the 300-shop day
 * center in a real n8n over a window of a real day, with History From's backfill beside it. Two table
 * rows (the day, the backfill) and their targets, every one with "replica" in its name: requests
 * against the share's pace and the naive re-read of every table at every poll, lag per table (p95, max)
 * within the bound docs/replica.md states, records nothing twice and nothing missing, 429s, n8n's RSS
 * flat; the backfill's pages against its minimum, its wall against the floor the share allows, today's
 * lag while it ran.
 */
const { fmt } = require('../lib/util');
const { shareBound, rssGrowth, loadText, shiftText } = require('./day-budget');

const RSS_GROWTH_MB = 50;
const MIN = 60_000;
const TAG = 'Center Changes replica (real n8n)';
const BACKFILL = 'Center Changes replica backfill (real n8n)';

/** The units of the five tables: a shop's daily rows, its monthly rows; the directory, the zones, the tickets. */
const unitsOf = (s) => 2 * s.units + 3;

function figures(s) {
	const share = Math.floor((s.config.limit * s.config.sharePercent) / 100);
	const units = unitsOf(s);
	const a = shareBound({ share, units, zone: s.config.zone }, s.polls);
	const perPoll = Object.values(s.naive.perPoll).reduce((x, y) => x + y, 0);
	const today = Object.values(s.requests.byTable).reduce((x, t) => x + t.today, 0);
	const history = Object.values(s.requests.byTable).reduce((x, t) => x + t.history, 0);
	return { share, units, a, perPoll, naive: perPoll * s.polls.length, today, history };
}

/**
 * The floor the share allows the backfill: the backfill gets requests once every unit due was read,
 * so at the share's pace (the first poll's) the units' first reads and the backfill's minimum pages
 * cannot take less than (units + minimum) / pace.
 */
function backfillFloor(s, f) {
	const pace = f.a.pacePerMinute[0];
	if (!pace) return undefined;
	const pages = f.units + s.history.minimum.total;
	return { pace, pages, floorMs: (pages / pace) * MIN };
}

/** The bound of a table's lag (docs/replica.md "Lag"): daily and tickets one bound, monthly two; plus two polls. */
function lagBoundMin(s, table) {
	return (table === 'monthly' ? 2 : 1) * s.config.quietMinutes + 2;
}

const lagText = (l) =>
	`p95 ${fmt.num(l.p95 / 60, 1)} min, max ${fmt.num(l.max / 60, 1)} min over ${fmt.int(l.n)} changes${l.pending ? `, ${l.pending} not yet read (waited up to ${fmt.num(l.pendingMaxWait / 60, 1)} min)` : ''}`;

/** A lag within its bound: every change emitted within it, and none waiting longer. */
const lagMet = (l, boundMin) =>
	(l.n === 0 || l.max <= boundMin * 60) && l.pendingMaxWait <= boundMin * 60 && !l.missing;

function where(s) {
	const w = s.window;
	return `center ${s.config.sc} (${s.units} shops listed, ${s.shopsRead ?? s.units} read), tables ${s.config.tables.join(', ')}, ${w.startLocal}–${w.endLocal} ${s.config.zone} (${w.startedAt.slice(0, 16)}Z–${w.endAt.slice(11, 16)}Z, then until its changes were read and the backfill done: ${w.drainedAt ? `${w.drainedAt.slice(11, 19)}Z` : 'NOT within the drain'}), ${s.polls.length} polls every minute, Read Quiet Tables at Least Every ${s.config.quietMinutes} min, History From ${s.config.historyFrom}, n8n ${s.config.n8nVersion}, sink ${s.config.sink}; ${shiftText(s)}; ${loadText(s)}`;
}

function replicaRows(s) {
	if (!s) return [];
	if (s.failedToRun)
		return [
			{
				scenario: 'replica',
				label: 'Center Changes replica (a window of a real day, a backfill)',
				exactText: `not run: ${s.failedToRun.slice(0, 80)}`,
				requestsText: '–',
				rssText: '–',
			},
		];
	const f = figures(s);
	const g = rssGrowth(s.memory.peakPerPollKb).warm;
	const missing = s.lag.daily_sales.missing + s.lag.monthly.missing;
	const exact = s.records.twice.n === 0 && missing === 0;
	const min = s.history.minimum;
	return [
		{
			scenario: 'replica',
			label: `${s.label}: ${s.window.startLocal}–${s.window.endLocal} ${s.config.zone}, ${s.polls.length} polls every minute, share ${s.config.sharePercent} %`,
			records: s.records.total,
			exactText: exact
				? `yes (nothing twice, every row read after a change emitted; ${fmt.int(s.lag.receivedInWindow)} receipts received)`
				: `**no** (twice ${s.records.twice.n}, missing ${missing})`,
			requestsText: `${fmt.int(f.today + f.history)} (today ${fmt.int(f.today)}, backfill ${fmt.int(f.history)}; share's pace ${fmt.int(f.a.bound)}; every table every poll ${fmt.int(f.naive)})`,
			rateLimited: s.requests.rateLimited,
			rssText: `${fmt.mb(g.firstKb)} → ${fmt.mb(g.lastKb)} (first → last quarter of the polls)`,
		},
		{
			scenario: 'replica',
			label: `Center Changes replica backfill, center ${s.config.sc}, History From ${s.config.historyFrom} (${min.days} days)`,
			records: s.records.history,
			exactText: s.history.doneAt
				? `done in ${fmt.num(s.history.wallMs / MIN, 1)} min`
				: `**not done** (${s.history.lastProgress ? `${s.history.lastProgress.done} of ${s.history.lastProgress.of} days` : 'no progress said'})`,
			requestsText: `${fmt.int(f.history)} (minimum ${fmt.int(min.total)})`,
			rateLimited: s.requests.rateLimited,
			rssText: '(the row above)',
		},
	];
}

function replicaTargets(s) {
	if (!s || s.failedToRun) return [];
	const f = figures(s);
	const w = where(s);
	const rss = rssGrowth(s.memory.peakPerPollKb);
	const m = s.memory;
	const perTable = Object.entries(s.requests.byTable)
		.map(([t, c]) => `${t} ${c.today}${c.history ? ` + ${c.history} backfill` : ''}`)
		.join(', ');
	const naiveText = Object.entries(s.naive.perPoll)
		.map(([t, n]) => `${t} ${n}`)
		.join(' + ');
	const paces = f.a.pacePerMinute;
	const lag = s.lag;
	const tables = [
		['daily_sales', lag.daily_sales],
		['monthly', lag.monthly],
		['tickets', lag.tickets],
	];
	const min = s.history.minimum;
	const fl = backfillFloor(s, f);
	const during = lag.duringHistory;
	const lagDuringOk = !during || lagMet(during, lagBoundMin(s, 'daily_sales'));
	return [
		{
			scenario: 'replica',
			target: `${TAG}: requests (today's and the backfill's) ≤ the share's pace over the run + the credit (≤ 2 × units at the first poll)`,
			met: f.today + f.history <= f.a.bound,
			measured: `${fmt.int(f.today + f.history)} requests of center ${s.config.sc} in the sandbox's log (${perTable}) against ${fmt.int(f.a.bound)} = credit ${fmt.int(f.a.credit)} (${f.units} units) + the pace ${fmt.int(f.a.paced)} (${fmt.num(paces[0] ?? NaN, 1)} → ${fmt.num(paces.at(-1) ?? NaN, 1)} a minute of the ${fmt.int(f.share)} share); the trigger's own count at the last poll ${fmt.int(s.polls.at(-1)?.todayUsed)} / ${fmt.int(s.polls.at(-1)?.todayShare)}; ${w}`,
		},
		{
			scenario: 'replica',
			target: `${TAG}: today's requests ≤ ¼ × the naive replica (every table re-read at every poll)`,
			met: f.today <= f.naive / 4,
			measured: `${fmt.int(f.today)} = ${fmt.pct(f.today / f.naive)} of (${naiveText}) = ${fmt.int(f.perPoll)} a poll × ${s.polls.length} polls = ${fmt.int(f.naive)} (the backfill's ${fmt.int(f.history)} apart; ${fmt.int(s.naive.watchedTickets)} tickets watched); ${w}`,
		},
		{
			scenario: 'replica',
			target: `${TAG}: lag per table, change in the sandbox → its record, p95 and max ≤ Read Quiet Tables at Least Every + 2 polls (monthly: two of it)`,
			met: tables.every(([t, l]) => lagMet(l, lagBoundMin(s, t))),
			measured: `${tables.map(([t, l]) => `${t}: ${lagText(l)} (bound ${lagBoundMin(s, t)} min)`).join('; ')}; late receipts (> 1 h after printing) ${lag.late} of ${lag.receivedInWindow}, their daily rows ${lagText(lag.lateLag)}; shops and zones are read every 4 hours (not within the window); ${w}`,
		},
		{
			scenario: 'replica',
			target: `${TAG}: records exact — nothing twice, no row read after its change left without a record, no ticket change read and not emitted (those not read yet are the lag target's: within their bound)`,
			met:
				s.records.twice.n === 0 &&
				!lag.daily_sales.missing &&
				!lag.monthly.missing &&
				!lag.tickets.missing,
			measured: `${fmt.int(s.records.total)} records (${Object.entries(s.records.byTable)
				.map(([k, v]) => `${k} ${v}`)
				.join(
					', ',
				)}); the same content twice ${s.records.twice.n}${s.records.twice.examples.length ? ` (${s.records.twice.examples.join(', ')})` : ''}; daily rows missing ${lag.daily_sales.missing}${lag.daily_sales.examples.length ? ` (${lag.daily_sales.examples.join(', ')})` : ''}, monthly ${lag.monthly.missing}; ticket changes emitted ${lag.tickets.n} of ${s.ticketChanges.length} (missing ${lag.tickets.missing}, not yet read ${lag.tickets.pending}); executions ${JSON.stringify(s.records.executions)}; ${w}`,
		},
		{
			scenario: 'replica',
			target: `${TAG}: zero 429s`,
			met: s.requests.rateLimited === 0,
			measured: `${s.requests.rateLimited} (the largest poll sent ${Math.max(0, ...s.polls.map((p) => p.centerRequests))} requests; PRO allows 300 a minute); ${w}`,
		},
		{
			scenario: 'replica',
			target: `${TAG}: n8n's RSS flat, growth from the first to the last quarter of the polls ≤ ${RSS_GROWTH_MB} MB`,
			met: rss.growthKb <= RSS_GROWTH_MB * 1024,
			measured: `${fmt.mb(rss.growthKb)} (${fmt.mb(rss.polls.firstKb)} → ${fmt.mb(rss.polls.lastKb)} over ${rss.polls.polls} polls; without the first execution's ${fmt.mb(rss.warm.firstKb)} → ${fmt.mb(rss.warm.lastKb)}; idle before ${fmt.mb(m.baselineMainKb)}; per poll ${m.peakPerPollKb.map((kb) => Math.round(kb / 1024)).join(' ')} MB); ${w}`,
		},
		{
			scenario: 'replica',
			target: `${BACKFILL}: the backfill's requests ≤ the minimum pages (a shop's daily rows ⌈days / 366⌉, monthly ⌈months / 12⌉, tickets ⌈tickets / 100⌉ a 31-day window)`,
			met: !!s.history.doneAt && f.history <= min.total,
			measured: `${fmt.int(f.history)} against ${fmt.int(min.total)} = daily ${fmt.int(min.daily)} (${s.units} shops × ⌈${min.days} / 366⌉) + monthly ${fmt.int(min.monthly)} (× ⌈${min.months} / 12⌉) + tickets ${fmt.int(min.tickets)} (${min.ticketDays} days before the watched ones: ${JSON.stringify(min.ticketCounts)}); ${fmt.int(s.records.history)} history records; ${s.history.doneAt ? `done at ${s.history.doneAt.slice(11, 19)}Z` : `NOT done (${JSON.stringify(s.history.lastProgress)})`}; ${w}`,
		},
		{
			scenario: 'replica',
			target: `${BACKFILL}: wall ≤ 1.25 × the floor the share allows + 2 polls`,
			met:
				!!fl && s.history.wallMs !== undefined && s.history.wallMs <= 1.25 * fl.floorMs + 2 * MIN,
			measured: fl
				? `${s.history.wallMs !== undefined ? `${fmt.num(s.history.wallMs / MIN, 1)} min` : `not done in ${fmt.num((Date.parse(s.window.endedAt) - Date.parse(s.window.startedAt)) / MIN, 1)} min (${JSON.stringify(s.history.lastProgress)})`} against a floor of ${fmt.num(fl.floorMs / MIN, 1)} min = (${fmt.int(f.units)} units' first reads + ${fmt.int(min.total)} pages) / the share's pace ${fmt.num(fl.pace, 1)} a minute (${s.config.sharePercent} % of ${fmt.int(s.config.limit)} over what was left of the center's day); ${w}`
				: `no poll line; ${w}`,
		},
		{
			scenario: 'replica',
			target: `${BACKFILL}: today's lag while it ran ≤ Read Quiet Tables at Least Every + 2 polls (daily rows)`,
			met: !!during && lagDuringOk,
			measured: during
				? `daily rows of the receipts received before the backfill was done: ${lagText(during)}; ${w}`
				: `the backfill was not done within the run; ${w}`,
		},
	];
}

module.exports = { replicaRows, replicaTargets, backfillFloor, lagBoundMin, figures };
