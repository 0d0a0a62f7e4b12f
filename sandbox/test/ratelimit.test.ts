/**
 * The sandbox's rate limits on its own clock: the rate windows frozen (rateClock 'frozen'), turned only
 * by moving the sandbox clock, so no test waits for a window of the real clock (and none depends on
 * where the real clock falls: a window or day-window boundary of real time never turns one).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { Sandbox } from '../index';
import {
	BASIC_CENTER,
	BLOCKED_CENTER,
	NO_TRAFFIC_CENTER,
	PRO_CENTER,
	SECOND_CLIENT_ID,
	SECOND_CLIENT_SECRET,
} from '../fixtures/centers';
import { WINDOWS_PER_DAY } from '../server/ratelimit';
import { api, control, start, token } from './support/helpers';

const WINDOW = 200;
const shops = (sb: Sandbox, t: string, sc = PRO_CENTER) =>
	api(sb, 'GET', `/sc/${sc}/shops`, { token: t });

describe('sandbox rate limits (scaled window, rate clock frozen)', () => {
	let sb: Sandbox;
	let t: string;
	beforeEach(async () => {
		// the tests' NOW is on a window boundary: each test begins at the start of a window
		sb = await start({ rateWindowMs: WINDOW, rateClock: 'frozen' });
		t = await token(sb);
	});
	afterEach(() => sb.close());

	test('successful answers carry X-RateLimit-Limit/Remaining/Reset (epoch seconds, decimals when scaled)', async () => {
		const r1 = await shops(sb, t);
		const r2 = await shops(sb, t);
		expect(r1.headers['x-ratelimit-limit']).toBe('300');
		expect(Number(r1.headers['x-ratelimit-remaining'])).toBe(299);
		expect(Number(r2.headers['x-ratelimit-remaining'])).toBe(298);
		expect(r1.headers['x-ratelimit-reset']).toMatch(/^\d+\.\d{3}$/);
		// the end of the window on the asker's clock: a whole window ahead (the window has just begun)
		const reset = Number(r1.headers['x-ratelimit-reset']) * 1000;
		expect(reset).toBeGreaterThan(Date.now() + WINDOW - 100);
		expect(reset).toBeLessThanOrEqual(Date.now() + WINDOW);
		const b = await shops(sb, t, BASIC_CENTER);
		expect(b.headers['x-ratelimit-limit']).toBe('60');
	});

	test('budget is per center and shared by keys; another client spending exhausts it → 429 with Retry-After; the next window is fresh', async () => {
		const t2 = await token(sb, SECOND_CLIENT_ID, SECOND_CLIENT_SECRET);
		sb.spendBudget(PRO_CENTER, 298);
		const a = await shops(sb, t);
		expect(a.headers['x-ratelimit-remaining']).toBe('1');
		const b = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t2 });
		expect(b.status).toBe(200);
		expect(b.headers['x-ratelimit-remaining']).toBe('0');
		const before = sb.log.getStats().rateLimited;
		const c = await shops(sb, t);
		expect(c.status).toBe(429);
		expect(c.json.error.code).toBe('rate_limited');
		expect(c.json.error.details).toMatchObject({ window: 'minute', retry_after_ms: WINDOW });
		expect(c.headers['retry-after']).toBe('0.200');
		expect(sb.log.getStats().rateLimited).toBe(before + 1);
		// another center is untouched
		expect((await shops(sb, t, BASIC_CENTER)).status).toBe(200);
		sb.clock.advance(WINDOW);
		const d = await shops(sb, t);
		expect(d.status).toBe(200);
		expect(d.headers['x-ratelimit-remaining']).toBe('299');
	});

	test('Basic: 60 per window; the window does not turn while the clock stands', async () => {
		sb.spendBudget(BASIC_CENTER, 59);
		expect((await shops(sb, t, BASIC_CENTER)).status).toBe(200);
		expect((await shops(sb, t, BASIC_CENTER)).status).toBe(429);
		sb.clock.advance(WINDOW - 1);
		expect((await shops(sb, t, BASIC_CENTER)).status).toBe(429);
		sb.clock.advance(1);
		expect((await shops(sb, t, BASIC_CENTER)).status).toBe(200);
	});

	test('day-window budget: 5000 for Basic; Retry-After points to the end of the day-window, which then opens', async () => {
		sb.spendBudget(BASIC_CENTER, 5000);
		sb.clock.advance(WINDOW);
		const r = await shops(sb, t, BASIC_CENTER);
		expect(r.status).toBe(429);
		expect(r.json.error.details).toMatchObject({ window: 'day', limit: 5000 });
		// the day-window is 1440 windows, aligned to its length on the sandbox's timeline
		const dayMs = WINDOW * WINDOWS_PER_DAY;
		const left = dayMs - (sb.clock.rateNow() % dayMs);
		expect(Number(r.headers['retry-after'])).toBe(left / 1000);
		sb.clock.advance(left - 1);
		expect((await shops(sb, t, BASIC_CENTER)).status).toBe(429);
		sb.clock.advance(1);
		const next = await shops(sb, t, BASIC_CENTER);
		expect(next.status).toBe(200);
		expect(next.headers['x-ratelimit-remaining']).toBe('59');
	});

	test('resetFormat delta and iso; retryAfterFormat http-date (also over the control API)', async () => {
		sb.clock.advance(WINDOW / 4);
		sb.faults.set({ resetFormat: 'delta' });
		let r = await shops(sb, t);
		expect(r.headers['x-ratelimit-reset']).toBe('0.150');
		sb.faults.set({ resetFormat: 'iso' });
		r = await shops(sb, t);
		expect(r.headers['x-ratelimit-reset']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
		const iso = Date.parse(r.headers['x-ratelimit-reset']);
		expect(iso).toBeGreaterThan(Date.now() + 100);
		expect(iso).toBeLessThanOrEqual(Date.now() + 150);
		expect(
			(await control(sb, 'POST', '/faults', { json: { retryAfterFormat: 'http-date' } })).status,
		).toBe(200);
		sb.spendBudget(PRO_CENTER, 300);
		r = await shops(sb, t);
		expect(r.status).toBe(429);
		expect(r.headers['retry-after']).toMatch(
			/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
		);
		// whole seconds, rounded up: never before the window's end
		const until = Date.parse(r.headers['retry-after']);
		expect(until).toBeGreaterThanOrEqual(Date.now() + 100);
		expect(until).toBeLessThanOrEqual(Date.now() + 1150);
	});

	test('token calls, the centers list and blocked-center answers spend nothing', async () => {
		const first = await shops(sb, t, NO_TRAFFIC_CENTER);
		await token(sb);
		await api(sb, 'GET', '/sc', { token: t });
		await api(sb, 'GET', `/sc/${BLOCKED_CENTER}/shops`, { token: t });
		const second = await shops(sb, t, NO_TRAFFIC_CENTER);
		expect(
			Number(first.headers['x-ratelimit-remaining']) -
				Number(second.headers['x-ratelimit-remaining']),
		).toBe(1);
		expect(
			(await api(sb, 'GET', '/sc', { token: t })).headers['x-ratelimit-limit'],
		).toBeUndefined();
	});

	test('control POST /budget spends like spendBudget; POST /clock advances the windows too', async () => {
		const r = await control(sb, 'POST', '/budget', { json: { sc_id: PRO_CENTER, spend: 300 } });
		expect(r.status).toBe(200);
		expect((await shops(sb, t)).status).toBe(429);
		const c = await control(sb, 'POST', '/clock', { json: { advanceMs: WINDOW } });
		expect(c.json.data.rateMode).toBe('frozen');
		expect((await shops(sb, t)).status).toBe(200);
	});

	test('the request log says which window counted each request', async () => {
		await shops(sb, t);
		sb.clock.advance(WINDOW);
		await shops(sb, t);
		const windows = sb.log.list({ route: 'shops' }).map((e) => e.rate_window);
		expect(windows[1]).toBe((windows[0] ?? 0) + 1);
	});
});

describe('sandbox rate limits: options', () => {
	test('rateLimits: false disables budgets and headers', async () => {
		const sb = await start({ rateLimits: false, rateWindowMs: 60000 });
		try {
			const t = await token(sb);
			sb.spendBudget(PRO_CENTER, 100000);
			const r = await shops(sb, t);
			expect(r.status).toBe(200);
			expect(r.headers['x-ratelimit-limit']).toBeUndefined();
		} finally {
			await sb.close();
		}
	});

	test("rate clock 'real' (the CLI's): one-minute windows of real time, whole seconds in Reset at the minute", async () => {
		const sb = await start({ rateClock: 'real' });
		try {
			const t = await token(sb);
			const r = await shops(sb, t);
			expect(r.headers['x-ratelimit-reset']).toMatch(/^\d{10}$/);
			const reset = Number(r.headers['x-ratelimit-reset']);
			expect(reset % 60).toBe(0);
			expect(reset * 1000).toBeGreaterThan(Date.now());
			expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 61000);
		} finally {
			await sb.close();
		}
	});

	test('default one-minute window, rate clock frozen: whole seconds in Retry-After', async () => {
		const sb = await start({ rateClock: 'frozen' });
		try {
			const t = await token(sb);
			sb.clock.advance(59_500);
			sb.spendBudget(PRO_CENTER, 300);
			const x = await shops(sb, t);
			expect(x.status).toBe(429);
			expect(x.headers['retry-after']).toBe('1');
		} finally {
			await sb.close();
		}
	});

	test('running rate clock: the windows turn with real time while the dates stand still', async () => {
		const sb = await start({ rateWindowMs: WINDOW, rateLimits: { pro: { perWindow: 1 } } });
		try {
			const t = await token(sb);
			const day = sb.clock.now().getTime();
			expect((await shops(sb, t)).status).toBe(200);
			const refused = await shops(sb, t);
			expect(refused.status).toBe(429);
			await new Promise((r) => setTimeout(r, Number(refused.headers['retry-after']) * 1000 + 20));
			expect((await shops(sb, t)).status).toBe(200);
			expect(sb.clock.now().getTime()).toBe(day);
		} finally {
			await sb.close();
		}
	});

	test('budgets can be overridden per plan', async () => {
		const sb = await start({
			rateWindowMs: WINDOW,
			rateClock: 'frozen',
			rateLimits: { pro: { perWindow: 2 } },
		});
		try {
			const t = await token(sb);
			const codes: number[] = [];
			for (let i = 0; i < 3; i++) codes.push((await shops(sb, t)).status);
			expect(codes).toEqual([200, 200, 429]);
		} finally {
			await sb.close();
		}
	});
});
