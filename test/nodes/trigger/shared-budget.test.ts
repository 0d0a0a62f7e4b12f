/**
 * One budget per center for all the trigger nodes of one n8n (issue 37): New Receipt, New Ticket and
 * New Anomaly on the 30-shop day center, every default (each node's Day Budget Share 50 %), polled
 * every minute through n8n-core's PollContext over the last hour of a busy day (23:00–24:00, Tomsk):
 * New Receipt's saved count says it already spent 24,950 of the day (its state as n8n saved it), the
 * round-the-clock shops sell, late receipts arrive, tickets and anomalies arrive all along.
 * Checked: together they stay within the one share (25,000 of PRO's 50,000), every node still reads (each
 * emits what arrived), and the log line says how many trigger nodes share the center's count. The same
 * hour with each node on its own (as before: a share each) goes past the share, so the check can fail.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../../../sandbox';
import { DAY_SMALL_CENTER } from '../../../sandbox/fixtures/centers';
import { runPoll } from '../../harness';
import { ShoppingCenterApi } from '../../../credentials/ShoppingCenterApi.credentials';
import { ShoppingCenterEventsTrigger } from '../../../nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';
import { forgetPools } from '../../../nodes/ShoppingCenterEventsTrigger/budgetPool';
import { dayStartMs, todayIn } from '../../../nodes/shared/walk/dateWindows';
import { dayCredentials } from '../../helpers/sandboxCredentials';
import { restartProcess } from '../../helpers/trigger-day';

const MIN = 60_000;
const ZONE = 'Asia/Tomsk';
const SHARE = 25_000;
const SPENT = 24_950;
const DATE = '2026-11-20';

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

interface HourFacts {
	requests: number;
	emitted: Record<string, number>;
	lines: string[];
}

/** The three nodes over 23:00–24:00; `alone`: each node as if it were the only one (no shared count). */
async function hour(alone: boolean): Promise<HourFacts> {
	const start = dayStartMs(DATE, ZONE) + 23 * 60 * MIN;
	sb = await startSandbox({ now: new Date(start).toISOString() });
	const trigger = new ShoppingCenterEventsTrigger();
	const credentials = dayCredentials(sb.baseUrl);
	const budget = { day: DATE, used: SPENT, credit: 0, at: start - MIN, plan: 'pro' };
	const center = { day: DATE, at: new Date(start - MIN).toISOString(), budget };
	const state: Record<string, IDataObject | undefined> = {
		newReceipt: { version: 1, event: 'newReceipt', centers: { [DAY_SMALL_CENTER]: center } },
	};
	const facts: HourFacts = { requests: 0, emitted: {}, lines: [] };
	const seq = sb.log.list().at(-1)?.seq ?? 0;
	for (let i = 0; i < 60; i++) {
		const at = new Date(start + i * MIN);
		sb.clock.set(at);
		if (i % 15 === 7) {
			sb.store.insert('ticket', DAY_SMALL_CENTER, 2, at);
			sb.store.insert('anomaly', DAY_SMALL_CENTER, 1, at, { date: todayIn(ZONE, at) });
		}
		for (const n of nodes) {
			if (alone) forgetPools();
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
				now: at,
			});
			if (r.error) throw r.error;
			state[n.event] = r.staticData;
			facts.emitted[n.event] = (facts.emitted[n.event] ?? 0) + (r.items?.[0]?.length ?? 0);
			const line = r.logs.find((l) => /Shopping Center Trigger \(/.test(l.message));
			if (line) facts.lines.push(line.message);
		}
	}
	facts.requests = sb.log.list().filter((e) => e.seq > seq && e.sc_id === DAY_SMALL_CENTER).length;
	await sb.close();
	sb = undefined;
	restartProcess();
	return facts;
}

test('New Receipt, New Ticket and New Anomaly on one center, every default, a busy day: together within the one share', async () => {
	const shared = await hour(false);
	expect(SPENT + shared.requests).toBeLessThanOrEqual(SHARE);
	for (const n of nodes) expect(shared.emitted[n.event]).toBeGreaterThan(0);
	expect(shared.lines.some((l) => /for 3 trigger nodes together/.test(l))).toBe(true);
	expect(shared.lines.at(-1)).toMatch(/today [\d,]+ of 25,000/);
	// each node on its own share: the three go past it
	const alone = await hour(true);
	expect(SPENT + alone.requests).toBeGreaterThan(SHARE);
	process.stdout.write(
		`three trigger nodes on ${DAY_SMALL_CENTER}, 23:00–24:00 after ${SPENT} spent: ${shared.requests} requests with one share (${SHARE}), ${alone.requests} with a share each; emitted ${JSON.stringify(shared.emitted)}\n`,
	);
}, 600_000);
