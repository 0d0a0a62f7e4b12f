/**
 * Shopping Center Trigger at a center's midnight with the API's clock a little behind n8n's (two
 * clocks differ by seconds or minutes): through n8n-core's PollContext (test/harness runPoll) against
 * the sandbox over real HTTP, n8n's clock and the sandbox's set apart. The API refuses a read through a
 * day it has not begun (422: the end date after the freshest one); in the first 5 minutes of a
 * center's day the trigger then reads that center again through the day before, and the next poll reads
 * what arrived meanwhile. With the clocks agreeing nothing waits; a 422 later in the day stays an
 * error. Checked for New Receipt (its shops) and New Anomaly (a list event); for an API that answers
 * what exists instead of refusing (sandbox option afterFreshest 'empty') too.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { RunPollResult } from '../../harness';
import { pacer, tokenCache } from '../../../nodes/shared/transport';
import { forgetCenters } from '../../../nodes/shared/center';
import { clearPlans } from '../../../nodes/shared/transport/planCache';
import {
	anomalyParams,
	ids,
	lastSeq,
	ok,
	poll,
	PRO,
	sandbox,
	sb,
	useTriggerSandbox,
} from '../../helpers/trigger-setup';

// PRO is 1002, Asia/Yekaterinburg, UTC+5: its 21 Nov begins at 2026-11-20T19:00:00Z
const MIDNIGHT = Date.parse('2026-11-20T19:00:00Z');
const MIN = 60_000;

useTriggerSandbox();
/** The sandbox at 23:50 in Yekaterinburg; `afterFreshest`: what it answers for a day not begun. */
async function start(afterFreshest: 'reject' | 'empty' = 'reject'): Promise<void> {
	tokenCache.clear();
	pacer.clear();
	forgetCenters();
	clearPlans();
	await sandbox({ now: new Date(MIDNIGHT - 10 * MIN).toISOString(), afterFreshest });
}

/** A poll at n8n's moment `n8nMs` (the sandbox keeps its own clock); it must succeed. */
const pollAt = (parameters: INodeParameters, n8nMs: number, staticData?: IDataObject) =>
	ok(parameters, { staticData, at: new Date(n8nMs), workflowId: 'midnight' });
const receiptParams: INodeParameters = {
	event: 'newReceipt',
	centerScope: 'selected',
	centerIds: [PRO],
};

/** The data requests since `seq`: their status and the last day they asked for. */
const callsSince = (seq: number) =>
	sb.log
		.list({ since: seq })
		.filter((e) => e.route === 'receipts' || e.route === 'anomalies')
		.map((e) => ({
			status: e.status,
			end: String(e.query?.end_received_date ?? e.query?.end_date ?? ''),
		}));

/** Every receipt of the center received in [from, through] (days, its zone) as the sandbox sees it now. */
const receiptsNow = (from: string, through: string) =>
	sb.store.truth(
		'receipts',
		{ sc_id: PRO, start_received_date: from, end_received_date: through },
		sb.clock.now(),
	).ids;

describe('Shopping Center Trigger: midnight with the API a little behind', () => {
	// what the API answers for a day it has not begun is not in the spec: a 422, or what exists
	test.each([
		['refuses it (422): the center read again through the day before', 'reject'],
		['answers what exists: no refusal, read through the new day', 'empty'],
	] as const)(
		'New Receipt, the API 30 s behind 2 min after midnight %s; 6 min after, through the new day; each receipt once',
		async (_what, answer) => {
			await start(answer);
			const params: INodeParameters = {
				event: 'newReceipt',
				centerScope: 'selected',
				centerIds: [PRO],
			};
			const first = await pollAt(params, MIDNIGHT - 10 * MIN);
			expect(ids(first)).toEqual([]);
			const existed = new Set(receiptsNow('2026-11-19', '2026-11-21'));

			sb.clock.set(new Date(MIDNIGHT - 30_000));
			const beforeMidnight = sb.store.insert('receipt', PRO, 3, sb.clock.now(), {
				shop_id: '1002-02',
			});
			let seq = lastSeq();
			const second = await pollAt(params, MIDNIGHT + 2 * MIN, first.staticData);
			const calls2 = callsSince(seq);
			if (answer === 'reject') {
				// the first read through 21 Nov refused, then the center read again through 20 Nov
				expect(calls2[0]).toEqual({ status: 422, end: '2026-11-21' });
				expect(calls2.length).toBeGreaterThan(1);
				expect(calls2.slice(1).filter((c) => c.status !== 200 || c.end !== '2026-11-20')).toEqual(
					[],
				);
			} else expect(calls2.filter((c) => c.status !== 200 || c.end !== '2026-11-21')).toEqual([]);
			expect(ids(second)).toEqual(expect.arrayContaining(beforeMidnight));

			sb.clock.set(new Date(MIDNIGHT + 6 * MIN));
			const afterMidnight = sb.store.insert('receipt', PRO, 2, sb.clock.now(), {
				shop_id: '1002-01',
			});
			seq = lastSeq();
			const third = await pollAt(params, MIDNIGHT + 6 * MIN + 10_000, second.staticData);
			const calls3 = callsSince(seq);
			expect(calls3.filter((c) => c.status !== 200)).toEqual([]);
			expect(new Set(calls3.map((c) => c.end))).toEqual(new Set(['2026-11-21']));
			expect(ids(third)).toEqual(expect.arrayContaining(afterMidnight));

			// each receipt that reached the platform after the first poll, once
			const emitted = [...ids(second), ...ids(third)];
			expect(new Set(emitted).size).toBe(emitted.length);
			const arrived = receiptsNow('2026-11-19', '2026-11-21').filter((id) => !existed.has(id));
			expect([...emitted].sort()).toEqual(arrived.sort());
		},
	);

	test('New Anomaly (a list event): 4 min after midnight (the API still at 23:59:30) it reads through the day before, with no error', async () => {
		await start();
		const params = anomalyParams();
		const first = await pollAt(params, MIDNIGHT - 10 * MIN);
		sb.clock.set(new Date(MIDNIGHT - 30_000));
		const seq = lastSeq();
		const second = await pollAt(params, MIDNIGHT + 4 * MIN, first.staticData);
		expect((second.staticData.centers as IDataObject)[PRO]).toMatchObject({ day: '2026-11-20' });
		expect(callsSince(seq)).toEqual([
			{ status: 422, end: '2026-11-21' },
			{ status: 200, end: '2026-11-20' },
		]);
	});

	test('clocks that agree: 1 min after midnight it reads through the new day at once, no 422; a receipt received 30 s after midnight is emitted by that poll', async () => {
		await start();
		const params = receiptParams;
		const first = await pollAt(params, MIDNIGHT - 10 * MIN);
		sb.clock.set(new Date(MIDNIGHT + 30_000));
		const late = sb.store.insert('receipt', PRO, 2, sb.clock.now(), { shop_id: '1002-02' });
		sb.clock.set(new Date(MIDNIGHT + MIN));
		const seq = lastSeq();
		const second = await pollAt(params, MIDNIGHT + MIN, first.staticData);
		const calls = callsSince(seq);
		expect(calls.filter((c) => c.status !== 200 || c.end !== '2026-11-21')).toEqual([]);
		expect(ids(second)).toEqual(expect.arrayContaining(late));
	});

	test("a 422 later than 5 min after midnight (the API 10 min behind) is the poll's error: nothing emitted, the state stays", async () => {
		await start();
		const params = anomalyParams();
		const first = await pollAt(params, MIDNIGHT - 20 * MIN);
		sb.clock.set(new Date(MIDNIGHT - 3 * MIN));
		const seq = lastSeq();
		const r: RunPollResult = await poll(params, {
			staticData: first.staticData,
			at: new Date(MIDNIGHT + 7 * MIN),
			workflowId: 'midnight',
		});
		expect(String(r.error?.message)).toMatch(/end_date/);
		expect(callsSince(seq)).toEqual([{ status: 422, end: '2026-11-21' }]);
		expect(r.staticData).toEqual(first.staticData);
	});
});
