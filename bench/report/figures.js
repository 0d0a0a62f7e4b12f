'use strict';
/*
 * The figures of a bench run: one summary per receipts rendering (median round by wall time, memory
 * from its run alone), the plain client's, and the rows of the results table.
 */
const { median, fmt } = require('../lib/util');
const { PRO, BASIC, OTHER_CLIENT_SPEND, INSERTED_ANOMALIES } = require('../scenarios/common');
const { RECEIPT_SCENARIOS } = require('../scenarios/receipts');

/** Records per scaled minute of a scenario that delivered the true set, else undefined. */
const perMin = (s) =>
	s && !s.failedToRun && s.status === 'success' && s.exact ? s.recordsPerScaledMinute : undefined;

function summariseReceipts(
	{ key, timeRuns, memoryRun, shared, truth, period },
	windowMs,
	minimumRequests,
) {
	const ok = timeRuns.filter((r) => r.status === 'success');
	const pool = ok.length ? ok : timeRuns;
	const med = median(pool.map((r) => r.wallMs));
	const rep = pool.reduce(
		(best, r) => (Math.abs(r.wallMs - med) < Math.abs(best.wallMs - med) ? r : best),
		pool[0],
	);
	const scaledMin = rep.wallMs / windowMs;
	const perScaledMin = rep.records / scaledMin;
	const mem = memoryRun || {};
	return {
		key,
		label: RECEIPT_SCENARIOS[key].label,
		period,
		status: rep.status,
		error: rep.error,
		runsOk: `${ok.length}/${timeRuns.length}`,
		allRunsExact: timeRuns.every((r) => r.exact) && (!memoryRun || memoryRun.exact),
		records: rep.records,
		trueCount: truth.count,
		exact: rep.exact,
		missing: rep.missing,
		extra: rep.extra,
		duplicates: rep.duplicates,
		requests: rep.receiptRequests,
		minimumRequests,
		requestsVsMinimum: rep.receiptRequests / minimumRequests,
		otherRequests: rep.otherRequests,
		rateLimited: rep.rateLimited,
		wallMs: rep.wallMs,
		wallMsAllRounds: timeRuns.map((r) => r.wallMs),
		scaledMinutes: scaledMin,
		recordsPerScaledMinute: perScaledMin,
		ceilingPerScaledMinute: PRO.perMinute * PRO.perPage,
		ofCeiling: perScaledMin / (PRO.perMinute * PRO.perPage),
		jsonBytes: mem.jsonBytes ?? rep.jsonBytes,
		memory: mem.memory,
		peakRssKb: mem.memory?.mainPeakKb,
		peakRssDeltaKb: mem.memory ? mem.memory.mainPeakKb - mem.memory.baselineMainKb : undefined,
		timeRuns,
		memoryRun,
		shared,
	};
}

/** The plain fetch loop's rounds (speed phase) as a scenario of the table. */
function summarisePlain(runs, truth, minimumRequests, windowMs) {
	const med = median(runs.map((r) => r.wallMs));
	const rep = runs.reduce(
		(b, r) => (Math.abs(r.wallMs - med) < Math.abs(b.wallMs - med) ? r : b),
		runs[0],
	);
	const scaledMinutes = rep.wallMs / windowMs;
	return {
		key: 'plain',
		label: 'Reference: a plain fetch loop outside n8n, one request at a time',
		status: 'success',
		records: rep.records,
		exact: rep.records === truth.count,
		requests: rep.receiptRequests,
		minimumRequests,
		rateLimited: rep.rateLimited,
		wallMs: rep.wallMs,
		wallMsAllRounds: runs.map((r) => r.wallMs),
		scaledMinutes,
		recordsPerScaledMinute: rep.records / scaledMinutes,
		ofCeiling: rep.records / scaledMinutes / (PRO.perMinute * PRO.perPage),
		runs,
	};
}

/** The rows of the results table (and the shared-budget rates); adds figures to the scenarios. */
function tableRows(scenarios, windowMs) {
	const rows = [];
	const A = scenarios.httpDocs;
	const B = scenarios.httpExpert;
	const rssText = (m) =>
		m ? `${fmt.mb(m.mainPeakKb)} (+${fmt.mb(m.mainPeakKb - m.baselineMainKb)})` : '–';
	const exactText = (s) =>
		s.exact
			? 'yes'
			: `**no** (true ${fmt.int(s.trueCount)}: missing ${fmt.int(s.missing)}, extra ${fmt.int(s.extra)}, dup ${fmt.int(s.duplicates)})`;
	const statusText = (s) =>
		s.status !== 'success' ? ` — **${s.status}**${s.error ? `: ${s.error.message}` : ''}` : '';
	for (const key of ['node90', 'httpDocs', 'httpExpert', 'node100k', 'http100k']) {
		const s = scenarios[key];
		if (!s) continue;
		if (s.failedToRun) {
			rows.push({
				scenario: key,
				label: s.label,
				exactText: `not run: ${s.failedToRun.slice(0, 80)}`,
				requestsText: '–',
				rssText: '–',
			});
			continue;
		}
		rows.push({
			scenario: key,
			label:
				s.label +
				(s.timeRuns.some((r) => r.restarts)
					? ` (${Math.max(...s.timeRuns.map((r) => r.restarts))} restarts)`
					: '') +
				statusText(s),
			records: s.records,
			exactText: exactText(s),
			requestsText: `${s.requests} (${s.minimumRequests})`,
			rateLimited: s.rateLimited,
			scaledMinutes: s.scaledMinutes,
			recordsPerScaledMinute:
				s.status === 'success' && s.exact ? s.recordsPerScaledMinute : undefined,
			ofCeiling: s.status === 'success' && s.exact ? s.ofCeiling : undefined,
			rssText: rssText(s.memory),
			vsA: key === 'node90' && perMin(A) ? s.recordsPerScaledMinute / perMin(A) : undefined,
			vsB: key === 'node90' && perMin(B) ? s.recordsPerScaledMinute / perMin(B) : undefined,
		});
	}
	const pl = scenarios.plain;
	if (pl) {
		rows.splice(Math.min(rows.length, 3), 0, {
			scenario: 'plain',
			label: pl.label,
			records: pl.records,
			exactText: pl.exact ? 'count only' : '**count differs**',
			requestsText: `${pl.requests} (${pl.minimumRequests})`,
			rateLimited: pl.rateLimited,
			scaledMinutes: pl.scaledMinutes,
			recordsPerScaledMinute: pl.recordsPerScaledMinute,
			ofCeiling: pl.ofCeiling,
			rssText: '–',
		});
	}
	const ns = scenarios.node100kNoSave;
	if (ns) {
		rows.push(
			ns.failedToRun
				? {
						scenario: 'node100kNoSave',
						label: ns.label,
						exactText: `not run: ${ns.failedToRun.slice(0, 80)}`,
						requestsText: '–',
						rssText: '–',
					}
				: {
						scenario: 'node100kNoSave',
						label: ns.label,
						records: ns.records,
						exactText: ns.exact
							? 'yes (count, distinct ids, Σ)'
							: `**no** (true ${fmt.int(ns.trueCount)})`,
						requestsText: `${ns.requests} (${scenarios.node100k?.minimumRequests ?? '–'})`,
						rateLimited: ns.rateLimited,
						rssText: rssText(ns.memory),
					},
		);
	}
	// shared budget: the ceiling is what the other client leaves (300 − OTHER_CLIENT_SPEND per window)
	const left = PRO.perMinute - OTHER_CLIENT_SPEND;
	const sharedPerMin = {};
	for (const key of ['node90', 'httpDocs', 'httpExpert']) {
		const s = scenarios[key];
		if (!s || s.failedToRun || !s.shared) continue;
		const sh = s.shared;
		sh.scaledMinutes = sh.wallMs / windowMs;
		sh.recordsPerScaledMinute = sh.records / sh.scaledMinutes;
		sh.ceilingPerScaledMinute = left * PRO.perPage;
		sh.ofCeiling = sh.recordsPerScaledMinute / sh.ceilingPerScaledMinute;
		sh.budgetFloorScaledMinutes = Math.ceil(s.minimumRequests / left) - 1;
		sh.ofBudgetFloor =
			sh.status === 'success' ? sh.budgetFloorScaledMinutes / sh.scaledMinutes : undefined;
		if (sh.status === 'success' && sh.exact) sharedPerMin[key] = sh.recordsPerScaledMinute;
		rows.push({
			scenario: key,
			label:
				`${s.label}, **shared budget** (another client takes ${OTHER_CLIENT_SPEND} of each window's ${PRO.perMinute}; ceiling ${left} × 1000)` +
				(sh.restarts ? ` (${sh.restarts} restarts)` : '') +
				statusText(sh),
			records: sh.records,
			exactText: exactText({ ...sh, trueCount: s.trueCount }),
			requestsText: `${sh.receiptRequests} (${s.minimumRequests})`,
			rateLimited: sh.rateLimited,
			scaledMinutes: sh.scaledMinutes,
			// a rate of a partial set would read as a good figure: shown only for the true set
			recordsPerScaledMinute:
				sh.status === 'success' && sh.exact ? sh.recordsPerScaledMinute : undefined,
			ofCeiling: sh.status === 'success' && sh.exact ? sh.ofCeiling : undefined,
			rssText: '–',
		});
	}
	const sharedRow = rows.find((r) =>
		r.label.startsWith(RECEIPT_SCENARIOS.node90.label + ', **shared'),
	);
	if (sharedRow && sharedPerMin.node90) {
		sharedRow.vsA = sharedPerMin.httpDocs ? sharedPerMin.node90 / sharedPerMin.httpDocs : undefined;
		sharedRow.vsB = sharedPerMin.httpExpert
			? sharedPerMin.node90 / sharedPerMin.httpExpert
			: undefined;
	}
	const bs = scenarios.basic;
	if (bs && !bs.failedToRun) {
		const scaledMinutes = bs.wallMs / windowMs;
		bs.scaledMinutes = scaledMinutes;
		bs.recordsPerScaledMinute = bs.records / scaledMinutes;
		bs.ceilingPerScaledMinute = BASIC.perMinute * BASIC.rowsPerRequest;
		bs.ofCeiling = bs.recordsPerScaledMinute / bs.ceilingPerScaledMinute;
		bs.windowsUsed = bs.requestsPerWindow.length;
		// the least time any client could take: every full window of the budget must pass, the last one is a burst
		bs.budgetFloorScaledMinutes = Math.ceil(bs.dataRequests / BASIC.perMinute) - 1;
		bs.ofBudgetFloor = bs.budgetFloorScaledMinutes / scaledMinutes;
		bs.minimumWindows = Math.ceil(bs.dataRequests / BASIC.perMinute);
		rows.push({
			scenario: 'basic',
			label:
				`${bs.label} (${bs.shops} shops; requests per window ${bs.requestsPerWindow.join(' / ')})` +
				statusText(bs),
			records: bs.records,
			exactText: bs.exact ? 'yes' : `**no** (true ${fmt.int(bs.trueCount)})`,
			requestsText: `${bs.dataRequests} (${bs.minimumRequests})`,
			rateLimited: bs.rateLimited,
			scaledMinutes,
			recordsPerScaledMinute: bs.recordsPerScaledMinute,
			ofCeiling: bs.ofCeiling,
			rssText: rssText(bs.memory),
		});
	}
	const tr = scenarios.trigger;
	if (tr && !tr.failedToRun) {
		rows.push({
			scenario: 'trigger',
			label: `${tr.label}: requests per poll ${tr.polls.map((p) => p.requests).join(', ')} (lookback rows ${tr.rowsBefore}, then ${tr.rowsAfter})`,
			records: tr.emitted,
			exactText: tr.emittedExactlyInserted
				? `yes (emitted = the ${INSERTED_ANOMALIES} new)`
				: `**no** (emitted ${tr.emitted} for ${INSERTED_ANOMALIES} new)`,
			requestsText: `≤ ${tr.maxRequestsPerPoll}/poll (allowed ${[...new Set(tr.polls.map((p) => p.allowed))].join(', then ')})`,
			rateLimited: tr.polls.reduce(
				(a, p) => a + p.routes.filter((x) => x.endsWith(':429')).length,
				0,
			),
			rssText: '–',
		});
	}
	return { rows, sharedPerMin };
}

module.exports = { perMin, summariseReceipts, summarisePlain, tableRows };
