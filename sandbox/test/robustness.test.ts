/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { connect } from 'node:net';
import { request } from 'undici';
import type { Sandbox } from '../index';
import { api, start, token } from './support/helpers';

function rawHttp(port: number, text: string, waitMs = 1500): Promise<string> {
	return new Promise((resolve, reject) => {
		const socket = connect(port, '127.0.0.1', () => socket.write(text));
		let out = '';
		socket.setEncoding('latin1');
		socket.on('data', (d) => (out += d));
		socket.on('end', () => resolve(out));
		socket.on('close', () => resolve(out));
		socket.on('error', reject);
		setTimeout(() => {
			socket.destroy();
			resolve(out);
		}, waitMs);
	});
}

describe('sandbox robustness', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start({ rateLimits: false });
		t = await token(sb);
	});
	afterAll(() => sb.close());

	async function alive(): Promise<void> {
		const r = await api(sb, 'GET', '/sc', { token: t });
		expect(r.status).toBe(200);
	}

	test('malformed JSON → 400 bad_request (token call and intake)', async () => {
		const r1 = await api(sb, 'POST', '/auth/token', {
			body: '{"client_id": "demo-',
			headers: { 'content-type': 'application/json' },
		});
		expect(r1.status).toBe(400);
		expect(r1.json.error.code).toBe('bad_request');
		const r2 = await api(sb, 'POST', '/sc/1002/shops/1002-02/turnover', {
			token: t,
			body: '{month:',
			headers: { 'content-type': 'application/json' },
		});
		expect(r2.status).toBe(400);
		expect(r2.json.error.code).toBe('bad_request');
		await alive();
	});

	test('JSON that is not an object → 400 bad_request', async () => {
		for (const body of ['[1,2]', '"text"', 'null', '42']) {
			const r = await api(sb, 'POST', '/auth/token', {
				body,
				headers: { 'content-type': 'application/json' },
			});
			expect(r.status).toBe(400);
		}
	});

	test('body above 1 MiB → 413 payload_too_large; exactly 1 MiB is read', async () => {
		const big = `{"client_id":"${'x'.repeat(2 * 1024 * 1024)}"}`;
		const r = await api(sb, 'POST', '/auth/token', {
			body: big,
			headers: { 'content-type': 'application/json' },
		});
		expect(r.status).toBe(413);
		expect(r.json.error.code).toBe('payload_too_large');
		const padded = `{"client_id":"demo-client","client_secret":"demo-secret-4f1c9a","pad":"${'y'.repeat(1024 * 1024 - 75)}"}`;
		expect(Buffer.byteLength(padded)).toBeLessThanOrEqual(1024 * 1024);
		const ok = await api(sb, 'POST', '/auth/token', {
			body: padded,
			headers: { 'content-type': 'application/json' },
		});
		expect(ok.status).toBe(200);
		await alive();
	});

	test.each([
		['bad percent-encoding', 'date=2026-11-01&visitors=%E0%A4%A'],
		['unbalanced brackets', 'date=2026-11-01&visitors[=5'],
		['value and group at once', 'visitors=5&visitors[a]=6'],
		['prototype pollution', '__proto__[polluted]=1'],
		['array mixed with fields', 'data[]=1&data[x]=2'],
	])('bad form encoding (%s) → 400 bad_request', async (_name, body) => {
		const r = await api(sb, 'POST', '/sc/1002/traffic', { token: t, form: body });
		expect(r.status).toBe(400);
		expect(r.json.error.code).toBe('bad_request');
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	test('bad percent-encoding in the query or path → 400 bad_request', async () => {
		const r = await api(sb, 'GET', '/sc/1002/shops', { token: t, query: 'page=%ZZ' });
		expect(r.status).toBe(400);
		const r2 = await api(sb, 'GET', '/sc/%E0%A4%A/shops', { token: t });
		expect(r2.status).toBe(400);
		await alive();
	});

	test('unsupported content type → 415 unsupported_media_type', async () => {
		const r = await api(sb, 'POST', '/sc/1002/traffic', {
			token: t,
			body: '<x/>',
			headers: { 'content-type': 'application/xml' },
		});
		expect(r.status).toBe(415);
		expect(r.json.error.code).toBe('unsupported_media_type');
	});

	test('garbage on the socket gets a 400 and the server stays up', async () => {
		const out = await rawHttp(sb.port, 'THIS IS NOT HTTP\r\n\r\n');
		expect(out).toMatch(/^HTTP\/1\.1 400/);
		await alive();
	});

	test('an aborted upload does not crash the server', async () => {
		await rawHttp(
			sb.port,
			`POST /api/external/v2/auth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"client_id":`,
			100,
		).catch(() => undefined);
		await alive();
	});

	test('a fuzz of odd requests never crashes the server and always answers JSON', async () => {
		const paths = [
			'/sc/%00/shops',
			'/sc/1002/shops?per_page=-1',
			'/sc/1002/shops?page=abc',
			'/sc/1002/traffic?granularity[]=x',
			'/sc/1002/shops?archived=maybe',
			'/sc/' + 'a'.repeat(3000) + '/shops',
			'/sc/1002/traffic?start_date=2026-02-30&end_date=2026-03-01',
		];
		for (const p of paths) {
			const r = await request(`${sb.baseUrl}${p}`, { headers: { authorization: `Bearer ${t}` } });
			expect(r.statusCode).toBeGreaterThanOrEqual(400);
			expect(r.statusCode).toBeLessThan(500);
			const body = (await r.body.json()) as { success: boolean };
			expect(body.success).toBe(false);
		}
		const bodies = [
			'data[0][datetime]=&data[0][in]=x',
			'data=%',
			'a[b][c][d][e][f][g][h]=1',
			'data[99999999]=1',
			'=&&==&',
			'data[0]=1',
		];
		for (const b of bodies) {
			const r = await api(sb, 'POST', '/sc/1002/traffic/counters/c1', { token: t, form: b });
			expect([400, 422]).toContain(r.status);
		}
		await alive();
	});
});
