/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { Sandbox } from '../index';
import {
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
	PRO_CENTER,
	SECOND_CLIENT_ID,
	SECOND_CLIENT_SECRET,
} from '../fixtures/centers';
import { api, control, start, token } from './support/helpers';

describe('sandbox auth', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await start({ tokenTtlSeconds: 3600 });
	});
	afterAll(() => sb.close());
	afterEach(() => sb.faults.clear());

	test('token call answers {success, access_token, token_type, expires_in} without data wrapper', async () => {
		const before = sb.log.getStats().tokensIssued;
		const r = await api(sb, 'POST', '/auth/token', {
			json: { client_id: DEMO_CLIENT_ID, client_secret: DEMO_CLIENT_SECRET },
		});
		expect(r.status).toBe(200);
		expect(Object.keys(r.json).sort()).toEqual([
			'access_token',
			'expires_in',
			'success',
			'token_type',
		]);
		expect(r.json).toMatchObject({ success: true, token_type: 'Bearer', expires_in: 3600 });
		expect(sb.log.getStats().tokensIssued).toBe(before + 1);
	});

	test('the token is an HS256 JWT with ver 2, sub, iat/exp on the sandbox clock and a jti', async () => {
		const t = await token(sb);
		const [head, payload] = t
			.split('.')
			.slice(0, 2)
			.map(
				(p) => JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>,
			);
		expect(head).toMatchObject({ alg: 'HS256', typ: 'JWT' });
		const now = Math.floor(sb.clock.now().getTime() / 1000);
		expect(payload).toMatchObject({ ver: 2, sub: DEMO_CLIENT_ID, iat: now, exp: now + 3600 });
		expect(typeof payload.jti).toBe('string');
		const t2 = await token(sb);
		expect(JSON.parse(Buffer.from(t2.split('.')[1], 'base64url').toString()).jti).not.toBe(
			payload.jti,
		);
	});

	test.each([
		[{ client_id: DEMO_CLIENT_ID, client_secret: 'wrong' }, null],
		[{ client_id: 'nobody', client_secret: DEMO_CLIENT_SECRET }, null],
		[{ client_secret: DEMO_CLIENT_SECRET }, 'client_id'],
		[{ client_id: DEMO_CLIENT_ID }, 'client_secret'],
		[{ client_id: DEMO_CLIENT_ID, client_secret: SECOND_CLIENT_SECRET }, null],
	])('bad credentials %j → 401 invalid_client', async (body, field) => {
		const r = await api(sb, 'POST', '/auth/token', { json: body });
		expect(r.status).toBe(401);
		expect(r.json.success).toBe(false);
		expect(r.json.error.code).toBe('invalid_client');
		expect(r.json.error.details?.field ?? null).toBe(field);
	});

	test('the keys option replaces the fixture keys', async () => {
		const other = await start({
			keys: [
				{
					clientId: 'x-client',
					clientSecret: 'distinctive-S3cret',
					personId: 'p-1',
					centers: [PRO_CENTER],
				},
			],
		});
		try {
			expect(
				(
					await api(other, 'POST', '/auth/token', {
						json: { client_id: DEMO_CLIENT_ID, client_secret: DEMO_CLIENT_SECRET },
					})
				).status,
			).toBe(401);
			const t = await token(other, 'x-client', 'distinctive-S3cret');
			const r = await api(other, 'GET', '/sc', { token: t });
			expect(r.json.data.map((c: { id: string }) => c.id)).toEqual([PRO_CENTER]);
		} finally {
			await other.close();
		}
	});

	test.each([
		['no header', undefined],
		['not bearer', 'Basic abc'],
		['garbage', 'Bearer not-a-jwt'],
		['bad signature', 'SIGNED_OTHERWISE'],
	])('missing or malformed token (%s) → 401 unauthorized', async (_name, header) => {
		let value = header;
		if (header === 'SIGNED_OTHERWISE') {
			const t = await token(sb);
			value = `Bearer ${t.slice(0, -4)}AAAA`;
		}
		const r = await api(sb, 'GET', '/sc', { headers: value ? { authorization: value } : {} });
		expect(r.status).toBe(401);
		expect(r.json.error.code).toBe('unauthorized');
	});

	test('a token of another sandbox (foreign key) → 401 unauthorized', async () => {
		const other = await start();
		try {
			const foreign = await token(other);
			const r = await api(sb, 'GET', '/sc', { token: foreign });
			expect(r.status).toBe(401);
			expect(r.json.error.code).toBe('unauthorized');
		} finally {
			await other.close();
		}
	});

	test('a version-1 token → 401 invalid_token (minted in-process and over control)', async () => {
		const r = await api(sb, 'GET', '/sc', { token: sb.mintToken(DEMO_CLIENT_ID, { ver: 1 }) });
		expect(r.status).toBe(401);
		expect(r.json.error.code).toBe('invalid_token');
		const minted = await control(sb, 'POST', '/token', {
			json: { client_id: DEMO_CLIENT_ID, ver: 1 },
		});
		const r2 = await api(sb, 'GET', '/sc', { token: minted.json.data.access_token });
		expect(r2.json.error.code).toBe('invalid_token');
	});

	test.each([401, 403, 200] as const)(
		'an expired token answers token_expired with HTTP %i and success:false',
		async (status) => {
			sb.faults.set({ tokenExpiredStatus: status });
			const t = await token(sb);
			expect((await api(sb, 'GET', '/sc', { token: t })).status).toBe(200);
			sb.clock.advance(3600 * 1000);
			try {
				const r = await api(sb, 'GET', '/sc', { token: t });
				expect(r.status).toBe(status);
				expect(r.json.success).toBe(false);
				expect(r.json.error.code).toBe('token_expired');
				const fresh = await token(sb);
				expect((await api(sb, 'GET', '/sc', { token: fresh })).status).toBe(200);
			} finally {
				sb.clock.advance(-3600 * 1000);
			}
		},
	);

	test('expiry is measured on the sandbox clock: one second before exp the token still works', async () => {
		const t = await token(sb);
		sb.clock.advance(3599 * 1000);
		try {
			expect((await api(sb, 'GET', '/sc', { token: t })).status).toBe(200);
		} finally {
			sb.clock.advance(-3599 * 1000);
		}
	});

	test('tokenExpireAfterRequests: each token serves N requests, then token_expired', async () => {
		sb.faults.set({ tokenExpireAfterRequests: 3 });
		const t = await token(sb);
		const statuses: number[] = [];
		for (let i = 0; i < 5; i++) statuses.push((await api(sb, 'GET', '/sc', { token: t })).status);
		expect(statuses).toEqual([200, 200, 200, 401, 401]);
		const t2 = await token(sb);
		const r = await api(sb, 'GET', '/sc', { token: t2 });
		expect(r.status).toBe(200);
	});

	test('the second key sees its own centers only', async () => {
		const t = await token(sb, SECOND_CLIENT_ID, SECOND_CLIENT_SECRET);
		const r = await api(sb, 'GET', '/sc', { token: t });
		expect(r.json.data.map((c: { id: string }) => c.id)).toEqual(['1002', '1005']);
	});
});
