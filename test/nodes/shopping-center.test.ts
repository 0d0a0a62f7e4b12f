/**
 * The Shopping Center node (Center → Get Many, Shop → Get Many) through the n8n-core harness
 * against the sandbox: the centers the demo key has a role in, a center's shops with and without the
 * archived ones, Limit against Return All, and bad input refused before any request.
 */
import { ShoppingCenter } from '../../nodes/ShoppingCenter/ShoppingCenter.node';
import type { Sandbox } from '../../sandbox';
import {
	API_KEYS,
	ARCHIVED_SHOP,
	BASIC_CENTER,
	DEMO_CLIENT_ID,
	PRO_CENTER,
	shopsOfCenter,
} from '../../sandbox/fixtures/centers';
import { locator, ofRoute, run, startTestSandbox } from '../helpers/action-run';

const node = new ShoppingCenter();
let sb: Sandbox;

beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});

const demoCenters = API_KEYS.find((k) => k.clientId === DEMO_CLIENT_ID)!.centers;

describe('Center → Get Many', () => {
	test('Return All: exactly the centers of the demo key, each with the fields other tools need', async () => {
		const r = await run(sb, node, {
			resource: 'center',
			operation: 'getMany',
			returnAll: true,
		});
		expect(r.status).toBe('success');
		expect(r.json.map((c) => String(c.id)).sort()).toEqual([...demoCenters].sort());
		for (const c of r.json) {
			expect(typeof c.title).toBe('string');
			expect(typeof c.time_zone).toBe('string');
		}
		expect(ofRoute(r.requests, 'centers').length).toBeGreaterThanOrEqual(1);
	});

	test('Limit 2 gives the first two of the same list', async () => {
		const all = await run(sb, node, {
			resource: 'center',
			operation: 'getMany',
			returnAll: true,
		});
		const two = await run(sb, node, {
			resource: 'center',
			operation: 'getMany',
			returnAll: false,
			limit: 2,
		});
		expect(two.json.map((c) => c.id)).toEqual(all.json.slice(0, 2).map((c) => c.id));
	});
});

describe('Shop → Get Many', () => {
	const shops = (center: string, extra: Record<string, unknown> = {}) => ({
		resource: 'shop',
		operation: 'getMany',
		center: locator(center),
		returnAll: true,
		...extra,
	});

	test("a center's active shops by default; with Include Archived every shop, the archived one marked", async () => {
		const fixture = shopsOfCenter(PRO_CENTER);
		const active = await run(sb, node, shops(PRO_CENTER));
		expect(active.status).toBe('success');
		expect(active.json.map((s) => s.id).sort()).toEqual(
			fixture
				.filter((s) => !s.is_archived)
				.map((s) => s.id)
				.sort(),
		);
		const all = await run(sb, node, shops(PRO_CENTER, { includeArchived: true }));
		expect(all.json.map((s) => s.id).sort()).toEqual(fixture.map((s) => s.id).sort());
		expect(all.json.find((s) => s.id === ARCHIVED_SHOP)?.is_archived).toBe(true);
		const request = ofRoute(all.requests, 'shops');
		expect(request.length).toBeGreaterThanOrEqual(1);
		expect(request.every((e) => e.path.includes(`/sc/${PRO_CENTER}/shops`))).toBe(true);
	});

	test('Limit 3 stops after three shops of another center', async () => {
		const r = await run(sb, node, shops(BASIC_CENTER, { returnAll: false, limit: 3 }));
		expect(r.json).toHaveLength(3);
		const ids = shopsOfCenter(BASIC_CENTER).map((s) => s.id);
		for (const s of r.json) expect(ids).toContain(s.id);
	});

	test('a Center that is not an ID is refused before any request, naming the field and the item', async () => {
		const r = await run(sb, node, shops('={{ "not a center" }}'));
		expect(r.status).toBe('error');
		expect(String(r.error?.message)).toMatch(/^Center: .* \[row 1 of 1\]$/);
		expect(r.requests).toEqual([]);
	});
});
