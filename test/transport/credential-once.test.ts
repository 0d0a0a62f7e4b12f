/**
 * The credential is read once per run of a node, not per request: n8n reads and decrypts it from its
 * database on every getCredentials, so a walk of many pages must not ask for it per page. Through
 * n8n-core (test/harness), counting the credentials helper's getDecrypted calls.
 */
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { locator, ofRoute, run, startTestSandbox } from '../helpers/action-run';
import { PRO_CENTER, type Sandbox } from '../../sandbox';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});

test.each([
	['one shop, items', { shop: locator('1002-01') }],
	['all shops, one file', { shopScope: 'all', output: 'file' }],
])(
	'%s: many requests, one credential read',
	async (_, more) => {
		const r = await run(sb, new ShoppingCenterReceipts(), {
			resource: 'receipt',
			operation: 'export',
			center: locator(PRO_CENTER),
			periodBy: 'created',
			createdStartDate: '2026-10-01',
			createdEndDate: '2026-11-15',
			returnAll: true,
			...more,
		});
		if (r.error) throw new Error(r.error.message);
		expect(ofRoute(r.requests, 'receipts').length).toBeGreaterThan(10);
		expect(r.credentialReads).toBe(1);
	},
	120_000,
);
