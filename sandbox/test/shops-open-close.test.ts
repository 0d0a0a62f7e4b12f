/*
 * The control route POST /__sandbox/shops/archived: a shop opened or closed from now on, as the shop
 * list then shows it (the e2e replica leg opens one shop and closes another through it).
 */
import type { Sandbox } from '../index';
import { ARCHIVED_SHOP, PRO_CENTER } from '../fixtures/centers';
import { api, control, start, token } from './support/helpers';

describe('sandbox control: a shop opened or closed', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start({ rateLimits: false });
		t = await token(sb);
	});
	afterAll(() => sb.close());

	const listed = async (archived?: string): Promise<string[]> =>
		(
			await api(sb, 'GET', `/sc/${PRO_CENTER}/shops`, {
				token: t,
				query: archived ? { archived } : {},
			})
		).json.data.map((s: { id: string }) => s.id);

	test('closing a shop takes it off the active list; opening the archived one puts it on', async () => {
		expect(await listed()).toContain('1002-03');
		expect(await listed()).not.toContain(ARCHIVED_SHOP);
		const closed = await control(sb, 'POST', '/shops/archived', {
			json: { sc_id: PRO_CENTER, shop_id: '1002-03', archived: true },
		});
		expect(closed.json.data).toEqual({ sc_id: PRO_CENTER, shop_id: '1002-03', archived: true });
		await control(sb, 'POST', '/shops/archived', {
			json: { sc_id: PRO_CENTER, shop_id: ARCHIVED_SHOP, archived: false },
		});
		const now = await listed();
		expect(now).not.toContain('1002-03');
		expect(now).toContain(ARCHIVED_SHOP);
	});

	test('refuses a shop of another center and an archived value that is not a boolean', async () => {
		const other = await control(sb, 'POST', '/shops/archived', {
			json: { sc_id: PRO_CENTER, shop_id: '1004-01', archived: true },
		});
		expect(other.status).toBe(404);
		const bad = await control(sb, 'POST', '/shops/archived', {
			json: { sc_id: PRO_CENTER, shop_id: '1002-04', archived: 'yes' },
		});
		expect(bad.status).toBe(400);
	});
});
