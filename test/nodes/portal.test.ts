/**
 * Shopping Center Portal through the n8n-core harness against the sandbox: tickets and passes by
 * creation period, validity period and ticket numbers (batched 100 / 500 a call), statuses, Return All
 * equal to the sandbox's true set, Limit across batches, input checks before any request, 402,
 * Continue On Fail.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ofRoute, q, qList, run } from '../helpers/action-run';
import {
	basicUids,
	batches,
	node,
	proUids,
	sb,
	ticketIds,
	tickets,
	truth,
	usePortalSandbox,
} from '../helpers/portal-setup';

usePortalSandbox();

describe('Ticket → Get Many', () => {
	it.each(['1001', '1002'])(
		'center %s: Return All over a long creation period equals the true set, newest first, 100 a page',
		async (scId) => {
			const r = await run(
				sb,
				node,
				tickets(scId, {
					selectBy: 'createdPeriod',
					startDate: '2025-01-01',
					endDate: '2026-11-20',
					returnAll: true,
				}),
			);
			expect(r.status).toBe('success');
			const expected = scId === '1001' ? basicUids : proUids;
			expect(ticketIds(r.json)).toEqual(expected);
			const calls = ofRoute(r.requests, 'tickets');
			expect(calls).toHaveLength(Math.ceil(expected.length / 100));
			expect(
				calls.every(
					(e) =>
						q(e, 'per_page') === '100' &&
						q(e, 'start_created_date') === '2025-01-01' &&
						q(e, 'end_created_date') === '2026-11-20',
				),
			).toBe(true);
			expect(
				calls.some(
					(e) =>
						'start_active_date' in e.query || 'ticket_uids' in e.query || 'statuses' in e.query,
				),
			).toBe(false);
			expect(r.json[0]).toHaveProperty('custom_fields');
			expect(r.json[0]).toHaveProperty('agreement_comments');
		},
	);

	it('validity period: selects by overlap, future days allowed', async () => {
		const r = await run(
			sb,
			node,
			tickets('1002', {
				selectBy: 'activePeriod',
				startDate: '2026-11-01',
				endDate: '2027-01-31',
				returnAll: true,
			}),
		);
		const expected = truth('tickets', {
			sc_id: '1002',
			start_active_date: '2026-11-01',
			end_active_date: '2027-01-31',
		});
		expect(expected.length).toBeGreaterThan(0);
		expect(ticketIds(r.json)).toEqual(expected);
		const calls = ofRoute(r.requests, 'tickets');
		expect(calls[0].query).toMatchObject({
			start_active_date: '2026-11-01',
			end_active_date: '2027-01-31',
		});
		expect('start_created_date' in calls[0].query).toBe(false);
	});

	it('Limit: the newest N in one request', async () => {
		const r = await run(
			sb,
			node,
			tickets('1002', {
				selectBy: 'createdPeriod',
				startDate: '2025-01-01',
				endDate: '2026-11-20',
				returnAll: false,
				limit: 7,
			}),
		);
		expect(ticketIds(r.json)).toEqual(proUids.slice(0, 7));
		expect(ofRoute(r.requests, 'tickets')).toHaveLength(1);
	});

	it('statuses are sent as statuses[] and filter like the API', async () => {
		const r = await run(
			sb,
			node,
			tickets('1001', {
				selectBy: 'createdPeriod',
				startDate: '2026-01-01',
				endDate: '2026-11-20',
				statuses: ['agreed', 'agreed_with_conditions'],
				returnAll: true,
			}),
		);
		const expected = truth('tickets', {
			sc_id: '1001',
			start_created_date: '2026-01-01',
			end_created_date: '2026-11-20',
			statuses: 'agreed,agreed_with_conditions',
		});
		expect(expected.length).toBeGreaterThan(0);
		expect(ticketIds(r.json)).toEqual(expected);
		expect(
			r.json.every((t) => t.status === 'agreed' || t.status === 'agreed_with_conditions'),
		).toBe(true);
		expect(qList(ofRoute(r.requests, 'tickets')[0], 'statuses')).toEqual([
			'agreed',
			'agreed_with_conditions',
		]);
	});

	it('100 ticket numbers: one call; a comma list is trimmed and de-duplicated', async () => {
		const uids = basicUids.slice(0, 100);
		const text = ` ${uids.join(' , ')}, ${uids[3]},${uids[7]} ,`;
		const r = await run(
			sb,
			node,
			tickets('1001', { selectBy: 'ticketNumbers', ticketNumbers: text, returnAll: true }),
		);
		expect(r.status).toBe('success');
		expect(ticketIds(r.json)).toEqual(
			truth('tickets', { sc_id: '1001', ticket_uids: uids.join(',') }),
		);
		expect(ticketIds(r.json)).toHaveLength(100);
		expect(batches(ofRoute(r.requests, 'tickets'))).toEqual([100]);
		expect(r.requests.some((e) => e.route === 'centers')).toBe(false);
	});

	it('101 ticket numbers: two calls (100 + 1), merged newest first without duplicates', async () => {
		// every 5th ticket, so that the two batches interleave in time
		const uids = basicUids.filter((_, i) => i % 5 === 0).slice(0, 101);
		const shuffled = [...uids.slice(50), ...uids.slice(0, 50)];
		const r = await run(
			sb,
			node,
			tickets('1001', {
				selectBy: 'ticketNumbers',
				ticketNumbers: shuffled.join(','),
				returnAll: true,
			}),
		);
		expect(batches(ofRoute(r.requests, 'tickets'))).toEqual([100, 1]);
		const expected = truth('tickets', { sc_id: '1001', ticket_uids: uids.join(',') });
		expect(expected).toHaveLength(101);
		expect(ticketIds(r.json)).toEqual(expected);
	});

	it('ticket numbers from an array expression (numbers and strings); unknown numbers are ignored by the API', async () => {
		const uids = proUids.slice(10, 13);
		const r = await run(
			sb,
			node,
			tickets('1002', {
				selectBy: 'ticketNumbers',
				ticketNumbers: `={{ [${Number(uids[0])}, "${uids[1]}", " ${uids[2]} ", "999999999"] }}`,
				returnAll: true,
			}),
		);
		expect(r.status).toBe('success');
		expect(ticketIds(r.json)).toEqual(uids);
		expect(qList(ofRoute(r.requests, 'tickets')[0], 'ticket_uids')).toEqual([...uids, '999999999']);
	});

	it('Limit over several batches keeps the newest of all batches', async () => {
		const uids = proUids.slice(0, 250);
		const reversed = [...uids].reverse();
		const r = await run(
			sb,
			node,
			tickets('1002', {
				selectBy: 'ticketNumbers',
				ticketNumbers: reversed.join(','),
				returnAll: false,
				limit: 5,
			}),
		);
		expect(batches(ofRoute(r.requests, 'tickets'))).toEqual([100, 100, 50]);
		expect(ticketIds(r.json)).toEqual(proUids.slice(0, 5));
	});

	describe('bad input: an error naming the field and the item, before any request', () => {
		it.each([
			[
				'a ticket number with letters',
				{ selectBy: 'ticketNumbers', ticketNumbers: '10010001, A-12' },
				/^Ticket Numbers: "A-12" is not a ticket number \(digits only\) \[row 1 of 1\]$/,
			],
			[
				'a fractional ticket number',
				{ selectBy: 'ticketNumbers', ticketNumbers: '={{ [1.5] }}' },
				/^Ticket Numbers: "1.5" is not a ticket number/,
			],
			[
				'no ticket numbers',
				{ selectBy: 'ticketNumbers', ticketNumbers: '={{ [] }}' },
				/^Ticket Numbers: is required/,
			],
			[
				'unknown status',
				{
					selectBy: 'createdPeriod',
					startDate: '2026-01-01',
					endDate: '2026-01-31',
					statuses: '={{ ["agreed", "done"] }}',
				},
				/^Statuses: "done" is not one of new_request, in_progress/,
			],
			[
				'half a pair',
				{ selectBy: 'activePeriod', startDate: '2026-01-01', endDate: '={{ "" }}' },
				/^End Date: is required/,
			],
			[
				'end before start',
				{ selectBy: 'createdPeriod', startDate: '2026-02-01', endDate: '2026-01-31' },
				/^End Date: 2026-01-31 is earlier than Start Date 2026-02-01/,
			],
			[
				'impossible date',
				{ selectBy: 'createdPeriod', startDate: '2026-13-01', endDate: '2026-12-31' },
				/^Start Date: "2026-13-01" is not a valid date/,
			],
			[
				'a pass-only selection',
				{
					selectBy: '={{ "ticketNumbersCreated" }}',
					ticketNumbers: '1',
					startDate: '2026-01-01',
					endDate: '2026-01-02',
				},
				/^Select By: "ticketNumbersCreated" is not one of createdPeriod, activePeriod, ticketNumbers/,
			],
			[
				'a Select By with spaces around it (the value must be exact)',
				{
					selectBy: '={{ " createdPeriod " }}',
					ticketNumbers: '1',
					startDate: '2026-01-01',
					endDate: '2026-01-02',
				},
				/^Select By: " createdPeriod " is not one of createdPeriod, activePeriod, ticketNumbers \[row 1 of 1\]$/,
			],
		])('%s', async (_name, extra, message) => {
			const r = await run(sb, node, tickets('1001', extra as INodeParameters));
			expect(r.status).toBe('error');
			expect(r.error?.message).toMatch(message);
			expect(r.requests).toEqual([]);
		});
	});

	it('402 (center 1003), and an error item per failing item under Continue On Fail', async () => {
		const r = await run(
			sb,
			node,
			tickets('1003', {
				selectBy: 'createdPeriod',
				startDate: '2026-01-01',
				endDate: '2026-01-31',
			}),
		);
		expect(r.status).toBe('error');
		expect(r.error?.message).toMatch(/blocked for non-payment/);
		const c = await run(
			sb,
			node,
			tickets('={{ $json.sc }}', {
				selectBy: 'ticketNumbers',
				ticketNumbers: '={{ $json.n }}',
				returnAll: true,
			}),
			{
				continueOnFail: true,
				inputItems: [
					{ json: { sc: '1003', n: '1' } },
					{ json: { sc: '1001', n: basicUids[0] } },
					{ json: { sc: '1001', n: 'x1' } },
				],
			},
		);
		expect(c.status).toBe('success');
		expect(c.json).toHaveLength(3);
		expect(c.json[0]).toMatchObject({ httpCode: '402' });
		expect(c.json[1].ticket_uid).toBe(basicUids[0]);
		expect(c.json[2].error).toMatch(
			/^Ticket Numbers: "x1" is not a ticket number.*\[row 3 of 3\]$/,
		);
		expect(c.items[0].map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});
