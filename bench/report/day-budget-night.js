'use strict';
/*
 * The dayBudgetNight row's targets (scenarios/day-budget.js with { night: true }, issue 37): New Receipt
 * in a real n8n over a quiet night hour of the 300-shop center (its clocks moved as --day-at does), every
 * default. What a quiet hour may cost: each shop that received nothing from 3 hours before the window
 * (its active hour, the doubling up to the bound, one bound: scenarios/day-budget.js QUIET_LOOKBACK_MS;
 * rows measured before said 1 hour) to its end is read at most once per Read Quiet Shops at Least Every (its first read at activation
 * included: the bound's floor, shops × ⌈window / bound⌉); a shop that did (round the clock, or a late
 * arrival) at most every second poll and once more. Against reading every shop at every poll, too.
 * The table, the 429s and the RSS as the day row holds them.
 */
const { fmt } = require('../lib/util');
const { dayBudgetTargets, loadText, shiftText } = require('./day-budget');

const BOUND_MIN = 60;
const TAG = 'New Receipt on a day budget at night (real n8n)';

function nightTargets(s) {
	if (!s || s.failedToRun) return [];
	const windowMin = Math.round(s.config.windowMs / 60_000);
	const reads = s.requests.readsPerShopInWindow;
	const active = new Set(s.activeShops);
	const lookbackH = (s.quietLookbackMs ?? 3_600_000) / 3_600_000;
	const since = lookbackH === 1 ? 'an hour' : `${lookbackH} hours`;
	const quietShops = Object.keys(reads).filter((id) => !active.has(id));
	const perQuiet = Math.ceil(windowMin / BOUND_MIN);
	const overQuiet = quietShops.filter((id) => reads[id] > perQuiet);
	const perActive = Math.floor(windowMin / 2) + 1;
	const overActive = [...active].filter((id) => (reads[id] || 0) > perActive);
	const floor = s.units * perQuiet;
	const polls = s.polls.filter((p) => p.startedAt <= Date.parse(s.window.endAt));
	const everyPoll = s.units * windowMin;
	const inWindow = s.requests.inWindow;
	const allowed = (s.units - active.size) * perQuiet + active.size * perActive;
	const w = s.window;
	const where = `center ${s.config.sc} (${s.units} shops), ${w.startLocal}–${w.endLocal} ${s.config.zone}, ${polls.length} polls every minute in the window, n8n ${s.config.n8nVersion}, every default (Read Quiet Shops at Least Every ${BOUND_MIN} min); ${shiftText(s)}; ${loadText(s)}`;
	const t = s.table;
	const kept = dayBudgetTargets(s)
		.filter((x) => /table|429|RSS/.test(x.target))
		.map((x) =>
			Object.assign({}, x, {
				scenario: 'dayBudgetNight',
				target: x.target.replace('New Receipt on a day budget (real n8n)', TAG),
			}),
		);
	return [
		{
			scenario: 'dayBudgetNight',
			target: `${TAG}: each quiet shop (no receipt from ${since} before the window on) read at most once per Read Quiet Shops at Least Every (≤ ⌈window / bound⌉, the read at activation included), each active or woken shop at most every second poll; the window's requests ≤ that floor`,
			met: overQuiet.length === 0 && overActive.length === 0 && inWindow <= allowed + 3,
			measured: `${fmt.int(inWindow)} requests in the window (shop list and pages included) against ${fmt.int(allowed)} + 3 for the shop list = ${quietShops.length} quiet shops × ${perQuiet} + ${active.size} shops that received a receipt from ${since} before the window on × ${perActive}; the bound's floor for all ${s.units} shops: ${fmt.int(floor)}; quiet shops over ${perQuiet} read(s): ${overQuiet.length}${overQuiet.length ? ` (${overQuiet.slice(0, 5).join(', ')})` : ''}; active over ${perActive}: ${overActive.length}; ${where}`,
		},
		{
			scenario: 'dayBudgetNight',
			target: `${TAG}: the window's requests ≤ 5 % of reading every shop at every poll`,
			met: inWindow <= 0.05 * everyPoll,
			measured: `${fmt.int(inWindow)} = ${fmt.pct(inWindow / everyPoll)} of ${s.units} shops × ${windowMin} polls = ${fmt.int(everyPoll)}; ${where}`,
		},
		{
			scenario: 'dayBudgetNight',
			target: `${TAG}: lag reception → row ≤ the quiet bound and two polls (${BOUND_MIN + 2} min)`,
			met: t.lagSeconds.n === 0 || t.lagSeconds.max <= (BOUND_MIN + 2) * 60,
			measured: `max ${fmt.num(t.lagSeconds.max / 60, 2)} min, p95 ${fmt.num(t.lagSeconds.p95 / 60, 2)} min over ${fmt.int(t.lagSeconds.n)} receipts received in the window (late arrivals and the round-the-clock shops); ${where}`,
		},
		...kept,
	];
}

module.exports = { nightTargets };
