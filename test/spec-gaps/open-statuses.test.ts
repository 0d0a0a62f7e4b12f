/**
 * Spec gaps about statuses and codes (docs/sandbox.md "Where the package adapts"), each under answers
 * other than the sandbox's default, through the sandbox's failNext switch (any code at any status):
 * - "HTTP status of query_timeout, internal_error: not shown": retried by their code at 500, 503, 504,
 *   408 and 200 alike, the rows returned once;
 * - "Code accompanying status 402: not shown": any code with 402 reads as blocked for non-payment, not
 *   retried;
 * - "Codes for missing or invalid credentials: not shown": a refused token exchange at 401 or 403 names
 *   the credential's fields whatever the code; another status is shown with its status and code; no
 *   data request is sent.
 * Through the n8n-core harness against the sandbox; the request log shows what was sent.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenter } from '../../nodes/ShoppingCenter/ShoppingCenter.node';
import { forgetCenters } from '../../nodes/shared/center';
import { pacer, tokenCache } from '../../nodes/shared/transport';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import { locator, run, startTestSandbox } from '../helpers/action-run';
import { PRO_CENTER, type Sandbox } from '../../sandbox';

const node = new ShoppingCenter();
const shops: INodeParameters = {
	resource: 'shop',
	operation: 'getMany',
	center: locator(PRO_CENTER),
	returnAll: true,
};

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => await sb.close());
beforeEach(() => {
	tokenCache.clear();
	forgetCenters();
	clearPlans();
	pacer.clear();
	sb.faults.clear();
});

const shopRequests = (r: Awaited<ReturnType<typeof run>>) =>
	r.requests.filter((e) => e.route === 'shops');

test.each([
	['query_timeout', 504],
	['query_timeout', 408],
	['query_timeout', 200],
	['internal_error', 500],
	['internal_error', 503],
	['internal_error', 200],
])('%s at HTTP %s: retried by its code, every shop once', async (code, status) => {
	const clean = await run(sb, node, shops);
	expect(clean.error).toBeUndefined();
	sb.faults.set({ failNext: { count: 1, code, status, routes: ['shops'] } });
	const r = await run(sb, node, shops);
	expect(r.error).toBeUndefined();
	expect(shopRequests(r).map((e) => [e.status, e.code ?? null])).toEqual([
		[status, code],
		[200, null],
	]);
	expect(r.json.map((x) => x.id)).toEqual(clean.json.map((x) => x.id));
});

test.each(['payment_required', 'center_blocked', 'billing_suspended'])(
	'402 with code %s: blocked for non-payment, not retried',
	async (code) => {
		sb.faults.set({ failNext: { count: 1, code, status: 402, routes: ['shops'] } });
		const r = await run(sb, node, shops);
		expect(r.error?.message).toMatch(/blocked for non-payment/);
		expect(shopRequests(r)).toHaveLength(1);
	},
);

test.each([
	[401, 'invalid_client', /refused the Client ID \/ Client Secret \(invalid_client/],
	[401, 'unauthorized', /refused the Client ID \/ Client Secret \(unauthorized/],
	[403, 'forbidden', /refused the Client ID \/ Client Secret \(forbidden/],
	[400, 'invalid_request', /token call failed with HTTP 400 \(invalid_request/],
	[422, 'validation_error', /token call failed with HTTP 422 \(validation_error/],
])(
	'wrong credentials answered %s %s: said in words, no data request',
	async (status, code, words) => {
		sb.faults.set({ failNext: { count: 1, code, status, routes: ['token'] } });
		const r = await run(sb, node, shops);
		expect(r.error?.message).toMatch(words);
		expect(r.requests.filter((e) => e.route !== 'token')).toEqual([]);
	},
);
