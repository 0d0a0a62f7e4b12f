/**
 * Every wait is bounded, also the pacer's: when the center's budget is spent until a moment beyond
 * the request's total wait limit (the day's budget), the run fails at once saying when the budget
 * returns in the center's time zone, and later runs for that center fail the same way without a
 * request and without waiting. (Where no center list told the zone yet, the time is given in UTC.) Through the n8n-core harness against the sandbox's daily budget.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenter } from '../../nodes/ShoppingCenter/ShoppingCenter.node';
import { pacer } from '../../nodes/shared/transport';
import { NOW, run } from '../helpers/action-run';
import { PRO_CENTER, startSandbox, type Sandbox } from '../../sandbox';

const params: INodeParameters = {
	resource: 'shop',
	operation: 'getMany',
	center: { __rl: true, mode: 'id', value: PRO_CENTER },
	returnAll: true,
};

let sb: Sandbox;
beforeAll(async () => {
	pacer.clear();
	// the rate windows stand still (rateClock frozen): the day's budget cannot turn over under the test
	sb = await startSandbox({
		seed: 42,
		now: NOW,
		rateClock: 'frozen',
		rateLimits: { pro: { perDay: 20 } },
	});
});
afterAll(async () => {
	pacer.clear();
	await sb.close();
});

async function listShops(parameters: INodeParameters = params) {
	const started = Date.now();
	const result = await run(sb, new ShoppingCenter(), parameters);
	const statuses = result.requests.filter((e) => e.sc_id === PRO_CENTER).map((e) => e.status);
	return { result, ms: Date.now() - started, statuses };
}

test('a spent daily budget: this run and later runs fail at once, saying when it returns (center time)', async () => {
	// the center list (read by most operations) tells the package each center's time zone
	const centers = await listShops({ resource: 'center', operation: 'getMany', returnAll: true });
	expect(centers.result.error).toBeUndefined();
	const ok = await listShops();
	expect(ok.result.error).toBeUndefined();
	sb.spendBudget(PRO_CENTER, 20);

	const first = await listShops();
	expect(first.statuses).toEqual([429]);
	expect(first.result.error?.message).toMatch(
		/request budget is used up until \d{4}-\d{2}-\d{2} \d{2}:\d{2} Asia\/Yekaterinburg/,
	);
	expect(first.ms).toBeLessThan(5000);

	const second = await listShops();
	expect(second.statuses).toEqual([]);
	expect(second.result.error?.message).toMatch(
		/request budget is used up until .* Asia\/Yekaterinburg.*fail at once/,
	);
	expect(second.ms).toBeLessThan(5000);
});
