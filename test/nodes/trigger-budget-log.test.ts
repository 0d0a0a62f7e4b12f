/**
 * What the trigger says of its day budget in n8n's log: every poll, per center, the requests of the
 * poll and of the center's day against the share; once per node and center, a configuration the share
 * cannot keep (reading every shop at least every N minutes needs more than the share), in words, with
 * what to change.
 */
import type { INodeParameters } from 'n8n-workflow';
import { forgetNodeMemory } from '../../nodes/ShoppingCenterEventsTrigger/memory';
import { H, ok, PRO, sandbox, useTriggerSandbox } from '../helpers/trigger-setup';

useTriggerSandbox();

const params = (extra: INodeParameters = {}): INodeParameters => ({
	event: 'newReceipt',
	centerScope: 'selected',
	centerIds: [PRO],
	...extra,
});

describe('the day budget in the log', () => {
	test('every poll logs the requests of the day against the share, per center', async () => {
		await sandbox();
		const first = await ok(params(), { workflowId: 'wf-log' });
		const line = (r: typeof first) =>
			r.logs.find(
				(l) => l.level === 'info' && /Shopping Center Trigger \(New Receipt\)/.test(l.message),
			)?.message ?? '';
		const m1 =
			/center 1002: (\d+) request\(s\), today (\d+) of 25,000 \(50 % of PRO's 50,000\)/.exec(
				line(first),
			);
		expect(m1).not.toBeNull();
		expect(Number(m1![2])).toBe(Number(m1![1]));
		const second = await ok(params(), { workflowId: 'wf-log', staticData: first.staticData });
		const m2 = /center 1002: (\d+) request\(s\), today (\d+) of 25,000([^;]*);/.exec(line(second))!;
		// the day's count goes on from the saved state; the share's terms are said once, not every poll
		expect(Number(m2[2])).toBe(Number(m1![2]) + Number(m2[1]));
		expect(m2[3]).toBe('');
		// the line names the node and its workflow
		expect(line(first)).toMatch(
			/^Shopping Center Trigger \(New Receipt\) "[^"]+" in "[^"]+": \d+ read/,
		);
	});

	test('a share that cannot keep the quiet bound is said once, with the numbers and what to change', async () => {
		await sandbox();
		const p = params({ dayBudgetShare: 1, quietMaxWaitMinutes: 5 });
		const notice = (r: Awaited<ReturnType<typeof ok>>) =>
			r.logs.filter((l) => l.level === 'warn' && /Day Budget Share allows/.test(l.message));
		const first = await ok(p, { workflowId: 'wf-notice' });
		const said = notice(first);
		expect(said).toHaveLength(1);
		// 12 shops every 5 minutes: 3,456 requests a day, above 1 % of PRO's 50,000
		expect(said[0].message).toMatch(
			/center 1002: reading its 1\d shop\(s\) at least every 5 minutes needs about 3,\d{3} requests a day, more than the 500 the Day Budget Share allows \(1 % of PRO's 50,000\).*Raise Day Budget Share, choose fewer shops \(Shops: Selected Shops\), or raise Read Quiet Shops at Least Every/,
		);
		const { sb } = await import('../helpers/trigger-setup');
		sb.clock.advance(H);
		const second = await ok(p, { workflowId: 'wf-notice', staticData: first.staticData });
		expect(notice(second)).toHaveLength(0);
		// one share for all the trigger nodes of a center: another node of this n8n on 1002 is held to
		// the smallest share among them (1 %) too
		const other = await ok(params({ quietMaxWaitMinutes: 5 }), { workflowId: 'wf-other' });
		expect(notice(other)).toHaveLength(1);
		expect(notice(other)[0].message).toContain('more than the 500 the Day Budget Share allows');
		// alone (a fresh process), the same configuration with a share that keeps it says nothing
		forgetNodeMemory();
		const fine = await ok(params({ quietMaxWaitMinutes: 5 }), { workflowId: 'wf-fine' });
		expect(notice(fine)).toHaveLength(0);
	});
});
