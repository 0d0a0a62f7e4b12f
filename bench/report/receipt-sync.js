'use strict';
/*
 * The receipt-sync row (scenarios/receipt-sync.js): its table row and its targets. The trigger reads on a
 * day budget (docs/trigger.md): the requests are held to the share's allowance and the lag to two cycles
 * and two polls, as the dayBudget row's (report/day-budget.js), here over a compressed day.
 */
const { fmt } = require('../lib/util');
const { shareBound, lagBound } = require('./day-budget');

const RSS_GROWTH_MB = 50;
const PRO_DAY_LIMIT = 50_000;
/** New Receipt's Day Budget Share when the workflow sets none (docs/trigger.md "The defaults") */
const DEFAULT_SHARE_PERCENT = 50;

/**
 * What the day budget allows the run (report/day-budget.js shareBound: the first poll's credit plus the
 * share's pace from poll start to poll start) and the lag bound docs/trigger.md states (two cycles and
 * two polls), for the sync center's shops at the workflow's share.
 */
function budgetOf(s) {
	const share = Math.floor(
		(PRO_DAY_LIMIT * (s.config.sharePercent ?? DEFAULT_SHARE_PERCENT)) / 100,
	);
	const units = s.config.units ?? Math.max(...s.polls.map((p) => p.shopsRead));
	let used = 0;
	const polls = s.polls.map((p) => {
		used += p.requests + p.shopListRequests;
		return { startedAt: Date.parse(p.startedAt), sandboxUsedByEnd: used };
	});
	const bound = shareBound({ share, units, zone: s.config.zone }, polls);
	const { cycleMin } = lagBound({ share, units });
	const lagBoundS = 2 * cycleMin * 60 + 2 * s.config.pollSeconds;
	return { share, units, requests: used, ...bound, cycleMin, lagBoundS };
}

/** The polls that read receipts (the first, run while activating, only remembers what exists). */
const measured = (s) => s.polls.slice(1);

function syncRows(s) {
	if (!s) return [];
	if (s.failedToRun)
		return [
			{
				scenario: 'receiptSync',
				label: 'New Receipt → PostgreSQL (receipt sync)',
				exactText: `not run: ${s.failedToRun.slice(0, 80)}`,
				requestsText: '–',
				rssText: '–',
			},
		];
	const polls = measured(s);
	const t = s.table;
	const exact =
		t.missing === 0 && t.extra === 0 && t.count === s.truth.count && t.sum === s.truth.sum;
	const m = s.memory;
	const requests = polls.reduce((a, p) => a + p.requests, 0);
	const formula = polls.reduce((a, p) => a + p.formulaAtFirstRequest, 0);
	return [
		{
			scenario: 'receiptSync',
			label: `${s.label}: ${fmt.int(s.day.issued)} receipts issued over ${fmt.num(s.day.issuedMs / 60000, 1)} min, ${polls.length} polls every ${s.config.pollSeconds} s, sink "${s.config.sink}"`,
			records: t.count,
			exactText: exact
				? `yes (count, ids, Σ; ${t.rewritten} rows written twice)`
				: `**no** (true ${fmt.int(s.truth.count)}: missing ${fmt.int(t.missing)}, extra ${fmt.int(t.extra)})`,
			requestsText: `${requests} (formula ${formula})`,
			rateLimited: s.rateLimited,
			rssText: `${fmt.mb(m.firstQuarterPeakKb)} → ${fmt.mb(m.lastQuarterPeakKb)} (first → last quarter of the day's polls)`,
		},
	];
}

/** The targets whose text follows what the trigger does on a day budget (docs/trigger.md). */
const RECEIPT_SYNC_TARGETS = {
	requests:
		"Receipt sync: requests ≤ the day budget's allowance (the share's pace over the run + the credit, ≤ 2 × shops at the first poll); a shop read asks only for its re-read period (its pages ≤ ⌈receipts received in it / 1000⌉)",
	lag: "Receipt sync: lag from a receipt's reception to its row ≤ two cycles and two polls (docs/trigger.md; cycle = shops × 1,440 / the day's share, in minutes)",
};

/**
 * The targets of before the day budget, worded as today's (their figures kept; measured on the trigger
 * of then, they are stale: report/product.js): a carried entry does not claim what the trigger no
 * longer does. Returns how many it re-worded.
 */
function rewordRetiredTargets(targets) {
	const retired = [
		[/^Receipt sync: requests of every poll = /, RECEIPT_SYNC_TARGETS.requests],
		[
			/^Receipt sync: lag from a receipt's reception to its row ≤ one poll interval/,
			RECEIPT_SYNC_TARGETS.lag,
		],
	];
	let n = 0;
	for (const t of targets)
		for (const [old, now] of retired)
			if (t.scenario === 'receiptSync' && old.test(t.target)) {
				t.target = now;
				n++;
			}
	return n;
}

function syncTargets(s) {
	if (!s || s.failedToRun) return [];
	const polls = measured(s);
	const m = s.memory;
	const peaks = m.peakPerPollKb.slice(1);
	const growthKb = m.growthKb;
	const t = s.table;
	const interval = s.config.pollSeconds;
	const budget = budgetOf(s);
	const over = polls.filter((p) => p.requests > p.formulaAtLastRequest);
	const wrongPeriod = polls.flatMap((p) => p.wrongPeriod);
	const describe = (p) =>
		`${p.requests}/${p.formulaAtFirstRequest}${p.formulaAtLastRequest !== p.formulaAtFirstRequest ? `–${p.formulaAtLastRequest}` : ''}`;
	return [
		{
			scenario: 'receiptSync',
			target: RECEIPT_SYNC_TARGETS.requests,
			met:
				polls.length > 0 &&
				budget.requests <= budget.bound &&
				over.length === 0 &&
				wrongPeriod.length === 0,
			measured: `${fmt.int(budget.requests)} requests${s.config.sc ? ` of center ${s.config.sc}` : ''} (every poll's pages and shop lists) against ${fmt.int(budget.bound)} = credit ${fmt.int(budget.credit)} + the pace ${fmt.int(budget.paced)} (${fmt.int(budget.share)} a day for ${budget.units} shops); polls whose shops asked more pages than they had receipts: ${over.length} of ${polls.length} (per poll: receipt requests / ⌈received in the re-read period / 1000⌉ over the shops it read, at their first request and, where that differs, their last: ${polls.map(describe).join(', ')}); shops read per poll ${[...new Set(polls.map((p) => p.shopsRead))].join('/')}; periods asked ${
				wrongPeriod.length
					? `NOT always (today − ${s.config.lookbackDays}) .. today: ${wrongPeriod.slice(0, 3).join('; ')}`
					: `always (today − ${s.config.lookbackDays}) .. today`
			}`,
		},
		{
			scenario: 'receiptSync',
			target: 'Receipt sync: zero 429s',
			met: s.rateLimited === 0,
			measured: `${s.rateLimited} (one scaled minute = ${s.config.windowMs} ms, so a ${interval}-s poll interval holds ${fmt.num((interval * 1000) / s.config.windowMs, 2)} budgets of 300; the largest poll sent ${Math.max(...polls.map((p) => p.requests))} requests)`,
		},
		{
			scenario: 'receiptSync',
			target: `Receipt sync: n8n's peak RSS from the first to the last poll grows ≤ ${RSS_GROWTH_MB} MB`,
			met: growthKb <= RSS_GROWTH_MB * 1024,
			measured: `${fmt.mb(growthKb)} (the highest RSS sample of n8n's main process in the intervals of the day's last ${m.quarter} polls, ${fmt.mb(m.lastQuarterPeakKb)}, minus that of its first ${m.quarter}, ${fmt.mb(m.firstQuarterPeakKb)}, of ${m.pollsInDay} polls while receipts were issued; highest ${fmt.mb(Math.max(...peaks))}; idle before the day ${fmt.mb(m.baselineMainKb)}; each poll's interval: ${peaks.map((kb) => Math.round(kb / 1024)).join(' ')} MB; n8n's CPU over the day ${fmt.int(m.cpuMs)} ms = ${fmt.num((m.cpuMs / t.count) * 1000, 1)} ms per 1000 receipts)`,
		},
		{
			scenario: 'receiptSync',
			target: RECEIPT_SYNC_TARGETS.lag,
			met: t.lagSeconds.max <= budget.lagBoundS,
			measured: `max ${fmt.num(t.lagSeconds.max, 1)} s, p99 ${fmt.num(t.lagSeconds.p99, 1)} s, p95 ${fmt.num(t.lagSeconds.p95, 1)} s, median ${fmt.num(t.lagSeconds.p50, 1)} s (the row's first write by PostgreSQL's clock minus received_datetime, which the API gives in whole seconds) against ${fmt.num(budget.lagBoundS, 1)} s (cycle ${budget.units} × 1,440 / ${fmt.int(budget.share)} = ${fmt.num(budget.cycleMin, 1)} min, polls every ${interval} s); the slowest poll read for ${fmt.num(Math.max(...polls.map((p) => p.readMs)) / 1000, 1)} s`,
		},
		{
			scenario: 'receiptSync',
			target:
				"Receipt sync: the table = the sandbox's true set (count, distinct ids, Σ total_sum), nothing written twice, every late arrival in it",
			met:
				t.count === s.truth.count &&
				t.distinct === t.count &&
				t.missing === 0 &&
				t.extra === 0 &&
				t.sum === s.truth.sum &&
				t.rewritten === 0 &&
				t.lateWritten === s.day.late,
			measured: `${fmt.int(t.count)} rows, ${fmt.int(t.distinct)} distinct ids, Σ ${fmt.int(t.sum)}; true ${fmt.int(s.truth.count)}, Σ ${fmt.int(s.truth.sum)}; missing ${t.missing}${t.examples.missing.length ? ` (${t.examples.missing.join(', ')})` : ''}, extra ${t.extra}; rows written more than once ${t.rewritten}; late arrivals issued ${fmt.int(s.day.late)} (printed 1–47 h before reception), in the table ${fmt.int(t.lateWritten)}; rows received > 1 h after printing ${fmt.int(t.late)}, ${fmt.int(t.lateAcrossMidnight)} of them received on a later day than printed (center's zone); executions ${JSON.stringify(s.executions)}${s.firstError ? ` (first error: ${s.firstError})` : ''}`,
		},
	];
}

module.exports = { syncRows, syncTargets, rewordRetiredTargets, RECEIPT_SYNC_TARGETS };
