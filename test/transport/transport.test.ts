/**
 * The transport against the sandbox over real HTTP, through n8n-core's own httpRequest helper.
 */
/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { sleep } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../../sandbox';
import {
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
	BASIC_CENTER,
	PRO_CENTER,
	BLOCKED_CENTER,
} from '../../sandbox/fixtures/centers';
import { apiContext } from '../helpers/apiContext';
import { apiRequest, collectPages, pacer, tokenCache } from '../../nodes/shared/transport';
import { clearPlans, knownPlan } from '../../nodes/shared/transport/planCache';

const NOW = '2026-11-20T09:00:00Z';
const fast = { baseDelayMs: 5, maxDelayMs: 20 };

let sb: Sandbox;
function ctx(secret = DEMO_CLIENT_SECRET) {
	return apiContext({ baseUrl: sb.baseUrl, clientId: DEMO_CLIENT_ID, clientSecret: secret });
}
const shops = (scId = BASIC_CENTER, extra: object = {}) =>
	apiRequest(ctx(), 'listShops', {
		params: { sc_id: scId },
		query: { per_page: 1 },
		retry: fast,
		...extra,
	});
const count = (code: string) => sb.log.list().filter((e) => e.code === code).length;
/** Resolves once the condition holds (checked every few ms; a guard of 10 s against a hang). */
async function until(condition: () => boolean): Promise<void> {
	for (let waited = 0; !condition(); waited += 5) {
		if (waited > 10_000) throw new Error('the condition never held');
		await sleep(5);
	}
}

beforeEach(async () => {
	tokenCache.clear();
	pacer.clear();
	clearPlans();
	sb = await startSandbox({ now: NOW });
});
afterEach(async () => sb.close());

describe('token refresh', () => {
	it.each([401, 403, 200] as const)(
		'refreshes once per token_expired answered at HTTP %p and repeats the request',
		async (status) => {
			sb.faults.set({ tokenExpireAfterRequests: 3, tokenExpiredStatus: status });
			for (let i = 0; i < 10; i++) await shops();
			expect(count('token_expired')).toBe(3);
			expect(sb.log.getStats().tokensIssued).toBe(4);
			expect(sb.log.list().filter((e) => e.code === null && e.route === 'shops')).toHaveLength(10);
			expect(
				sb.log
					.list()
					.filter((e) => e.code === 'token_expired')
					.every((e) => e.status === status),
			).toBe(true);
		},
	);

	it('makes one token call for 20 concurrent requests after expiry', async () => {
		await shops();
		expect(sb.log.getStats().tokensIssued).toBe(1);
		sb.clock.advance(3601 * 1000);
		const results = await Promise.all(Array.from({ length: 20 }, () => shops()));
		expect(results).toHaveLength(20);
		expect(sb.log.getStats().tokensIssued).toBe(2);
		expect(count('token_expired')).toBe(20);
	});

	it('a fresh token that parallel requests shared and used up is not taken for a refused credential', async () => {
		// each token serves one request: of three parallel requests on one token, two find it expired,
		// share one new token, and one of them finds that one used up as well
		sb.faults.set({ tokenExpireAfterRequests: 1 });
		const results = await Promise.all(Array.from({ length: 3 }, () => shops()));
		expect(results).toHaveLength(3);
		expect(count('token_expired')).toBeGreaterThanOrEqual(3);
		expect(sb.log.list().filter((e) => e.code === null && e.route === 'shops')).toHaveLength(3);
	});

	it('uses one token for many requests in steady state', async () => {
		for (let i = 0; i < 30; i++) await shops();
		expect(sb.log.getStats().tokensIssued).toBe(1);
	});

	it('gives up with a clear error when the fresh token is refused too', async () => {
		sb.faults.set({ tokenExpireAfterRequests: 0 });
		await expect(shops()).rejects.toThrow(/token expired/i);
		expect(count('token_expired')).toBe(2);
	});
});

describe('retries', () => {
	it.each(['rights_unavailable', 'internal_error', 'query_timeout'])(
		'retries %s and succeeds',
		async (code) => {
			sb.faults.set({ failNext: { count: 2, code } });
			const res = await shops();
			expect(Array.isArray(res.data)).toBe(true);
			expect(count(code)).toBe(2);
			expect(sb.log.list().filter((e) => e.route === 'shops')).toHaveLength(3);
		},
	);

	it.each([
		'validation_error',
		'plan_required',
		'not_found',
		'already_exists_in_sc',
		'traffic_not_configured',
	])('never retries %s', async (code) => {
		sb.faults.set({ failNext: { count: 1, code } });
		await expect(shops()).rejects.toMatchObject({ context: { code } });
		expect(sb.log.list().filter((e) => e.route === 'shops')).toHaveLength(1);
	});

	it('stops after the attempt budget with the attempts in the message', async () => {
		sb.faults.set({ failNext: { count: 10, code: 'internal_error' } });
		await expect(shops(BASIC_CENTER, { retry: { ...fast, maxAttempts: 3 } })).rejects.toThrow(
			/gave up after 3 attempts/,
		);
		expect(count('internal_error')).toBe(3);
	});

	it('passes on 402 with a message about non-payment, without retrying', async () => {
		await expect(shops(BLOCKED_CENTER)).rejects.toThrow(/blocked for non-payment/);
		expect(sb.log.list().filter((e) => e.route === 'shops')).toHaveLength(1);
	});

	it.each(['html', 'truncated', 'non-json', 'no-success'] as const)(
		'turns a %s body into a clear error',
		async (kind) => {
			sb.faults.set({ malformedNext: { count: 1, kind } });
			await expect(shops()).rejects.toMatchObject({ context: { code: 'malformed_response' } });
		},
	);
});

describe('rate limits', () => {
	it.each(['seconds', 'http-date'] as const)(
		'waits for Retry-After given as %s when another client spent the budget',
		async (format) => {
			await sb.close();
			// the rate windows stand still until the 429 was answered, then the sandbox's clock turns one
			sb = await startSandbox({ now: NOW, rateWindowMs: 400, rateClock: 'frozen' });
			sb.faults.set({ retryAfterFormat: format });
			sb.spendBudget(BASIC_CENTER, 60);
			const answer = shops();
			await until(() => sb.log.getStats().rateLimited === 1);
			sb.clock.advance(400);
			const res = await answer;
			expect(Array.isArray(res.data)).toBe(true);
			expect(sb.log.getStats().rateLimited).toBe(1);
		},
	);

	it('refuses to wait longer than the bounded total wait', async () => {
		await sb.close();
		sb = await startSandbox({ now: NOW, rateWindowMs: 60_000, rateClock: 'frozen' });
		sb.spendBudget(BASIC_CENTER, 60);
		await expect(shops(BASIC_CENTER, { retry: { ...fast, maxTotalWaitMs: 1000 } })).rejects.toThrow(
			/request budget is used up/,
		);
	});

	it.each(['delta', 'iso', 'epoch'] as const)(
		'paces a long run below the budget with X-RateLimit-Reset as %s: zero 429',
		async (resetFormat) => {
			await sb.close();
			const windowMs = resetFormat === 'epoch' ? 1000 : 150;
			sb = await startSandbox({ now: NOW, rateWindowMs: windowMs });
			sb.faults.set({ resetFormat });
			const n = resetFormat === 'epoch' ? 200 : 3000;
			const center = resetFormat === 'epoch' ? BASIC_CENTER : PRO_CENTER;
			for (let i = 0; i < n; i++) await shops(center);
			const stats = sb.log.getStats();
			expect(stats.rateLimited).toBe(0);
			expect(stats.byRoute.shops['200']).toBe(n);
		},
		120_000,
	);

	it('learns the plan from X-RateLimit-Limit', async () => {
		await shops(BASIC_CENTER);
		await shops(PRO_CENTER);
		expect(knownPlan(sb.baseUrl, BASIC_CENTER)).toBe('basic');
		expect(knownPlan(sb.baseUrl, PRO_CENTER)).toBe('pro');
	});
});

describe('pagination', () => {
	it('asks for the largest page and returns every shop once', async () => {
		const rows = await collectPages(ctx(), 'listShops', {
			params: { sc_id: PRO_CENTER },
			query: { archived: true },
		});
		const ids = rows.map((r) => r.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids.length).toBeGreaterThan(5);
		expect(sb.log.list({ route: 'shops' })[0].query.per_page).toBe('500');
	});

	it('honours the limit across pages', async () => {
		const rows = await collectPages(
			ctx(),
			'listShops',
			{ params: { sc_id: PRO_CENTER } },
			{ limit: 3, perPage: 2 },
		);
		expect(rows).toHaveLength(3);
		expect(sb.log.list({ route: 'shops' })).toHaveLength(2);
	});

	it('returns each ticket exactly once while new tickets arrive between pages', async () => {
		const q = { sc_id: PRO_CENTER, start_date: '2026-01-01', end_date: '2026-11-20' };
		const before = new Set(sb.store.truth('tickets', q, sb.clock.now()).ids);
		sb.faults.set({ insertBetweenPages: { route: 'tickets', count: 7 } });
		const rows = await collectPages(ctx(), 'listTickets', {
			params: { sc_id: PRO_CENTER },
			query: { start_created_date: '2026-01-01', end_created_date: '2026-11-20' },
		});
		const after = new Set(sb.store.truth('tickets', q, sb.clock.now()).ids);
		const got = rows.map((r) => String(r.ticket_uid));
		expect(new Set(got).size).toBe(got.length);
		for (const id of before) expect(got).toContain(id);
		for (const id of got) expect(after.has(id)).toBe(true);
		expect(sb.log.list({ route: 'tickets' }).length).toBeGreaterThan(2);
	});
});

describe('security', () => {
	const SECRET = 'SECRET-zz9-plural-z-alpha';
	function scan(error: unknown): string {
		const e = error as Record<string, unknown>;
		return [
			String(e.message),
			String(e.description),
			JSON.stringify(e),
			JSON.stringify(e.context),
			String(e.stack),
		].join('\n');
	}

	it('never puts the client secret or a token into an error', async () => {
		const keys = [
			{
				clientId: DEMO_CLIENT_ID,
				clientSecret: SECRET,
				personId: 'p',
				centers: [BASIC_CENTER, BLOCKED_CENTER],
			},
		];
		await sb.close();
		sb = await startSandbox({ now: NOW, keys });
		const errors: unknown[] = [];
		const attempts: Array<() => Promise<unknown>> = [
			() =>
				apiRequest(
					apiContext({ baseUrl: sb.baseUrl, clientId: DEMO_CLIENT_ID, clientSecret: `${SECRET}x` }),
					'listCenters',
				),
			() =>
				apiRequest(
					apiContext({ baseUrl: sb.baseUrl, clientId: DEMO_CLIENT_ID, clientSecret: SECRET }),
					'listShops',
					{ params: { sc_id: BLOCKED_CENTER } },
				),
			() =>
				apiRequest(
					apiContext({
						baseUrl: 'http://127.0.0.1:1/api/external/v2',
						clientId: DEMO_CLIENT_ID,
						clientSecret: SECRET,
					}),
					'listCenters',
				),
			() =>
				apiRequest(
					apiContext({
						baseUrl: sb.baseUrl.replace('/api/external/v2', '/nope/api/external/v2'),
						clientId: DEMO_CLIENT_ID,
						clientSecret: SECRET,
					}),
					'listCenters',
				),
			async () => {
				sb.faults.set({ tokenExpireAfterRequests: 0 });
				return apiRequest(
					apiContext({ baseUrl: sb.baseUrl, clientId: DEMO_CLIENT_ID, clientSecret: SECRET }),
					'listShops',
					{ params: { sc_id: BASIC_CENTER } },
				);
			},
		];
		for (const attempt of attempts) {
			try {
				await attempt();
				errors.push(new Error('no error'));
			} catch (error) {
				errors.push(error);
			}
		}
		expect(errors.map((e) => (e as Error).message)).not.toContain('no error');
		for (const e of errors) {
			const text = scan(e);
			expect(text).not.toContain(SECRET);
			expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
		}
	});

	it('refuses plain http to a host that is not loopback, before any request', async () => {
		const c = apiContext({
			baseUrl: 'http://api.example.com/api/external/v2',
			clientId: 'a',
			clientSecret: 'b',
		});
		await expect(apiRequest(c, 'listCenters')).rejects.toThrow(/Allow Insecure Connection/);
		const c2 = apiContext({
			baseUrl: 'https://api.example.com/v1',
			clientId: 'a',
			clientSecret: 'b',
		});
		await expect(apiRequest(c2, 'listCenters')).rejects.toThrow(
			/must end with \/api\/external\/v2/,
		);
	});
});
