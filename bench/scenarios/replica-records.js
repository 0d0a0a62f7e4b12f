'use strict';
/*
 * The replica row's pieces that read a run back (scenarios/replica.js, issue 36), pure (the poll
 * lines: day-budget-window.js parsePollLine with 'Center Changes'): the center's requests per table, today's
 * against the backfill's, the naive "re-read every table every poll", the records the trigger emitted
 * (from n8n's executions), each change's lag from its moment in the sandbox to its record, records
 * emitted twice, and the backfill's minimum pages.
 */

/** The API's route → the replica's table. */
const TABLE_OF_ROUTE = {
	shops: 'shops',
	zones: 'zones',
	tickets: 'tickets',
	'sales.daily': 'daily_sales',
	'sales.monthly': 'monthly',
};

const addDays = (day, n) =>
	new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dayIn = (zone, ms) => new Date(ms).toLocaleDateString('en-CA', { timeZone: zone });
const q = (e, k) => (e.query && (Array.isArray(e.query[k]) ? e.query[k][0] : e.query[k])) || '';

/**
 * Whether a request of the center read history (History From's backfill): a daily read ending before
 * today (the history's pages end yesterday at the latest), a monthly one ending before the current
 * month, a tickets read ending before the watched days (the center's day at the request's sandbox
 * clock). The units' own reads end today (a PRO center: the bench's 1008).
 */
function isHistory(e, zone, ticketDays) {
	const today = dayIn(zone, Date.parse(e.clock || e.time));
	if (e.route === 'sales.daily') return !!q(e, 'end_date') && q(e, 'end_date') < today;
	if (e.route === 'sales.monthly')
		return !!q(e, 'end_date') && q(e, 'end_date') < `${today.slice(0, 7)}-01`;
	if (e.route === 'tickets')
		return !!q(e, 'end_created_date') && q(e, 'end_created_date') < addDays(today, -ticketDays);
	return false;
}

/** The center's requests per table, today's (the units') and the backfill's apart. */
function requestsByTable(entries, zone, ticketDays) {
	const out = {};
	for (const e of entries) {
		const table = TABLE_OF_ROUTE[e.route] || e.route || 'other';
		out[table] = out[table] || { today: 0, history: 0 };
		out[table][isHistory(e, zone, ticketDays) ? 'history' : 'today']++;
	}
	return out;
}

/** Today's (the units') and the backfill's requests sent by `t` (the sandbox's log time), and after it. */
function splitAt(entries, zone, ticketDays, t) {
	const out = { before: { today: 0, history: 0 }, after: { today: 0, history: 0 } };
	for (const e of entries)
		out[Date.parse(e.time) <= t ? 'before' : 'after'][
			isHistory(e, zone, ticketDays) ? 'history' : 'today'
		]++;
	return out;
}

/**
 * The naive replica: every table read in full at every poll (a shop's daily and monthly rows one page
 * each, the shop list, the zone list, the watched tickets' pages).
 */
function naivePerPoll({ shops, ticketPages }) {
	return {
		daily_sales: shops,
		monthly: shops,
		shops: Math.max(1, Math.ceil(shops / 500)),
		zones: 1,
		tickets: ticketPages,
	};
}

/** Every record of the executions: { table, key (JSON), op, row, at (the execution's start, ms) }. */
function recordsOf(executions, triggerName) {
	const out = [];
	for (const ex of executions) {
		const at = Date.parse(ex.startedAt);
		const runs = ex.runData?.[triggerName] || [];
		for (const run of runs)
			for (const item of run.data?.main?.[0] || []) {
				const j = item.json || {};
				out.push({ table: j.table, key: JSON.stringify(j.key), op: j.op, row: j.row, at });
			}
	}
	return out.sort((a, b) => a.at - b.at);
}

/** Records of one key with the same content twice (an upsert emitted again unchanged, a delete twice). */
function twice(records) {
	const seen = new Map();
	let n = 0;
	const examples = [];
	for (const r of records) {
		const k = `${r.table}|${r.key}`;
		const content = `${r.op}|${JSON.stringify(r.row)}`;
		if (seen.get(k) === content) {
			n++;
			if (examples.length < 5) examples.push(k);
		}
		seen.set(k, content);
	}
	return { n, examples };
}

const quantile = (sorted, p) =>
	sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;

/** p50, p95, max of seconds; `pending`: changes no read has covered yet, the longest they waited. */
function lagFigures(lags, pending = []) {
	const s = [...lags].sort((a, b) => a - b);
	return {
		n: s.length,
		p50: quantile(s, 0.5),
		p95: quantile(s, 0.95),
		max: s.length ? s[s.length - 1] : NaN,
		pending: pending.length,
		pendingMaxWait: pending.length ? Math.max(...pending) : 0,
	};
}

/**
 * The lag of each receipt received in the window, for its shop's daily row of the day it was printed
 * and that shop's monthly row: from its reception (the sandbox's clock) to the first record of the row
 * after the first read that covered the row at or after the reception (the sandbox's log). A read
 * after the change with no record after it is a record MISSING; no read yet: pending (its wait so far).
 */
function receiptLags(receipts, entries, records, { zone, endMs }) {
	const readsOf = new Map();
	for (const e of entries) {
		if (e.route !== 'sales.daily' && e.route !== 'sales.monthly') continue;
		const shop = (/\/shops\/([^/]+)\/sales/.exec(e.path) || [])[1];
		const k = `${e.route}|${shop}`;
		if (!readsOf.has(k)) readsOf.set(k, []);
		readsOf
			.get(k)
			.push({ at: Date.parse(e.clock || e.time), from: q(e, 'start_date'), to: q(e, 'end_date') });
	}
	const recordsOf = new Map();
	for (const r of records) {
		const k = `${r.table}|${r.key}`;
		if (!recordsOf.has(k)) recordsOf.set(k, []);
		recordsOf.get(k).push(r.at);
	}
	const out = {};
	for (const [table, route] of [
		['daily_sales', 'sales.daily'],
		['monthly', 'sales.monthly'],
	]) {
		const lags = [];
		const pending = [];
		const missing = [];
		for (const rc of receipts) {
			const day = dayIn(zone, rc.created);
			const sc = rc.shop_id.split('-')[0];
			const key =
				table === 'daily_sales'
					? JSON.stringify({ sc_id: sc, shop_id: rc.shop_id, date: day })
					: JSON.stringify({ sc_id: sc, shop_id: rc.shop_id, month: day.slice(0, 7) });
			const covers = (r) =>
				table === 'daily_sales'
					? r.from <= day && day <= r.to
					: r.from.slice(0, 7) <= day.slice(0, 7) && day.slice(0, 7) <= r.to.slice(0, 7);
			const read = (readsOf.get(`${route}|${rc.shop_id}`) || []).find(
				(r) => r.at >= rc.received && covers(r),
			);
			if (!read) {
				pending.push((endMs - rc.received) / 1000);
				continue;
			}
			const at = (recordsOf.get(`${table}|${key}`) || []).find((t) => t >= read.at);
			if (at === undefined) missing.push(`${table} ${key} (receipt ${rc.id})`);
			else lags.push((at - rc.received) / 1000);
		}
		out[table] = {
			...lagFigures(lags, pending),
			missing: missing.length,
			examples: missing.slice(0, 3),
		};
	}
	return out;
}

/**
 * The lag of the bench's ticket changes: each (uid, status) at its moment → the first record showing it.
 * A change that was the ticket's last by a tickets read after it (the sandbox's log) and has no record
 * is MISSING; one a later change replaced before any read is not seen (docs/replica.md), not counted.
 */
function ticketLags(changes, records, endMs, entries = []) {
	const lags = [];
	const pending = [];
	const missing = [];
	const reads = entries
		.filter((e) => e.route === 'tickets')
		.map((e) => Date.parse(e.clock || e.time));
	changes.forEach((c, i) => {
		const rec = records.find(
			(r) =>
				r.table === 'tickets' &&
				r.at >= c.at &&
				String(r.row?.ticket_uid) === String(c.uid) &&
				r.row?.status === c.status,
		);
		if (rec) return lags.push((rec.at - c.at) / 1000);
		const next = changes.slice(i + 1).find((x) => String(x.uid) === String(c.uid));
		const read = reads.find((t) => t >= c.at && (!next || t < next.at));
		if (read !== undefined && records.some((r) => r.table === 'tickets' && r.at >= read))
			missing.push(`${c.uid} ${c.status}`);
		else if (!next) pending.push((endMs - c.at) / 1000);
	});
	return { ...lagFigures(lags, pending), missing: missing.length, examples: missing.slice(0, 3) };
}

/**
 * The backfill's minimum pages: per shop one daily page per 366 days from History From to yesterday
 * and one monthly page per 12 months from its month to the month before the current one; the tickets
 * from History From to the day before the watched days, ⌈tickets / 100⌉ a 31-day window (`ticketCounts`).
 */
function historyMinimum({ shops, historyFrom, today, ticketDays, ticketCounts = [] }) {
	const days = Math.max(
		0,
		Math.round((Date.parse(addDays(today, -1)) - Date.parse(historyFrom)) / 86_400_000) + 1,
	);
	const [y0, m0] = historyFrom.split('-').map(Number);
	const [y1, m1] = today.split('-').map(Number);
	const months = Math.max(0, y1 * 12 + m1 - (y0 * 12 + m0));
	const ticketEnd = addDays(today, -ticketDays - 1);
	const ticketDaysSpan = Math.max(
		0,
		Math.round((Date.parse(ticketEnd) - Date.parse(historyFrom)) / 86_400_000) + 1,
	);
	const ticketPages = ticketCounts.reduce((s, c) => s + Math.max(1, Math.ceil(c / 100)), 0);
	return {
		days,
		months,
		ticketDays: ticketDaysSpan,
		daily: shops * Math.ceil(days / 366),
		monthly: shops * Math.ceil(months / 12),
		tickets: ticketPages,
		total: shops * Math.ceil(days / 366) + shops * Math.ceil(months / 12) + ticketPages,
		ticketEnd,
	};
}

module.exports = {
	isHistory,
	requestsByTable,
	splitAt,
	naivePerPoll,
	recordsOf,
	twice,
	lagFigures,
	receiptLags,
	ticketLags,
	historyMinimum,
	addDays,
	dayIn,
	TABLE_OF_ROUTE,
};
