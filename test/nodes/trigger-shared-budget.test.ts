/**
 * One budget per center for all the trigger nodes of one n8n (issue 37): New Receipt, New Ticket and
 * New Anomaly on the 30-shop day center, every default (each node's Day Budget Share 50 %), polled
 * every minute through n8n-core's PollContext over the last selling hour of a busy day (21:00–22:00,
 * Tomsk): New Receipt's saved count says it already spent 24,500 of the day (its state as n8n saved it
 * at 21:00), tickets and anomalies arrive all along. Alone, each node would spend up to its own 25,000;
 * together they stay within the one share (25,000 of PRO's 50,000), every node still reads (each emits
 * what arrived), and the log line says how many trigger nodes share the center's count.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../../sandbox';
import { DAY_SMALL_CENTER } from '../../sandbox/fixtures';
import { runPoll } from '../harness';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';
import { ShoppingCenterEventsTrigger } from '../../nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';
import { dayStartMs, todayIn } from '../../nodes/shared/walk/dateWindows';
import { dayCredentials } from '../helpers/sandboxCredentials';
import { restartProcess } from '../helpers/trigger-day';

const MIN = 60_000;
const ZONE = 'Asia/Tomsk';
const SPENT = 24_500;
const SHARE = 25_000;

let sb: Sandbox | undefined;
afterEach(async () => {
	await sb?.close();
	sb = undefined;
	restartProcess();
});

const nodes: Array<{ event: string; workflowId: string }> = [
	{ event: 'newReceipt', workflowId: 'wf-receipts' },
	{ event: 'newTicket', workflowId: 'wf-tickets' },
	{ event: 'newAnomaly', workflowId: 'wf-anomalies' },
];

test('New Receipt, New Ticket and New Anomaly on one center, every default, a busy day: together within the one share', async () => {
	const start = dayStartMs('2026-11-20', ZONE) + 21 * 60 * MIN;
	sb = await startSandbox({ now: new Date(start).toISOString() });
	const trigger = new ShoppingCenterEventsTrigger();
	const credentials = dayCredentials(sb.baseUrl);
	// New Receipt's saved state at 21:00: the day's count so far (no shop read yet in this state)
	const at0 = new Date(start - MIN).toISOString();
	const state: Record<string, IDataObject | undefined> = {
		newReceipt: {
			version: 1,
			event: 'newReceipt',
			centers: {
				[DAY_SMALL_CENTER]: {
					day: '2026-11-20',
					at: at0,
					budget: { day: '2026-11-20', used: SPENT, credit: 0, at: start - MIN, plan: 'pro' },
				},
			},
		},
	};
	const emitted: Record<string, number> = {};
	let lastLine = '';
	let saidNodes = false;
	const polls = 60;
	for (let i = 0; i < polls; i++) {
		const at = start + i * MIN;
		sb.clock.set(new Date(at));
		if (i % 15 === 7) {
			sb.store.insert('ticket', DAY_SMALL_CENTER, 2, new Date(at));
			sb.store.insert('anomaly', DAY_SMALL_CENTER, 1, new Date(at), {
				date: todayIn(ZONE, new Date(at)),
			});
		}
		for (const n of nodes) {
			const parameters: INodeParameters = {
				event: n.event,
				centerScope: 'selected',
				centerIds: [DAY_SMALL_CENTER],
			};
			const r = await runPoll({
				nodeType: trigger,
				credentialTypes: [new ShoppingCenterApi()],
				credentials,
				parameters,
				staticData: state[n.event],
				workflowId: n.workflowId,
				now: new Date(at),
			});
			if (r.error) throw r.error;
			state[n.event] = r.staticData;
			emitted[n.event] = (emitted[n.event] ?? 0) + (r.items?.[0]?.length ?? 0);
			const line = r.logs.find(
				(l) => l.level === 'info' && /Shopping Center Trigger \(/.test(l.message),
			);
			if (line) lastLine = line.message;
			if (line && /for 3 trigger nodes together/.test(line.message)) saidNodes = true;
		}
	}
	const requests = sb.log.list().filter((e) => e.sc_id === DAY_SMALL_CENTER).length;
	expect(SPENT + requests).toBeLessThanOrEqual(SHARE);
	// the share bound: New Receipt alone would spend more than what was left of it in this hour
	expect(requests).toBeGreaterThan(0.8 * (SHARE - SPENT));
	for (const n of nodes) expect(emitted[n.event]).toBeGreaterThan(0);
	expect(lastLine).toMatch(/today [\d,]+ of 25,000/);
	expect(saidNodes).toBe(true);
	process.stdout.write(
		`three trigger nodes on ${DAY_SMALL_CENTER}, 21:00–22:00: ${SPENT} + ${requests} requests (one share ${SHARE}); emitted ${JSON.stringify(emitted)}\n`,
	);
}, 600_000);
