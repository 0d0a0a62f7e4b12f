'use strict';
/*
 * The dayBudget row (scenarios/day-budget.js, issue 29): its table row and its targets. A window of a
 * REAL day, not a compressed day: the trigger plans by the center's real clock, so the bounds are
 * computed from the window's own moments (what was left of the share and of the center's day at each
 * poll), and the lag bound is the one docs/trigger.md states (two cycles and two polls).
 */
const { fmt } = require('../lib/util');

const RSS_GROWTH_MB = 50;
const MIN = 60_000;
const WHY_WINDOW =
	"a window of a real day, not a compressed day: the trigger plans by the center's clock (what is left of its share over what is left of the center's day), which runs in real time";
/** --day-at: the clocks of the bench, n8n and the sandbox moved together (PostgreSQL's loaded_at moved back) */
const shiftText = (s) =>
	s.config.clockShiftMs
		? `the clocks of the bench, n8n and the sandbox moved by ${(s.config.clockShiftMs / 3_600_000).toFixed(2)} h (--day-at) so that the window came at this hour; PostgreSQL's loaded_at moved by the same`
		: "the real hour (n8n's clock not moved)";

/** Epoch ms of the next midnight in `zone` after `ms`. */
function nextMidnight(ms, zone) {
	const day = new Date(ms).toLocaleDateString('en-CA', { timeZone: zone });
	const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
	// the zone's offset at that midnight (minutes east of UTC)
	const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
		.formatToParts(next)
		.find((p) => p.type === 'timeZoneName').value;
	const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
	const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
	return next.getTime() - offset * MIN;
}

/**
 * (a) What the share allows over the run: the first poll's credit (at most two reads of every shop,
 * never more than the share) plus, for every later poll, what was left of the share before it over
 * what was left of the center's day, times the time since the poll before began (the trigger's own
 * pace, from poll start to poll start, here with the sandbox's count of the center's requests).
 */
function shareBound({ share, units, zone }, polls) {
	const credit = Math.min(share, 2 * units);
	let paced = 0;
	const paces = [];
	for (let i = 1; i < polls.length; i++) {
		const at = polls[i].startedAt;
		const left = Math.max(share - polls[i - 1].sandboxUsedByEnd, 0);
		const pace = left / Math.max(nextMidnight(at, zone) - at, MIN);
		paces.push(pace * MIN);
		paced += pace * (at - polls[i - 1].startedAt);
	}
	return { credit, paced, bound: credit + paced, pacePerMinute: paces };
}

/** The lag bound docs/trigger.md states: two cycles and two polls, cycle = units × 1,440 / share min. */
function lagBound({ share, units }) {
	const cycleMin = (units * 1440) / share;
	return { cycleMin, boundMin: 2 * cycleMin + 2 };
}

function figures(s) {
	const share = Math.floor((s.config.limit * s.config.sharePercent) / 100);
	const plan = { share, units: s.units, zone: s.config.zone };
	const a = shareBound(plan, s.polls);
	const lag = lagBound(plan);
	const first = s.polls[0];
	const dayLeftMin = first
		? (nextMidnight(first.startedAt, plan.zone) - first.startedAt) / MIN
		: NaN;
	return {
		share,
		a,
		lag,
		everyPoll: s.units * s.polls.length,
		requests: s.requests.total,
		dayLeftMin,
		windowCycleMin: s.units / (share / dayLeftMin),
	};
}

function loadText(s) {
	const ones = s.loads.map((l) => l.load[0]).sort((a, b) => a - b);
	const mid = ones[Math.floor(ones.length / 2)];
	return `load average (1 min, sampled every minute) ${ones[0]}–${ones.at(-1)}, median ${mid}, on 2 cores shared with other work`;
}

/**
 * n8n's RSS growth, as receiptSync takes it: the highest sample over the last quarter of the polls minus
 * that over the first, the poll run while n8n activates left out (it only remembers what exists); and
 * once more without the next poll either (n8n's first execution of the workflow loads the Postgres
 * node): the larger of the two is the growth.
 */
function rssGrowth(peaksKb) {
	const quarters = (list) => {
		const q = Math.max(1, Math.floor(list.length / 4));
		const first = Math.max(...list.slice(0, q));
		const last = Math.max(...list.slice(-q));
		return { quarter: q, polls: list.length, firstKb: first, lastKb: last, growthKb: last - first };
	};
	const polls = quarters(peaksKb.slice(1));
	const warm = quarters(peaksKb.slice(2));
	return { polls, warm, growthKb: Math.max(polls.growthKb, warm.growthKb) };
}

function dayBudgetRows(s) {
	if (!s) return [];
	if (s.failedToRun)
		return [
			{
				scenario: s.key,
				label: `New Receipt on a day budget (${s.key === 'dayBudgetNight' ? 'a quiet night hour' : 'a window of a real day'})`,
				exactText: `not run: ${s.failedToRun.slice(0, 80)}`,
				requestsText: '–',
				rssText: '–',
			},
		];
	const f = figures(s);
	const t = s.table;
	const g = rssGrowth(s.memory.peakPerPollKb).warm;
	return [
		{
			scenario: s.key,
			label: `${s.label}: ${s.window.startLocal}–${s.window.endLocal} ${s.config.zone}, ${s.polls.length} polls every minute, share ${s.config.sharePercent} %`,
			records: t.written,
			exactText:
				t.missing === 0 && t.extra === 0 && t.rewritten === 0
					? `yes (${fmt.int(t.written)} of ${fmt.int(t.trueCount)} received in the window)`
					: `**no** (true ${fmt.int(t.trueCount)}: missing ${t.missing}, extra ${t.extra}, written twice ${t.rewritten})`,
			requestsText: `${fmt.int(f.requests)} (share's pace ${fmt.int(f.a.bound)}; every shop every poll ${fmt.int(f.everyPoll)})`,
			rateLimited: s.requests.rateLimited,
			rssText: `${fmt.mb(g.firstKb)} → ${fmt.mb(g.lastKb)} (first → last quarter of the polls after n8n's first execution)`,
		},
	];
}

function dayBudgetTargets(s) {
	if (!s || s.failedToRun) return [];
	const f = figures(s);
	const t = s.table;
	const m = s.memory;
	const rss = rssGrowth(m.peakPerPollKb);
	const w = s.window;
	const where = `center ${s.config.sc} (${s.units} shops read), ${w.startLocal}–${w.endLocal} ${s.config.zone} (${w.startedAt.slice(0, 16)}Z–${w.endAt.slice(11, 16)}Z, then until the window's receipts were in: ${w.drainedAt ? w.drainedAt.slice(11, 19) : 'NOT within the drain'}Z), ${s.polls.length} polls every minute, n8n ${s.config.n8nVersion}; ${WHY_WINDOW}; ${shiftText(s)}; ${loadText(s)}`;
	const paces = f.a.pacePerMinute;
	const tag = 'New Receipt on a day budget (real n8n)';
	return [
		{
			scenario: 'dayBudget',
			target: `${tag}: requests ≤ the share's pace over the window + the credit (≤ 2 × shops at the first poll)`,
			met: f.requests <= f.a.bound,
			measured: `${fmt.int(f.requests)} requests of center ${s.config.sc} in the sandbox's log (${Object.entries(
				s.requests.byRoute,
			)
				.map(([k, v]) => `${k} ${v}`)
				.join(
					', ',
				)}) against ${fmt.int(f.a.bound)} (margin ${fmt.int(f.a.bound - f.requests)}: the trigger spends at its pace by design; each poll's start taken from its first request in the sandbox's log) = credit ${fmt.int(f.a.credit)} + the pace ${fmt.int(f.a.paced)} (what was left of the ${fmt.int(f.share)} share over what was left of the center's day: ${fmt.num(paces[0] ?? NaN, 1)} → ${fmt.num(paces.at(-1) ?? NaN, 1)} a minute; ${fmt.num(f.dayLeftMin / 60, 1)} h of the day were left at the first poll); the trigger's own count at the last poll ${fmt.int(s.polls.at(-1)?.todayUsed)} / ${fmt.int(s.polls.at(-1)?.todayShare)}; ${where}`,
		},
		{
			scenario: 'dayBudget',
			target: `${tag}: requests ≤ ¼ × reading every shop at every poll`,
			met: f.requests <= f.everyPoll / 4,
			measured: `${fmt.int(f.requests)} = ${fmt.pct(f.requests / f.everyPoll)} of ${s.units} shops × ${s.polls.length} polls = ${fmt.int(f.everyPoll)} (¼: ${fmt.int(f.everyPoll / 4)}); a trigger new on the day spends what is left of its share over what is left of the day: ${fmt.int(f.share)} over ${fmt.num(f.dayLeftMin / 60, 1)} h = ${fmt.num(paces[0] ?? NaN, 1)} a minute here, ¼ of every shop every minute needs ≥ ${fmt.num(f.share / (s.units / 4) / 60, 1)} h of the day left (over a whole day: ${fmt.int(f.share)} of ${fmt.int(s.units * 1440)} = ${fmt.pct(f.share / (s.units * 1440))}); ${where}`,
		},
		{
			scenario: 'dayBudget',
			target: `${tag}: the table = the sandbox's true set of receipts received in the window, nothing written twice`,
			met:
				t.missing === 0 &&
				t.extra === 0 &&
				t.rewritten === 0 &&
				t.tailExtra === 0 &&
				t.lateWritten === t.late &&
				t.written === t.trueCount,
			measured: `${fmt.int(t.written)} rows of the ${fmt.int(t.trueCount)} receipts received in the window (ids one by one: missing ${t.missing}${t.examples.missing.length ? ` (${t.examples.missing.join(', ')})` : ''}, extra ${t.extra}${t.examples.extra.length ? ` (${t.examples.extra.join(', ')})` : ''}), written twice ${t.rewritten}; late arrivals (received > 1 h after printing) ${t.lateWritten} of ${t.late}; received at the first poll's start ${t.boundary} (either way right; ${t.boundaryWritten} written); received after the window ${t.tail} rows, not in the sandbox ${t.tailExtra}; executions ${JSON.stringify(s.executions)}; ${where}`,
		},
		{
			scenario: 'dayBudget',
			target: `${tag}: zero 429s`,
			met: s.requests.rateLimited === 0,
			measured: `${s.requests.rateLimited} (the largest poll sent ${Math.max(0, ...s.polls.map((p) => p.centerRequests))} requests; PRO allows 300 a minute); ${where}`,
		},
		{
			scenario: 'dayBudget',
			target: `${tag}: lag reception → row, p95 and max ≤ two cycles and two polls (docs/trigger.md)`,
			met: t.lagSeconds.n > 0 && t.lagSeconds.max <= f.lag.boundMin * 60,
			measured: `max ${fmt.num(t.lagSeconds.max / 60, 2)} min, p95 ${fmt.num(t.lagSeconds.p95 / 60, 2)} min, median ${fmt.num(t.lagSeconds.p50 / 60, 2)} min over ${fmt.int(t.lagSeconds.n)} receipts (the row's first write minus received_datetime) against ${fmt.num(f.lag.boundMin, 1)} min (cycle ${s.units} × 1,440 / ${fmt.int(f.share)} = ${fmt.num(f.lag.cycleMin, 1)} min; in this window the share's pace gave a cycle of ${fmt.num(f.windowCycleMin, 1)} min, so the lag here is that of this hour, not of a whole day); ${where}`,
		},
		{
			scenario: 'dayBudget',
			target: `${tag}: n8n's RSS flat, growth from the first to the last quarter of the polls ≤ ${RSS_GROWTH_MB} MB`,
			met: rss.growthKb <= RSS_GROWTH_MB * 1024,
			measured: `${fmt.mb(rss.growthKb)}: the highest sample of n8n's main process over the last ${rss.polls.quarter} polls ${fmt.mb(rss.polls.lastKb)} minus over the first ${rss.polls.quarter} ${fmt.mb(rss.polls.firstKb)} (${fmt.mb(rss.polls.growthKb)}, of the ${rss.polls.polls} polls after the one at activation), and without the first execution's poll ${fmt.mb(rss.warm.lastKb)} − ${fmt.mb(rss.warm.firstKb)} = ${fmt.mb(rss.warm.growthKb)}; the larger counts (idle before ${fmt.mb(m.baselineMainKb)}; per poll ${m.peakPerPollKb.map((kb) => Math.round(kb / 1024)).join(' ')} MB; CPU ${fmt.int(m.cpuMs)} ms); ${where}`,
		},
	];
}

module.exports = {
	rssGrowth,
	loadText,
	shiftText,
	dayBudgetRows,
	dayBudgetTargets,
	shareBound,
	lagBound,
	nextMidnight,
	rssGrowth,
	figures,
};
