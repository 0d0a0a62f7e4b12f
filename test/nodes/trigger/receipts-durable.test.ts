/**
 * Shopping Center Trigger, New Receipt, as n8n 2.x's durable scheduler runs it, through n8n-core's
 * PollContext (test/harness runPoll) against the sandbox: n8n saves an emitting poll's state after the
 * poll returned (under durable cursors in the transaction that creates the execution), so a tick that
 * starts before that save must not hand the same receipts over again (the guard of carry.ts, shared
 * with the other Events).
 */
import type { INodeParameters } from 'n8n-workflow';
import { ids, now, ok, PRO, sandbox, sb, useTriggerSandbox } from '../../helpers/trigger-setup';
import { expectWaitedForSave } from '../../helpers/poll-save';
import { PENDING_MS } from '../../../nodes/ShoppingCenterEventsTrigger/memory';

useTriggerSandbox();

const MIN = 60_000;
const SHOP = '1002-02';
const params: INodeParameters = {
	event: 'newReceipt',
	centerScope: 'selected',
	centerIds: [PRO],
	receiptShops: 'selected',
	receiptShopIds: SHOP,
};
/** One trigger node of one workflow: what the trigger keeps in the process is keyed by it. */
const WF = 'receipts-durable';

/** The receipts of the shop the API shows at a moment (received from the day before the test on). */
function visibleAt(at: Date): string[] {
	return sb.store.truth(
		'receipts',
		{
			sc_id: PRO,
			shop_id: SHOP,
			start_received_date: '2026-11-19',
			end_received_date: '2099-01-01',
		},
		at,
	).ids;
}
const minus = (a: string[], b: string[]) => a.filter((x) => !b.includes(x));

describe('New Receipt: n8n saves an emitting poll’s state after the poll returned', () => {
	test('a tick that starts before that save emits nothing and reads nothing; after the save polls go on; a save that never comes lets the receipts come again', async () => {
		await sandbox();
		const base = await ok(params, { workflowId: WF });
		expect(base.items).toBeNull(); // "remember what exists"
		const t0 = now();
		sb.clock.advance(5 * MIN);
		const late = sb.store.insert('receipt', PRO, 3, now(), { shop_id: SHOP });
		const first = await ok(params, { staticData: base.staticData, workflowId: WF });
		expect(ids(first)).toEqual(expect.arrayContaining(late));
		expect(ids(first).sort()).toEqual(minus(visibleAt(now()), visibleAt(t0)).sort());

		// the next tick, while n8n still commits the first poll's execution with its state
		const requests = sb.log.list().length;
		const early = await ok(params, { staticData: base.staticData, workflowId: WF });
		expectWaitedForSave(sb, early, base.staticData, requests);

		// saved: the next poll goes on from it, nothing of the first poll again
		sb.clock.advance(MIN);
		const more = sb.store.insert('receipt', PRO, 2, now(), { shop_id: SHOP });
		const next = await ok(params, { staticData: first.staticData, workflowId: WF });
		expect(ids(next)).toEqual(expect.arrayContaining(more));
		expect(ids(next).filter((id) => ids(first).includes(id))).toEqual([]);

		// n8n never saved `next` (its execution was not created): once PENDING_MS passed they come again
		sb.clock.advance(PENDING_MS / 2);
		const waiting = await ok(params, { staticData: first.staticData, workflowId: WF });
		expect(waiting.items).toBeNull();
		sb.clock.advance(PENDING_MS);
		const again = await ok(params, { staticData: first.staticData, workflowId: WF });
		expect(ids(again)).toEqual(expect.arrayContaining(ids(next)));
		expect(ids(again).filter((id) => ids(first).includes(id))).toEqual([]);
	});
});
