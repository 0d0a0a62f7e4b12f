/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { Sandbox } from '../index';
import {
	BASIC_CENTER,
	BLOCKED_CENTER,
	NO_TRAFFIC_CENTER,
	PRO_CENTER,
	SECOND_CLIENT_ID,
	SECOND_CLIENT_SECRET,
} from '../fixtures';
import { api, control, start, token } from './support/helpers';

const WINDOW = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until just after a window boundary (windows are aligned to the epoch). */
async function windowStart(windowMs = WINDOW): Promise<void> {
	await sleep(windowMs - (Date.now() % windowMs) + 3);
}

describe('sandbox rate limits (scaled window)', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start({ rateWindowMs: WINDOW });
		t = await token(sb);
	});
	afterAll(() => sb.close());
	afterEach(() => sb.faults.clear());

	test('successful answers carry X-RateLimit-Limit/Remaining/Reset (epoch seconds, decimals when scaled)', async () => {
		await windowStart();
		const r1 = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		const r2 = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		expect(r1.headers['x-ratelimit-limit']).toBe('300');
		expect(Number(r1.headers['x-ratelimit-remaining'])).toBe(299);
		expect(Number(r2.headers['x-ratelimit-remaining'])).toBe(298);
		const reset = Number(r1.headers['x-ratelimit-reset']);
		expect(r1.headers['x-ratelimit-reset']).toMatch(/^\d+\.\d{3}$/);
		expect(reset * 1000).toBeGreaterThan(Date.now() - 50);
		expect(reset * 1000).toBeLessThanOrEqual(Date.now() + WINDOW);
		const b = await api(sb, 'GET', `/sc/${BASIC_CENTER}/shops`, { token: t });
		expect(b.headers['x-ratelimit-limit']).toBe('60');
	});

	test('budget is per center and shared by keys; another client spending exhausts it → 429 with Retry-After', async () => {
		const t2 = await token(sb, SECOND_CLIENT_ID, SECOND_CLIENT_SECRET);
		await windowStart();
		sb.spendBudget(PRO_CENTER, 298);
		const a = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		expect(a.headers['x-ratelimit-remaining']).toBe('1');
		const b = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t2 });
		expect(b.status).toBe(200);
		expect(b.headers['x-ratelimit-remaining']).toBe('0');
		const before = sb.log.getStats().rateLimited;
		const c = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		expect(c.status).toBe(429);
		expect(c.json.error.code).toBe('rate_limited');
		expect(c.json.error.details.window).toBe('minute');
		const retry = Number(c.headers['retry-after']);
		expect(c.headers['retry-after']).toMatch(/^\d+\.\d{3}$/);
		expect(retry).toBeGreaterThan(0);
		expect(retry).toBeLessThanOrEqual(WINDOW / 1000);
		expect(sb.log.getStats().rateLimited).toBe(before + 1);
		// another center is untouched
		expect((await api(sb, 'GET', `/sc/${BASIC_CENTER}/shops`, { token: t })).status).toBe(200);
		await sleep(retry * 1000 + 5);
		const d = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		expect(d.status).toBe(200);
		expect(d.headers['x-ratelimit-remaining']).toBe('299');
	});

	test('Basic: 60 per window', async () => {
		await windowStart();
		sb.spendBudget(BASIC_CENTER, 59);
		expect((await api(sb, 'GET', `/sc/${BASIC_CENTER}/shops`, { token: t })).status).toBe(200);
		expect((await api(sb, 'GET', `/sc/${BASIC_CENTER}/shops`, { token: t })).status).toBe(429);
	});

	test('day-window budget: 5000 for Basic; Retry-After points to the end of the day-window', async () => {
		await windowStart();
		sb.spendBudget(BASIC_CENTER, 5000);
		await windowStart();
		const r = await api(sb, 'GET', `/sc/${BASIC_CENTER}/shops`, { token: t });
		expect(r.status).toBe(429);
		expect(r.json.error.details).toMatchObject({ window: 'day', limit: 5000 });
		expect(Number(r.headers['retry-after'])).toBeGreaterThan(WINDOW / 1000);
		expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual((WINDOW * 1440) / 1000);
	});

	test('resetFormat delta and iso; retryAfterFormat http-date (also over the control API)', async () => {
		sb.faults.set({ resetFormat: 'delta' });
		await windowStart();
		let r = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		const delta = Number(r.headers['x-ratelimit-reset']);
		expect(delta).toBeGreaterThan(0);
		expect(delta).toBeLessThanOrEqual(WINDOW / 1000);
		sb.faults.set({ resetFormat: 'iso' });
		r = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		expect(r.headers['x-ratelimit-reset']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
		const iso = Date.parse(r.headers['x-ratelimit-reset']);
		expect(iso).toBeGreaterThan(Date.now() - 50);
		expect(iso).toBeLessThanOrEqual(Date.now() + WINDOW);
		expect(
			(await control(sb, 'POST', '/faults', { json: { retryAfterFormat: 'http-date' } })).status,
		).toBe(200);
		await windowStart();
		sb.spendBudget(PRO_CENTER, 300);
		r = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		expect(r.status).toBe(429);
		expect(r.headers['retry-after']).toMatch(
			/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
		);
		const until = Date.parse(r.headers['retry-after']);
		expect(until).toBeGreaterThanOrEqual(Date.now() - 1000);
		expect(until).toBeLessThanOrEqual(Date.now() + 1000 + WINDOW);
	});

	test('token calls, the centers list and blocked-center answers spend nothing', async () => {
		await windowStart();
		const first = await api(sb, 'GET', `/sc/${NO_TRAFFIC_CENTER}/shops`, { token: t });
		await token(sb);
		await api(sb, 'GET', '/sc', { token: t });
		await api(sb, 'GET', `/sc/${BLOCKED_CENTER}/shops`, { token: t });
		const second = await api(sb, 'GET', `/sc/${NO_TRAFFIC_CENTER}/shops`, { token: t });
		expect(
			Number(first.headers['x-ratelimit-remaining']) -
				Number(second.headers['x-ratelimit-remaining']),
		).toBe(1);
		expect(
			(await api(sb, 'GET', '/sc', { token: t })).headers['x-ratelimit-limit'],
		).toBeUndefined();
	});

	test('control POST /budget spends like spendBudget', async () => {
		await windowStart();
		const r = await control(sb, 'POST', '/budget', { json: { sc_id: PRO_CENTER, spend: 300 } });
		expect(r.status).toBe(200);
		expect((await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t })).status).toBe(429);
	});
});

describe('sandbox rate limits: options', () => {
	test('rateLimits: false disables budgets and headers', async () => {
		const sb = await start({ rateLimits: false, rateWindowMs: 60000 });
		try {
			const t = await token(sb);
			sb.spendBudget(PRO_CENTER, 100000);
			const r = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
			expect(r.status).toBe(200);
			expect(r.headers['x-ratelimit-limit']).toBeUndefined();
		} finally {
			await sb.close();
		}
	});

	test('default one-minute window: whole seconds in Reset (epoch) and Retry-After', async () => {
		const sb = await start();
		try {
			const t = await token(sb);
			const r = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
			expect(r.headers['x-ratelimit-reset']).toMatch(/^\d{10}$/);
			const reset = Number(r.headers['x-ratelimit-reset']);
			expect(reset % 60).toBe(0);
			expect(reset * 1000).toBeGreaterThan(Date.now());
			expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 61000);
			if (Date.now() % 60000 > 59000) await sleep(1100);
			sb.spendBudget(PRO_CENTER, 300);
			const x = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
			expect(x.status).toBe(429);
			expect(x.headers['retry-after']).toMatch(/^\d+$/);
			expect(Number(x.headers['retry-after'])).toBeLessThanOrEqual(60);
			expect(Number(x.headers['retry-after'])).toBeGreaterThanOrEqual(1);
		} finally {
			await sb.close();
		}
	});

	test('budgets can be overridden per plan', async () => {
		const sb = await start({ rateWindowMs: WINDOW, rateLimits: { pro: { perWindow: 2 } } });
		try {
			const t = await token(sb);
			await windowStart();
			const codes: number[] = [];
			for (let i = 0; i < 3; i++)
				codes.push((await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t })).status);
			expect(codes).toEqual([200, 200, 429]);
		} finally {
			await sb.close();
		}
	});
});
