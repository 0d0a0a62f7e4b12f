'use strict';
/*
 * The receipt-sync row's day (scenarios/receipt-sync.js): receipts issued live into the sync center 1007
 * at a steady rate over the run's real minutes (POST /__sandbox/insert-batches, received at the sandbox's
 * running clock = the real now), most printed seconds to minutes before reception, a share of late
 * arrivals printed 1–47 hours before; and the polls (the sandbox's log cut by the trigger's per-poll
 * lines) with each poll's receipt requests against Σ over the shops it read ⌈received in the re-read
 * period / 1000⌉.
 */
const { sleep, addDays } = require('../lib/util');
const { splitPolls } = require('../../scripts/lib/poll-line');

const SYNC = {
	sc: '1007',
	zone: 'Asia/Novosibirsk',
	clientId: 'sync-client',
	clientSecret: 'sync-secret-5a90c2',
	shops: 100,
	// shop 05 has no cash registers, 09 is archived (the trigger reads active shops)
	issuing: Array.from({ length: 100 }, (_, i) => i + 1)
		.filter((i) => i !== 5 && i !== 9)
		.map((i) => `1007-${String(i).padStart(2, '0')}`),
	page: 1000,
};

const dayIn = (zone, ms) => new Date(ms).toLocaleDateString('en-CA', { timeZone: zone });

/**
 * Issues `total` receipts over `dayMs` real milliseconds, one batch call a tick, the same day every run. Shops get different
 * weights (0.3..2.5), so some pass 1000 and 2000 receipts in the day and their polls need more pages.
 * A share `lateShare` are late arrivals (the store's default: printed 1–47 hours before now, many on the
 * day before in the center's zone); the rest are printed 0..`tillLagS` seconds before they are received.
 */
class LiveDay {
	constructor(
		control,
		{ total, dayMs, lateShare = 0.05, tillLagS = 300, tickMs = 1000, seed = 0 },
	) {
		Object.assign(this, { control, total, dayMs, lateShare, tillLagS, tickMs });
		// the k-th receipt's draw: the golden-ratio sequence (even, deterministic; `seed` shifts it)
		this.k = seed;
		this.random = () => (++this.k * 0.6180339887498949) % 1;
		const w = SYNC.issuing.map((_, k) => 0.3 + ((k * 37) % 23) / 10);
		const sum = w.reduce((a, b) => a + b, 0);
		let acc = 0;
		this.cumulative = w.map((x) => (acc += x / sum));
		this.issued = 0;
		this.late = 0;
		/** the ids of the late arrivals */
		this.lateIds = new Set();
		this.ticks = [];
	}

	shop() {
		const r = this.random();
		const k = this.cumulative.findIndex((c) => r < c);
		return SYNC.issuing[k < 0 ? SYNC.issuing.length - 1 : k];
	}

	async run() {
		this.startedAt = Date.now();
		const end = this.startedAt + this.dayMs;
		while (this.issued < this.total) {
			const due = Math.min(
				this.total,
				Math.ceil((this.total * (Date.now() - this.startedAt)) / this.dayMs),
			);
			if (due > this.issued) await this.issue(due - this.issued);
			if (this.issued >= this.total) break;
			await sleep(Math.max(10, Math.min(this.tickMs, end - Date.now())));
		}
		this.endedAt = Date.now();
	}

	async issue(n) {
		const byShop = new Map();
		for (let i = 0; i < n; i++) {
			const shop = this.shop();
			const late = this.k % Math.round(1 / this.lateShare) === 0;
			const c = byShop.get(shop) || { till: 0, late: 0 };
			if (late) c.late++;
			else c.till++;
			byShop.set(shop, c);
		}
		const batches = [];
		for (const [shop, c] of byShop) {
			if (c.till) batches.push({ shop_id: shop, count: c.till, created_ago_s: this.tillLagS });
			if (c.late) batches.push({ shop_id: shop, count: c.late });
		}
		const t = Date.now();
		const { ids } = await this.control.insertBatches({ kind: 'receipt', sc_id: SYNC.sc, batches });
		this.issued += ids.length;
		let at = 0;
		for (const b of batches) {
			if (b.created_ago_s === undefined)
				for (const id of ids.slice(at, at + b.count)) this.lateIds.add(id);
			at += b.count;
		}
		this.late = this.lateIds.size;
		this.ticks.push({ at: t, n: ids.length, ms: Date.now() - t });
		if (ids.length !== n) throw new Error(`issued ${ids.length} of ${n} receipts`);
	}
}

/**
 * The polls of the run: the sync center's requests in the sandbox's log cut by the trigger's per-poll
 * lines in n8n's log (scripts/lib/poll-line.js; `lines`: { requests of the center, at: when the line
 * came }), each with its shops' receipt requests. The trigger reads the shop list only now and then (the
 * day budget), so a poll is what its line counts, not what follows a shop list; a poll that sent the
 * center nothing starts at its line's moment.
 */
async function pollsOf(control, since, lines) {
	const log = (await control.log({ since })).filter((e) => e.sc_id === SYNC.sc);
	const split = splitPolls(
		log,
		lines.map((l) => l.requests),
	);
	return split.map((entries, i) => {
		const shops = new Map();
		for (const e of entries) {
			if (e.route !== 'receipts') continue;
			const shop = (/\/shops\/([^/]+)\/receipts/.exec(e.path) || [])[1];
			const s = shops.get(shop) || { requests: 0, first: e, last: e, statuses: [] };
			s.requests++;
			s.last = e;
			s.statuses.push(e.status);
			shops.set(shop, s);
		}
		const startedAt = entries.length ? Date.parse(entries[0].time) : lines[i].at;
		return { startedAt, entries, shops };
	});
}

const one = (q, k) => (Array.isArray(q[k]) ? q[k][0] : q[k]);

/** ⌈received in [start, end] by `at` / 1000⌉, at least 1. */
async function pages(control, shop, start, end, at) {
	const t = await control.truth('receipts', {
		sc_id: SYNC.sc,
		shop_id: shop,
		start_received_date: start,
		end_received_date: end,
		at,
	});
	return { count: t.count, pages: Math.max(1, Math.ceil(t.count / SYNC.page)) };
}

/**
 * One poll against the formula: per shop it read, its requests against ⌈received in the re-read period /
 * 1000⌉ counted at its first request and, where that differs, at its last (receipts keep arriving while a
 * poll reads), and the period it asked for against (today − lookback day) .. today in the center's zone.
 */
async function checkPoll(control, poll, lookbackDays) {
	let requests = 0;
	let formulaFirst = 0;
	let formulaLast = 0;
	let matched = 0;
	let rateLimited = 0;
	let received = 0;
	const wrongPeriod = [];
	for (const [shop, s] of poll.shops) {
		requests += s.requests;
		rateLimited += s.statuses.filter((x) => x === 429).length;
		const q = s.first.query || {};
		const start = one(q, 'start_received_date');
		const end = one(q, 'end_received_date');
		const today = dayIn(SYNC.zone, Date.parse(s.first.clock));
		if (start !== addDays(today, -lookbackDays) || end !== today)
			wrongPeriod.push(`${shop} ${start}..${end}`);
		const a = await pages(control, shop, start, end, s.first.clock);
		// the count at the last request only where the first does not match (it costs a truth call)
		const b =
			s.last === s.first || s.requests === a.pages
				? a
				: await pages(control, shop, start, end, s.last.clock);
		formulaFirst += a.pages;
		formulaLast += b.pages;
		received += b.count;
		if (s.requests === a.pages || s.requests === b.pages) matched++;
	}
	const last = poll.entries[poll.entries.length - 1];
	return {
		startedAt: new Date(poll.startedAt).toISOString(),
		readMs: last ? Date.parse(last.time) - poll.startedAt : 0,
		shopsRead: poll.shops.size,
		requests,
		shopListRequests: poll.entries.filter((e) => e.route === 'shops').length,
		formulaAtFirstRequest: formulaFirst,
		formulaAtLastRequest: formulaLast,
		shopsMatchingFormula: matched,
		equal: matched === poll.shops.size && wrongPeriod.length === 0,
		rateLimited,
		receivedInPeriod: received,
		wrongPeriod,
	};
}

module.exports = { SYNC, LiveDay, pollsOf, checkPoll, dayIn };
