'use strict';
/*
 * The dayBudget row's pieces that read the run back (scenarios/day-budget.js): the trigger's poll lines
 * in n8n's log (one a poll, with the poll's requests and the trigger's own count of the center's day),
 * the requests of the center in the sandbox's log, the receipts the first poll remembered, and the
 * table (PostgreSQL) against the sandbox's true set of receipts received in the window.
 */

/** "Shopping Center Trigger (New Receipt): 98 read(s), 99 request(s), 3 item(s); center 1008: 99 request(s), today 4,210 of 25,000 (…); node … of workflow …" */
const pollLine = (event) =>
	new RegExp(
		`Shopping Center Trigger \\(${event}\\): (\\d+) read\\(s\\), (\\d+) request\\(s\\), (\\d+) item\\(s\\); (.*)$`,
	);
const int = (s) => Number(String(s).replace(/,/g, ''));

/**
 * One poll of the event's trigger from its log line (and the moment the line came), or undefined for
 * another line; Center Changes' backfill progress ("history: 12 of 60 days[, done]") when it says one.
 */
function parsePollLine(line, at, sc, event = 'New Receipt') {
	const m = pollLine(event).exec(line);
	if (!m) return undefined;
	const c = new RegExp(`center ${sc}: (\\d+) request\\(s\\), today ~?([\\d,]+) of ([\\d,]+)`).exec(
		m[4],
	);
	return {
		at,
		reads: Number(m[1]),
		requests: Number(m[2]),
		items: Number(m[3]),
		centerRequests: c ? Number(c[1]) : 0,
		todayUsed: c ? int(c[2]) : undefined,
		todayShare: c ? int(c[3]) : undefined,
		...historyOf(m[4]),
	};
}

function historyOf(text) {
	const h = /history: (\d+) of (\d+) days(, done)?/.exec(text);
	return h ? { history: { done: Number(h[1]), of: Number(h[2]), finished: !!h[3] } } : {};
}

/** The center's entries of the sandbox's log (token and center list have no center). */
async function centerLog(control, since, sc) {
	return (await control.log({ since })).filter((e) => e.sc_id === sc);
}

/**
 * The first poll (run while n8n activates): the shops it read and the sandbox clock of each read (it
 * remembers every receipt received by then), and the moments it started between.
 */
function firstPollReads(entries) {
	const shops = new Map();
	for (const e of entries) {
		if (e.route !== 'receipts') continue;
		const shop = (/\/shops\/([^/]+)\/receipts/.exec(e.path) || [])[1];
		if (shop && !shops.has(shop)) shops.set(shop, Date.parse(e.clock));
	}
	return shops;
}

/**
 * The true set of the window: each receipt of the center received after the trigger began to watch its
 * shop and by the window's end. A shop the first poll read: after that read's clock (it remembered what
 * was received by then); any other shop: from the first poll's start (the trigger's origin, a moment
 * between `originFrom` and `originTo`; a receipt received between them is on the boundary and counts
 * either way). received: whole seconds of the sandbox clock, as the API gives them.
 */
function windowTruth(received, firstReads, originFrom, originTo, windowEnd) {
	const truth = new Map();
	const boundary = new Set();
	for (const r of received) {
		if (r.received > windowEnd) continue;
		const read = firstReads.get(r.shop_id);
		if (read !== undefined) {
			if (r.received > read) truth.set(r.id, r);
		} else if (r.received >= originTo) truth.set(r.id, r);
		else if (r.received >= originFrom) boundary.add(r.id);
	}
	return { truth, boundary };
}

/**
 * psql -At rows: id | received epoch ms | loaded_at epoch ms | writes. `shiftMs`: the bench's clocks
 * moved (--day-at); PostgreSQL's loaded_at is the real time, moved by the same here.
 */
function readRows(pg, shiftMs = 0) {
	const text = pg.psql(
		'SELECT id, round(extract(epoch FROM received_datetime) * 1000), round(extract(epoch FROM loaded_at) * 1000), writes FROM receipts',
	);
	return text
		.trim()
		.split('\n')
		.filter(Boolean)
		.map((l) => {
			const [id, received, loaded, writes] = l.split('|');
			return {
				id,
				received: Number(received),
				loaded: Number(loaded) + shiftMs,
				writes: Number(writes),
			};
		});
}

const quantile = (sorted, q) =>
	sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;

/**
 * The table against the window's true set: the rows received by the window's end = the true set (ids
 * one by one), the rows received after it (polls went on) all in the sandbox's later receipts, no row
 * written twice; the lag reception → the row's first write over the window's rows.
 */
function compareTable(rows, { truth, boundary }, later, windowEnd, lateIds) {
	const seen = new Set();
	const missing = [];
	const extra = [];
	const lags = [];
	let rewritten = 0;
	let boundaryWritten = 0;
	let tail = 0;
	let tailExtra = 0;
	let lateWritten = 0;
	for (const r of rows) {
		if (r.writes > 1) rewritten++;
		if (r.received > windowEnd) {
			tail++;
			if (!later.has(r.id)) tailExtra++;
			continue;
		}
		if (boundary.has(r.id)) {
			boundaryWritten++;
			continue;
		}
		if (!truth.has(r.id)) {
			extra.push(r.id);
			continue;
		}
		seen.add(r.id);
		if (lateIds.has(r.id)) lateWritten++;
		lags.push((r.loaded - truth.get(r.id).received) / 1000);
	}
	for (const id of truth.keys()) if (!seen.has(id)) missing.push(id);
	lags.sort((a, b) => a - b);
	return {
		rows: rows.length,
		trueCount: truth.size,
		written: seen.size,
		missing: missing.length,
		extra: extra.length,
		examples: { missing: missing.slice(0, 5), extra: extra.slice(0, 5) },
		rewritten,
		boundary: boundary.size,
		boundaryWritten,
		tail,
		tailTrue: later.size,
		tailExtra,
		late: lateIds.size,
		lateWritten,
		lagSeconds: {
			n: lags.length,
			p50: quantile(lags, 0.5),
			p95: quantile(lags, 0.95),
			max: lags.length ? lags[lags.length - 1] : NaN,
		},
	};
}

module.exports = {
	parsePollLine,
	centerLog,
	firstPollReads,
	windowTruth,
	readRows,
	compareTable,
	quantile,
};
