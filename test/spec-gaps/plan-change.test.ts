/**
 * Spec gap "the Center object has no plan", the plan changing while n8n runs (sandbox `setPlan`):
 * - an upgrade to PRO is believed as soon as any answer for the center says so (X-RateLimit-Limit 300),
 *   and, with no answer in between, once the learned Basic plan expires: never for the process lifetime;
 * - a downgrade to Basic: the PRO feature is asked once more (the plan still reads PRO), the API's
 *   plan_required is shown in words, and from then on it is refused before any request.
 * Through the n8n-core harness; the sandbox's request log shows what was sent.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { forgetCenters } from '../../nodes/shared/center';
import { clearPlans, PLAN_TTL_MS } from '../../nodes/shared/transport/planCache';
import { locator, NOW, ofRoute, run } from '../helpers/action-run';
import { dailySalesBetween } from '../helpers/read-params';
import { BASIC_CENTER, PRO_CENTER, startSandbox, type Sandbox } from '../../sandbox';

const shopOf = { [BASIC_CENTER]: '1001-06', [PRO_CENTER]: '1002-06' } as Record<string, string>;

const receiptsOf = (center: string): INodeParameters => ({
	resource: 'receipt',
	operation: 'export',
	center: locator(center),
	shop: locator(shopOf[center]),
	periodBy: 'created',
	createdStartDate: '2026-10-01',
	createdEndDate: '2026-10-02',
	returnAll: true,
});

const dailySalesOf = (center: string): INodeParameters =>
	dailySalesBetween(locator(center), '2026-10-01', '2026-10-03', {
		shop: locator(shopOf[center]),
		returnAll: true,
	});

const at = (msAfterNow: number) => new Date(Date.parse(NOW) + msAfterNow).toISOString();

async function exportReceipts(sb: Sandbox, center: string, now = NOW) {
	const r = await run(sb, new ShoppingCenterReceipts(), receiptsOf(center), { now });
	return {
		error: r.error?.message ?? '',
		count: r.json.length,
		sent: ofRoute(r.requests, 'receipts').map((e) => e.status),
	};
}

async function readDailySales(sb: Sandbox, center: string, now = NOW) {
	const r = await run(sb, new ShoppingCenterRevenue(), dailySalesOf(center), { now });
	expect(r.error).toBeUndefined();
	return r;
}

describe('a plan that changes while n8n runs', () => {
	let sb: Sandbox;
	beforeEach(async () => {
		clearPlans();
		forgetCenters();
		sb = await startSandbox({ seed: 42, now: NOW });
	});
	afterEach(async () => await sb.close());

	test('upgrade to PRO: believed at the next answer that says so, or when the learned Basic plan expires', async () => {
		await readDailySales(sb, BASIC_CENTER); // its answers carry X-RateLimit-Limit 60: Basic is known
		const refused = await exportReceipts(sb, BASIC_CENTER);
		expect(refused.sent).toEqual([]);
		expect(refused.error).toMatch(/Basic.*PRO/);

		sb.setPlan(BASIC_CENTER, 'pro');
		// any answer for the center now carries 300: the next export is sent and returns the receipts
		await readDailySales(sb, BASIC_CENTER, at(1000));
		const upgraded = await exportReceipts(sb, BASIC_CENTER, at(2000));
		expect(upgraded.error).toBe('');
		expect(upgraded.sent.length).toBeGreaterThan(0);
		expect(upgraded.sent.every((s) => s === 200)).toBe(true);
		expect(upgraded.count).toBeGreaterThan(0);
	});

	test('upgrade to PRO with no other answer in between: asked again once the learned plan expires', async () => {
		await readDailySales(sb, BASIC_CENTER);
		sb.setPlan(BASIC_CENTER, 'pro');
		const stillBelieved = await exportReceipts(sb, BASIC_CENTER, at(60_000));
		expect(stillBelieved.sent).toEqual([]);
		const later = at(PLAN_TTL_MS + 60_000);
		sb.clock.set(later);
		const asked = await exportReceipts(sb, BASIC_CENTER, later);
		expect(asked.error).toBe('');
		expect(asked.sent[0]).toBe(200);
		expect(asked.count).toBeGreaterThan(0);
	});

	test('downgrade to Basic: the API is asked once more and its plan_required is shown; then refused before any request', async () => {
		const before = await exportReceipts(sb, PRO_CENTER);
		expect(before.error).toBe('');
		expect(before.count).toBeGreaterThan(0);

		sb.setPlan(PRO_CENTER, 'basic');
		const asked = await exportReceipts(sb, PRO_CENTER, at(1000));
		expect(asked.sent).toEqual([403]);
		expect(asked.error).toMatch(/plan/i);
		const refused = await exportReceipts(sb, PRO_CENTER, at(2000));
		expect(refused.sent).toEqual([]);
		expect(refused.error).toMatch(/Basic.*PRO/);
	});
});
