/**
 * Center → Get Many (and the centers tool) say each center's plan once an earlier answer told it, so
 * a model does not learn Basic vs PRO by failing; no request is spent to learn it (only GET /sc).
 * Through the n8n-core harness against the sandbox.
 */
import { asTool } from '../harness';
import { ShoppingCenter } from '../../nodes/ShoppingCenter/ShoppingCenter.node';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { forgetCenters } from '../../nodes/shared/center';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import type { Sandbox } from '../../sandbox';
import { locator, run, startTestSandbox } from '../helpers/action-run';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
	clearPlans();
	forgetCenters();
});
afterAll(async () => {
	await sb.close();
});

const CENTERS = { resource: 'center', operation: 'getMany', returnAll: true };
const planOf = (rows: Array<Record<string, unknown>>) =>
	Object.fromEntries(rows.map((c) => [String(c.id), c.plan]));

test('unknown at first (null), then PRO and Basic as the answers told them; only GET /sc is asked', async () => {
	const before = await run(sb, new ShoppingCenter(), CENTERS);
	expect(planOf(before.json)).toEqual({ '1001': null, '1002': null, '1003': null, '1004': null });
	expect(before.requests.map((e) => e.route)).toEqual(['centers']);

	// a PRO answer (X-RateLimit-Limit 300) and a Basic one (plan_required for receipts)
	await run(sb, new ShoppingCenterRevenue(), {
		resource: 'dailySalesAggregate',
		operation: 'getMany',
		center: locator('1002'),
		shop: locator('1002-01'),
		startDate: '2026-11-10',
		endDate: '2026-11-12',
	});
	await run(sb, new ShoppingCenterReceipts(), {
		resource: 'receipt',
		operation: 'export',
		center: locator('1001'),
		shop: locator('1001-01'),
		periodBy: 'created',
		createdStartDate: '2026-11-10',
		createdEndDate: '2026-11-12',
	});

	const after = await run(sb, new ShoppingCenter(), CENTERS);
	expect(planOf(after.json)).toMatchObject({ '1001': 'Basic', '1002': 'PRO', '1004': null });
	expect(after.requests.map((e) => e.route)).toEqual(['centers']);
	// the API's own fields are kept
	expect(after.json[0]).toHaveProperty('time_zone');

	const tool = await run(sb, asTool(new ShoppingCenter()), CENTERS);
	expect(planOf(tool.json)).toMatchObject({ '1001': 'Basic', '1002': 'PRO' });
});
