'use strict';
/*
 * The periods the receipts scenarios export (90 days; the shortest period ending on the same day with
 * at least 100,000 receipts), their true sets, and the least number of requests any client needs.
 * Asking for the true sets also makes the sandbox generate the days once, so no run pays for that.
 */
const { addDays, daysBetween, splitDays, fmt } = require('../lib/util');
const { PRO, TARGET_100K, log } = require('./common');

/** → { periods: { p90, p100k? }, truths, mins: { p90: { min, perWindow }, p100k? } } */
async function periodsAndTruths(sandbox, { with100k }) {
	// the true sets (and the days generated once, so no run pays for generation)
	const periods = { p90: { start: PRO.start, end: PRO.end } };
	const truths = {};
	truths.p90 = await sandbox.control.truth('receipts', {
		sc_id: PRO.sc,
		shop_id: PRO.shop,
		start_created_date: PRO.start,
		end_created_date: PRO.end,
	});
	if (with100k) {
		// the shortest period ending on PRO.end with at least 100,000 receipts
		let lo = 90;
		let hi = 240;
		while (lo < hi) {
			const mid = Math.floor((lo + hi) / 2);
			const t = await sandbox.control.truth('receipts', {
				sc_id: PRO.sc,
				shop_id: PRO.shop,
				start_created_date: addDays(PRO.end, -(mid - 1)),
				end_created_date: PRO.end,
			});
			if (t.count >= TARGET_100K) hi = mid;
			else lo = mid + 1;
		}
		periods.p100k = { start: addDays(PRO.end, -(lo - 1)), end: PRO.end };
		truths.p100k = await sandbox.control.truth('receipts', {
			sc_id: PRO.sc,
			shop_id: PRO.shop,
			start_created_date: periods.p100k.start,
			end_created_date: PRO.end,
		});
		log(
			`  100k period: ${periods.p100k.start}..${periods.p100k.end} (${daysBetween(periods.p100k.start, PRO.end)} days, ${fmt.int(truths.p100k.count)} receipts)`,
		);
	}
	const minimumOf = async (p) => {
		let min = 0;
		const perWindow = [];
		for (const w of splitDays(p.start, p.end, PRO.windowDays)) {
			const t = await sandbox.control.truth('receipts', {
				sc_id: PRO.sc,
				shop_id: PRO.shop,
				start_created_date: w.start,
				end_created_date: w.end,
			});
			perWindow.push(t.count);
			min += Math.max(1, Math.ceil(t.count / PRO.perPage));
		}
		return { min, perWindow };
	};
	const mins = { p90: await minimumOf(periods.p90) };
	if (periods.p100k) mins.p100k = await minimumOf(periods.p100k);
	log(
		`  90 days: ${fmt.int(truths.p90.count)} receipts, per window ${mins.p90.perWindow.join(' / ')}, minimum ${mins.p90.min} requests`,
	);
	return { periods, truths, mins };
}

module.exports = { periodsAndTruths };
