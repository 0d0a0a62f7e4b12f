/**
 * A large result in item mode says so: from LARGE_RESULT_ITEMS items on, Receipt → Export ends with an
 * execution hint naming Output "One File" (one day fewer, just under the threshold, has none; the same
 * period as One File has none); the README gives the same threshold. Through the n8n-core harness
 * against the sandbox.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeParameters, IRunData } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { LARGE_RESULT_ITEMS } from '../../nodes/shared/output/largeResult';
import { addDays } from '../../nodes/shared/walk/dateWindows';
import { BUSY_SHOP, PRO_CENTER } from '../../sandbox/fixtures/centers';
import { useSandbox, sb } from '../helpers/sandbox';
import { NOW, locator, run } from '../helpers/action-run';

useSandbox({ now: NOW, rateWindowMs: 10_000 });

const END = '2026-11-19';
const receipts = new ShoppingCenterReceipts();
const count = (n: number) => n.toLocaleString('en-US');

function hints(runData: IRunData): string[] {
	return Object.values(runData).flatMap((runs) =>
		runs.flatMap((r) => (r.hints ?? []).map((h) => h.message)),
	);
}

const trueCount = (start: string) =>
	sb.store.truth(
		'receipts',
		{ sc_id: PRO_CENTER, shop_id: BUSY_SHOP, start_created_date: start, end_created_date: END },
		sb.clock.now(),
	).count;

/** The latest first day whose period up to END holds at least LARGE_RESULT_ITEMS receipts. */
function largeStart(): string {
	let start = END;
	while (trueCount(start) < LARGE_RESULT_ITEMS) start = addDays(start, -1);
	return start;
}

const exportOf = (start: string, more: INodeParameters = {}): INodeParameters => ({
	resource: 'receipt',
	operation: 'export',
	center: locator(PRO_CENTER),
	shop: locator(BUSY_SHOP),
	periodBy: 'created',
	createdStartDate: start,
	createdEndDate: END,
	returnAll: true,
	...more,
});

test('from the threshold on, items end with a hint naming One File; one day fewer has none', async () => {
	const start = largeStart();
	const large = trueCount(start);
	const below = trueCount(addDays(start, 1));
	expect(below).toBeLessThan(LARGE_RESULT_ITEMS);

	const r = await run(sb, receipts, exportOf(start));
	expect(r.error).toBeUndefined();
	expect(r.json).toHaveLength(large);
	expect(hints(r.runData)).toEqual([
		`${count(large)} items: n8n keeps every item in memory and saves them all with the execution. From ${count(LARGE_RESULT_ITEMS)} records on, set Output to "One File" (CSV or JSON Lines): the file is written as the pages arrive, and n8n's memory stays flat at any size.`,
	]);
	const hint = r.runData[r.node.name][0].hints![0];
	expect(hint).toMatchObject({ type: 'warning', location: 'outputPane' });

	const small = await run(sb, receipts, exportOf(addDays(start, 1)));
	expect(small.json).toHaveLength(below);
	expect(hints(small.runData)).toEqual([]);
});

test('the same period as One File: one item, no hint', async () => {
	const r = await run(sb, receipts, exportOf(largeStart(), { output: 'file', fileFormat: 'csv' }));
	expect(r.error).toBeUndefined();
	expect(r.json).toHaveLength(1);
	expect(r.json[0].records).toBe(trueCount(largeStart()));
	expect(hints(r.runData)).toEqual([]);
});

test('the README says from how many items to switch to a file, as the hint does', () => {
	const readme = fs.readFileSync(path.join(__dirname, '../../README.md'), 'utf8');
	const section = readme.slice(readme.indexOf('When to switch'));
	expect(section).toContain(`${count(LARGE_RESULT_ITEMS)} items`);
	expect(section).toContain('execution hint');
});
