/**
 * The walk's de-duplication is bounded by what can repeat: each selection (window, shop and window)
 * keeps the ids it returned while it is walked, none are kept across selections. Against the sandbox
 * through n8n-core's request helper: the result is the exact true set (also while records arrive
 * between pages), and the ids held at once never exceed the selections in flight, however many
 * windows or shops the walk has.
 */
import { PRO_CENTER, shopsOfCenter } from '../../sandbox';
import { demoApiContext } from '../helpers/apiContext';
import { sb, useSandbox } from '../helpers/sandbox';
import { PARALLEL_WINDOWS, walkPages, type WalkStats } from '../../nodes/shared/walk/pageStream';
import { splitDays } from '../../nodes/shared/walk/dateWindows';

const NOW = '2026-11-20T09:00:00Z';

useSandbox({ now: NOW, rateWindowMs: 1000 });
const ctx = () => demoApiContext(sb.baseUrl);

interface Selection {
	shop: string;
	start: string;
	end: string;
}

const truthOf = (s: Selection) =>
	sb.store.truth(
		'receipts',
		{ sc_id: PRO_CENTER, shop_id: s.shop, start_created_date: s.start, end_created_date: s.end },
		sb.clock.now(),
	);

async function walk(selections: Selection[], limit?: number) {
	const stats: WalkStats = { requests: 0, windows: 0 };
	const ids: string[] = [];
	const inputs = selections.map((s) => ({
		params: { sc_id: PRO_CENTER, shop_id: s.shop },
		query: { start_created_date: s.start, end_created_date: s.end },
	}));
	for await (const rows of walkPages(ctx(), 'exportReceipts', inputs, { stats, limit }))
		for (const r of rows) ids.push(String(r.id));
	return { ids, stats };
}

/** The n largest of some counts, summed. */
const largest = (counts: number[], n: number) =>
	[...counts]
		.sort((a, b) => b - a)
		.slice(0, n)
		.reduce((a, b) => a + b, 0);

const windowsOf = (shop: string, start: string, end: string): Selection[] =>
	splitDays(start, end, 30).map((w) => ({ shop, ...w }));

test('one shop, ten windows: the true set; ids held ≤ the windows in flight, far below the walk', async () => {
	const selections = windowsOf('1002-02', '2026-02-01', '2026-11-20');
	expect(selections.length).toBeGreaterThanOrEqual(10);
	const truths = selections.map(truthOf);
	const { ids, stats } = await walk(selections);
	const want = truths.flatMap((t) => t.ids);
	expect(ids).toHaveLength(want.length);
	expect(new Set(ids)).toEqual(new Set(want));
	const bound = largest(
		truths.map((t) => t.count),
		PARALLEL_WINDOWS,
	);
	expect(stats.peakIdsHeld).toBeGreaterThan(0);
	expect(stats.peakIdsHeld).toBeLessThanOrEqual(bound);
	expect(stats.peakIdsHeld).toBeLessThan(want.length / 2);
}, 120_000);

test('with a limit (windows one after another): ids held ≤ the largest window', async () => {
	const selections = windowsOf('1002-02', '2026-04-01', '2026-11-20');
	const truths = selections.map(truthOf);
	const total = truths.reduce((a, t) => a + t.count, 0);
	const { ids, stats } = await walk(selections, total - 10);
	expect(ids).toEqual(truths.flatMap((t) => t.ids).slice(0, total - 10));
	expect(stats.peakIdsHeld).toBeLessThanOrEqual(Math.max(...truths.map((t) => t.count)));
}, 120_000);

test('every shop of the center: ids held ≤ the shops in flight, not the center', async () => {
	const shops = shopsOfCenter(PRO_CENTER).filter((s) => !s.is_archived);
	expect(shops.length).toBeGreaterThan(PARALLEL_WINDOWS * 2);
	const selections = shops.map((s) => ({ shop: s.id, start: '2026-10-20', end: '2026-11-15' }));
	const truths = selections.map(truthOf);
	const { ids, stats } = await walk(selections);
	const want = truths.flatMap((t) => t.ids);
	expect(ids).toHaveLength(want.length);
	expect(new Set(ids)).toEqual(new Set(want));
	expect(stats.peakIdsHeld).toBeLessThanOrEqual(
		largest(
			truths.map((t) => t.count),
			PARALLEL_WINDOWS,
		),
	);
}, 120_000);

test('records arriving between pages of the window being walked: each once, none lost', async () => {
	const selections = windowsOf('1002-01', '2026-09-22', '2026-11-20');
	const before = new Set(selections.flatMap((s) => truthOf(s).ids));
	sb.faults.set({ insertBetweenPages: { route: 'receipts', count: 5 } });
	let got: string[];
	try {
		got = (await walk(selections)).ids;
	} finally {
		sb.faults.clear();
	}
	const after = new Set(selections.flatMap((s) => truthOf(s).ids));
	expect(after.size).toBeGreaterThan(before.size);
	const gotSet = new Set(got);
	expect(gotSet.size).toBe(got.length);
	expect([...before].filter((id) => !gotSet.has(id))).toEqual([]);
	expect(got.filter((id) => !after.has(id))).toEqual([]);
}, 120_000);
