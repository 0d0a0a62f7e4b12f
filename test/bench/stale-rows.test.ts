/**
 * Bench rows on the product as it is (bench/report/product.js): every row and target of
 * bench/results/latest.json measured on other nodes/ or credentials/ than the current tree's says
 * "stale" and counts as not met; the marking names what it marks, keeps what the entry said when
 * measured and leaves the entries on the current product alone; a carried entry keeps the product
 * hash of the run that measured it; Receipt sync's targets are the day budget's.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import * as fs from 'node:fs';
import * as path from 'node:path';

type Entry = Record<string, unknown> & {
	scenario?: string;
	met?: boolean | null;
	stale?: { reason: string; metWhenMeasured?: boolean | null };
	carried?: Record<string, unknown>;
};
type Result = { git?: Record<string, unknown>; rows: Entry[]; targets: Entry[] } & Record<
	string,
	unknown
>;
const product = require('../../bench/report/product.js') as {
	productHash(root: string, commit?: string): string | undefined;
	markStale(result: Result, current: string): number;
	staleProblems(result: Result, current: string): string[];
};
const { carryOver } = require('../../bench/report/carry.js') as {
	carryOver(result: Result, previous: Result, asked: string[]): string[];
};
const sync = require('../../bench/report/receipt-sync.js') as {
	syncTargets(s: unknown): Entry[];
	rewordRetiredTargets(targets: Entry[]): number;
	RECEIPT_SYNC_TARGETS: Record<string, string>;
};

const ROOT = path.resolve(__dirname, '../..');
const LATEST = path.join(ROOT, 'bench/results/latest.json');
/** a result file that carries the receipt-sync run of before the day budget (commit 47aed83) */
const BEFORE_BUDGET = path.join(ROOT, 'bench/results/2026-11-27-day-budget-window.json');
const NOW = 'nodes:aaaa credentials:cccc';
const BEFORE = 'nodes:bbbb credentials:cccc';

/** A result of a run on `runProduct` with one row and two targets of `scenario`. */
function result(runProduct: string, scenario = 'file1mCsv'): Result {
	return {
		git: { commit: 'abc1234', product: runProduct },
		rows: [{ scenario, label: `${scenario} row` }],
		targets: [
			{ scenario, target: `${scenario}: a target`, met: true, measured: '1' },
			{ scenario, target: `${scenario}: a figure`, met: null, measured: '2' },
		],
	};
}

test('latest.json: every row and target measured on other product files than the tree is marked stale and not met', () => {
	const latest = JSON.parse(fs.readFileSync(LATEST, 'utf8')) as Result;
	const current = product.productHash(ROOT);
	expect(current).toMatch(/^nodes:[0-9a-f]{40} credentials:[0-9a-f]{40}$/);
	// on failure: measure the scenarios again, or `node bench/stale.js --write`
	expect(product.staleProblems(latest, current!)).toEqual([]);
});

test('a row measured on other product files and not marked is found; marking makes its targets not met', () => {
	const r = result(BEFORE);
	expect(product.staleProblems(r, NOW)).toEqual([
		'row "file1mCsv row" (file1mCsv): measured on another product, not marked stale',
		'target "file1mCsv: a target" (file1mCsv): measured on another product, not marked stale',
		'target "file1mCsv: a figure" (file1mCsv): measured on another product, not marked stale',
	]);
	expect(product.markStale(r, NOW)).toBe(3);
	expect(product.staleProblems(r, NOW)).toEqual([]);
	expect(r.targets.map((t) => [t.met, t.stale?.metWhenMeasured])).toEqual([
		[false, true],
		[null, null],
	]);
	expect(r.rows[0].stale?.reason).toMatch(/commit abc1234.*differ from the current tree/);
	// a stale entry counted as met again is found
	r.targets[0].met = true;
	expect(product.staleProblems(r, NOW)).toEqual([
		'target "file1mCsv: a target" (file1mCsv): stale but counted as met',
	]);
});

test('entries on the current product are left alone; one whose product was never recorded is stale', () => {
	const r = result(NOW);
	expect(product.markStale(r, NOW)).toBe(0);
	expect(r.targets[0]).toEqual({
		scenario: 'file1mCsv',
		target: 'file1mCsv: a target',
		met: true,
		measured: '1',
	});
	const old = result(NOW);
	old.rows[0].carried = { commit: '47aed83' };
	product.markStale(old, NOW);
	expect(old.rows[0].stale?.reason).toMatch(/47aed83.*unknown/);
	expect(old.targets[0].stale).toBeUndefined();
});

test('a carried entry keeps the commit and product of the run that measured it', () => {
	const previous = result(BEFORE, 'receiptSync');
	const now = result(NOW, 'dayBudget');
	carryOver(now, previous, ['dayBudget']);
	const carried = now.targets.find((t) => t.scenario === 'receiptSync')!;
	expect(carried.carried).toMatchObject({ commit: 'abc1234', product: BEFORE });
	product.markStale(now, NOW);
	expect(now.targets.filter((t) => t.stale).map((t) => t.scenario)).toEqual([
		'receiptSync',
		'receiptSync',
	]);
});

test("Receipt sync's targets are the day budget's: no poll claimed to read every shop's receipts", () => {
	const latest = JSON.parse(fs.readFileSync(LATEST, 'utf8')) as Result & {
		scenarios: Record<string, unknown>;
	};
	const targets = latest.targets.filter((t) => t.scenario === 'receiptSync');
	expect(targets.map((t) => t.target)).toEqual(
		expect.arrayContaining(Object.values(sync.RECEIPT_SYNC_TARGETS)),
	);
	expect(JSON.stringify(targets)).not.toMatch(/requests of every poll =/);
	// the latest run (polls cut by the trigger's log lines) on the day budget: within its allowance,
	// recomputed from the row's own figures
	const [requests] = sync.syncTargets(latest.scenarios.receiptSync);
	expect(requests.target).toBe(sync.RECEIPT_SYNC_TARGETS.requests);
	expect(requests.met).toBe(true);
	const m = /^([\d,]+) requests of center 1007 .* against ([\d,]+) = credit (\d+)/.exec(
		String(requests.measured),
	);
	const num = (x: string) => Number(x.replace(/,/g, ''));
	expect(m).not.toBeNull();
	expect(num(m![1])).toBeLessThanOrEqual(num(m![2]));
	expect(num(m![3])).toBeLessThanOrEqual(2 * 99);
	// the run of before the day budget (47aed83, kept in a dated file) read every shop at every poll: over it
	const before = JSON.parse(fs.readFileSync(BEFORE_BUDGET, 'utf8')) as typeof latest;
	const [then] = sync.syncTargets(before.scenarios.receiptSync);
	expect(then.met).toBe(false);
	expect(then.measured).toMatch(/^3,902 requests .* against 1,893 = credit 198/);
	// a carried target of before the day budget is worded as today's
	const old: Entry[] = [
		{
			scenario: 'receiptSync',
			target:
				'Receipt sync: requests of every poll = Σ over shops ⌈receipts received in the re-read period / 1000⌉',
		},
		{ scenario: 'receiptSync', target: 'Receipt sync: zero 429s' },
	];
	expect(sync.rewordRetiredTargets(old)).toBe(1);
	expect(old.map((t) => t.target)).toEqual([
		sync.RECEIPT_SYNC_TARGETS.requests,
		'Receipt sync: zero 429s',
	]);
});
