/**
 * The triggers' budget of a center (budget.ts) and the read schedule (schedule.ts) as units: the share
 * of the plan's day limit, one share for all the trigger nodes of a center (budgetPool.ts), the count
 * per center day, the credit in proportion to the time since the last poll and to the day left, the
 * estimate after a restart, the pause of a center whose day another client spent, a refusing center
 * tried less and less; units due by activity (every second poll while active, 2, 4, 8 … polls when
 * quiet, up to the bound) and by lateness.
 */
import {
	Budget,
	readBudget,
	type BudgetInput,
} from '../../../nodes/ShoppingCenterEventsTrigger/budget';
import { forgetPools } from '../../../nodes/ShoppingCenterEventsTrigger/budgetPool';
import {
	ACTIVE_MS,
	afterRead,
	dueUnits,
	waitOf,
} from '../../../nodes/ShoppingCenterEventsTrigger/schedule';

const ZONE = 'Asia/Yekaterinburg'; // UTC+5, no summer time
const MIN = 60_000;
/** 2026-11-20 00:00 in Yekaterinburg */
const MIDNIGHT = Date.parse('2026-11-19T19:00:00Z');

afterEach(() => forgetPools());

/** A budget of center 1002 for node `node` (default 'a'). */
function budget(o: Partial<BudgetInput> & Pick<BudgetInput, 'now'>): Budget {
	return new Budget({
		zone: ZONE,
		saved: undefined,
		plan: 'pro',
		sharePercent: 50,
		boundMs: 60 * MIN,
		center: 'http://x|1002',
		node: 'a',
		...o,
	});
}

describe('the day plan of a center', () => {
	test('the share is a percentage of the plan’s day limit; an unknown plan counts as Basic', () => {
		expect(budget({ now: MIDNIGHT }).share).toBe(25_000);
		expect(budget({ plan: 'basic', sharePercent: 25, now: MIDNIGHT }).share).toBe(1_250);
		expect(budget({ plan: undefined, now: MIDNIGHT }).share).toBe(2_500);
	});

	test('the credit grows with the time since the last poll at the pace of what is left over what is left of the day', () => {
		const noon = MIDNIGHT + 12 * 60 * MIN;
		const saved = { day: '2026-11-20', used: 13_000, credit: 0, at: noon - 10 * MIN };
		const b = budget({ saved, now: noon });
		// 12,000 left over 12 hours: 1,000 an hour, 166.7 in 10 minutes
		expect(b.credit).toBeCloseTo(166.67, 1);
		const units = Array.from({ length: 300 }, (_, i) => ({ id: String(i) }));
		b.order(units);
		// never more in one poll than the share of the plan's minute limit (50 % of PRO's 300)
		expect(b.credit).toBe(150);
		const few = budget({ saved, now: noon });
		few.order(units.slice(0, 40));
		// at most two reads of every unit
		expect(few.credit).toBe(80);
		expect(b.mayRead(units[0])).toBe(true);
		b.sent(150);
		expect(b.mayRead(units[0])).toBe(false);
		expect(b.toState()).toEqual({
			day: '2026-11-20',
			used: 13_150,
			credit: 0,
			at: noon,
			plan: 'pro',
		});
	});

	test("the spare reads' credit (what the cap of two reads of every unit took off) is kept across polls until they use it; a center's first poll gives them at most the pace over the quiet bound", () => {
		const noon = MIDNIGHT + 12 * 60 * MIN;
		const units = Array.from({ length: 20 }, (_, i) => ({ id: String(i) }));
		// 12,000 left over 12 hours, 10 minutes since the last poll: 166.7, of which 40 for the units
		const saved = { day: '2026-11-20', used: 13_000, credit: 0, at: noon - 10 * MIN };
		const at = { center: 'http://x|bank', node: 'bank-1' };
		const first = budget({ saved, now: noon, ...at });
		first.order(units);
		expect(first.credit).toBe(40);
		first.sent(20);
		// every unit read, the backfill has nothing to read (done, or its shop not read yet): kept
		first.spare();
		const kept = first.toState();
		expect(kept.credit).toBe(20);
		expect(kept.spare).toBeCloseTo(126.67, 1);
		// a minute later a shop opened: its history gets the kept credit, within the minute's share
		const next = budget({ saved: kept, now: noon + MIN, ...at });
		next.order(units);
		const unitsCredit = next.credit;
		next.spare();
		expect(next.credit).toBeCloseTo(126.67, 1);
		next.sent(100);
		// the units' credit as it was; what the history did not use is kept for the next polls
		const after = next.toState();
		expect(after.credit).toBeCloseTo(unitsCredit, 2);
		expect(after.spare).toBeCloseTo(26.67, 1);
		// without it (the old state), the same poll's spare reads have only what its cap took off: 0
		const without = budget({ saved: { ...kept, spare: undefined }, now: noon + MIN, ...at });
		without.order(units);
		without.spare();
		expect(without.credit).toBe(0);
		// an older state without the field reads as none
		expect(readBudget({ ...kept, spare: 'x' })).toEqual({ ...kept, spare: undefined });
		// a center's first poll: its credit is the share (each unit once), its spare reads get at most
		// the pace over the quiet bound (the share’s 25,000 over the 12 h left: about 2,083 an hour)
		const fresh = budget({ now: noon, center: 'http://x|fresh', node: 'fresh-1' });
		fresh.order(units);
		fresh.spare();
		expect(fresh.credit).toBeGreaterThan(0);
		expect(fresh.toState().spare).toBeLessThanOrEqual((25_000 / 12) * 1.01);
	});

	test('a new center day starts a new count; nothing is spent past the share', () => {
		const saved = { day: '2026-11-19', used: 24_999, credit: 5, at: MIDNIGHT - MIN };
		expect(budget({ saved, now: MIDNIGHT + MIN }).used).toBe(0);
		const full = budget({ saved: { ...saved, day: '2026-11-20' }, now: MIDNIGHT + MIN });
		expect(full.mayRead({ id: 'x' })).toBe(true);
		expect(full.mayRead({ id: 'x', sched: { read: 0, news: 0, cost: 2 } })).toBe(false);
	});

	test('after a restart the requests n8n did not save are estimated at the node’s own pace, marked as an estimate', () => {
		const nine = MIDNIGHT + 9 * 60 * MIN;
		// 900 requests in 9 hours: 100 an hour, so an hour since the saved state counts as 100
		const saved = { day: '2026-11-20', used: 900, credit: 0, at: nine };
		const b = budget({ saved, now: nine + 60 * MIN, restarted: true });
		expect(b.used).toBe(1_000);
		expect(b.estimated).toBe(100);
		expect(budget({ saved, now: nine + 60 * MIN, node: 'b' }).used).toBe(900);
		// never above the share's even pace: 20,000 left over 15 hours, 1,334 in an hour
		const busy = { day: '2026-11-20', used: 20_000, credit: 0, at: nine };
		expect(
			budget({ saved: busy, now: nine + 60 * MIN, restarted: true, node: 'c' }).estimated,
		).toBe(334);
		// a plan told by an answer of the poll: the share follows it
		const unknown = budget({ saved, plan: undefined, now: nine + MIN, node: 'd' });
		expect(unknown.share).toBe(2_500);
		unknown.learn('pro');
		expect(unknown.share).toBe(25_000);
	});

	test('all the trigger nodes of a center spend one share together: the smallest share, the pace divided among them', () => {
		const noon = MIDNIGHT + 12 * 60 * MIN;
		const a = budget({ now: noon - 10 * MIN, node: 'a' });
		a.sent(10_000);
		a.toState();
		const b = budget({ now: noon, node: 'b', sharePercent: 30 });
		// 30 % of 50,000, of which node a spent 10,000
		expect(b.share).toBe(15_000);
		expect(b.total).toBe(10_000);
		expect(b.nodes).toBe(2);
		b.sent(4_999);
		expect(b.mayRead({ id: 'x' })).toBe(true);
		b.sent(5_000);
		expect(b.mayRead({ id: 'x' })).toBe(false);
		// the minute's part too: half of 30 % of PRO's 300
		expect(b.minuteShare).toBe(45);
		// another center, another count
		expect(budget({ now: noon, node: 'b', center: 'http://x|1003' }).total).toBe(0);
	});

	test('polls more often than once a minute: a node’s polls of the last minute stay within its part of the minute limit together, and all the nodes’ within the share’s', () => {
		const noon = MIDNIGHT + 12 * 60 * MIN;
		const poll = (at: number, node = 'a') => budget({ now: at, node, sharePercent: 100 });
		const first = poll(noon);
		expect(first.minuteShare).toBe(300);
		first.sent(200);
		first.toState();
		// 30 s later: what the poll before sent is in the minute; the poll's own sends are its own
		const second = poll(noon + MIN / 2);
		expect(second.minuteShare).toBe(100);
		second.sent(100);
		expect(second.minuteShare).toBe(100);
		second.learn('basic');
		second.learn('pro');
		expect(second.minuteShare).toBe(100);
		// another node of the center: half the minute each, and the minute's 300 for both together
		const other = poll(noon + 40_000, 'b');
		expect(other.nodes).toBe(2);
		expect(other.minuteShare).toBe(0);
		other.toState();
		// a minute on: the first poll's minute is over, the second's not (its 100 of node a's 150)
		expect(poll(noon + MIN).minuteShare).toBe(50);
		expect(poll(noon + MIN + 40_000, 'b').minuteShare).toBe(150);
		expect(poll(noon + 2 * MIN).minuteShare).toBe(150);
	});

	test('a center whose day another client spent is paused for every node until its budget is back, and the pause is saved', () => {
		const noon = MIDNIGHT + 12 * 60 * MIN;
		const a = budget({ now: noon });
		a.pause(MIDNIGHT + 24 * 60 * MIN);
		expect(a.mayRead({ id: 'x' })).toBe(false);
		const saved = a.toState();
		expect(saved.pausedUntil).toBe(MIDNIGHT + 24 * 60 * MIN);
		expect(budget({ now: noon + MIN, node: 'b' }).pausedUntil).toBe(saved.pausedUntil);
		forgetPools();
		// after a restart, from the saved state
		expect(budget({ now: noon + MIN, saved }).pausedUntil).toBe(saved.pausedUntil);
		// and over when it is back
		expect(budget({ now: MIDNIGHT + 24 * 60 * MIN, saved }).pausedUntil).toBeUndefined();
	});

	test('a center that refuses reads is tried again less and less, up to the bound, and answered ends it', () => {
		let at = MIDNIGHT;
		let saved: ReturnType<Budget['toState']> | undefined;
		const waits: number[] = [];
		for (let i = 0; i < 8; i++) {
			const b = budget({ now: at, saved });
			b.refuse('blocked');
			waits.push((b.pausedUntil! - at) / MIN);
			saved = b.toState();
			at = b.pausedUntil!;
		}
		expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
		const back = budget({ now: at, saved });
		back.answered();
		expect(back.toState().refused).toBeUndefined();
	});

	test('a saved budget of another shape is not used', () => {
		expect(readBudget({ day: '2026-11-20', used: '3', credit: 0, at: 1 })).toBeUndefined();
		expect(readBudget({ day: '2026-11-20', used: 3, credit: 0, at: 1, plan: 'gold' })).toEqual({
			day: '2026-11-20',
			used: 3,
			credit: 0,
			at: 1,
		});
	});
});

describe('the read schedule follows activity', () => {
	const t0 = MIDNIGHT;
	const poll = MIN;
	test('found something: due at the next poll; active: every second poll; quiet: 2, 4, 8 … polls up to the bound', () => {
		let s = afterRead(undefined, t0, { news: true }, 1);
		expect(waitOf(s, 60 * MIN, poll)).toBe(0);
		s = afterRead(s, t0 + MIN, { news: false }, 1);
		expect(waitOf(s, 60 * MIN, poll)).toBe(2 * MIN);
		s = afterRead(s, t0 + 50 * MIN, { news: false }, 1);
		expect(waitOf(s, 60 * MIN, poll)).toBe(2 * MIN);
		// quiet past the active hour: the time past it, at least two polls
		s = afterRead(s, t0 + ACTIVE_MS + 4 * MIN, { news: false }, 1);
		expect(waitOf(s, 60 * MIN, poll)).toBe(4 * MIN);
		s = afterRead(s, t0 + ACTIVE_MS + 8 * MIN, { news: false }, 1);
		expect(waitOf(s, 60 * MIN, poll)).toBe(8 * MIN);
		s = afterRead(s, t0 + 5 * ACTIVE_MS, { news: false }, 1);
		expect(waitOf(s, 60 * MIN, poll)).toBe(60 * MIN);
		expect(waitOf(s, 30 * MIN, poll)).toBe(30 * MIN);
		s = afterRead(s, t0 + 6 * ACTIVE_MS, { news: true }, 2);
		expect(waitOf(s, 60 * MIN, poll)).toBe(0);
		expect(s.cost).toBe(2);
	});

	test('a first read takes the unit’s activity from its latest record: a shop that sold lately is active, one without a record waits the bound', () => {
		const at = t0 + 10 * ACTIVE_MS;
		expect(
			waitOf(afterRead(undefined, at, { news: false, lastMs: at - 10 * MIN }, 1), 60 * MIN, poll),
		).toBe(2 * MIN);
		expect(waitOf(afterRead(undefined, at, { news: false, lastMs: 0 }, 1), 60 * MIN, poll)).toBe(
			60 * MIN,
		);
		// a reader that does not tell (a list event's center) starts active
		expect(waitOf(afterRead(undefined, at, { news: false }, 1), 60 * MIN, poll)).toBe(0);
		expect(
			waitOf(afterRead(undefined, at, { news: false, lastMs: at - 90 * MIN }, 1), 60 * MIN, poll),
		).toBe(30 * MIN);
		expect(waitOf(afterRead(undefined, at, { news: true }, 1), 60 * MIN, poll)).toBe(0);
	});

	test('due units go most late first; never read ones before all; not yet due ones not at all', () => {
		const now = t0 + 300 * MIN;
		const units = [
			{ id: 'quiet', sched: { read: now - 5 * MIN, news: now - 100 * MIN, cost: 1 } },
			{ id: 'sold', sched: { read: now - MIN, news: now - MIN, cost: 1 } },
			{ id: 'active', sched: { read: now - MIN, news: now - 20 * MIN, cost: 1 } },
			{ id: 'waited', sched: { read: now - 50 * MIN, news: now - 200 * MIN, cost: 1 } },
			{ id: 'new' },
		];
		expect(dueUnits(units, now, 30 * MIN, poll).map((u) => u.id)).toEqual([
			'new',
			'waited',
			'sold',
		]);
		// the active one is due one poll later, the quiet one after its 40 minutes past the hour
		expect(dueUnits(units, now + MIN, 30 * MIN, poll).map((u) => u.id)).toContain('active');
		expect(dueUnits(units, now + 30 * MIN, 30 * MIN, poll).map((u) => u.id)).toContain('quiet');
		expect(dueUnits(units, now + 20 * MIN, 30 * MIN, poll).map((u) => u.id)).not.toContain('quiet');
	});
});
