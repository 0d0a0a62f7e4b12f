/**
 * The sandbox's center access: a key's centers list (a blocked one included), 404 for a center outside
 * the key's roles, roles checked on every request.
 */
import type { Sandbox } from '../index';
import {
	BASIC_CENTER,
	BLOCKED_CENTER,
	NO_TRAFFIC_CENTER,
	PRO_CENTER,
	SECOND_CLIENT_ID,
	SECOND_CLIENT_SECRET,
	SECOND_KEY_CENTER,
} from '../fixtures/centers';
import { api, start, token } from './support/helpers';

describe('sandbox center access', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start();
		t = await token(sb);
	});
	afterAll(() => sb.close());

	test("centers list: the key's centers (blocked one included), API fields only", async () => {
		const r = await api(sb, 'GET', '/sc', { token: t });
		expect(r.status).toBe(200);
		expect(r.json.data.map((c: { id: string }) => c.id)).toEqual([
			BASIC_CENTER,
			PRO_CENTER,
			BLOCKED_CENTER,
			NO_TRAFFIC_CENTER,
		]);
		for (const c of r.json.data) {
			expect(Object.keys(c).sort()).toEqual(
				[
					'address',
					'city',
					'expected_quantity',
					'external_id',
					'id',
					'phone',
					'prefix',
					'rent_area_size',
					'time_zone',
					'title',
					'total_area_size',
				].sort(),
			);
			expect(Object.keys(c.city).sort()).toEqual(['id', 'name', 'time_zone']);
		}
		expect(r.json.data[1]).toMatchObject({ id: PRO_CENTER, time_zone: 'Asia/Yekaterinburg' });
	});

	test("a center not among the key's roles → 404 not_found, details.field sc_id", async () => {
		for (const sc of [SECOND_KEY_CENTER, '9999']) {
			const r = await api(sb, 'GET', `/sc/${sc}/shops`, { token: t });
			expect(r.status).toBe(404);
			expect(r.json.error.code).toBe('not_found');
			expect(r.json.error.details.field).toBe('sc_id');
		}
		const t2 = await token(sb, SECOND_CLIENT_ID, SECOND_CLIENT_SECRET);
		expect((await api(sb, 'GET', `/sc/${SECOND_KEY_CENTER}/shops`, { token: t2 })).status).toBe(
			200,
		);
	});

	test.each([
		['GET', '/shops'],
		['GET', '/traffic/zones'],
		['GET', '/traffic?start_date=2026-11-01&end_date=2026-11-02'],
		['GET', '/shops/1003-01/kkts'],
		['GET', '/portal/tickets?ticket_uids[]=1'],
		['POST', '/events'],
		['POST', '/shops/1003-01/turnover'],
	])('blocked center: %s %s → 402 payment_required', async (method, path) => {
		const r = await api(sb, method, `/sc/${BLOCKED_CENTER}${path}`, {
			token: t,
			form: method === 'POST' ? 'x=1' : undefined,
		});
		expect(r.status).toBe(402);
		expect(r.json.success).toBe(false);
		expect(r.json.error.code).toBe('payment_required');
	});

	test('roles are checked on every request: a removed role hides the center at once', async () => {
		const t2 = await token(sb, SECOND_CLIENT_ID, SECOND_CLIENT_SECRET);
		expect((await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t2 })).status).toBe(200);
		sb.setRoles(SECOND_CLIENT_ID, [SECOND_KEY_CENTER]);
		try {
			const r = await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t2 });
			expect(r.status).toBe(404);
			const list = await api(sb, 'GET', '/sc', { token: t2 });
			expect(list.json.data.map((c: { id: string }) => c.id)).toEqual([SECOND_KEY_CENTER]);
		} finally {
			sb.setRoles(SECOND_CLIENT_ID, [PRO_CENTER, SECOND_KEY_CENTER]);
		}
	});
});
