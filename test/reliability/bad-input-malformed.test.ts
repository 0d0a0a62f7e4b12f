/**
 * Broken API answers through the nodes (sandbox `malformedNext`: an nginx HTML page with 502, JSON cut
 * in half, plain text under a JSON content type, the envelope without `success`), on EVERY data route
 * the nodes use and on GET /sc: a clear NodeApiError with code malformed_response, never a crash, never
 * an empty success, never a retry (the answer is not one of the spec's retryable codes). Under "Continue
 * On Fail" the error item carries the code. A broken token answer is a clear credential error.
 */
import type { INodeParameters } from 'n8n-workflow';
import { sb, useSandbox } from '../helpers/sandbox';
import type { MalformedKind } from '../../sandbox/server/faults';
import type { RouteName } from '../../sandbox/core/types';
import { BASIC, PRO } from '../helpers/reliability/operations';
import {
	ACTION_NODES,
	NOW,
	resetCaches,
	rl,
	runOn,
	type ActionNodeName,
} from '../helpers/reliability/run';
import { anomaliesBetween, ticketsByCreated, passesByCreated } from '../helpers/read-params';

useSandbox({ now: NOW, rateLimits: false });
beforeEach(() => {
	sb.faults.clear();
	resetCaches();
});

const KINDS: MalformedKind[] = ['html', 'truncated', 'non-json', 'no-success'];

const ROUTE_CASES: Array<[RouteName, ActionNodeName, INodeParameters]> = [
	['centers', 'ShoppingCenter', { resource: 'center', operation: 'getMany', returnAll: true }],
	[
		'shops',
		'ShoppingCenter',
		{ resource: 'shop', operation: 'getMany', center: rl(PRO), returnAll: true },
	],
	[
		'zones',
		'ShoppingCenterAttendance',
		{ resource: 'countingZone', operation: 'getMany', center: rl(PRO), returnAll: true },
	],
	[
		'attendance.read',
		'ShoppingCenterAttendance',
		{
			resource: 'attendance',
			operation: 'get',
			center: rl(PRO),
			startDate: '2026-11-01',
			endDate: '2026-11-03',
		},
	],
	[
		'kkts',
		'ShoppingCenterRevenue',
		{
			resource: 'cashRegister',
			operation: 'getMany',
			center: rl(PRO),
			shop: rl('1002-01'),
			returnAll: true,
		},
	],
	[
		'sales.daily',
		'ShoppingCenterRevenue',
		{
			resource: 'dailySalesAggregate',
			operation: 'getMany',
			center: rl(PRO),
			shop: rl('1002-03'),
			startDate: '2026-11-01',
			endDate: '2026-11-03',
			returnAll: true,
		},
	],
	[
		'sales.monthly',
		'ShoppingCenterRevenue',
		{
			resource: 'monthlyTotal',
			operation: 'getMany',
			center: rl(BASIC),
			shop: rl('1001-02'),
			startDate: '2026-09-01',
			endDate: '2026-10-31',
			returnAll: true,
		},
	],
	[
		'turnover.settings',
		'ShoppingCenterRevenue',
		{ resource: 'turnoverSetting', operation: 'get', center: rl(PRO), shop: rl('1002-01') },
	],
	[
		'receipts',
		'ShoppingCenterReceipts',
		{
			resource: 'receipt',
			operation: 'export',
			center: rl(PRO),
			shop: rl('1002-03'),
			periodBy: 'created',
			createdStartDate: '2026-11-18',
			createdEndDate: '2026-11-18',
			returnAll: true,
		},
	],
	[
		'tickets',
		'ShoppingCenterPortal',
		ticketsByCreated(rl(BASIC), '2026-11-01', '2026-11-19', { returnAll: true }),
	],
	[
		'passes',
		'ShoppingCenterPortal',
		passesByCreated(rl(PRO), '2026-11-01', '2026-11-19', { returnAll: true }),
	],
	[
		'anomalies',
		'ShoppingCenterAnomalies',
		anomaliesBetween(rl(PRO), '2026-10-01', '2026-11-19', { returnAll: true }),
	],
	[
		'attendance.submit',
		'ShoppingCenterIntake',
		{
			resource: 'dailyAttendance',
			operation: 'submit',
			center: rl(BASIC),
			date: '2026-11-12',
			visitors: 10,
			scope: 'sc',
		},
	],
	[
		'counter.submit',
		'ShoppingCenterIntake',
		{
			resource: 'counterHour',
			operation: 'submit',
			center: rl(PRO),
			externalId: 'west-gate',
			recordsSource: 'field',
			recordsField: 'records',
		},
	],
	[
		'events.create',
		'ShoppingCenterIntake',
		{
			resource: 'calendarEvent',
			operation: 'create',
			center: rl(PRO),
			name: '=Broken answer {{ $json.kind }}',
			description: 'd',
			eventType: 'other',
			startDate: '2026-12-07',
			endDate: '2026-12-07',
		},
	],
	[
		'turnover.declare',
		'ShoppingCenterIntake',
		{
			resource: 'declaredTurnover',
			operation: 'submit',
			center: rl(PRO),
			shop: rl('1002-04'),
			month: '2026-09-01',
			turnover: '100',
			amountUnit: 'kopecks',
		},
	],
];

const inputFor = (kind: MalformedKind) => [
	{ json: { kind, records: [{ datetime: '2026-11-19T10:00:00+05:00', in: 1, out: 1 }] } },
];

describe.each(ROUTE_CASES.map(([route, node, params]) => [route, node, params] as const))(
	'a broken answer on %s (%s)',
	(route, node, parameters) => {
		it.each(KINDS)(
			'%s: NodeApiError malformed_response, no output, one request on the route (no retry)',
			async (kind) => {
				sb.faults.set({ malformedNext: { count: 1, kind, routes: [route] } });
				const r = await runOn(sb, ACTION_NODES[node](), parameters, { inputItems: inputFor(kind) });
				expect(r.status).toBe('error');
				expect(r.error?.name).toBe('NodeApiError');
				expect((r.error as { context?: { code?: string } }).context?.code).toBe(
					'malformed_response',
				);
				expect(r.error?.message).toMatch(/^The API answered (HTTP \d{3} with|without)/);
				expect(r.items.flat()).toEqual([]);
				const onRoute = r.requests.filter((e) => e.route === route);
				expect(onRoute.map((e) => e.malformed)).toEqual([kind]);
				// the status on the wire: the proxy page's 502, else the API's own (the sandbox log keeps the API's)
				expect((r.error as { httpCode?: string }).httpCode).toBe(
					kind === 'html' ? '502' : String(onRoute[0].status),
				);
			},
		);
	},
);

describe('Continue On Fail', () => {
	it.each(KINDS)(
		'%s: the item becomes an error item with code malformed_response; the next item is served normally',
		async (kind) => {
			sb.faults.set({ malformedNext: { count: 1, kind, routes: ['turnover.settings'] } });
			const r = await runOn(
				sb,
				ACTION_NODES.ShoppingCenterRevenue(),
				{
					resource: 'turnoverSetting',
					operation: 'get',
					center: rl(PRO),
					shop: rl('={{ $json.shop }}'),
				},
				{
					inputItems: [{ json: { shop: '1002-01' } }, { json: { shop: '1002-02' } }],
					continueOnFail: true,
				},
			);
			expect(r.error).toBeUndefined();
			expect(r.json).toHaveLength(2);
			expect(r.json[0]).toMatchObject({
				code: 'malformed_response',
				error: expect.stringMatching(/^The API answered/),
			});
			expect(r.json[1]).toMatchObject({ source: 'shopping_center' });
		},
	);
});

describe('a broken token answer', () => {
	it.each(KINDS)(
		'%s: a clear error pointing at the Base URL, no data request, no crash',
		async (kind) => {
			sb.faults.set({ malformedNext: { count: 1, kind, routes: ['token'] } });
			const r = await runOn(sb, ACTION_NODES.ShoppingCenterRevenue(), {
				resource: 'turnoverSetting',
				operation: 'get',
				center: rl(PRO),
				shop: rl('1002-01'),
			});
			expect(r.status).toBe('error');
			expect(r.error?.message).toMatch(
				/did not answer like the Shopping-center API v2 \(HTTP \d{3}\)\. Check the Base URL/,
			);
			expect(r.requests.map((e) => e.route)).toEqual(['token']);
		},
	);
});
