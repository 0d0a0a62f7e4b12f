/**
 * Spec gap "the Center object has no plan": a PRO feature is refused before any request only when the
 * plan is known for certain (X-RateLimit-Limit equal to the plan table's 60 / 300, or the API's own
 * plan_required), and a known plan expires. A center whose limit is another value is asked: the API's
 * answer is shown. Through the n8n-core harness; the request log shows what was sent.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { forgetCenters } from '../../nodes/shared/center';
import { clearPlans, PLAN_TTL_MS } from '../../nodes/shared/transport/planCache';
import { NOW, ofRoute, run } from '../helpers/action-run';
import { BASIC_CENTER, startSandbox, type Sandbox } from '../../sandbox';

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const params: INodeParameters = {
	resource: 'receipt',
	operation: 'export',
	center: byId(BASIC_CENTER),
	shop: byId('1001-06'),
	periodBy: 'created',
	createdStartDate: '2026-10-01',
	createdEndDate: '2026-10-02',
	returnAll: true,
};

async function exportOnce(sb: Sandbox, now = NOW) {
	const r = await run(sb, new ShoppingCenterReceipts(), params, { now });
	return {
		error: r.error?.message ?? '',
		receipts: ofRoute(r.requests, 'receipts').map((e) => e.status),
	};
}

/**
 * Two exports on Basic: the first sends its receipts request and the API refuses it for the plan
 * (403); the second knows the plan and is refused, naming PRO, before any receipts request.
 */
async function expectRefusedThenKnown(sb: Sandbox): Promise<void> {
	const first = await exportOnce(sb);
	expect(first.receipts).toEqual([403]);
	expect(first.error).toMatch(/plan/i);
	const second = await exportOnce(sb);
	expect(second.receipts).toEqual([]);
	expect(second.error).toMatch(/PRO/);
}

describe('plan known only for certain', () => {
	let sb: Sandbox;
	afterEach(async () => {
		await sb?.close();
	});
	beforeEach(() => {
		clearPlans();
		forgetCenters();
	});

	test('limit exactly 60 (the plan table): no request is spent to learn it; the first answer tells Basic, then receipts are refused before any receipts request', async () => {
		sb = await startSandbox({ seed: 42, now: NOW });
		await expectRefusedThenKnown(sb);
	});

	test('limit 30 (not in the plan table): plan unknown, the request is sent and the API answers; then Basic is known until it expires', async () => {
		sb = await startSandbox({ seed: 42, now: NOW, rateLimits: { basic: { perWindow: 30 } } });
		await expectRefusedThenKnown(sb);
		// the plan learned from plan_required expires: a later run asks the API again
		const later = new Date(Date.parse(NOW) + PLAN_TTL_MS + 60_000).toISOString();
		const third = await exportOnce(sb, later);
		expect(third.error).toMatch(/plan/i);
		expect(third.receipts).toEqual([403]);
	});
});
