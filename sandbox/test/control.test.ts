/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { Sandbox } from '../index';
import { PRO_CENTER } from '../fixtures/centers';
import { api, control, NOW, start, token } from './support/helpers';

describe('sandbox control API', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start({ rateLimits: false });
		t = await token(sb);
	});
	afterAll(() => sb.close());

	test('GET / lists the control routes', async () => {
		const r = await control(sb, 'GET', '/');
		expect(r.json.data.routes).toEqual(
			expect.arrayContaining(['GET /log', 'POST /faults', 'GET /truth/{kind}', 'GET /intake']),
		);
	});

	test('log: GET with since / route filters, DELETE clears; control calls are not logged', async () => {
		await control(sb, 'DELETE', '/log');
		await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		await api(sb, 'GET', '/sc', { token: t });
		await control(sb, 'GET', '/stats');
		const all = (await control(sb, 'GET', '/log')).json.data;
		expect(all.map((e: { route: string }) => e.route)).toEqual(['shops', 'centers']);
		const only = (await control(sb, 'GET', '/log', { query: { route: 'centers' } })).json.data;
		expect(only).toHaveLength(1);
		const since = (await control(sb, 'GET', '/log', { query: { since: String(all[0].seq) } })).json
			.data;
		expect(since.map((e: { seq: number }) => e.seq)).toEqual([all[1].seq]);
		expect(all[0]).toEqual(
			expect.objectContaining({
				time: expect.any(String),
				clock: new Date(NOW).toISOString(),
				method: 'GET',
				status: 200,
				code: null,
			}),
		);
	});

	test('stats: counts by route and status, by code, rate limited and tokens issued', async () => {
		await control(sb, 'DELETE', '/log');
		await token(sb);
		await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t });
		await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t, query: { per_page: '9999' } });
		const s = (await control(sb, 'GET', '/stats')).json.data;
		expect(s.byRoute.shops).toEqual({ '200': 2, '422': 1 });
		expect(s.byRoute.token).toEqual({ '200': 1 });
		expect(s.byCode).toEqual({ validation_error: 1 });
		expect(s.tokensIssued).toBe(1);
		expect(s.total).toBe(4);
		expect(s.rateLimited).toBe(0);
	});

	test('clock: GET, POST set / advanceMs / mode / rateMode', async () => {
		expect((await control(sb, 'GET', '/clock')).json.data).toEqual({
			now: new Date(NOW).toISOString(),
			mode: 'frozen',
			rateMode: 'running',
		});
		const rate = sb.clock.rateNow();
		expect((await control(sb, 'POST', '/clock', { json: { rateMode: 'frozen' } })).status).toBe(
			200,
		);
		const frozen = sb.clock.rateNow();
		expect(frozen).toBeGreaterThanOrEqual(rate);
		await new Promise((res) => setTimeout(res, 30));
		expect(sb.clock.rateNow()).toBe(frozen);
		expect((await control(sb, 'POST', '/clock', { json: { rateMode: 'real' } })).status).toBe(400);
		let r = await control(sb, 'POST', '/clock', { json: { advanceMs: 3_600_000 } });
		expect(r.json.data.now).toBe('2026-11-20T10:00:00.000Z');
		r = await control(sb, 'POST', '/clock', { json: { set: NOW } });
		expect(sb.clock.now().toISOString()).toBe(new Date(NOW).toISOString());
		r = await control(sb, 'POST', '/clock', { json: { mode: 'running' } });
		await new Promise((res) => setTimeout(res, 30));
		expect(sb.clock.now().getTime()).toBeGreaterThan(Date.parse(NOW) + 20);
		await control(sb, 'POST', '/clock', { json: { mode: 'frozen', set: NOW } });
		expect(sb.clock.now().toISOString()).toBe(new Date(NOW).toISOString());
		expect((await control(sb, 'POST', '/clock', { json: { set: 'not a date' } })).status).toBe(400);
		// the rate windows' time moved with every move forward of the clock, never back
		expect(sb.clock.rateNow()).toBe(frozen + 3_600_000);
	});

	test('the clock option: running from real time when no `now` is given', async () => {
		const other = await start({ now: undefined });
		try {
			expect(other.clock.mode).toBe('running');
			expect(Math.abs(other.clock.now().getTime() - Date.now())).toBeLessThan(1000);
		} finally {
			await other.close();
		}
	});

	test('insert, tickets/status and truth are passed to the store', async () => {
		const store = sb.store as unknown as Record<string, (...a: unknown[]) => unknown>;
		const saved = {
			insert: store.insert,
			setTicketStatus: store.setTicketStatus,
			truth: store.truth,
		};
		const calls: Array<[string, unknown[]]> = [];
		store.insert = (...a) => (calls.push(['insert', a]), ['n1', 'n2']);
		store.setTicketStatus = (...a) => void calls.push(['status', a]);
		store.truth = (...a) => (calls.push(['truth', a]), { ids: ['x'], count: 1, sum: 5 });
		try {
			const i = await control(sb, 'POST', '/insert', {
				json: { kind: 'anomaly', sc_id: PRO_CENTER, count: 2, shop_id: '1002-03' },
			});
			expect(i.json.data).toEqual({ ids: ['n1', 'n2'] });
			expect(calls[0][1].slice(0, 3)).toEqual(['anomaly', PRO_CENTER, 2]);
			expect(calls[0][1][4]).toEqual({ shop_id: '1002-03' });
			expect(
				(
					await control(sb, 'POST', '/insert', {
						json: { kind: 'bogus', sc_id: PRO_CENTER, count: 1 },
					})
				).status,
			).toBe(400);
			await control(sb, 'POST', '/tickets/status', {
				json: { sc_id: PRO_CENTER, ticket_uid: '77', status: 'agreed' },
			});
			expect(calls[1][1].slice(0, 3)).toEqual([PRO_CENTER, '77', 'agreed']);
			const tr = await control(sb, 'GET', '/truth/receipts', {
				query: { sc_id: PRO_CENTER, shop_id: '1002-01', start_date: '2026-11-01' },
			});
			expect(tr.json.data).toEqual({ ids: ['x'], count: 1, sum: 5 });
			expect(calls[2][1][0]).toBe('receipts');
			expect(calls[2][1][1]).toMatchObject({
				sc_id: PRO_CENTER,
				shop_id: '1002-01',
				start_date: '2026-11-01',
			});
			expect(
				(await control(sb, 'GET', '/truth/bogus', { query: { sc_id: PRO_CENTER } })).status,
			).toBe(400);
		} finally {
			Object.assign(store, saved);
		}
	});

	test('roles and tokens over control', async () => {
		const r = await control(sb, 'POST', '/roles', {
			json: { client_id: 'demo-client', centers: [PRO_CENTER] },
		});
		expect(r.status).toBe(200);
		try {
			const list = await api(sb, 'GET', '/sc', { token: t });
			expect(list.json.data.map((c: { id: string }) => c.id)).toEqual([PRO_CENTER]);
		} finally {
			await control(sb, 'POST', '/roles', {
				json: { client_id: 'demo-client', centers: ['1001', '1002', '1003', '1004'] },
			});
		}
		const short = await control(sb, 'POST', '/token', {
			json: { client_id: 'demo-client', ttl_seconds: 10 },
		});
		const tok = short.json.data.access_token;
		expect((await api(sb, 'GET', '/sc', { token: tok })).status).toBe(200);
		sb.clock.advance(10_000);
		try {
			expect((await api(sb, 'GET', '/sc', { token: tok })).json.error.code).toBe('token_expired');
		} finally {
			sb.clock.advance(-10_000);
		}
	});

	test('unknown control route → 404, wrong method → 405, malformed JSON → 400', async () => {
		expect((await control(sb, 'GET', '/nope')).status).toBe(404);
		expect((await control(sb, 'PUT', '/log')).status).toBe(405);
		expect(
			(
				await control(sb, 'POST', '/faults', {
					body: '{bad',
					headers: { 'content-type': 'application/json' },
				})
			).status,
		).toBe(400);
	});
});
