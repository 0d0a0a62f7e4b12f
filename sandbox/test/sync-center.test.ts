/**
 * The receipt-sync center (1007): seen only by its own key, 100 shops; receipts issued live in batches
 * (POST /__sandbox/insert-batches, created_ago_s) are received at the sandbox's now, printed up to N seconds
 * before, and read back by reception date through the export and the truth (also as it was at a moment).
 */
import type { Sandbox } from '../index';
import {
	PRO_CENTER,
	SYNC_CENTER,
	SYNC_CLIENT_ID,
	SYNC_CLIENT_SECRET,
	SYNC_SHOPS,
} from '../fixtures/centers';
import { api, control, NOW, start, token } from './support/helpers';

describe('sandbox: the receipt-sync center', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start({ rateLimits: false });
		t = await token(sb, SYNC_CLIENT_ID, SYNC_CLIENT_SECRET);
	});
	afterAll(() => sb.close());

	test('its key sees only it; the demo key does not see it; it has 100 shops', async () => {
		const centers = (await api(sb, 'GET', '/sc', { token: t })).json.data;
		expect(centers.map((c: { id: string }) => c.id)).toEqual([SYNC_CENTER]);
		expect(centers[0].plan).toBeUndefined();
		const demo = (await api(sb, 'GET', '/sc', { token: await token(sb) })).json.data;
		expect(demo.map((c: { id: string }) => c.id)).not.toContain(SYNC_CENTER);
		expect((await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, { token: t })).status).toBe(404);
		const shops = await api(sb, 'GET', `/sc/${SYNC_CENTER}/shops`, {
			token: t,
			query: { per_page: '100', archived: 'true' },
		});
		expect(shops.status).toBe(200);
		expect(shops.json.meta.pagination.total).toBe(SYNC_SHOPS);
		expect(new Set(shops.json.data.map((s: { id: string }) => s.id)).size).toBe(SYNC_SHOPS);
	});

	test('insert-batches: received now, printed up to created_ago_s before; in the export and the truth', async () => {
		const today = NOW.slice(0, 10);
		const query = { sc_id: SYNC_CENTER, start_received_date: today, end_received_date: today };
		const before = (await control(sb, 'GET', '/truth/receipts', { query })).json.data;
		const r = await control(sb, 'POST', '/insert-batches', {
			json: {
				kind: 'receipt',
				sc_id: SYNC_CENTER,
				batches: [
					{ shop_id: `${SYNC_CENTER}-02`, count: 30, created_ago_s: 120 },
					{ shop_id: `${SYNC_CENTER}-77`, count: 20, created_ago_s: 120 },
					{ shop_id: `${SYNC_CENTER}-77`, count: 3 },
				],
			},
		});
		expect(r.status).toBe(200);
		const ids: string[] = r.json.data.ids;
		expect(ids).toHaveLength(53);
		expect(new Set(ids).size).toBe(53);
		const after = (await control(sb, 'GET', '/truth/receipts', { query })).json.data;
		expect(after.count).toBe(before.count + 53);
		expect(ids.every((id) => after.ids.includes(id))).toBe(true);
		// at: the set as it was a second before they were received
		const earlier = new Date(Date.parse(NOW) - 1000).toISOString();
		const then = (await control(sb, 'GET', '/truth/receipts', { query: { ...query, at: earlier } }))
			.json.data;
		expect(then.count).toBe(before.count);
		expect(ids.some((id) => then.ids.includes(id))).toBe(false);
		const broken = await control(sb, 'GET', '/truth/receipts', { query: { ...query, at: 'soon' } });
		expect(broken.status).toBe(400);

		const page = await api(sb, 'GET', `/sc/${SYNC_CENTER}/shops/${SYNC_CENTER}-02/receipts`, {
			token: t,
			query: { start_received_date: today, end_received_date: today, per_page: '1000' },
		});
		expect(page.status).toBe(200);
		const mine = page.json.data.filter((x: { id: string }) => ids.includes(x.id));
		expect(mine).toHaveLength(30);
		const now = Date.parse(NOW);
		for (const x of mine) {
			expect(Date.parse(x.received_datetime)).toBe(now);
			const lag = now - Date.parse(x.created_datetime);
			expect(lag).toBeGreaterThanOrEqual(0);
			expect(lag).toBeLessThanOrEqual(120_000);
		}
		// the three without created_ago_s are late arrivals: printed 1–47 hours before
		const late = ids.slice(50);
		const shop77 = await api(sb, 'GET', `/sc/${SYNC_CENTER}/shops/${SYNC_CENTER}-77/receipts`, {
			token: t,
			query: { start_received_date: today, end_received_date: today, per_page: '1000' },
		});
		for (const x of shop77.json.data.filter((y: { id: string }) => late.includes(y.id)))
			expect(now - Date.parse(x.created_datetime)).toBeGreaterThanOrEqual(3_600_000);
	});

	test('insert-batches refuses a body without batches or a batch without a count', async () => {
		const none = await control(sb, 'POST', '/insert-batches', {
			json: { kind: 'receipt', sc_id: SYNC_CENTER },
		});
		expect(none.status).toBe(400);
		expect(none.json.error.message).toMatch(/batches/);
		const noCount = await control(sb, 'POST', '/insert-batches', {
			json: { kind: 'receipt', sc_id: SYNC_CENTER, batches: [{ shop_id: `${SYNC_CENTER}-02` }] },
		});
		expect(noCount.status).toBe(400);
		expect(noCount.json.error.message).toMatch(/count/);
	});
});
