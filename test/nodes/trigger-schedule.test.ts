/**
 * The trigger's day plan (dayBudget.ts) and read schedule (schedule.ts) as units: the share of the
 * plan's day limit, the count per center day, the credit in proportion to the time since the last poll
 * and to the day left, the cycle; units due by lateness, quiet ones waiting as long as they were quiet.
 */
import { DayPlan, readBudget } from '../../nodes/ShoppingCenterEventsTrigger/dayBudget';
import { afterRead, dueUnits, waitOf } from '../../nodes/ShoppingCenterEventsTrigger/schedule';

const ZONE = 'Asia/Yekaterinburg'; // UTC+5, no summer time
const MIN = 60_000;
/** 2026-11-20 00:00 in Yekaterinburg */
const MIDNIGHT = Date.parse('2026-11-19T19:00:00Z');

describe('the day plan of a center', () => {
	test('the share is a percentage of the plan’s day limit; an unknown plan counts as Basic', () => {
		expect(
			new DayPlan({ zone: ZONE, saved: undefined, plan: 'pro', sharePercent: 50, now: MIDNIGHT })
				.share,
		).toBe(25_000);
		expect(
			new DayPlan({ zone: ZONE, saved: undefined, plan: 'basic', sharePercent: 25, now: MIDNIGHT })
				.share,
		).toBe(1_250);
		expect(
			new DayPlan({
				zone: ZONE,
				saved: undefined,
				plan: undefined,
				sharePercent: 50,
				now: MIDNIGHT,
			}).share,
		).toBe(2_500);
	});

	test('the credit grows with the time since the last poll at the pace of what is left over what is left of the day', () => {
		const noon = MIDNIGHT + 12 * 60 * MIN;
		const saved = { day: '2026-11-20', used: 13_000, credit: 0, at: noon - 10 * MIN };
		const plan = new DayPlan({ zone: ZONE, saved, plan: 'pro', sharePercent: 50, now: noon });
		// 12,000 left over 12 hours: 1,000 an hour, 166.7 in 10 minutes
		expect(plan.credit).toBeCloseTo(166.67, 1);
		expect(plan.cycleMs(300)).toBeCloseTo(0.3 * 60 * MIN, -3);
		plan.capCredit(100);
		expect(plan.credit).toBe(100);
		// never more in one poll than the share of the plan's minute limit (50 % of PRO's 300)
		plan.credit = 1000;
		plan.capCredit(600);
		expect(plan.credit).toBe(150);
		plan.credit = 100;
		expect(plan.affords(1)).toBe(true);
		plan.countSent(100);
		expect(plan.affords(1)).toBe(false);
		expect(plan.toState()).toEqual({
			day: '2026-11-20',
			used: 13_100,
			credit: 0,
			at: noon,
			plan: 'pro',
		});
	});

	test('a new center day starts a new count; nothing is spent past the share', () => {
		const saved = { day: '2026-11-19', used: 24_999, credit: 5, at: MIDNIGHT - MIN };
		const plan = new DayPlan({
			zone: ZONE,
			saved,
			plan: 'pro',
			sharePercent: 50,
			now: MIDNIGHT + MIN,
		});
		expect(plan.used).toBe(0);
		const full = new DayPlan({
			zone: ZONE,
			saved: { ...saved, day: '2026-11-20' },
			plan: 'pro',
			sharePercent: 50,
			now: MIDNIGHT + MIN,
		});
		expect(full.affords(1)).toBe(true);
		expect(full.affords(2)).toBe(false);
	});

	test('after a restart the requests of the polls n8n did not save are counted as the even pace spent them', () => {
		const nine = MIDNIGHT + 9 * 60 * MIN;
		const saved = { day: '2026-11-20', used: 5_000, credit: 0, at: nine };
		// 20,000 left over 15 hours: an hour since the saved state counts as 1,334 requests spent
		const plan = new DayPlan({
			zone: ZONE,
			saved,
			plan: 'pro',
			sharePercent: 50,
			now: nine + 60 * MIN,
			restarted: true,
		});
		expect(plan.used).toBe(5_000 + 1_334);
		expect(
			new DayPlan({ zone: ZONE, saved, plan: 'pro', sharePercent: 50, now: nine + 60 * MIN }).used,
		).toBe(5_000);
		// a plan told by an answer of the poll: the share follows it
		const unknown = new DayPlan({
			zone: ZONE,
			saved,
			plan: undefined,
			sharePercent: 50,
			now: nine + MIN,
		});
		expect(unknown.share).toBe(2_500);
		unknown.learn('pro');
		expect(unknown.share).toBe(25_000);
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

describe('the read schedule', () => {
	const t0 = MIDNIGHT;
	test('a unit whose read found something is due at once; a quiet one waits as long as it was quiet, up to the cap', () => {
		let s = afterRead(undefined, t0, false, 1);
		expect(waitOf(s, 60 * MIN)).toBe(0);
		s = afterRead(s, t0 + MIN, false, 1);
		expect(waitOf(s, 60 * MIN)).toBe(MIN);
		s = afterRead(s, t0 + 3 * MIN, false, 1);
		expect(waitOf(s, 60 * MIN)).toBe(3 * MIN);
		expect(waitOf(s, 2 * MIN)).toBe(2 * MIN);
		s = afterRead(s, t0 + 10 * MIN, true, 2);
		expect(waitOf(s, 60 * MIN)).toBe(0);
		expect(s.cost).toBe(2);
	});

	test('due units go most late first; never read ones before all; not yet due ones not at all', () => {
		const now = t0 + 100 * MIN;
		const units = [
			{ id: 'quiet', sched: { read: now - 5 * MIN, news: now - 65 * MIN, cost: 1 } },
			{ id: 'sold', sched: { read: now - 2 * MIN, news: now - 2 * MIN, cost: 1 } },
			{ id: 'waited', sched: { read: now - 50 * MIN, news: now - 90 * MIN, cost: 1 } },
			{ id: 'new' },
		];
		const due = dueUnits(units, now, 30 * MIN, 0).map((u) => u.id);
		expect(due).toEqual(['new', 'waited', 'sold']);
		// with a short cap (the share allows reading everything often) the quiet one is due too
		expect(dueUnits(units, now, 4 * MIN, 0).map((u) => u.id)).toEqual([
			'new',
			'waited',
			'sold',
			'quiet',
		]);
	});
});
