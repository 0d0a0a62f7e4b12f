/* eslint-disable @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { request } from 'undici';
import type { Sandbox } from '../index';
import { ROUTES } from '../server/routes';
import { api, start, token } from './support/helpers';

describe('sandbox routing and envelope', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start();
		t = await token(sb);
	});
	afterAll(() => sb.close());

	test('the route table holds every path of docs/routes.md, each method+path once', () => {
		expect(ROUTES).toHaveLength(17);
		const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
		expect(new Set(keys).size).toBe(17);
		expect(keys).toContain('GET /sc/{sc_id}/portal/tickets');
		expect(keys).toContain('POST /sc/{sc_id}/shops/{shop_id}/turnover');
		expect(keys).toContain('POST /sc/{sc_id}/traffic/counters/{external_id}');
	});

	test('success envelope: {success: true, data, meta}', async () => {
		const r = await api(sb, 'GET', '/sc/1002/shops', { token: t, query: { per_page: '3' } });
		expect(r.status).toBe(200);
		expect(r.headers['content-type']).toMatch(/^application\/json/);
		expect(Object.keys(r.json).sort()).toEqual(['data', 'meta', 'success']);
		expect(r.json.success).toBe(true);
		expect(r.json.meta.pagination).toEqual({ page: 1, per_page: 3, total: 11 });
	});

	test('failure envelope: {success: false, error: {code, message, details}}', async () => {
		const r = await api(sb, 'GET', '/sc/1002/shops', { token: t, query: { per_page: '501' } });
		expect(r.status).toBe(422);
		expect(Object.keys(r.json).sort()).toEqual(['error', 'success']);
		expect(Object.keys(r.json.error).sort()).toEqual(['code', 'details', 'message']);
		expect(r.json.error).toMatchObject({
			code: 'validation_error',
			details: { field: 'per_page', fields: ['per_page'] },
		});
		expect(typeof r.json.error.message).toBe('string');
	});

	test.each([
		['GET', '/nowhere'],
		['GET', '/sc/1002/unknown'],
		['GET', '/sc/1002/shops/1002-01/sales'],
		['GET', '/sc/'],
	])('unknown route %s %s → 404 route_not_found', async (method, path) => {
		const r = await api(sb, method, path, { token: t });
		expect(r.status).toBe(404);
		expect(r.json.error.code).toBe('route_not_found');
	});

	test('paths outside the version prefix → 404 route_not_found (v1 is not served)', async () => {
		for (const p of ['/api/external/v1/sc', '/', '/api/external/v2']) {
			const r = await request(`http://127.0.0.1:${sb.port}${p}`, {
				headers: { authorization: `Bearer ${t}` },
			});
			expect(r.statusCode).toBe(404);
			expect(((await r.body.json()) as { error: { code: string } }).error.code).toBe(
				'route_not_found',
			);
		}
	});

	test.each([
		['DELETE', '/sc', 'GET'],
		['PUT', '/sc/1002/traffic', 'GET, POST'],
		['GET', '/auth/token', 'POST'],
		['GET', '/sc/1002/events', 'POST'],
		['POST', '/sc/1002/anomalies', 'GET'],
	])('wrong method %s %s → 405 method_not_allowed with Allow', async (method, path, allow) => {
		const r = await api(sb, method, path, { token: t });
		expect(r.status).toBe(405);
		expect(r.json.error.code).toBe('method_not_allowed');
		expect(r.headers.allow).toBe(allow);
	});

	test('percent-encoded path segments are decoded into params', async () => {
		const r = await api(sb, 'GET', '/sc/1002/shops/1002%2D02/kkts', { token: t });
		expect(r.status).toBe(200);
		expect(r.json.data[0].id).toBe('kkt-1002-02-1');
	});

	test('every request is logged with route, sc_id, status and code', async () => {
		const since = sb.log.list().slice(-1)[0]?.seq ?? 0;
		await api(sb, 'GET', '/sc/1002/shops', { token: t, query: { page: '2' } });
		await api(sb, 'GET', '/sc/9999/shops', { token: t });
		const entries = sb.log.list({ since });
		expect(entries).toHaveLength(2);
		expect(entries[0]).toMatchObject({
			method: 'GET',
			path: '/api/external/v2/sc/1002/shops',
			route: 'shops',
			sc_id: '1002',
			status: 200,
			code: null,
			client_id: 'demo-client',
			query: { page: '2' },
		});
		expect(entries[1]).toMatchObject({
			route: 'shops',
			sc_id: '9999',
			status: 404,
			code: 'not_found',
		});
	});
});

describe('sandbox handler table', () => {
	test('every route of the table but the token call has a handler', () => {
		const { HANDLERS } = require('../handlers/registry') as typeof import('../handlers/registry');
		const missing = ROUTES.filter((r) => r.name !== 'token' && !HANDLERS[r.name]).map(
			(r) => r.name,
		);
		expect(missing).toEqual([]);
	});
});
