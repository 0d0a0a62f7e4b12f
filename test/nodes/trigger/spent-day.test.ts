/**
 * A center's day spent by another client (issue 37): the API answers 429 with a Retry-After until the
 * budget's day turns. The trigger says so once, as the poll's error (with n8n-workflow's failure cause
 * `quota-exhausted` and the moment it resets), then sends nothing to that center until that moment —
 * each poll's log line says so — and goes on with the other centers. When the budget is back, every
 * receipt of the pause is emitted, once. Also: a restart keeps the pause (it is in the saved state).
 */
import type { IDataObject } from 'n8n-workflow';
import { forgetNodeMemory } from '../../../nodes/ShoppingCenterEventsTrigger/memory';
import { tokenCache, pacer } from '../../../nodes/shared/transport';
import {
	ids,
	lastSeq,
	now,
	poll,
	PRO,
	PRO_FAR,
	receiptParams,
	sandbox,
	sb,
	useTriggerSandbox,
} from '../../helpers/trigger-setup';

useTriggerSandbox();

const MIN = 60_000;
const params = receiptParams([PRO, PRO_FAR]);

/** The requests of center `sc` in the sandbox's log after `seq`. */
const requestsOf = (sc: string, seq: number) =>
	sb.log.list().filter((e) => e.seq > seq && e.sc_id === sc).length;

describe('a center whose day another client spent', () => {
	test('60 polls a minute apart: ≤ 3 requests to it, ≤ 2 failed polls, the other center read; after the reset every receipt of the pause once', async () => {
		// the sandbox's day budget turns at 00:00 UTC: 60 polls a minute apart before it
		await sandbox({ now: '2026-11-20T22:59:05Z' });
		const wf = { workflowId: 'wf-spent' };
		let state: IDataObject = (await poll(params, wf)).staticData;
		// what n8n saved: after a poll that emitted (a restart starts from it)
		let saved = state;
		sb.limiter.spend(PRO, 50_000);
		const seq = lastSeq();
		const inserted: Record<string, string[]> = { [PRO]: [], [PRO_FAR]: [] };
		const emitted: string[] = [];
		const errors: Array<{ message: string; failure?: unknown }> = [];
		const lines: string[] = [];
		let restarted = false;
		for (let i = 0; i < 60; i++) {
			sb.clock.advance(MIN);
			if (i % 10 === 5)
				for (const sc of [PRO, PRO_FAR])
					inserted[sc].push(...sb.store.insert('receipt', sc, 2, now()));
			if (i === 30) {
				// n8n restarted: the pause must come from the saved state
				forgetNodeMemory();
				tokenCache.clear();
				pacer.clear();
				state = saved;
				restarted = true;
			}
			const r = await poll(params, { ...wf, staticData: state });
			if (r.error) errors.push(r.error as unknown as { message: string; failure?: unknown });
			else state = r.staticData;
			if (r.items) saved = r.staticData;
			emitted.push(...ids(r));
			const line = r.logs.find(
				(l) => l.level === 'info' && /Shopping Center Trigger \(/.test(l.message),
			);
			if (line) lines.push(line.message);
		}
		expect(restarted).toBe(true);
		expect(requestsOf(PRO, seq)).toBeLessThanOrEqual(3);
		expect(errors.length).toBeGreaterThanOrEqual(1);
		expect(errors.length).toBeLessThanOrEqual(2);
		expect(errors[0].failure).toMatchObject({ cause: 'quota-exhausted' });
		const resets = (errors[0].failure as { resetsAtEpochMs: number }).resetsAtEpochMs;
		// the moment the budget's day turns (00:00 UTC here), as the API's Retry-After tells it (seconds)
		expect(Math.abs(resets - Date.parse('2026-11-21T00:00:00Z'))).toBeLessThanOrEqual(60_000);
		// each later poll says why center 1002 is not read
		expect(
			lines
				.slice(-20)
				.every((l) => /center 1002: nothing sent until 2026-11-21 0(4:59|5:00)/.test(l)),
		).toBe(true);
		// the other center went on
		expect(emitted.filter((id) => inserted[PRO_FAR].includes(id)).sort()).toEqual(
			[...inserted[PRO_FAR]].sort(),
		);
		expect(emitted.filter((id) => inserted[PRO].includes(id))).toEqual([]);

		// the budget is back: every receipt of the pause, once
		for (let i = 0; i < 5; i++) {
			sb.clock.advance(MIN);
			const r = await poll(params, { ...wf, staticData: state });
			expect(r.error).toBeUndefined();
			emitted.push(...ids(r));
			state = r.staticData;
		}
		expect(emitted.filter((id) => inserted[PRO].includes(id)).sort()).toEqual(
			[...inserted[PRO]].sort(),
		);
		expect(new Set(emitted).size).toBe(emitted.length);
	}, 120_000);
});
