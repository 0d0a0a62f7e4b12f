/**
 * Shopping Center Trigger, Center Changes with History From (the backfill, readers/centerChanges/
 * history.ts), through n8n-core's PollContext (test/harness runPoll) against the sandbox over real
 * HTTP, time from the sandbox's clock: the picked tables' history (daily rows per shop and day, monthly
 * rows per shop and month, tickets by creation date) emitted newest first, each row once and equal to
 * the API's answer; a failed poll (503 after the retries), a poll whose output n8n lost (killed before
 * the save) and a restart lose and duplicate nothing; today's units keep their lag (a receipt for today
 * is emitted at the same poll as without a backfill); the requests stay within the Day Budget Share;
 * the log line says the progress.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { addDays, splitDays, splitMonths, todayIn } from '../../../nodes/shared/walk/dateWindows';
import { forgetNodeMemory } from '../../../nodes/ShoppingCenterEventsTrigger/memory';
import type { RunPollResult } from '../../harness';
import { apiRows } from '../../helpers/sandboxApi';
import {
	items,
	now,
	ok,
	poll,
	PRO,
	sandbox,
	sb,
	useTriggerSandbox,
} from '../../helpers/trigger-setup';

useTriggerSandbox();

const MIN = 60_000;
const ZONE = 'Asia/Yekaterinburg';
const TABLES = ['daily_sales', 'monthly', 'tickets'];

interface Change {
	table: string;
	key: IDataObject;
	op: string;
	row: IDataObject;
}

const params = (extra: INodeParameters = {}): INodeParameters => ({
	event: 'centerChanges',
	centerScope: 'selected',
	centerIds: [PRO],
	centerTables: TABLES,
	...extra,
});
const changes = (r: RunPollResult): Change[] => items(r).map((i) => i.json as unknown as Change);
const keyText = (c: Change) => `${c.table}|${JSON.stringify(c.key)}`;
const historyLine = (r: RunPollResult) =>
	r.logs.map((l) => l.message).find((m) => m.includes('Shopping Center Trigger (Center Changes)'));

/** The API's rows now (every page): the truth the records match. */
const api = (path: string) => apiRows(sb.baseUrl, PRO, path);

/** Polls every `stepMin` minutes, `n` times, from `state`; what each accepted poll emitted. */
async function pollTimes(state: IDataObject | undefined, n: number, stepMin: number, extra = {}) {
	const all: Change[] = [];
	const runs: RunPollResult[] = [];
	for (let i = 0; i < n; i++) {
		const r = await ok(params(extra), { staticData: state });
		all.push(...changes(r));
		runs.push(r);
		state = r.staticData;
		sb.clock.advance(stepMin * MIN);
	}
	return { all, runs, state: state! };
}

/** Each key of `table` within `inRange` emitted exactly once, with the API's row. */
function expectOnceEach(all: Change[], table: string, truth: Map<string, IDataObject>): void {
	const seen = new Map<string, IDataObject[]>();
	for (const c of all.filter((x) => x.table === table && truth.has(keyText(x))))
		seen.set(keyText(c), [...(seen.get(keyText(c)) ?? []), c.row]);
	expect([...seen.keys()].sort()).toEqual([...truth.keys()].sort());
	for (const [key, rows] of seen) expect({ key, rows }).toEqual({ key, rows: [truth.get(key)] });
}

/** The API's daily rows (from..to) and monthly rows (from's month..to's month) of every shop. */
async function salesTruth(shops: string[], from: string, to: string) {
	const daily = new Map<string, IDataObject>();
	const monthly = new Map<string, IDataObject>();
	const monthEnd = addDays(`${to.slice(0, 7)}-01`, -1);
	for (const shop of shops) {
		const k = { sc_id: PRO, shop_id: shop };
		for (const w of splitDays(from, to, 366))
			for (const row of await api(
				`/shops/${shop}/sales/daily?start_date=${w.start}&end_date=${w.end}&per_page=366`,
			))
				daily.set(`daily_sales|${JSON.stringify({ ...k, date: row.date })}`, row);
		for (const w of splitMonths(from, monthEnd, 12))
			for (const row of await api(
				`/shops/${shop}/sales/monthly?start_date=${w.start}&end_date=${w.end}`,
			))
				monthly.set(`monthly|${JSON.stringify({ ...k, month: row.date })}`, row);
	}
	return { daily, monthly };
}

const shopsOf = (state: IDataObject) =>
	Object.keys(
		(((state.centers as IDataObject)[PRO] as IDataObject).changes as { dir: { rows: object } }).dir
			.rows,
	);

describe('Center Changes: History From (the backfill)', () => {
	test('a 60-day backfill completes: every daily, monthly row and ticket of the history once, as the API shows it; the log line says the progress', async () => {
		await sandbox();
		const today = todayIn(ZONE, now());
		const from = addDays(today, -60);
		const { all, runs, state } = await pollTimes(undefined, 8, 5, { historyFrom: from });
		const lines = runs.map(historyLine);
		// the first poll reads the directory and the tickets: the shops' tables are not read yet
		expect(lines[0]).toMatch(/history: waiting for the first reads of its tables/);
		// 11 shops × (1 daily + 1 monthly page): the first poll after the baselines does it all
		expect(lines[1]).toMatch(/history: 60 of 60 days, done/);
		expect(lines.at(-1)).toMatch(/history: 60 of 60 days, done/);
		// the days before yesterday and the months before the last: read once, by the history
		const shops = shopsOf(state);
		const truth = await salesTruth(shops, from, addDays(today, -2));
		expectOnceEach(all, 'daily_sales', truth.daily);
		const older = new Map([...truth.monthly].filter(([k]) => !k.includes(today.slice(0, 7))));
		expectOnceEach(all, 'monthly', older);
		// tickets created from History From on: each once (those before the watched window by the history)
		const tickets = await api(
			`/portal/tickets?start_created_date=${from}&end_created_date=${addDays(today, -32)}&per_page=100`,
		);
		expect(tickets.length).toBeGreaterThan(0);
		const ticketTruth = new Map(
			tickets.map((t) => [
				`tickets|${JSON.stringify({ sc_id: PRO, ticket_uid: t.ticket_uid })}`,
				t,
			]),
		);
		expectOnceEach(all, 'tickets', ticketTruth);
		// nothing before History From, every record an upsert, history newest first
		expect(all.every((c) => c.op === 'upsert')).toBe(true);
		expect(all.some((c) => c.table === 'daily_sales' && String(c.key.date) < from)).toBe(false);
		// the state keeps positions, not rows
		expect(JSON.stringify(state).length).toBeLessThan(25_000);
	});

	test('a failed poll (503 after the retries), a poll n8n lost before its save and a restart: nothing lost, nothing twice; within the share', async () => {
		await sandbox();
		const today = todayIn(ZONE, now());
		const from = addDays(today, -800);
		// 4 % of PRO's 50,000: 2,000 requests a day, 12 a poll: 3 daily and 3 monthly pages a shop take
		// several polls
		const o = { historyFrom: from, dayBudgetShare: 4, centerTables: ['daily_sales', 'monthly'] };
		// the units' first reads take the first two polls (22 requests, 12 a poll), then the history
		const start = await pollTimes(undefined, 4, 5, o);
		expect(historyLine(start.runs[3])).toMatch(
			/history: \d+ of 800 days, ~\d+ (minutes|hours) left at this share/,
		);
		const accepted = [...start.all];
		let state = start.state;
		// a poll fails mid-way: its daily pages answer 503 through every retry
		sb.faults.set({
			failNext: { count: 6, code: 'internal_error', status: 503, routes: ['sales.daily'] },
		});
		const failed = await poll(params(o), { staticData: state });
		expect(failed.error).toBeDefined();
		expect(failed.staticData).toEqual(state);
		sb.clock.advance(5 * MIN);
		// a poll whose records n8n lost (SIGKILL before the save): its state is not the one kept
		await ok(params(o), { staticData: state });
		sb.clock.advance(5 * MIN);
		// n8n restarted: nothing in the process, the last saved state
		forgetNodeMemory();
		const rest = await pollTimes(state, 40, 5, o);
		accepted.push(...rest.all);
		state = rest.state;
		expect(historyLine(rest.runs.at(-1)!)).toMatch(/history: 800 of 800 days, done/);
		const truth = await salesTruth(shopsOf(state), from, addDays(today, -2));
		expectOnceEach(accepted, 'daily_sales', truth.daily);
		const months = [...truth.monthly].filter(([k]) => !k.includes(today.slice(0, 7)));
		expectOnceEach(accepted, 'monthly', new Map(months));
		// a poll's items: at most MAX_HISTORY_ROWS and a page more (besides the units' few)
		for (const r of [...start.runs, ...rest.runs])
			expect(items(r).length).toBeLessThan(5000 + 366 + 100);
		// the center's requests of the day within the share
		const used = sb.log.list().filter((e) => e.path.includes(`/sc/${PRO}/`)).length;
		expect(used).toBeLessThanOrEqual(2000);
		const budget = ((state.centers as IDataObject)[PRO] as IDataObject).budget as IDataObject;
		expect(budget.used).toBeLessThanOrEqual(2000);
	});

	test('a shop opened (and one closed) after the backfill is done: its history is read too, every row once', async () => {
		await sandbox();
		const today = todayIn(ZONE, now());
		const from = addDays(today, -60);
		const o = { historyFrom: from };
		const before = await pollTimes(undefined, 8, 5, o);
		expect(historyLine(before.runs.at(-1)!)).toMatch(/history: 60 of 60 days, done/);
		expect(shopsOf(before.state)).not.toContain('1002-09');
		// the directory is read every 4 hours: the opened shop is seen within them
		sb.store.setShopArchived(PRO, '1002-09', false);
		sb.store.setShopArchived(PRO, '1002-05', true);
		const after = await pollTimes(before.state, 60, 5, o);
		expect(shopsOf(after.state)).toContain('1002-09');
		expect(historyLine(after.runs.at(-1)!)).toMatch(/history: 60 of 60 days, done/);
		const now2 = todayIn(ZONE, now());
		const truth = await salesTruth(['1002-09'], from, addDays(now2, -2));
		expect(truth.daily.size).toBeGreaterThan(50);
		expectOnceEach(after.all, 'daily_sales', truth.daily);
		const older = new Map([...truth.monthly].filter(([k]) => !k.includes(now2.slice(0, 7))));
		expectOnceEach(after.all, 'monthly', older);
	});

	test("today's changes keep their lag: a receipt for today is emitted at the same poll as without a backfill", async () => {
		const run = async (extra: INodeParameters) => {
			await sandbox();
			// the same share both ways (4 %: 12 requests a poll, it binds)
			const o = { centerTables: ['daily_sales'], dayBudgetShare: 4, ...extra };
			// a poll every 6 minutes: the quiet shop's next read (60 minutes, a poll's tolerance) falls
			// clear of a poll's moment
			const a = await pollTimes(undefined, 3, 6, o);
			sb.store.insert('receipt', PRO, 1, now(), { shop_id: '1002-02' });
			const b = await pollTimes(a.state, 12, 6, o);
			const today = todayIn(ZONE, now());
			const at = b.runs.findIndex((r) =>
				changes(r).some(
					(c) => c.table === 'daily_sales' && c.key.shop_id === '1002-02' && c.key.date === today,
				),
			);
			const row = (
				await api(`/shops/1002-02/sales/daily?start_date=${today}&end_date=${today}`)
			)[0];
			await sb.close();
			return { at, row, emitted: b.runs.flatMap(changes) };
		};
		const without = await run({});
		const withHistory = await run({ historyFrom: '2025-06-01' });
		expect(without.at).toBeGreaterThanOrEqual(0);
		expect(withHistory.at).toBe(without.at);
		// and the backfill did run meanwhile
		expect(withHistory.emitted.some((c) => String(c.key.date) < '2026-01-01')).toBe(true);
	});
});
