/**
 * The walk with `prepare` (file output: each page encoded as it arrives): what it hands on is the
 * prepared pages in the selections' order, and a reader that pauses holds the walk back — the pages
 * prepared and not yet taken stay bounded over all selections (the one being read plus the shared
 * allowance of those ahead), however many pages the walk has. Against the sandbox through n8n-core's
 * request helper.
 */
import { PRO_CENTER } from '../../sandbox';
import { demoApiContext } from '../helpers/apiContext';
import { sb, useSandbox } from '../helpers/sandbox';
import {
	PARALLEL_WINDOWS,
	PREPARED_PAGES_AHEAD,
	walkPages,
	type WalkStats,
} from '../../nodes/shared/walk/pageStream';
import { splitDays } from '../../nodes/shared/walk/dateWindows';
import { sleep, type IDataObject } from 'n8n-workflow';

const NOW = '2026-11-20T09:00:00Z';

useSandbox({ now: NOW, rateWindowMs: 1000 });
const ctx = () => demoApiContext(sb.baseUrl);

test('a reader that pauses: prepared pages held stay bounded; then every page, in order', async () => {
	const windows = splitDays('2026-02-01', '2026-11-20', 30);
	const truths = windows.map((w) =>
		sb.store.truth(
			'receipts',
			{
				sc_id: PRO_CENTER,
				shop_id: '1002-01',
				start_created_date: w.start,
				end_created_date: w.end,
			},
			sb.clock.now(),
		),
	);
	const want = truths.flatMap((t) => t.ids);
	const pages = truths.reduce((n, t) => n + Math.ceil(t.count / 1000), 0);
	// the reader's selection holds at most PREPARED_PAGES_AHEAD, the others share PARALLEL_WINDOWS ×
	// that; each worker may add one page past the check before it waits
	const bound = PREPARED_PAGES_AHEAD * (1 + PARALLEL_WINDOWS) + PARALLEL_WINDOWS;
	expect(pages).toBeGreaterThan(bound + 10);

	let prepared = 0;
	const prepare = (rows: IDataObject[]) => {
		prepared++;
		return rows.map((r) => String(r.id));
	};
	const stats: WalkStats = { requests: 0, windows: 0 };
	const inputs = windows.map((w) => ({
		params: { sc_id: PRO_CENTER, shop_id: '1002-01' },
		query: { start_created_date: w.start, end_created_date: w.end },
	}));
	const flow = walkPages(ctx(), 'exportReceipts', inputs, { stats, prepare });
	const got: string[] = [];
	const first = await flow.next();
	expect(first.done).toBe(false);
	got.push(...(first.value as string[]));

	// wait until the walk stands still (nothing prepared for half a second)
	let last = -1;
	for (let i = 0; i < 100 && prepared !== last; i++) {
		last = prepared;
		await sleep(500);
	}
	expect(prepared).toBe(last);
	expect(prepared - 1).toBeLessThanOrEqual(bound);
	expect(prepared).toBeLessThan(pages);

	for (;;) {
		const next = await flow.next();
		if (next.done) break;
		got.push(...next.value);
	}
	expect(prepared).toBe(pages);
	expect(stats.requests).toBe(pages);
	expect(got).toEqual(want);
}, 120_000);
