/**
 * What the trigger says of its day budget in n8n's log: every poll, per center, the requests of the
 * poll and of the center's day against the share; once per node and center, a configuration the share
 * cannot keep (reading every shop at least every N minutes needs more than the share), in words, with
 * what to change; after a restart the estimated count marked as one; a center of "All My Centers" that
 * refuses reads (blocked) said once and tried again less and less, each poll's line saying so.
 */
import type { INodeParameters } from 'n8n-workflow';
import { forgetNodeMemory } from '../../../nodes/ShoppingCenterEventsTrigger/memory';
import { BLOCKED, H, ok, PRO, sandbox, sb, useTriggerSandbox } from '../../helpers/trigger-setup';

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
			/^Shopping Center Trigger \(New Receipt\): \d+ read\(s\), .*; node "[^"]+" of workflow "[^"]+"$/,
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

	test('after a restart the count n8n had not saved is estimated, and the line marks it as an estimate', async () => {
		await sandbox();
		const wf = { workflowId: 'wf-restart' };
		const first = await ok(params(), wf);
		sb.clock.advance(H);
		// n8n restarted: nothing of the process is left, the poll gets the state n8n saved an hour ago
		forgetNodeMemory();
		const after = await ok(params(), { ...wf, staticData: first.staticData });
		const line = after.logs.find((l) => /Shopping Center Trigger \(New Receipt\)/.test(l.message))!;
		expect(line.message).toMatch(
			/center 1002: \d+ request\(s\), today ~[\d,]+ of 25,000 .*\(an estimate: ~\d+ of it for polls n8n had not saved before its restart/,
		);
		sb.clock.advance(60_000);
		const next = await ok(params(), { ...wf, staticData: after.staticData });
		const plain = next.logs.find((l) => /Shopping Center Trigger \(New Receipt\)/.test(l.message))!;
		expect(plain.message).not.toMatch(/estimate/);
	});

	test('a blocked center of All My Centers: said once, tried again after 1, 2, 4 … minutes, each line saying so', async () => {
		await sandbox();
		const p: INodeParameters = { event: 'newTicket', centerScope: 'all' };
		const wf = { workflowId: 'wf-blocked' };
		const first = await ok(p, wf);
		let state = first.staticData;
		const seq = sb.log.list().at(-1)?.seq ?? 0;
		const skipped = (r: typeof first) =>
			r.logs
				.filter((l) => l.level === 'warn' && /1003 skipped/.test(l.message))
				.map((l) => l.message);
		const warned: string[] = skipped(first);
		const lines: string[] = [];
		for (let i = 0; i < 20; i++) {
			sb.clock.advance(60_000);
			const r = await ok(p, { ...wf, staticData: state });
			state = r.staticData;
			warned.push(...skipped(r));
			lines.push(
				r.logs.find((l) => /Shopping Center Trigger \(New Ticket\)/.test(l.message))?.message ?? '',
			);
		}
		const tries = sb.log.list().filter((e) => e.seq > seq && e.sc_id === BLOCKED).length;
		// 20 minutes: tried at about 1, 3, 7 and 15 minutes, not at every poll
		expect(tries).toBeGreaterThanOrEqual(2);
		expect(tries).toBeLessThanOrEqual(5);
		// said once, at the first poll
		expect(warned).toHaveLength(1);
		expect(
			lines.filter((l) =>
				/center 1003: skipped \(it refused the last read\), tried again after/.test(l),
			).length,
		).toBeGreaterThanOrEqual(14);
	});
});
