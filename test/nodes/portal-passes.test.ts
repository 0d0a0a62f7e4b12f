/**
 * Shopping Center Portal through the n8n-core harness against the sandbox: Pass → Get Many (by
 * creation period, validity period and/or ticket numbers, statuses, newest first).
 */
import type { INodeParameters } from 'n8n-workflow';
import { ofRoute, q, qList, run } from '../helpers/action-run';
import {
	basicUids,
	batches,
	node,
	passes,
	passIds,
	proUids,
	sb,
	truth,
	usePortalSandbox,
} from '../helpers/portal-setup';

usePortalSandbox();

describe('Pass → Get Many', () => {
	it('PRO: Return All over a creation period equals the true set, newest first', async () => {
		const r = await run(
			sb,
			node,
			passes('1002', {
				selectBy: 'createdPeriod',
				startDate: '2026-01-01',
				endDate: '2026-11-20',
				returnAll: true,
			}),
		);
		expect(r.status).toBe('success');
		const expected = truth('passes', {
			sc_id: '1002',
			start_created_date: '2026-01-01',
			end_created_date: '2026-11-20',
		});
		expect(expected.length).toBeGreaterThan(300);
		expect(passIds(r.json)).toEqual(expected);
		expect(ofRoute(r.requests, 'passes').every((e) => q(e, 'per_page') === '100')).toBe(true);
		expect(typeof r.json[0].id).toBe('number');
	});

	it('Basic: validity period (finds passes issued in advance)', async () => {
		const r = await run(
			sb,
			node,
			passes('1001', {
				selectBy: 'activePeriod',
				startDate: '2026-11-15',
				endDate: '2026-12-15',
				returnAll: true,
			}),
		);
		const expected = truth('passes', {
			sc_id: '1001',
			start_active_date: '2026-11-15',
			end_active_date: '2026-12-15',
		});
		expect(expected.length).toBeGreaterThan(0);
		expect(passIds(r.json)).toEqual(expected);
	});

	it('500 ticket numbers: one batch', async () => {
		const uids = basicUids.slice(0, 500);
		const r = await run(
			sb,
			node,
			passes('1001', { selectBy: 'ticketNumbers', ticketNumbers: uids.join(','), returnAll: true }),
		);
		expect(batches(ofRoute(r.requests, 'passes'))).toEqual([500]);
		const expected = truth('passes', { sc_id: '1001', ticket_uids: uids.join(',') });
		expect(expected.length).toBeGreaterThan(0);
		expect(passIds(r.json)).toEqual(expected);
	});

	it('501 ticket numbers: two batches (500 + 1), merged newest first', async () => {
		const uids = [...basicUids.slice(1, 501), basicUids[0]];
		const r = await run(
			sb,
			node,
			passes('1001', {
				selectBy: 'ticketNumbers',
				ticketNumbers: `={{ ${JSON.stringify(uids)} }}`,
				returnAll: true,
			}),
		);
		expect(batches(ofRoute(r.requests, 'passes'))).toEqual([500, 1]);
		const expected = truth('passes', { sc_id: '1001', ticket_uids: uids.join(',') });
		expect(passIds(r.json)).toEqual(expected);
		expect(new Set(passIds(r.json)).size).toBe(expected.length);
	});

	it('ticket numbers combined with a creation period', async () => {
		const uids = proUids.slice(0, 300);
		const r = await run(
			sb,
			node,
			passes('1002', {
				selectBy: 'ticketNumbersCreated',
				ticketNumbers: uids.join(','),
				startDate: '2026-09-01',
				endDate: '2026-11-20',
				returnAll: true,
			}),
		);
		const call = ofRoute(r.requests, 'passes')[0];
		expect(call.query).toMatchObject({
			start_created_date: '2026-09-01',
			end_created_date: '2026-11-20',
		});
		expect(qList(call, 'ticket_uids')).toHaveLength(300);
		const expected = truth('passes', {
			sc_id: '1002',
			ticket_uids: uids.join(','),
			start_created_date: '2026-09-01',
			end_created_date: '2026-11-20',
		});
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(
			truth('passes', { sc_id: '1002', ticket_uids: uids.join(',') }).length,
		);
		expect(passIds(r.json)).toEqual(expected);
	});

	it('ticket numbers combined with a validity period', async () => {
		const uids = proUids.slice(0, 100);
		const r = await run(
			sb,
			node,
			passes('1002', {
				selectBy: 'ticketNumbersActive',
				ticketNumbers: uids.join(','),
				startDate: '2026-11-10',
				endDate: '2026-11-30',
				returnAll: true,
			}),
		);
		expect(ofRoute(r.requests, 'passes')[0].query).toMatchObject({
			start_active_date: '2026-11-10',
			end_active_date: '2026-11-30',
		});
		expect(passIds(r.json)).toEqual(
			truth('passes', {
				sc_id: '1002',
				ticket_uids: uids.join(','),
				start_active_date: '2026-11-10',
				end_active_date: '2026-11-30',
			}),
		);
	});

	it('statuses: approved from the list plus free ones, sent as statuses[]', async () => {
		const r = await run(
			sb,
			node,
			passes('1002', {
				selectBy: 'createdPeriod',
				startDate: '2026-06-01',
				endDate: '2026-11-20',
				statuses: ['approved'],
				otherStatuses: ' expired ,pending, approved',
				returnAll: true,
			}),
		);
		expect(qList(ofRoute(r.requests, 'passes')[0], 'statuses')).toEqual([
			'approved',
			'expired',
			'pending',
		]);
		const expected = truth('passes', {
			sc_id: '1002',
			start_created_date: '2026-06-01',
			end_created_date: '2026-11-20',
			statuses: 'approved,expired,pending',
		});
		expect(expected.length).toBeGreaterThan(0);
		expect(passIds(r.json)).toEqual(expected);
		expect(
			r.json.every((p) => ['approved', 'expired', 'pending'].includes(p.status as string)),
		).toBe(true);
		expect(new Set(r.json.map((p) => p.status)).size).toBeGreaterThan(1);
	});

	it('Limit: the newest N', async () => {
		const r = await run(
			sb,
			node,
			passes('1002', {
				selectBy: 'createdPeriod',
				startDate: '2026-01-01',
				endDate: '2026-11-20',
				limit: 3,
			}),
		);
		expect(passIds(r.json)).toEqual(
			truth('passes', {
				sc_id: '1002',
				start_created_date: '2026-01-01',
				end_created_date: '2026-11-20',
			}).slice(0, 3),
		);
		expect(ofRoute(r.requests, 'passes')).toHaveLength(1);
	});

	describe('bad input: an error naming the field and the item, before any request', () => {
		it.each([
			[
				'a free status that is not a word',
				{
					selectBy: 'createdPeriod',
					startDate: '2026-01-01',
					endDate: '2026-01-31',
					otherStatuses: 'approved, on hold',
				},
				/^Other Statuses: "on hold" is not a status word/,
			],
			[
				'half a pair with ticket numbers',
				{
					selectBy: 'ticketNumbersCreated',
					ticketNumbers: '1,2',
					startDate: '={{ "" }}',
					endDate: '2026-01-31',
				},
				/^Start Date: is required/,
			],
			[
				'non-digit ticket number',
				{ selectBy: 'ticketNumbers', ticketNumbers: '12,13b' },
				/^Ticket Numbers: "13b" is not a ticket number/,
			],
			[
				'unknown selection',
				{
					selectBy: '={{ "everything" }}',
					ticketNumbers: '1',
					startDate: '2026-01-01',
					endDate: '2026-01-02',
				},
				/^Select By: "everything" is not one of/,
			],
		])('%s', async (_name, extra, message) => {
			const r = await run(sb, node, passes('1002', extra as INodeParameters));
			expect(r.status).toBe('error');
			expect(r.error?.message).toMatch(message);
			expect(r.requests).toEqual([]);
		});
	});

	it('402 (center 1003) under Continue On Fail', async () => {
		const c = await run(
			sb,
			node,
			passes('1003', { selectBy: 'ticketNumbers', ticketNumbers: '1' }),
			{ continueOnFail: true },
		);
		expect(c.status).toBe('success');
		expect(c.json).toHaveLength(1);
		expect(c.json[0]).toMatchObject({ httpCode: '402' });
		expect(c.json[0].error).toMatch(/blocked for non-payment/);
	});
});
