/**
 * Intake under faults, through n8n-core's engine against the sandbox: retried declared turnover,
 * daily attendance and counter submissions leave EXACTLY the intended stored values (sb.intake), and a
 * calendar event is never created twice.
 *
 * What the sandbox can and cannot simulate (docs/sandbox.md, "Order of checks"): token expiry and
 * injected faults (errorRate, failNext) are answered BEFORE the body is parsed and the handler runs, so
 * a failed attempt never stores anything; `malformedNext` breaks the answer AFTER the handler ran (the
 * value IS stored, the client sees a 502 page / a cut body). A retryable failure (500 / 503 / 504)
 * AFTER the server stored the record is not something the sandbox does; the last describe block makes
 * it in this test by wrapping the sandbox's events handler (store, then answer internal_error), to show
 * what the node does then: its retry meets 409 already_exists_in_sc, and there is still one event.
 *
 * The transport's backoff is shortened for the test (the attempts and their order are unchanged); the
 * fault RNG is seeded, so every run sees the same faults.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { DEFAULT_RETRY_POLICY } from '../../nodes/shared/transport/retry';
import { startSandbox, type Sandbox } from '../../sandbox';
import { HANDLERS } from '../../sandbox/handlers/registry';
import type { Handler } from '../../sandbox/handlers/context';
import { ApiError } from '../../sandbox/core/types';
import { BASIC, PRO } from '../helpers/reliability/operations';
import {
	ACTION_NODES,
	NOW,
	resetCaches,
	rl,
	runOn,
	type CaseRun,
} from '../helpers/reliability/run';

const savedPolicy = { ...DEFAULT_RETRY_POLICY };
let sb: Sandbox;

beforeAll(async () => {
	Object.assign(DEFAULT_RETRY_POLICY, { baseDelayMs: 1, maxDelayMs: 4 });
	sb = await startSandbox({ now: NOW, rateLimits: false });
});
afterAll(async () => {
	Object.assign(DEFAULT_RETRY_POLICY, savedPolicy);
	await sb.close();
});
beforeEach(() => {
	sb.faults.clear();
	resetCaches();
});

const RETRYABLE = ['internal_error', 'query_timeout', 'rights_unavailable'];

async function intake(
	parameters: INodeParameters,
	items: IDataObject[],
	continueOnFail = false,
): Promise<CaseRun> {
	return await runOn(sb, ACTION_NODES.ShoppingCenterIntake(), parameters, {
		inputItems: items.map((json) => ({ json })),
		continueOnFail,
	});
}

/** Injected failures the run met, by code (they prove the faults fired). */
function injected(r: CaseRun, route: string): Record<string, number> {
	const out: Record<string, number> = {};
	for (const e of r.requests) if (e.route === route && e.code) out[e.code] = (out[e.code] ?? 0) + 1;
	return out;
}
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('declared turnover', () => {
	const params: INodeParameters = {
		resource: 'declaredTurnover',
		operation: 'submit',
		center: rl(PRO),
		shop: rl('={{ $json.shop }}'),
		month: '={{ $json.month }}',
		turnover: '={{ $json.turnover }}',
		amountUnit: '={{ $json.unit }}',
		additionalFields: {
			receiptsCount: '={{ $json.receipts }}',
			visitorsCount: '={{ $json.visitors }}',
		},
	};
	const shops = [
		'1002-01',
		'1002-02',
		'1002-03',
		'1002-04',
		'1002-05',
		'1002-06',
		'1002-07',
		'1002-08',
	];

	it('25 % retryable failures: every month holds exactly the declared value, written once each (manual-entry log), a second round overwrites', async () => {
		sb.faults.set({ seed: 8, errorRate: 0.25, errorCodes: RETRYABLE });
		const logBefore = sb.intake.snapshot().manualEntryLog.length;
		const round1 = shops.map((shop, i) => ({
			shop,
			month: '2026-09-15',
			turnover: `${i + 1} 234 56${i},7${i}`,
			unit: 'currencyUnits',
			receipts: 100 + i,
			visitors: 1000 + i,
		}));
		const r1 = await intake(params, round1);
		expect(r1.error).toBeUndefined();
		expect(total(injected(r1, 'turnover.declare'))).toBeGreaterThan(0);
		for (const [i, shop] of shops.entries()) {
			expect(sb.intake.declaredTurnover(PRO, shop, '2026-09')).toEqual({
				shop_id: shop,
				month: '2026-09',
				manual_turnover: (i + 1) * 100_000_000 + 23_456_000 + i * 100 + 70 + i,
				manual_receipts_count: 100 + i,
				manual_visitors_count: 1000 + i,
			});
		}
		// exactly one successful write per item: no failed attempt stored anything, no retry wrote twice
		expect(sb.intake.snapshot().manualEntryLog.length - logBefore).toBe(shops.length);
		expect(
			r1.requests.filter((e) => e.route === 'turnover.declare' && e.code === null),
		).toHaveLength(shops.length);

		const round2 = shops.map((shop, i) => ({
			shop,
			month: '2026-09-01',
			turnover: String(5000 + i),
			unit: 'kopecks',
		}));
		const r2 = await intake(params, round2);
		expect(r2.error).toBeUndefined();
		for (const [i, shop] of shops.entries()) {
			expect(sb.intake.declaredTurnover(PRO, shop, '2026-09')).toEqual({
				shop_id: shop,
				month: '2026-09',
				manual_turnover: 5000 + i,
				manual_receipts_count: 0,
				manual_visitors_count: 0,
			});
		}
		expect(
			sb.intake
				.snapshot()
				.declaredTurnover.filter((d) => d.center_id === PRO && d.month === '2026-09'),
		).toHaveLength(shops.length);
	});

	it.each([401, 403, 200] as const)(
		'token_expired at HTTP %s every 2 requests, with failNext internal_error: the value is exact',
		async (status) => {
			sb.faults.set({
				tokenExpireAfterRequests: 2,
				tokenExpiredStatus: status,
				failNext: { count: 2, code: 'internal_error', routes: ['turnover.declare'] },
			});
			const items = shops.slice(0, 4).map((shop, i) => ({
				shop,
				month: '2026-08-20',
				turnover: String(777_000 + i + status),
				unit: 'kopecks',
			}));
			const r = await intake(params, items);
			expect(r.error).toBeUndefined();
			expect(injected(r, 'turnover.declare')).toMatchObject({
				internal_error: 2,
				token_expired: expect.any(Number),
			});
			for (const [i, shop] of shops.slice(0, 4).entries())
				expect(sb.intake.declaredTurnover(PRO, shop, '2026-08')?.manual_turnover).toBe(
					777_000 + i + status,
				);
		},
	);
});

describe('daily attendance', () => {
	const params: INodeParameters = {
		resource: 'dailyAttendance',
		operation: 'submit',
		center: rl(BASIC),
		date: '={{ $json.date }}',
		visitors: '={{ $json.visitors }}',
		scope: 'zone',
		zone: rl('={{ $json.zone }}'),
	};
	const days = Array.from({ length: 10 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);

	it('retryable failures (traffic_unavailable included) and token expiry: each (zone, day) holds exactly its value, no other day touched', async () => {
		sb.faults.set({
			seed: 11,
			errorRate: 0.35,
			errorCodes: [...RETRYABLE, 'traffic_unavailable'],
			tokenExpireAfterRequests: 3,
			tokenExpiredStatus: 403,
		});
		const before = sb.intake.snapshot().attendance.filter((a) => a.center_id === BASIC).length;
		const items = days.flatMap((date, d) =>
			['100101', '100102'].map((zone, z) => ({ date, zone, visitors: 1000 * (z + 1) + d })),
		);
		const r = await intake(params, items);
		expect(r.error).toBeUndefined();
		const faults = injected(r, 'attendance.submit');
		expect(faults.token_expired).toBeGreaterThan(0);
		expect(total(faults) - faults.token_expired).toBeGreaterThan(0);
		for (const [d, date] of days.entries()) {
			expect(sb.intake.submittedAttendance(BASIC, '100101', date)).toBe(1000 + d);
			expect(sb.intake.submittedAttendance(BASIC, '100102', date)).toBe(2000 + d);
		}
		expect(
			sb.intake.snapshot().attendance.filter((a) => a.center_id === BASIC).length - before,
		).toBe(items.length);
	});

	it('a day submitted twice under faults holds the second value (overwrite, not the first, not a sum)', async () => {
		sb.faults.set({ seed: 12, errorRate: 0.35, errorCodes: RETRYABLE });
		const r = await intake({ ...params, scope: 'sc' }, [
			{ date: '2026-10-20', visitors: 111 },
			{ date: '2026-10-20', visitors: 222 },
		]);
		expect(r.error).toBeUndefined();
		expect(sb.intake.submittedAttendance(BASIC, null, '2026-10-20')).toBe(222);
	});
});

describe('counter hours', () => {
	const params: INodeParameters = {
		resource: 'counterHour',
		operation: 'submit',
		center: rl(PRO),
		externalId: '={{ $json.counter }}',
		recordsSource: 'field',
		recordsField: 'records',
	};
	const START = Date.parse('2026-08-01T00:00:00Z');
	const records = (n: number, salt: number) =>
		Array.from({ length: n }, (_, i) => ({
			datetime: new Date(START + i * 3_600_000).toISOString(),
			in: (i * salt) % 97,
			out: (i * 7 + salt) % 89,
		}));
	const stored = (counter: string) =>
		sb.intake.snapshot().counters.filter((c) => c.center_id === PRO && c.external_id === counter);

	function expectExactly(
		counter: string,
		recs: Array<{ datetime: string; in: number; out: number }>,
	): void {
		const got = new Map(stored(counter).map((c) => [c.hour, [c.in, c.out]]));
		expect(got.size).toBe(recs.length);
		const wrong = recs.filter(
			(r) => JSON.stringify(got.get(r.datetime)) !== JSON.stringify([r.in, r.out]),
		);
		expect(wrong).toEqual([]);
	}

	it('2,500 hours (3 batches) under 25 % retryable failures and token expiry at 200: every hour exactly once with its counts', async () => {
		sb.faults.set({
			seed: 21,
			errorRate: 0.25,
			errorCodes: [...RETRYABLE, 'traffic_unavailable'],
			tokenExpireAfterRequests: 2,
			tokenExpiredStatus: 200,
		});
		const recs = records(2500, 3);
		const r = await intake(params, [{ counter: 'gate-a', records: recs }]);
		expect(r.error).toBeUndefined();
		expect(r.json).toEqual([expect.objectContaining({ records: 2500, batches: 3, written: 2500 })]);
		expect(r.requests.filter((e) => e.route === 'counter.submit' && e.code === null)).toHaveLength(
			3,
		);
		expect(total(injected(r, 'counter.submit'))).toBeGreaterThan(0);
		expectExactly('gate-a', recs);
	});

	it('batch 2 failing past the attempt budget: batch 1 stays written, the error says so; submitting again leaves every hour exact', async () => {
		const first = records(2500, 5);
		const r1 = await intake(params, [{ counter: 'gate-b', records: first }]);
		expect(r1.error).toBeUndefined();
		// a corrected export of the same hours: the first batch goes through, the second meets 6 timeouts in a row
		const corrected = records(2500, 9);
		let served = 0;
		const original = HANDLERS['counter.submit'] as Handler;
		HANDLERS['counter.submit'] = (ctx) => {
			served++;
			if (served === 1)
				sb.faults.set({
					failNext: { count: 6, code: 'query_timeout', routes: ['counter.submit'] },
				});
			return original(ctx);
		};
		let r2: CaseRun;
		try {
			r2 = await intake(params, [{ counter: 'gate-b', records: corrected }]);
		} finally {
			HANDLERS['counter.submit'] = original;
		}
		expect(r2.error?.message).toMatch(/The API timed out on this query \(gave up after 6 attempts/);
		expect(String((r2.error as { description?: string }).description)).toMatch(
			/Batch 2 of 3 failed; .*\(1000 records\) (was|were) written\. Submitting again is safe/,
		);
		const now = new Map(stored('gate-b').map((c) => [c.hour, [c.in, c.out]]));
		expect(
			corrected
				.slice(0, 1000)
				.every(
					(rec) => JSON.stringify(now.get(rec.datetime)) === JSON.stringify([rec.in, rec.out]),
				),
		).toBe(true);
		expect(
			first
				.slice(1000)
				.every(
					(rec) => JSON.stringify(now.get(rec.datetime)) === JSON.stringify([rec.in, rec.out]),
				),
		).toBe(true);

		const r3 = await intake(params, [{ counter: 'gate-b', records: corrected }]);
		expect(r3.error).toBeUndefined();
		expectExactly('gate-b', corrected);
	});
});

describe('calendar events: never created twice', () => {
	const params: INodeParameters = {
		resource: 'calendarEvent',
		operation: 'create',
		center: rl(PRO),
		name: '={{ $json.name }}',
		description: 'Created under faults',
		eventType: 'marketing',
		startDate: '2026-12-10',
		endDate: '2026-12-12',
		options: { treatExistingAsSuccess: '={{ $json.existingOk === true }}' },
	};
	const count = (name: string) => sb.intake.eventsOf(PRO).filter((e) => e.name === name).length;

	it('35 % retryable failures and token expiry at 401: each of 8 events exists exactly once, no 409 needed', async () => {
		sb.faults.set({
			seed: 31,
			errorRate: 0.35,
			errorCodes: RETRYABLE,
			tokenExpireAfterRequests: 2,
			tokenExpiredStatus: 401,
		});
		const names = Array.from({ length: 8 }, (_, i) => `Faulty fair ${i}`);
		const r = await intake(
			params,
			names.map((name) => ({ name })),
		);
		expect(r.error).toBeUndefined();
		expect(total(injected(r, 'events.create'))).toBeGreaterThan(3);
		expect(injected(r, 'events.create').already_exists_in_sc).toBeUndefined();
		expect(names.map(count)).toEqual(names.map(() => 1));
		expect(r.json.map((e) => e.name)).toEqual(names);
	});

	it('failNext internal_error ×3 on the events route: retried, one event; ×6 (past the budget): an error, no event, and a re-run creates it once', async () => {
		sb.faults.set({ failNext: { count: 3, code: 'internal_error', routes: ['events.create'] } });
		const r = await intake(params, [{ name: 'Retried once' }]);
		expect(r.error).toBeUndefined();
		expect(count('Retried once')).toBe(1);

		sb.faults.set({
			failNext: { count: 6, code: 'rights_unavailable', routes: ['events.create'] },
		});
		const failed = await intake(params, [{ name: 'Gave up' }]);
		expect(failed.error?.message).toMatch(/gave up after 6 attempts/);
		expect(count('Gave up')).toBe(0);
		const again = await intake(params, [{ name: 'Gave up' }]);
		expect(again.error).toBeUndefined();
		expect(count('Gave up')).toBe(1);
	});

	it.each(['html', 'truncated'] as const)(
		'the answer broken AFTER the server stored the event (malformedNext %s): not retried, one event; re-running meets 409 and creates none',
		async (kind) => {
			const name = `Stored then broken (${kind})`;
			sb.faults.set({ malformedNext: { count: 1, kind, routes: ['events.create'] } });
			const r = await intake(params, [{ name }]);
			expect((r.error as { context?: { code?: string } }).context?.code).toBe('malformed_response');
			expect(r.requests.filter((e) => e.route === 'events.create')).toHaveLength(1);
			expect(count(name)).toBe(1);

			const rerun = await intake(params, [{ name }], true);
			expect(rerun.json).toEqual([
				expect.objectContaining({ code: 'already_exists_in_sc', httpCode: '409' }),
			]);
			const tolerant = await intake(params, [{ name, existingOk: true }]);
			expect(tolerant.json).toEqual([
				expect.objectContaining({
					already_existed: true,
					id: sb.intake.eventsOf(PRO).find((e) => e.name === name)?.id,
				}),
			]);
			expect(count(name)).toBe(1);
		},
	);

	describe('beyond the sandbox: a retryable failure AFTER the event was stored (test-local wrapper of the events handler)', () => {
		let original: Handler;
		let failAfterStore = 0;
		beforeAll(() => {
			original = HANDLERS['events.create'] as Handler;
			HANDLERS['events.create'] = (ctx) => {
				const result = original(ctx);
				if (failAfterStore > 0) {
					failAfterStore--;
					throw new ApiError(
						500,
						'internal_error',
						'Internal failure after commit (test wrapper).',
						{ injected: 'after-store' },
					);
				}
				return result;
			};
		});
		afterAll(() => {
			HANDLERS['events.create'] = original;
		});

		it('the node retries (internal_error is retryable), the retry meets 409: one event; the item fails unless "Treat Existing As Success"', async () => {
			failAfterStore = 1;
			const strict = await intake(params, [{ name: 'Committed then 500' }], true);
			expect(strict.requests.filter((e) => e.route === 'events.create').map((e) => e.code)).toEqual(
				['internal_error', 'already_exists_in_sc'],
			);
			expect(strict.json).toEqual([expect.objectContaining({ code: 'already_exists_in_sc' })]);
			expect(count('Committed then 500')).toBe(1);

			failAfterStore = 1;
			const tolerant = await intake(params, [
				{ name: 'Committed then 500, tolerant', existingOk: true },
			]);
			expect(tolerant.error).toBeUndefined();
			const stored = sb.intake
				.eventsOf(PRO)
				.filter((e) => e.name === 'Committed then 500, tolerant');
			expect(stored).toHaveLength(1);
			// the run's own event, reported as "already existed" (the node cannot tell it from an older duplicate)
			expect(tolerant.json).toEqual([
				expect.objectContaining({ already_existed: true, id: stored[0].id }),
			]);
		});
	});
});
