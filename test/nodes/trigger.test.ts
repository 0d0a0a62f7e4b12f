/**
 * Shopping Center Trigger through n8n-core's PollContext (test/harness runPoll) against the sandbox.
 * The sandbox clock is frozen and moved by the tests; each poll runs with the harness clock set to the
 * sandbox's "now", so the node's "today" in each center's zone is the sandbox's.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { runLoadOptions, runPoll, type RunPollResult } from '../harness';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../sandbox/fixtures';
import { centerById } from '../../sandbox/fixtures';
import { dayOfMs } from '../../sandbox/data/calendar';
import { selectTickets } from '../../sandbox/data/portal-query';
import type { LogEntry } from '../../sandbox/log';
import { mulberry32 } from '../../sandbox/random';
import { TICKET_STATUSES } from '../../sandbox/data/portal-catalog';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';
import { ShoppingCenterEventsTrigger } from '../../nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';
import {
	MAX_KEYS_PER_CENTER,
	nextKeys,
	readState,
} from '../../nodes/ShoppingCenterEventsTrigger/state';
import { forgetCarried } from '../../nodes/ShoppingCenterEventsTrigger/carry';
import { DEFAULT_RETRY_POLICY } from '../../nodes/shared/transport/retry';
import { pacer, tokenCache } from '../../nodes/shared/transport';
import { forgetCenters } from '../../nodes/shared/center';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import { addDays, todayIn } from '../../nodes/shared/walk/dateWindows';
import { Container } from '@n8n/di';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';

const H = 3_600_000;
const PRO = '1002'; // Asia/Yekaterinburg, UTC+5
const PRO_FAR = '1004'; // Asia/Vladivostok, UTC+10
const BASIC = '1001'; // Europe/Moscow
const BLOCKED = '1003'; // 402

const trigger = new ShoppingCenterEventsTrigger();
const credentialTypes = [new ShoppingCenterApi()];

// retries as in production, but without the waiting (6 attempts of the retryable codes)
const savedPolicy = { ...DEFAULT_RETRY_POLICY };
beforeAll(() =>
	Object.assign(DEFAULT_RETRY_POLICY, { baseDelayMs: 1, maxDelayMs: 2, maxTotalWaitMs: 200 }),
);
afterAll(() => {
	Object.assign(DEFAULT_RETRY_POLICY, savedPolicy);
	// n8n-core's LoadOptionsContext (runLoadOptions) starts SSHClientsManager, whose 60 s cleanup
	// interval would keep this process alive; n8n stops it at shutdown, so do we
	Container.get(SSHClientsManager).onShutdown();
});

let sb: Sandbox;
async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	sb = await startSandbox({ now: '2026-11-20T09:00:10Z', ...options });
	return sb;
}
afterEach(async () => {
	// each test is a trigger of its own: nothing carried over from another test's polls
	forgetCarried();
	await sb?.close();
});

interface PollOptions {
	staticData?: IDataObject;
	mode?: 'trigger' | 'manual';
	/** false: the harness leaves the clock alone (for a poll started while another one runs) */
	clock?: boolean;
}

async function poll(parameters: INodeParameters, o: PollOptions = {}): Promise<RunPollResult> {
	return await runPoll({
		nodeType: trigger,
		credentialTypes,
		credentials: {
			shoppingCenterApi: {
				baseUrl: sb.baseUrl,
				clientId: DEMO_CLIENT_ID,
				clientSecret: DEMO_CLIENT_SECRET,
			},
		},
		parameters,
		staticData: o.staticData,
		mode: o.mode,
		now: o.clock === false ? undefined : sb.clock.now(),
	});
}

/** A poll that must succeed. */
async function ok(parameters: INodeParameters, o: PollOptions = {}): Promise<RunPollResult> {
	const r = await poll(parameters, o);
	if (r.error) throw r.error;
	return r;
}

const items = (r: RunPollResult): INodeExecutionData[] => r.items?.[0] ?? [];
const keyOf = (j: IDataObject) =>
	String(j.ticket_uid !== undefined && j.event !== 'newPass' ? j.ticket_uid : j.id);
const ids = (r: RunPollResult): string[] => items(r).map((i) => keyOf(i.json));
const now = () => sb.clock.now();
const lastSeq = () => sb.log.list().at(-1)?.seq ?? 0;

function truthIds(
	kind: 'anomalies' | 'tickets' | 'passes',
	scId: string,
	q: Record<string, string> = {},
): string[] {
	return sb.store.truth(kind, { sc_id: scId, start_date: '2026-01-01', ...q }, now()).ids;
}

function sorted<T>(xs: Iterable<T>): T[] {
	return [...xs].map(String).sort() as T[];
}

function without(all: string[], known: Iterable<string>): string[] {
	const k = new Set(known);
	return all.filter((x) => !k.has(x));
}

const anomalyParams = (
	centerIds: string[] = [PRO],
	extra: INodeParameters = {},
): INodeParameters => ({
	event: 'newAnomaly',
	centerScope: 'selected',
	centerIds,
	...extra,
});

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
			forgetCarried();
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
		let since = lastSeq();
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

describe('fields', () => {
	test('the center list is loaded live for the multi-select', async () => {
		await sandbox();
		const r = await runLoadOptions({
			nodeType: trigger,
			credentialTypes,
			credentials: {
				shoppingCenterApi: {
					baseUrl: sb.baseUrl,
					clientId: DEMO_CLIENT_ID,
					clientSecret: DEMO_CLIENT_SECRET,
				},
			},
			method: 'getCenters',
			parameters: { event: 'newTicket', centerScope: 'selected' },
		});
		expect(r.error).toBeUndefined();
		expect(r.options?.map((o) => o.value)).toEqual([BASIC, PRO, BLOCKED, PRO_FAR]);
		expect(r.options?.[1].name).toBe('Mega PRO · 1002');
	});

	test('bad input is refused before any data request, naming the field', async () => {
		await sandbox();
		const since = lastSeq();
		const bad = async (parameters: INodeParameters) => (await poll(parameters)).error?.message;
		expect(await bad(anomalyParams([PRO], { lookbackDays: 2.5 }))).toMatch(
			/^Lookback \(Days\): .*2\.5.* is not a whole number from 0 to 365/,
		);
		expect(await bad(anomalyParams([PRO], { lookbackDays: -1 }))).toMatch(/^Lookback \(Days\)/);
		expect(await bad(anomalyParams([]))).toMatch(
			/^Center Names or IDs: choose at least one center/,
		);
		expect(await bad(anomalyParams(['10 02']))).toMatch(
			/^Center Names or IDs: .* is not a valid ID/,
		);
		expect(await bad(anomalyParams([PRO], { filters: { levels: ['severe'] } }))).toMatch(
			/^Levels: "severe" is not one of high, medium, low/,
		);
		expect(
			sb.log.list({ since }).filter((e) => e.route !== 'centers' && e.route !== 'token'),
		).toEqual([]);
	});

	test('centers from an expression (comma-separated); a shop filter goes to the API only for one center', async () => {
		await sandbox();
		const shop = '1002-01';
		let since = lastSeq();
		const one = await ok(
			anomalyParams([PRO], { firstPoll: 'emitAll', lookbackDays: 60, filters: { shopIds: shop } }),
		);
		expect(sb.log.list({ since, route: 'anomalies' })[0].query.shop_id).toBe(shop);
		expect(items(one).length).toBeGreaterThan(0);
		expect(items(one).every((i) => i.json.shop_id === shop)).toBe(true);

		since = lastSeq();
		const two = await ok(
			anomalyParams([], {
				centerIds: `={{ "${PRO}, ${PRO_FAR}" }}`,
				firstPoll: 'emitAll',
				lookbackDays: 60,
				filters: { shopIds: `${shop}, 1004-02` },
			}),
		);
		const asked = sb.log.list({ since, route: 'anomalies' });
		expect(asked.map((e) => e.sc_id)).toEqual([PRO, PRO_FAR]);
		expect(asked.every((e) => e.query.shop_id === undefined)).toBe(true);
		expect(sorted(ids(two))).toEqual(
			sorted([
				...sb.store.truth(
					'anomalies',
					{
						sc_id: PRO,
						start_date: addDays(todayIn('Asia/Yekaterinburg', now()), -60),
						shop_id: shop,
					},
					now(),
				).ids,
				...sb.store.truth(
					'anomalies',
					{
						sc_id: PRO_FAR,
						start_date: addDays(todayIn('Asia/Vladivostok', now()), -60),
						shop_id: '1004-02',
					},
					now(),
				).ids,
			]),
		);
	});

	test('a tick while the previous poll of the same node still runs emits nothing (no double emission)', async () => {
		await sandbox();
		const first = await ok({ event: 'newTicket', centerScope: 'selected', centerIds: [PRO] });
		sb.clock.advance(H);
		const [uid] = sb.store.insert('ticket', PRO, 1, now());
		sb.faults.set({ latencyMs: 300 });
		const slow = poll(
			{ event: 'newTicket', centerScope: 'selected', centerIds: [PRO] },
			{ staticData: first.staticData },
		);
		await new Promise((resolve) => setTimeout(resolve, 50));
		const overlapping = await poll(
			{ event: 'newTicket', centerScope: 'selected', centerIds: [PRO] },
			{ staticData: first.staticData, clock: false },
		);
		const done = await slow;
		sb.faults.clear();
		expect(overlapping.error).toBeUndefined();
		expect(overlapping.items).toBeNull();
		expect(
			overlapping.logs.some((l) => l.level === 'warn' && /still running/.test(l.message)),
		).toBe(true);
		expect(ids(done)).toEqual([uid]);
	});
});

describe('tickets and passes', () => {
	const ticketParams = (event: string, extra: INodeParameters = {}): INodeParameters => ({
		event,
		centerScope: 'selected',
		centerIds: [BASIC, PRO],
		...extra,
	});

	test('New Ticket: first poll both ways, then each new ticket once', async () => {
		await sandbox();
		const emitAll = await ok(ticketParams('newTicket', { firstPoll: 'emitAll' }));
		const expected = [BASIC, PRO].flatMap((sc) => {
			const today = todayIn(centerById(sc)!.time_zone, now());
			return truthIds('tickets', sc, { start_date: addDays(today, -1), end_date: today });
		});
		expect(expected.length).toBeGreaterThan(0);
		expect(sorted(ids(emitAll))).toEqual(sorted(expected));
		expect(items(emitAll).every((i) => i.json.event === 'newTicket')).toBe(true);

		const remember = await ok(ticketParams('newTicket'));
		expect(remember.items).toBeNull();
		sb.clock.advance(2 * H);
		const inserted = sb.store.insert('ticket', PRO, 2, now());
		const visible = new Set([...truthIds('tickets', BASIC), ...truthIds('tickets', PRO)]);
		const r = await ok(ticketParams('newTicket'), { staticData: remember.staticData });
		expect(ids(r)).toEqual(expect.arrayContaining(inserted));
		expect(items(r).find((i) => i.json.ticket_uid === inserted[0])!.json).toMatchObject({
			event: 'newTicket',
			sc_id: PRO,
			status: 'new_request',
		});
		expect(ids(r).every((id) => visible.has(id))).toBe(true);
		const again = await ok(ticketParams('newTicket'), { staticData: r.staticData });
		expect(again.items).toBeNull();
	});

	test('Ticket Changed: a status set in the portal is emitted once with previous_status; a new ticket that moved on has previous_status null', async () => {
		await sandbox();
		const first = await ok(ticketParams('ticketChanged'));
		expect(first.items).toBeNull();
		const seen = (
			(first.staticData.centers as IDataObject)[PRO] as { seen: Array<[string, string]> }
		).seen;
		const open = seen.find(
			([, fp]) => fp.startsWith('in_progress|') || fp.startsWith('new_request|'),
		);
		expect(open).toBeDefined();
		const [uid, fp] = open!;
		sb.clock.advance(10 * 60_000);
		sb.store.setTicketStatus(PRO, uid, 'rejected', now());
		const [born] = sb.store.insert('ticket', PRO, 1, now(), { status: 'agreed' });
		const [quiet] = sb.store.insert('ticket', PRO, 1, now());
		const r = await ok(ticketParams('ticketChanged'), { staticData: first.staticData });
		const byUid = new Map(items(r).map((i) => [String(i.json.ticket_uid), i.json]));
		expect(byUid.get(uid)).toMatchObject({
			event: 'ticketChanged',
			sc_id: PRO,
			ticket_uid: uid,
			status: 'rejected',
			previous_status: fp.split('|')[0],
		});
		expect(typeof byUid.get(uid)!.resolution_created_at).toBe('string');
		expect(byUid.get(born)).toMatchObject({ status: 'agreed', previous_status: null });
		expect(byUid.has(quiet)).toBe(false);
		const again = await ok(ticketParams('ticketChanged'), { staticData: r.staticData });
		expect(ids(again).filter((x) => x === uid || x === born)).toEqual([]);

		// the same decided status again, decided anew: resolution_created_at changed
		sb.clock.advance(10 * 60_000);
		sb.store.setTicketStatus(PRO, uid, 'rejected', now());
		const re = await ok(ticketParams('ticketChanged'), { staticData: again.staticData });
		expect(items(re).find((i) => i.json.ticket_uid === uid)!.json).toMatchObject({
			status: 'rejected',
			previous_status: 'rejected',
		});
	});

	test('Ticket Changed cannot see tickets created before the lookback', async () => {
		await sandbox();
		const first = await ok(ticketParams('ticketChanged', { lookbackDays: 5 }));
		const old = truthIds('tickets', PRO, { start_date: '2026-10-01', end_date: '2026-10-31' })[0];
		sb.clock.advance(10 * 60_000);
		sb.store.setTicketStatus(PRO, old, 'revoked', now());
		const r = await ok(ticketParams('ticketChanged', { lookbackDays: 5 }), {
			staticData: first.staticData,
		});
		expect(ids(r)).not.toContain(old);
	});

	test('New Pass emits each new pass once; manual mode shows the latest and saves nothing', async () => {
		await sandbox();
		const atFirst = [...truthIds('passes', BASIC), ...truthIds('passes', PRO)];
		const first = await ok(ticketParams('newPass'));
		sb.clock.advance(H);
		const [pass] = sb.store.insert('pass', PRO, 1, now());
		const expected = without([...truthIds('passes', BASIC), ...truthIds('passes', PRO)], atFirst);
		expect(expected).toContain(pass);
		const manual = await ok(ticketParams('newPass'), {
			staticData: first.staticData,
			mode: 'manual',
		});
		expect(items(manual).find((i) => i.json.sc_id === PRO)!.json.id).toBe(Number(pass));
		expect(manual.staticData).toEqual(first.staticData);
		const r = await ok(ticketParams('newPass'), { staticData: manual.staticData });
		expect(sorted(ids(r))).toEqual(sorted(expected));
		expect(items(r).find((i) => String(i.json.id) === pass)!.json).toMatchObject({
			event: 'newPass',
			sc_id: PRO,
		});
		const again = await ok(ticketParams('newPass'), { staticData: r.staticData });
		expect(again.items).toBeNull();
	});
});

describe('a simulated month', () => {
	test('a poll every 4 hours for 31 days emits exactly the new anomalies, tickets, passes and ticket changes, with only the pages needed', async () => {
		await sandbox({ now: '2026-10-01T00:00:10Z', seed: 4242 });
		const rng = mulberry32(99);
		const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
		const anomalyCenters = [PRO, PRO_FAR];
		const portalCenters = [BASIC, PRO, PRO_FAR];
		const PER_PAGE: Record<string, number> = { anomalies: 500, tickets: 100, passes: 100 };
		const setups = {
			newAnomaly: {
				params: { event: 'newAnomaly', centerScope: 'selected', centerIds: anomalyCenters },
				route: 'anomalies' as const,
			},
			newTicket: {
				params: { event: 'newTicket', centerScope: 'selected', centerIds: portalCenters },
				route: 'tickets' as const,
			},
			newPass: {
				params: { event: 'newPass', centerScope: 'selected', centerIds: portalCenters },
				route: 'passes' as const,
			},
			ticketChanged: {
				params: { event: 'ticketChanged', centerScope: 'selected', centerIds: portalCenters },
				route: 'tickets' as const,
			},
		};
		type Ev = keyof typeof setups;
		const events = Object.keys(setups) as Ev[];
		const zoneOf = (sc: string) => centerById(sc)!.time_zone;

		const visible = (kind: 'anomalies' | 'tickets' | 'passes', centers: string[]) =>
			centers.flatMap((sc) => truthIds(kind, sc).map((id) => `${sc}|${id}`));
		/** the sandbox's tickets of the Ticket Changed window, with their state, read from its data (not the API) */
		const ticketSnapshot = () => {
			const t = now().getTime();
			const snap = new Map<string, { status: string; fp: string; created: number }>();
			for (const sc of portalCenters) {
				const center = centerById(sc)!;
				const today = dayOfMs(center.time_zone, t);
				for (const x of selectTickets(sb.store, center, { created: [today - 30, today] }, t)) {
					snap.set(`${sc}|${x.ticket.uid}`, {
						status: x.state.status,
						fp: `${x.state.status}|${x.state.resolutionAt ?? ''}`,
						created: x.ticket.created,
					});
				}
			}
			return { at: t, snap };
		};

		const base = {
			anomalies: visible('anomalies', anomalyCenters),
			tickets: visible('tickets', portalCenters),
			passes: visible('passes', portalCenters),
		};
		const state = {} as Record<Ev, IDataObject>;
		for (const e of events) {
			const r = await ok(setups[e].params);
			expect(r.items).toBeNull();
			state[e] = r.staticData;
		}
		let previous = ticketSnapshot();
		const emitted: Record<Ev, string[]> = {
			newAnomaly: [],
			newTicket: [],
			newPass: [],
			ticketChanged: [],
		};
		const expectedChanges: string[] = [];
		const lateInserted: string[] = [];
		let lagged = 0;
		let polls = events.length;
		let failedPolls = 0;
		let maxRequests = 0;
		let multiPage = 0;

		for (let step = 1; step <= 31 * 6; step++) {
			// the world moves between two polls
			const first = Math.floor(rng() * 4 * H);
			sb.clock.advance(first);
			if (rng() < 0.2) {
				const sc = pick(anomalyCenters);
				const lag = 1 + Math.floor(rng() * 3); // found 1 to 3 days after its date: within the 3-day lookback
				lateInserted.push(
					`${sc}|${sb.store.insert('anomaly', sc, 1, now(), { date: addDays(todayIn(zoneOf(sc), now()), -lag) })[0]}`,
				);
			}
			if (step === 60) sb.store.insert('anomaly', PRO, 700, now()); // a busy day: two pages of 500 for a few days
			if (rng() < 0.25)
				sb.store.insert(
					'ticket',
					pick(portalCenters),
					1,
					now(),
					rng() < 0.3 ? { status: pick(TICKET_STATUSES) } : {},
				);
			if (rng() < 0.1) sb.store.insert('pass', pick(portalCenters), 1, now());
			if (rng() < 0.3) {
				const [key] = pick([...previous.snap.entries()]);
				const [sc, uid] = key.split('|');
				sb.store.setTicketStatus(sc, uid, pick(TICKET_STATUSES), now());
			}
			sb.clock.advance(4 * H - first);

			const failing = step === 100 || step === 101;
			if (failing) sb.faults.set({ failNext: { count: 10_000, code: 'internal_error' } });
			for (const e of events) {
				const since = lastSeq();
				const r = await poll(setups[e].params, { staticData: state[e] });
				polls++;
				if (failing) {
					failedPolls++;
					expect(r.error).toBeDefined();
					expect(r.items).toBeNull();
					expect(r.staticData).toEqual(state[e]);
					continue;
				}
				if (r.error) throw r.error;
				state[e] = r.staticData;
				for (const { json } of items(r)) {
					if (e === 'ticketChanged')
						emitted[e].push(
							`${json.sc_id}|${json.ticket_uid}|${json.previous_status ?? 'null'}>${json.status}`,
						);
					else emitted[e].push(`${json.sc_id}|${keyOf(json)}`);
					if (
						e === 'newAnomaly' &&
						String(json.created_at).slice(0, 10) > addDays(String(json.date).slice(0, 10), 1)
					)
						lagged++;
				}
				// requests: one page per 500 (anomalies) / 100 (tickets, passes) rows of each center's window, at least one
				const log = sb.log.list({ since });
				let budget = 2; // a token exchange and the center list at most
				for (const sc of setups[e].params.centerIds) {
					const pages = log.filter((x) => x.route === setups[e].route && x.sc_id === sc);
					const q = pages[0].query as Record<string, string>;
					const window =
						e === 'newAnomaly'
							? { start_date: q.start_date, end_date: q.end_date }
							: { start_date: q.start_created_date, end_date: q.end_created_date };
					const rows = sb.store.truth(setups[e].route, { sc_id: sc, ...window }, now()).count;
					expect(pages).toHaveLength(Math.max(1, Math.ceil(rows / PER_PAGE[setups[e].route])));
					expect(pages.length).toBeLessThanOrEqual(1 + Math.ceil(rows / PER_PAGE[setups[e].route]));
					if (pages.length > 1) multiPage++;
					budget += pages.length;
				}
				expect(log.length).toBeLessThanOrEqual(budget);
				expect(log.filter((x) => x.route === 'centers').length).toBeLessThanOrEqual(1);
				maxRequests = Math.max(maxRequests, log.length);
			}
			if (failing) {
				sb.faults.clear();
				continue;
			}
			// the changes a poller can see: the state at this poll against the state at the last successful one
			const current = ticketSnapshot();
			for (const [key, t] of current.snap) {
				const before = previous.snap.get(key);
				if (before ? before.fp !== t.fp : t.created > previous.at && t.status !== 'new_request') {
					expectedChanges.push(`${key}|${before ? before.status : 'null'}>${t.status}`);
				}
			}
			previous = current;
		}

		const expectNew = (
			kind: 'anomalies' | 'tickets' | 'passes',
			centers: string[],
			got: string[],
		) => {
			expect(new Set(got).size).toBe(got.length); // nothing twice
			expect(sorted(got)).toEqual(sorted(without(visible(kind, centers), base[kind])));
		};
		expectNew('anomalies', anomalyCenters, emitted.newAnomaly);
		expectNew('tickets', portalCenters, emitted.newTicket);
		expectNew('passes', portalCenters, emitted.newPass);
		expect(sorted(emitted.ticketChanged)).toEqual(sorted(expectedChanges));

		// the run exercised what it claims to
		expect(polls).toBeGreaterThanOrEqual(700);
		expect(failedPolls).toBe(8);
		expect(without(lateInserted, emitted.newAnomaly)).toEqual([]);
		expect(lagged).toBeGreaterThan(10); // generated anomalies found 2-3 days after their date
		expect(multiPage).toBeGreaterThan(0);
		expect(emitted.newAnomaly.length).toBeGreaterThan(100);
		expect(emitted.ticketChanged.length).toBeGreaterThan(100);
		expect(emitted.ticketChanged.some((c) => c.includes('|null>'))).toBe(true);
		expect(emitted.newPass.length).toBeGreaterThan(20);
		console.log(
			`simulated month: ${polls} polls (${failedPolls} failed), emitted ${emitted.newAnomaly.length} anomalies (${lagged} found 2+ days late), ` +
				`${emitted.newTicket.length} tickets, ${emitted.newPass.length} passes, ${emitted.ticketChanged.length} ticket changes; ` +
				`at most ${maxRequests} requests in one poll; ${multiPage} center-polls needed a second page`,
		);
	});
});
