/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { Sandbox } from '../index';
import { PRO_CENTER } from '../fixtures/centers';
import { api, control, start, token } from './support/helpers';

describe('sandbox fault switches', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start({ rateLimits: false });
		t = await token(sb);
	});
	afterAll(() => sb.close());
	afterEach(() => sb.faults.clear());

	const shops = () => api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
	const zones = () => api(sb, 'GET', `/sc/${PRO_CENTER}/traffic/zones`, { token: t });

	test('failNext: the next N data requests fail with the code (status from the code), then normal again', async () => {
		sb.faults.set({ failNext: { count: 2, code: 'internal_error' } });
		const a = await shops();
		const b = await shops();
		const c = await shops();
		expect([a.status, b.status, c.status]).toEqual([500, 500, 200]);
		expect(a.json.error.code).toBe('internal_error');
		expect(sb.faults.get().failNext).toBeUndefined();
	});

	test('failNext with routes only hits those routes; the token call is never hit unless named', async () => {
		sb.faults.set({ failNext: { count: 1, code: 'traffic_unavailable', routes: ['zones'] } });
		expect((await token(sb)).length).toBeGreaterThan(10);
		expect((await shops()).status).toBe(200);
		const z = await zones();
		expect(z.status).toBe(503);
		expect(z.json.error.code).toBe('traffic_unavailable');
		expect((await zones()).status).toBe(200);
	});

	test('failNext can hit the token call when routes name it', async () => {
		sb.faults.set({ failNext: { count: 1, code: 'internal_error', routes: ['token'] } });
		const r = await api(sb, 'POST', '/auth/token', {
			json: { client_id: 'demo-client', client_secret: 'demo-secret-4f1c9a' },
		});
		expect(r.status).toBe(500);
		expect((await token(sb)).length).toBeGreaterThan(10);
	});

	test.each([
		['query_timeout', 504],
		['rights_unavailable', 503],
		['portal_unavailable', 503],
		['rate_limited', 429],
	])('failNext code %s → HTTP %i', async (code, status) => {
		sb.faults.set({ failNext: { count: 1, code } });
		const r = await shops();
		expect(r.status).toBe(status);
		expect(r.json.error.code).toBe(code);
	});

	test('an injected rate_limited carries Retry-After (when rate limits are on)', async () => {
		const other = await start();
		try {
			const t2 = await token(other);
			other.faults.set({ failNext: { count: 1, code: 'rate_limited' } });
			const r = await api(other, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t2 });
			expect(r.status).toBe(429);
			expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
			expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
		} finally {
			await other.close();
		}
	});

	test('errorRate with a seed: the share of failures is about the rate, codes fit the route, runs repeat', async () => {
		const run = async () => {
			sb.faults.clear();
			sb.faults.set({ errorRate: 0.3, seed: 7 });
			const out: string[] = [];
			for (let i = 0; i < 60; i++) {
				const r = await shops();
				out.push(r.status === 200 ? 'ok' : r.json.error.code);
			}
			return out;
		};
		const first = await run();
		const second = await run();
		expect(second).toEqual(first);
		const failures = first.filter((c) => c !== 'ok');
		expect(failures.length).toBeGreaterThan(8);
		expect(failures.length).toBeLessThan(32);
		for (const c of failures)
			expect(['rights_unavailable', 'query_timeout', 'internal_error']).toContain(c);
	});

	test('errorCodes are filtered to the route: portal_unavailable never hits shops', async () => {
		sb.faults.set({ errorRate: 1, errorCodes: ['portal_unavailable', 'traffic_unavailable'] });
		expect((await shops()).status).toBe(200);
		const z = await zones();
		expect(z.json.error.code).toBe('traffic_unavailable');
	});

	test('errorRate 1 on the centers list gives rights_unavailable etc. (503 only via faults)', async () => {
		sb.faults.set({ errorRate: 1, errorCodes: ['rights_unavailable'] });
		const r = await api(sb, 'GET', '/sc', { token: t });
		expect(r.status).toBe(503);
		expect(r.json.error.code).toBe('rights_unavailable');
	});

	test('latencyMs slows answers (fixed and range)', async () => {
		sb.faults.set({ latencyMs: 120 });
		let t0 = Date.now();
		await shops();
		expect(Date.now() - t0).toBeGreaterThanOrEqual(115);
		sb.faults.set({ latencyMs: [60, 80] });
		t0 = Date.now();
		await shops();
		const took = Date.now() - t0;
		expect(took).toBeGreaterThanOrEqual(55);
		expect(took).toBeLessThan(400);
	});

	test('malformedNext html: a 502 HTML page', async () => {
		sb.faults.set({ malformedNext: { count: 1, kind: 'html' } });
		const r = await shops();
		expect(r.status).toBe(502);
		expect(r.headers['content-type']).toMatch(/text\/html/);
		expect(r.text).toMatch(/<html>/);
		expect((await shops()).status).toBe(200);
	});

	test('malformedNext truncated: JSON content type, body cut in half', async () => {
		sb.faults.set({ malformedNext: { count: 1, kind: 'truncated' } });
		const r = await shops();
		expect(r.status).toBe(200);
		expect(r.headers['content-type']).toMatch(/application\/json/);
		expect(r.json).toBeUndefined();
		expect(r.text.startsWith('{"success":true')).toBe(true);
	});

	test('malformedNext non-json: JSON content type, plain text body', async () => {
		sb.faults.set({ malformedNext: { count: 2, kind: 'non-json' } });
		const a = await shops();
		const b = await shops();
		expect(a.json).toBeUndefined();
		expect(b.json).toBeUndefined();
		expect(a.text).toMatch(/upstream/);
		expect((await shops()).json.success).toBe(true);
	});

	test('malformedNext no-success: valid JSON without the success flag', async () => {
		sb.faults.set({ malformedNext: { count: 1, kind: 'no-success' } });
		const r = await shops();
		expect(r.status).toBe(200);
		expect(r.json.success).toBeUndefined();
		expect(Array.isArray(r.json.data)).toBe(true);
		expect(sb.log.list().slice(-1)[0].malformed).toBe('no-success');
	});

	test('malformedNext does not hit the token call unless routes name it', async () => {
		sb.faults.set({ malformedNext: { count: 1, kind: 'html' } });
		expect((await token(sb)).length).toBeGreaterThan(10);
		expect((await shops()).status).toBe(502);
	});

	test('insertBetweenPages: store.insert(kind, sc_id, count, now) runs before pages > 1 only', async () => {
		const calls: unknown[][] = [];
		const original = sb.store.insert.bind(sb.store);
		sb.store.insert = (...args: Parameters<typeof original>) => {
			calls.push(args);
			return [];
		};
		try {
			sb.faults.set({ insertBetweenPages: { route: 'tickets', count: 3 } });
			await api(sb, 'GET', `/sc/${PRO_CENTER}/portal/tickets`, {
				token: t,
				query: { 'ticket_uids[]': '1', page: '1' },
			});
			expect(calls).toHaveLength(0);
			await api(sb, 'GET', `/sc/${PRO_CENTER}/portal/tickets`, {
				token: t,
				query: { 'ticket_uids[]': '1', page: '2' },
			});
			expect(calls).toHaveLength(1);
			expect(calls[0].slice(0, 3)).toEqual(['ticket', PRO_CENTER, 3]);
			expect((calls[0][3] as Date).toISOString()).toBe(sb.clock.now().toISOString());
			await api(sb, 'GET', `/sc/${PRO_CENTER}/anomalies`, { token: t, query: { page: '2' } });
			expect(calls).toHaveLength(1);
			sb.faults.set({ insertBetweenPages: { route: 'receipts', count: 2 } });
			await api(sb, 'GET', `/sc/${PRO_CENTER}/shops/1002-01/receipts`, {
				token: t,
				query: { page: '3' },
			});
			expect(calls[1]).toEqual([
				'receipt',
				PRO_CENTER,
				2,
				expect.any(Date),
				{ shop_id: '1002-01' },
			]);
		} finally {
			sb.store.insert = original;
		}
	});

	test('insertBetweenPages with the real store: newest-first tickets shift by the inserted count', async () => {
		const q = (page: string) =>
			api(sb, 'GET', `/sc/${PRO_CENTER}/portal/tickets`, {
				token: t,
				query: {
					start_created_date: '2026-10-01',
					end_created_date: '2026-11-20',
					per_page: '5',
					page,
				},
			});
		const p1 = await q('1');
		expect(p1.json.data).toHaveLength(5);
		sb.faults.set({ insertBetweenPages: { route: 'tickets', count: 2 } });
		const p2 = await q('2');
		expect(p2.json.meta.pagination.total).toBe(p1.json.meta.pagination.total + 2);
		expect(p2.json.data[0].ticket_uid).toBe(p1.json.data[3].ticket_uid);
		expect(p2.json.data[1].ticket_uid).toBe(p1.json.data[4].ticket_uid);
	});

	test('bad switches are rejected (in-process throws, control answers 400); DELETE clears', async () => {
		expect(() => sb.faults.set({ errorRate: 2 })).toThrow();
		expect(() => sb.faults.set({ bogus: 1 } as never)).toThrow(/Unknown fault switch/);
		const r = await control(sb, 'POST', '/faults', { json: { tokenExpiredStatus: 500 } });
		expect(r.status).toBe(400);
		await control(sb, 'POST', '/faults', { json: { latencyMs: 5 } });
		expect((await control(sb, 'GET', '/faults')).json.data).toEqual({ latencyMs: 5 });
		await control(sb, 'DELETE', '/faults');
		expect((await control(sb, 'GET', '/faults')).json.data).toEqual({});
	});
});
