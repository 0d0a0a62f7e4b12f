/**
 * Shopping Center Anomalies through the n8n-core harness against the sandbox: 366-day windows read
 * newest first, Return All equal to the true set, Limit, filters, the local PRO-only refusal, input
 * checks before any request, 402, Continue On Fail.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenterAnomalies } from '../../nodes/ShoppingCenterAnomalies/ShoppingCenterAnomalies.node';
import type { Sandbox } from '../../sandbox';
import type { TruthQuery } from '../../sandbox/data/store';
import { locator, NOW, ofRoute, q, run, startTestSandbox } from '../helpers/action-run';

const node = new ShoppingCenterAnomalies();
let sb: Sandbox;

beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});

function truth(query: TruthQuery): string[] {
	return sb.store.truth('anomalies', query, new Date(NOW)).ids;
}

function anomalies(scId: string, extra: INodeParameters): INodeParameters {
	return { resource: 'anomaly', operation: 'getMany', center: locator(scId), ...extra };
}

const ids = (rows: Array<Record<string, unknown>>) => rows.map((r) => String(r.id));

describe('Anomaly → Get Many', () => {
	it('PRO: Return All over three 366-day windows, newest window first, equals the true set in order', async () => {
		const r = await run(
			sb,
			node,
			anomalies('1002', { startDate: '2024-01-01', endDate: '2026-11-20', returnAll: true }),
		);
		expect(r.status).toBe('success');
		const expected = truth({ sc_id: '1002', start_date: '2024-01-01', end_date: '2026-11-20' });
		expect(expected.length).toBeGreaterThan(500);
		expect(ids(r.json)).toEqual(expected);
		const calls = ofRoute(r.requests, 'anomalies');
		const windows = [...new Set(calls.map((e) => `${q(e, 'start_date')}..${q(e, 'end_date')}`))];
		expect(windows).toEqual([
			'2026-01-02..2026-11-20',
			'2025-01-01..2026-01-01',
			'2024-01-01..2024-12-31',
		]);
		expect(calls.every((e) => q(e, 'per_page') === '500' && e.status === 200)).toBe(true);
		// the API's fields unchanged
		expect(Object.keys(r.json[0]).sort()).toEqual(
			[
				'created_at',
				'date',
				'description',
				'id',
				'level',
				'magnitude',
				'period',
				'shop_id',
				'shop_name',
				'status',
				'title',
				'type',
				'type_title',
			].sort(),
		);
	});

	it('an end after today is clipped to today in the center zone', async () => {
		const r = await run(
			sb,
			node,
			anomalies('1002', { startDate: '2026-10-01', endDate: '2027-03-01', returnAll: true }),
		);
		expect(r.status).toBe('success');
		const calls = ofRoute(r.requests, 'anomalies');
		expect(calls.map((e) => q(e, 'end_date'))).toEqual(calls.map(() => '2026-11-20'));
		expect(ids(r.json)).toEqual(
			truth({ sc_id: '1002', start_date: '2026-10-01', end_date: '2026-11-20' }),
		);
	});

	it('Limit: the newest N in one request', async () => {
		const r = await run(
			sb,
			node,
			anomalies('1002', {
				startDate: '2024-01-01',
				endDate: '2026-11-20',
				returnAll: false,
				limit: 10,
			}),
		);
		expect(ids(r.json)).toEqual(
			truth({ sc_id: '1002', start_date: '2024-01-01', end_date: '2026-11-20' }).slice(0, 10),
		);
		expect(ofRoute(r.requests, 'anomalies')).toHaveLength(1);
	});

	it('Limit reaching into the second window reads no further', async () => {
		const newest = truth({
			sc_id: '1002',
			start_date: '2026-01-02',
			end_date: '2026-11-20',
		}).length;
		const r = await run(
			sb,
			node,
			anomalies('1002', { startDate: '2024-01-01', endDate: '2026-11-20', limit: newest + 5 }),
		);
		expect(ids(r.json)).toEqual(
			truth({ sc_id: '1002', start_date: '2024-01-01', end_date: '2026-11-20' }).slice(
				0,
				newest + 5,
			),
		);
		const windows = [...new Set(ofRoute(r.requests, 'anomalies').map((e) => q(e, 'start_date')))];
		expect(windows).toEqual(['2026-01-02', '2025-01-01']);
	});

	it('filters by shop, status and level like the API', async () => {
		const r = await run(
			sb,
			node,
			anomalies('1002', {
				startDate: '2024-01-01',
				endDate: '2026-11-20',
				shop: locator('1002-01'),
				status: 'completed',
				level: 'high',
				returnAll: true,
			}),
		);
		const expected = truth({
			sc_id: '1002',
			start_date: '2024-01-01',
			end_date: '2026-11-20',
			shop_id: '1002-01',
			status: 'completed',
			level: 'high',
		});
		expect(expected.length).toBeGreaterThan(0);
		expect(ids(r.json)).toEqual(expected);
		expect(
			r.json.every(
				(a) => a.shop_id === '1002-01' && a.status === 'completed' && a.level === 'high',
			),
		).toBe(true);
		expect(ofRoute(r.requests, 'anomalies')[0].query).toMatchObject({
			shop_id: '1002-01',
			status: 'completed',
			level: 'high',
		});
	});

	it('without filters sends none', async () => {
		const r = await run(
			sb,
			node,
			anomalies('1004', { startDate: '2026-11-01', endDate: '2026-11-20', returnAll: true }),
		);
		expect(r.status).toBe('success');
		const call = ofRoute(r.requests, 'anomalies')[0];
		expect(Object.keys(call.query).sort()).toEqual(['end_date', 'page', 'per_page', 'start_date']);
		expect(ids(r.json)).toEqual(
			truth({ sc_id: '1004', start_date: '2026-11-01', end_date: '2026-11-20' }),
		);
	});

	it("Basic center: the first run asks (no request is spent to learn the plan) and shows the API's plan_required; later runs refuse locally", async () => {
		const params = anomalies('1001', { startDate: '2026-01-01', endDate: '2026-01-31' });
		const first = await run(sb, node, params);
		expect(first.status).toBe('error');
		expect(first.error?.message).toMatch(/plan \(Basic\) does not allow/);
		expect(ofRoute(first.requests, 'anomalies').map((e) => e.status)).toEqual([403]);
		expect(ofRoute(first.requests, 'shops')).toHaveLength(0);
		const r = await run(sb, node, params);
		expect(r.status).toBe('error');
		expect(r.error?.message).toBe(
			"Center: This center's plan (Basic) does not allow anomalies; it needs PRO. [row 1 of 1]",
		);
		expect(ofRoute(r.requests, 'anomalies')).toHaveLength(0);
	});

	describe('bad input: an error naming the field and the item, before any request', () => {
		it.each([
			[
				'end before start',
				{ startDate: '2026-03-01', endDate: '2026-02-28' },
				/^End Date: 2026-02-28 is earlier than Start Date 2026-03-01 \[row 1 of 1\]$/,
			],
			[
				'impossible date',
				{ startDate: '2026-02-29', endDate: '2026-03-01' },
				/^Start Date: "2026-02-29" is not a valid date/,
			],
			[
				'missing start',
				{ startDate: '={{ "" }}', endDate: '2026-03-01' },
				/^Start Date: is required/,
			],
			[
				'unknown status',
				{ startDate: '2026-02-01', endDate: '2026-03-01', status: '={{ "open" }}' },
				/^Status: "open" is not one of new, completed, archived \(or empty\) \[row 1 of 1\]$/,
			],
			[
				'unknown level',
				{ startDate: '2026-02-01', endDate: '2026-03-01', level: '={{ "critical" }}' },
				/^Level: "critical" is not one of/,
			],
			[
				'a shop ID with spaces',
				{ startDate: '2026-02-01', endDate: '2026-03-01', shop: locator('={{ "1002 01" }}') },
				/^Shop: "1002 01" is not a valid ID/,
			],
			[
				'a Limit of zero',
				{ startDate: '2026-02-01', endDate: '2026-03-01', limit: '={{ 0 }}' },
				/^Limit: "0" is not a whole number of at least 1/,
			],
		])('%s', async (_name, extra, message) => {
			const r = await run(sb, node, anomalies('1002', extra as INodeParameters));
			expect(r.status).toBe('error');
			expect(r.error?.message).toMatch(message);
			expect(r.requests).toEqual([]);
		});
	});

	it('a shop of another center: 404 not_found passed on', async () => {
		const r = await run(
			sb,
			node,
			anomalies('1002', {
				startDate: '2026-11-01',
				endDate: '2026-11-20',
				shop: locator('1001-02'),
			}),
		);
		expect(r.status).toBe('error');
		expect(r.error?.message).toBe('Shop 1001-02 is not in center Mega PRO (1002).');
	});

	it('402 (center 1003), and error items under Continue On Fail', async () => {
		const r = await run(
			sb,
			node,
			anomalies('1003', { startDate: '2026-11-01', endDate: '2026-11-20' }),
		);
		expect(r.status).toBe('error');
		expect(r.error?.message).toMatch(/blocked for non-payment/);
		const c = await run(
			sb,
			node,
			anomalies('={{ $json.sc }}', {
				startDate: '2026-11-10',
				endDate: '2026-11-20',
				returnAll: true,
			}),
			{
				continueOnFail: true,
				inputItems: [{ json: { sc: '1003' } }, { json: { sc: '1001' } }, { json: { sc: '1002' } }],
			},
		);
		expect(c.status).toBe('success');
		const expected = truth({ sc_id: '1002', start_date: '2026-11-10', end_date: '2026-11-20' });
		expect(expected.length).toBeGreaterThan(0);
		expect(c.json).toHaveLength(2 + expected.length);
		expect(c.json[0]).toMatchObject({ httpCode: '402' });
		expect(c.json[1].error).toMatch(
			/^Center: .*\(Basic\) does not allow anomalies.*\[row 2 of 3\]$/,
		);
		expect(ids(c.json.slice(2))).toEqual(expected);
		expect(c.items[0].map((i) => (i.pairedItem as { item: number }).item)).toEqual([
			0,
			1,
			...expected.map(() => 2),
		]);
	});
});
