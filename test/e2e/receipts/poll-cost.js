'use strict';
/*
 * The receipts e2e's view of one poll (polls.js): the centers and their zones, a center's requests
 * split into its polls by the counts of the trigger's per-poll log lines, and each shop's requests
 * against the stated formula Σ ⌈received in the re-read period / 1000⌉.
 */
const assert = require('node:assert/strict');
// a center's requests cut into its polls by the counts of the trigger's lines (re-exported for polls.js)
const { splitPolls } = require('../../../scripts/lib/poll-line');

const PRO_CENTERS = ['1002', '1004'];
const ZONES = { 1002: 'Asia/Yekaterinburg', 1004: 'Asia/Vladivostok' };

const dayIn = (zone, ms) => new Date(ms).toLocaleDateString('en-CA', { timeZone: zone });
const addDays = (d, n) =>
	new Date(Date.parse(`${d}T00:00:00Z`) + n * 86400e3).toISOString().slice(0, 10);
const shopOf = (p) => (/\/shops\/([^/]+)\/receipts/.exec(p) || [])[1];

/**
 * One center's receipt requests of a poll (`calls`) against the formula, `today` the sandbox's day of
 * the center; the refusals (422) among them, counted. Each shop: its requests = ⌈received in the period
 * it asked / 1000⌉ (at least 1), and that period is the re-read one: from its last read day − Lookback
 * through the poll's day. The last read day is the poll's day, or the day before right after midnight;
 * the poll's day is the sandbox's (frozen at the round's start; a read through the next day is refused
 * once, and the center read again through this one), or the day before for a poll that began just
 * before the round's start crossed the center's midnight.
 */
async function checkCenterCost(sb, { sc, calls: all, today, lookback, label }) {
	// right after the center's midnight the trigger may ask through a day the frozen sandbox has not
	// begun: one refusal (422), then the center read again through the day before
	const refused = all.filter((e) => e.status === 422);
	const calls = all.filter((e) => e.status !== 422);
	assert.ok(
		calls.every((e) => e.status === 200) &&
			refused.length <= 1 &&
			refused.every((e) => e.query.end_received_date === addDays(today, 1)),
		`${label} ${sc}: ${JSON.stringify(all.map((e) => [e.status, e.query]))}`,
	);
	const byShop = new Map();
	for (const e of calls) {
		const shop = shopOf(e.path);
		if (!byShop.has(shop)) byShop.set(shop, []);
		byShop.get(shop).push(e.query || {});
	}
	let want = 0;
	for (const [shop, qs] of byShop) {
		const { start_received_date: start, end_received_date: end } = qs[0];
		assert.ok(
			qs.every((q) => q.start_received_date === start && q.end_received_date === end),
			`${label} ${sc} shop ${shop}: two periods in one poll ${JSON.stringify(qs)}`,
		);
		assert.ok(
			[today, addDays(today, -1)].includes(end),
			`${label} ${sc} shop ${shop}: read through ${end}; the center's day is ${today}`,
		);
		assert.ok(
			[addDays(end, -lookback), addDays(end, -lookback - 1)].includes(start),
			`${label} ${sc} shop ${shop}: read from ${start} through ${end}; Lookback is ${lookback} day(s)`,
		);
		const t = await sb.control.truth('receipts', {
			sc_id: sc,
			shop_id: shop,
			start_received_date: start,
			end_received_date: end,
		});
		want += Math.max(1, Math.ceil(t.count / 1000));
	}
	assert.equal(
		calls.length,
		want,
		`${label} ${sc}: ${calls.length} receipt requests for ${byShop.size} shops, the formula says ${want}`,
	);
	return refused.length;
}

module.exports = { PRO_CENTERS, ZONES, dayIn, addDays, splitPolls, checkCenterCost };
