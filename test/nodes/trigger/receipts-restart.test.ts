/**
 * Shopping Center Trigger, New Receipt, across a restart of n8n 1.x (classic mode), through n8n-core's
 * PollContext (test/harness runPoll) against the sandbox: n8n saves the activation's poll, and after it
 * only polls that emitted; a center the activation's poll did not reach is first read by a poll n8n
 * does not save. After a restart the trigger starts again from the activation's state: what arrived
 * since the activation is emitted then, once (the receipts e2e's 1.123.81 leg lost it: the activation
 * ran out of time before centers 1002 and 1004 on a loaded machine).
 */
import type { IDataObject } from 'n8n-workflow';
import { forgetNodeMemory } from '../../../nodes/ShoppingCenterEventsTrigger/memory';
import { forgetPools } from '../../../nodes/ShoppingCenterEventsTrigger/budgetPool';
import {
	ids,
	now,
	ok,
	PRO,
	PRO_FAR,
	receiptParams,
	sandbox,
	sb,
	useTriggerSandbox,
} from '../../helpers/trigger-setup';

useTriggerSandbox();

const MIN = 60_000;
const params = receiptParams([PRO, PRO_FAR], {
	receiptShops: 'selected',
	receiptShopIds: '1002-02, 1004-03',
});
const WF = 'receipts-restart';
const centers = (s: IDataObject) => s.centers as Record<string, IDataObject>;

describe('New Receipt: a center the activation did not reach, across a restart of n8n 1.x', () => {
	test('the activation keeps when each center was due; a restart before any emitting poll emits what arrived since, once', async () => {
		await sandbox();
		// the activation's poll: its time is up before the first center (n8n 1.x saves this state)
		const activation = await ok(params, { workflowId: WF, pollBudgetMs: 1 });
		expect(activation.items).toBeNull();
		const saved = activation.staticData;
		for (const sc of [PRO, PRO_FAR]) expect(centers(saved)[sc]?.receipts).toBeDefined();

		// the next poll reads both centers for the first time and finds nothing new: n8n saves nothing
		sb.clock.advance(MIN);
		const unsaved = await ok(params, { staticData: saved, workflowId: WF });
		expect(unsaved.items).toBeNull();

		// receipts arrive; n8n is killed and started again: the trigger has the activation's state only
		sb.clock.advance(MIN);
		const late = [
			...sb.store.insert('receipt', PRO, 2, now(), { shop_id: '1002-02' }),
			...sb.store.insert('receipt', PRO_FAR, 2, now(), { shop_id: '1004-03' }),
		];
		forgetNodeMemory();
		forgetPools();
		sb.clock.advance(MIN);
		const restarted = await ok(params, { staticData: saved, workflowId: WF });
		expect(
			ids(restarted)
				.filter((id) => late.includes(id))
				.sort(),
		).toEqual([...late].sort());
		const again = await ok(params, { staticData: restarted.staticData, workflowId: WF });
		expect(again.items).toBeNull();
	});
});
