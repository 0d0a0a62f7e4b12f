/**
 * Shopping Center Trigger through n8n-core's PollContext (test/harness runPoll) against the sandbox.
 * The sandbox clock is frozen and moved by the tests; each poll runs with the harness clock set to the
 * sandbox's "now", so the node's "today" in each center's zone is the sandbox's.
 */
import type { IDataObject } from 'n8n-workflow';
import type { LogEntry } from '../../../sandbox/server/log';
import {
	MAX_KEYS_PER_CENTER,
	nextKeys,
	readState,
} from '../../../nodes/ShoppingCenterEventsTrigger/state';
import { forgetNodeMemory } from '../../../nodes/ShoppingCenterEventsTrigger/memory';
import { pacer, tokenCache } from '../../../nodes/shared/transport';
import { forgetCenters } from '../../../nodes/shared/center';
import { clearPlans } from '../../../nodes/shared/transport/planCache';
import { addDays, todayIn } from '../../../nodes/shared/walk/dateWindows';
import {
	anomalyParams,
	BASIC,
	BLOCKED,
	H,
	ids,
	items,
	lastSeq,
	now,
	ok,
	poll,
	PRO,
	PRO_FAR,
	sandbox,
	sb,
	sorted,
	truthIds,
	useTriggerSandbox,
	without,
} from '../../helpers/trigger-setup';

useTriggerSandbox();

describe('state helpers', () => {
	test('nextKeys drops keys outside the window first, then the oldest, and never exceeds the cap', () => {
		const prev = ['a', 'b', 'c', 'd'];
		expect(nextKeys(prev, new Set(['a', 'c']), ['e'])).toEqual(['b', 'd', 'a', 'c', 'e']);
		expect(nextKeys(prev, new Set(['a', 'c']), ['e'], 3)).toEqual(['a', 'c', 'e']);
		expect(nextKeys(prev, new Set(['a', 'b', 'c', 'd']), ['e', 'f'], 4)).toEqual([
			'c',
			'd',
			'e',
			'f',
		]);
	});

	test('readState ignores state of another event, another version or a broken shape', () => {
		const good = {
			version: 1,
			event: 'newTicket',
			centers: {
				'1002': { day: '2026-11-20', at: '2026-11-20T00:00:00Z', keys: ['1', 2, '3'] },
				x: 5,
			},
		};
		expect(readState(good as unknown as IDataObject, 'newTicket').centers).toEqual({
			'1002': { day: '2026-11-20', at: '2026-11-20T00:00:00Z', keys: ['1', '3'] },
		});
		expect(readState(good as unknown as IDataObject, 'newPass').centers).toEqual({});
		expect(
			readState({ ...good, version: 2 } as unknown as IDataObject, 'newTicket').centers,
		).toEqual({});
		expect(readState({ centers: 'x' }, 'newTicket').centers).toEqual({});
	});
});

describe('New Anomaly', () => {
	test('first poll remembers what exists (null), a late anomaly (created 2 days after its date) is emitted exactly once', async () => {
		await sandbox();
		const atFirst = truthIds('anomalies', PRO);
		const first = await ok(anomalyParams());
		expect(first.items).toBeNull();
		const known = (first.staticData.centers as IDataObject)[PRO] as { keys: string[]; day: string };
		expect(known.day).toBe(todayIn('Asia/Yekaterinburg', now()));
		const today = known.day;
		expect(sorted(known.keys)).toEqual(
			sorted(truthIds('anomalies', PRO, { start_date: addDays(today, -3), end_date: today })),
		);

		sb.clock.advance(H);
		const [late] = sb.store.insert('anomaly', PRO, 1, now(), { date: addDays(today, -2) });
		const before = new Set(truthIds('anomalies', PRO));
		const second = await ok(anomalyParams(), { staticData: first.staticData });
		const emitted = items(second);
		expect(ids(second)).toContain(late);
		const lateItem = emitted.find((i) => i.json.id === late)!.json;
		expect(lateItem).toMatchObject({ event: 'newAnomaly', sc_id: PRO, id: late });
		expect(String(lateItem.date).slice(0, 10)).toBe(addDays(today, -2));
		expect(typeof lateItem.created_at).toBe('string');
		// exactly what appeared since the first poll
		expect(sorted(ids(second))).toEqual(sorted(without([...before], atFirst)));

		// later polls: never again, nothing twice
		let state = second.staticData;
		const all = [...ids(second)];
		for (let i = 0; i < 8; i++) {
			sb.clock.advance(6 * H);
			const r = await ok(anomalyParams(), { staticData: state });
			all.push(...ids(r));
			state = r.staticData;
		}
		expect(all.filter((x) => x === late)).toHaveLength(1);
		expect(new Set(all).size).toBe(all.length);
		expect(sorted(all)).toEqual(sorted(without(truthIds('anomalies', PRO), atFirst)));
	});

	test('On First Poll "Emit Everything in the Lookback" emits the whole window; filters go to the API when single', async () => {
		await sandbox();
		const today = todayIn('Asia/Yekaterinburg', now());
		const r = await ok(anomalyParams([PRO], { firstPoll: 'emitAll', lookbackDays: 5 }));
		expect(sorted(ids(r))).toEqual(
			sorted(truthIds('anomalies', PRO, { start_date: addDays(today, -5), end_date: today })),
		);
		expect(items(r).every((i) => i.json.event === 'newAnomaly' && i.json.sc_id === PRO)).toBe(true);
		// oldest first
		const dates = items(r).map((i) => String(i.json.date));
		expect([...dates].sort()).toEqual(dates);

		const since = lastSeq();
		const f = await ok(
			anomalyParams([PRO], {
				firstPoll: 'emitAll',
				lookbackDays: 30,
				filters: { levels: ['high'], statuses: ['new', 'completed'] },
			}),
		);
		const req = sb.log.list({ since, route: 'anomalies' });
		expect(req[0].query).toMatchObject({
			level: 'high',
			start_date: addDays(today, -30),
			end_date: today,
			per_page: '500',
		});
		expect(req[0].query.status).toBeUndefined();
		const expected = sb.store
			.truth(
				'anomalies',
				{ sc_id: PRO, start_date: addDays(today, -30), end_date: today, level: 'high' },
				now(),
			)
			.ids.filter(
				(id) =>
					!sb.store
						.truth(
							'anomalies',
							{ sc_id: PRO, start_date: addDays(today, -30), end_date: today, status: 'archived' },
							now(),
						)
						.ids.includes(id),
			);
		expect(expected.length).toBeGreaterThan(0);
		expect(sorted(ids(f))).toEqual(sorted(expected));
	});

	test("each center's window ends on its own today (zones UTC+5 and UTC+10)", async () => {
		await sandbox({ now: '2026-11-20T16:00:10Z' }); // 21:00 in Yekaterinburg, 02:00 next day in Vladivostok
		const since = lastSeq();
		await ok(anomalyParams([PRO, PRO_FAR]));
		const q = (sc: string) =>
			sb.log.list({ since, route: 'anomalies' }).find((e) => e.sc_id === sc)!.query;
		expect(q(PRO)).toMatchObject({ start_date: '2026-11-17', end_date: '2026-11-20' });
		expect(q(PRO_FAR)).toMatchObject({ start_date: '2026-11-18', end_date: '2026-11-21' });
	});

	test('a poll that fails (503 after all retries) emits nothing and keeps the state; the next emits everything missed', async () => {
		await sandbox();
		const first = await ok(anomalyParams([PRO, PRO_FAR]));
		const today = todayIn('Asia/Yekaterinburg', now());
		sb.clock.advance(H);
		const inserted = [
			...sb.store.insert('anomaly', PRO, 3, now(), { date: addDays(today, -1) }),
			...sb.store.insert('anomaly', PRO_FAR, 2, now()),
		];

		// the second center's list fails 6 times (all attempts of the retry policy)
		sb.faults.set({ failNext: { count: 6, code: 'rights_unavailable', routes: ['anomalies'] } });
		const failing = await poll(anomalyParams([PRO_FAR, PRO]), { staticData: first.staticData });
		expect(failing.error?.message).toMatch(
			/rights service did not answer.*gave up after 6 attempts/,
		);
		expect(failing.items).toBeNull();
		expect(failing.staticData).toEqual(first.staticData);
		expect(failing.staticDataChanged).toBe(false);

		sb.faults.clear();
		const recovered = await ok(anomalyParams([PRO, PRO_FAR]), { staticData: failing.staticData });
		expect(sorted(ids(recovered))).toEqual(sorted(inserted));
		const again = await ok(anomalyParams([PRO, PRO_FAR]), { staticData: recovered.staticData });
		expect(again.items).toBeNull();
	});

	test('an error on a later center (402 blocked) after an earlier center answered saves nothing for either', async () => {
		await sandbox();
		const first = await ok({ event: 'newTicket', centerScope: 'selected', centerIds: [PRO] });
		sb.clock.advance(H);
		const [uid] = sb.store.insert('ticket', PRO, 1, now());
		const blocked = await poll(
			{ event: 'newTicket', centerScope: 'selected', centerIds: [PRO, BLOCKED] },
			{ staticData: first.staticData },
		);
		expect(blocked.error?.message).toMatch(/blocked for non-payment/);
		expect(blocked.items).toBeNull();
		expect(blocked.staticData).toEqual(first.staticData);
		const next = await ok(
			{ event: 'newTicket', centerScope: 'selected', centerIds: [PRO] },
			{ staticData: blocked.staticData },
		);
		expect(ids(next)).toEqual([uid]);
	});

	test('429 after the retry budget: the poll fails without saving; the next poll emits what it missed', async () => {
		await sandbox();
		const first = await ok(anomalyParams());
		const today = todayIn('Asia/Yekaterinburg', now());
		sb.clock.advance(H);
		const inserted = sb.store.insert('anomaly', PRO, 2, now(), { date: today });
		// another client of the center used the whole minute's budget (the harness clock starts at sb's now)
		sb.limiter.spend(PRO, 300, now().getTime());
		const limited = await poll(anomalyParams(), { staticData: first.staticData });
		expect(limited.error?.message).toMatch(/request budget is used up/);
		expect(limited.staticData).toEqual(first.staticData);
		sb.clock.advance(H);
		const next = await ok(anomalyParams(), { staticData: limited.staticData });
		expect(sorted(ids(next))).toEqual(sorted(inserted));
	});

	test('a restart (static data saved as JSON, process caches gone) emits no duplicates', async () => {
		await sandbox();
		let state = (await ok(anomalyParams([PRO, PRO_FAR]))).staticData;
		const seen: string[] = [];
		for (let i = 0; i < 6; i++) {
			sb.clock.advance(5 * H);
			sb.store.insert('anomaly', i % 2 ? PRO : PRO_FAR, 1, now(), {
				date: todayIn('Asia/Vladivostok', now()),
			});
			const r = await ok(anomalyParams([PRO, PRO_FAR]), {
				staticData: JSON.parse(JSON.stringify(state)) as IDataObject,
			});
			seen.push(...ids(r));
			state = JSON.parse(JSON.stringify(r.staticData)) as IDataObject;
			// n8n restarted: every in-process cache of the package is empty again
			tokenCache.clear();
			forgetCenters();
			clearPlans();
			forgetNodeMemory();
			pacer.clear();
		}
		expect(seen.length).toBeGreaterThanOrEqual(6);
		expect(new Set(seen).size).toBe(seen.length);
	});

	test('the key set stays capped at 10,000 per center, dropping keys outside the window first', async () => {
		await sandbox();
		const zone = 'Asia/Yekaterinburg';
		let r = await ok(anomalyParams());
		const dayA = todayIn(zone, now());
		sb.clock.advance(H);
		const batchA = sb.store.insert('anomaly', PRO, 5100, now(), { date: dayA });
		const inA = new Set(batchA);
		const since = lastSeq();
		r = await ok(anomalyParams(), { staticData: r.staticData });
		expect(ids(r).filter((x) => inA.has(x))).toHaveLength(5100);
		expect(new Set(ids(r)).size).toBe(items(r).length);
		// only the pages needed: 500 a page
		const rowsA = sb.store.truth(
			'anomalies',
			{ sc_id: PRO, start_date: addDays(dayA, -3), end_date: dayA },
			now(),
		).count;
		expect(sb.log.list({ since, route: 'anomalies' })).toHaveLength(Math.ceil(rowsA / 500));

		sb.clock.advance(5 * 24 * H); // dayA leaves the 3-day lookback after this poll
		r = await ok(anomalyParams(), { staticData: r.staticData });
		const dayB = todayIn(zone, now());
		sb.clock.advance(H);
		const inB = new Set(sb.store.insert('anomaly', PRO, 5100, now(), { date: dayB }));
		const keysBefore = ((r.staticData.centers as IDataObject)[PRO] as { keys: string[] }).keys;
		r = await ok(anomalyParams(), { staticData: r.staticData });
		expect(ids(r).filter((x) => inB.has(x))).toHaveLength(5100);
		const keys = ((r.staticData.centers as IDataObject)[PRO] as { keys: string[] }).keys;
		expect(keys).toHaveLength(MAX_KEYS_PER_CENTER);
		expect(new Set(keys).size).toBe(keys.length);
		// every key of the current window kept; the dropped ones are old keys outside the window (dayA's)
		const windowIds = truthIds('anomalies', PRO, { start_date: addDays(dayB, -3), end_date: dayB });
		expect(without(windowIds, keys)).toEqual([]);
		const dropped = without(keysBefore, keys);
		expect(dropped).toHaveLength(keysBefore.length + items(r).length - MAX_KEYS_PER_CENTER);
		const inWindow = new Set(windowIds);
		expect(dropped.filter((k) => inWindow.has(k))).toEqual([]);
		expect(dropped.filter((k) => inA.has(k)).length).toBeGreaterThan(100);
		// the oldest went first: what is left of dayA's batch is its newest part
		const keptA = keys.filter((k) => inA.has(k));
		expect(keptA).toEqual(batchA.slice(batchA.length - keptA.length));

		const after = await ok(anomalyParams(), { staticData: r.staticData });
		expect(after.items).toBeNull();
		expect(JSON.stringify(after.staticData).length).toBeLessThan(400_000);
	});

	test('All My Centers: Basic (plan_required) and blocked (402) centers are skipped; the Basic one is not asked again', async () => {
		await sandbox();
		let since = lastSeq();
		const first = await ok({ event: 'newAnomaly', centerScope: 'all' });
		const asked = (s: number) =>
			sb.log.list({ since: s, route: 'anomalies' }).map((e: LogEntry) => `${e.sc_id}:${e.status}`);
		expect(sorted(asked(since))).toEqual(
			sorted([`${BASIC}:403`, `${PRO}:200`, `${BLOCKED}:402`, `${PRO_FAR}:200`]),
		);
		expect(Object.keys(first.staticData.centers as IDataObject).sort()).toEqual([PRO, PRO_FAR]);
		expect(first.logs.some((l) => l.level === 'warn' && l.message.includes(BLOCKED))).toBe(true);
		// within the plan's lifetime (PLAN_TTL_MS) the Basic center is not asked again
		since = lastSeq();
		sb.clock.advance(5 * 60_000);
		const second = await ok(
			{ event: 'newAnomaly', centerScope: 'all' },
			{ staticData: first.staticData },
		);
		expect(sorted(asked(since))).toEqual(
			sorted([`${PRO}:200`, `${BLOCKED}:402`, `${PRO_FAR}:200`]),
		);
		// after it the plan is unknown again (an upgrade would show): one request, plan_required again
		since = lastSeq();
		sb.clock.advance(H);
		await ok({ event: 'newAnomaly', centerScope: 'all' }, { staticData: second.staticData });
		expect(sorted(asked(since))).toEqual(
			sorted([`${BASIC}:403`, `${PRO}:200`, `${BLOCKED}:402`, `${PRO_FAR}:200`]),
		);

		// selected explicitly, the Basic center is an error, refused locally now that its plan is known
		since = lastSeq();
		const refused = await poll(anomalyParams([BASIC]));
		expect(refused.error?.message).toMatch(/plan \(Basic\) does not allow anomalies/);
		expect(asked(since)).toEqual([]);
	});

	test('a center the key has no role in is refused before any data request', async () => {
		await sandbox();
		const since = lastSeq();
		const r = await poll(anomalyParams(['1005']));
		expect(r.error?.message).toMatch(/Center Names or IDs: center 1005 is not among the centers/);
		expect(
			sb.log.list({ since }).filter((e) => e.route !== 'centers' && e.route !== 'token'),
		).toEqual([]);
	});

	test('manual mode (Fetch Test Event) returns the latest record of each center and leaves the state unchanged', async () => {
		await sandbox();
		const first = await ok(anomalyParams([PRO, PRO_FAR]));
		sb.clock.advance(H);
		const [fresh] = sb.store.insert('anomaly', PRO, 1, now());
		const manual = await ok(anomalyParams([PRO, PRO_FAR]), {
			staticData: first.staticData,
			mode: 'manual',
		});
		expect(items(manual).map((i) => i.json.sc_id)).toEqual([PRO, PRO_FAR]);
		expect(items(manual)[0].json.id).toBe(fresh);
		expect(manual.staticData).toEqual(first.staticData);
		expect(manual.staticDataChanged).toBe(false);
		// the trigger still emits the record the test event showed
		const next = await ok(anomalyParams([PRO, PRO_FAR]), { staticData: manual.staticData });
		expect(ids(next)).toContain(fresh);
		// without saved state, manual mode saves none either
		const bare = await ok(anomalyParams([PRO]), { mode: 'manual' });
		expect(items(bare)).toHaveLength(1);
		expect(bare.staticData).toEqual({});
	});
});
