/**
 * Known node gaps: values the bad-input table calls bad that a node accepts (sends to the API) or
 * refuses in the wrong way. Each test pins the CURRENT behaviour precisely, so it fails the day the node
 * is fixed: then move the case into the table (support/bad-values.ts / support/operations.ts) and
 * delete the test here. Every gap is reported to the lead; nodes/ is not changed by these tests.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { startSandbox, type Sandbox } from '../sandbox';
import { HUGE, HUGE_DIGITS } from './support/bad-values';
import { BASIC, PRO } from './support/operations';
import { ACTION_NODES, dataRequests, NOW, resetCaches, rl, runOn, type ActionNodeName, type CaseRun } from './support/run';

let sb: Sandbox;

beforeAll(async () => {
	sb = await startSandbox({ now: NOW, rateLimits: false });
});
afterAll(async () => {
	await sb.close();
});

async function run(node: ActionNodeName, parameters: INodeParameters, v: unknown): Promise<CaseRun> {
	resetCaches();
	return await runOn(sb, ACTION_NODES[node](), parameters, { inputItems: [{ json: { v } as IDataObject }] });
}

const V = '={{ $json.v }}';
const routes = (r: CaseRun) => dataRequests(r.requests).map((e) => e.route);

describe('IDs (Center, Shop, Counting Zone; readId / readOptionalId)', () => {
	it.each([
		['NaN', NaN, '/sc/NaN/'],
		['Infinity', Infinity, '/sc/Infinity/'],
		['a fraction', 1002.5, '/sc/1002.5/'],
	])('GAP: a number that is not an ID (%s) is sent as the center ID; the API answers not_found', async (_t, value, path) => {
		const r = await run('ShoppingCenterRevenue', { resource: 'turnoverSettings', operation: 'get', center: rl(V), shop: rl('1002-01') }, value);
		expect(r.error?.name).toBe('NodeApiError');
		expect(r.error?.message).toMatch(/^Not found in this center: sc_id/);
		expect(dataRequests(r.requests).map((e) => e.path)).toEqual([expect.stringContaining(path)]);
	});

	it('GAP: a zero-width space (U+200B, invisible in the editor) is kept in the ID and sent; the API answers not_found', async () => {
		const r = await run('ShoppingCenterRevenue', { resource: 'turnoverSettings', operation: 'get', center: rl(V), shop: rl('1002-01') }, '1002\u200B');
		expect(r.error?.name).toBe('NodeApiError');
		expect(dataRequests(r.requests).map((e) => e.path)).toEqual([expect.stringContaining('/sc/1002%E2%80%8B/')]);
	});

	it.each([
		['Center (a path parameter)', 'ShoppingCenterRevenue', { resource: 'turnoverSettings', operation: 'get', center: rl(V), shop: rl('1002-01') }, [] as string[]],
		['Shop (a path parameter)', 'ShoppingCenterRevenue', { resource: 'cashRegister', operation: 'getMany', center: rl('1002'), shop: rl(V) }, [] as string[]],
		['Counter External ID (a path parameter)', 'ShoppingCenterIntake', { resource: 'counterHours', operation: 'submitCounterHours', center: rl('1002'), externalId: V, recordsSource: 'field', recordsField: 'records' }, [] as string[]],
		// the optional shop filter of anomalies goes into the query, after the center lookup and the plan probe
		['Shop filter of Anomalies (a query parameter)', 'ShoppingCenterAnomalies', { resource: 'anomaly', operation: 'getMany', center: rl('1002'), shop: rl(V), startDate: '2026-11-01', endDate: '2026-11-02' }, ['shops']],
	] as Array<[string, ActionNodeName, INodeParameters, string[]]>)(
		'GAP: a lone UTF-16 surrogate in %s throws a bare URIError "URI malformed": no field, no item',
		async (_t, node, parameters, expectedRoutes) => {
			resetCaches();
			const r = await runOn(sb, ACTION_NODES[node](), parameters, {
				inputItems: [{ json: { v: 'a\uD800b', records: [{ datetime: '2026-11-19T10:00:00+05:00', in: 1, out: 1 }] } }],
			});
			expect(r.error?.message).toBe('URI malformed');
			expect(r.error?.name).not.toBe('NodeOperationError');
			expect(routes(r)).toEqual(expectedRoutes);
		},
	);
});

describe('free text (calendar event Name / Description)', () => {
	it('GAP: a lone UTF-16 surrogate is silently replaced by U+FFFD: the stored event name differs from the one given', async () => {
		const r = await run(
			'ShoppingCenterIntake',
			{ resource: 'calendarEvent', operation: 'createEvent', center: rl(PRO), name: V, description: 'Broken text from a CSV export', eventType: 'other', startDate: '2026-12-10', endDate: '2026-12-10' },
			'Fair \uD83C',
		);
		expect(r.error).toBeUndefined();
		expect(sb.intake.eventsOf(PRO).map((e) => e.name)).toContain('Fair \uFFFD');
		expect(sb.intake.eventsOf(PRO).map((e) => e.name)).not.toContain('Fair \uD83C');
	});
});

describe('lists without a length bound', () => {
	it('GAP: Ticket Numbers takes a 10,000-digit "number" and sends it (a 10 KB query string)', async () => {
		const r = await run('ShoppingCenterPortal', { resource: 'ticket', operation: 'getMany', center: rl(BASIC), selectBy: 'ticketNumbers', ticketNumbers: V }, HUGE_DIGITS);
		expect(r.error).toBeUndefined();
		const [req] = dataRequests(r.requests);
		expect(req.route).toBe('tickets');
		expect(String(req.query.ticket_uids)).toHaveLength(10_000);
	});

	it.each(['statuses', 'otherStatuses'])('GAP: pass %s take a 10,000-character status word and send it; the API\'s 422 echoes it into a 10k-character node message', async (field) => {
		const r = await run(
			'ShoppingCenterPortal',
			{ resource: 'pass', operation: 'getMany', center: rl(PRO), selectBy: 'createdPeriod', startDate: '2026-11-01', endDate: '2026-11-02', [field]: V },
			HUGE,
		);
		expect(r.error?.name).toBe('NodeApiError');
		expect(routes(r)).toEqual(['passes']);
		expect(String(r.error?.message).length).toBeGreaterThan(10_000);
	});

	it('GAP: ticket Statuses refuses a 10,000-character status before any request, but its message echoes all of it', async () => {
		const r = await run('ShoppingCenterPortal', { resource: 'ticket', operation: 'getMany', center: rl(BASIC), selectBy: 'createdPeriod', startDate: '2026-11-01', endDate: '2026-11-02', statuses: V }, HUGE);
		expect(r.error?.name).toBe('NodeOperationError');
		expect(r.error?.message).toMatch(/^Statuses: "x{10000}" is not one of/);
		expect(r.requests).toEqual([]);
	});
});

describe('boolean fields fed by an expression', () => {
	it('GAP: Return All = "false" (a string, e.g. from a webhook query) is taken as true: every page is read, the Limit ignored', async () => {
		const r = await run('ShoppingCenter', { resource: 'shop', operation: 'getMany', center: rl(PRO), returnAll: V, limit: 1 }, 'false');
		expect(r.error).toBeUndefined();
		expect(r.json.length).toBeGreaterThan(1);
	});

	it('GAP: Include Archived = "no" is sent as archived=no; the API answers validation_error', async () => {
		const r = await run('ShoppingCenter', { resource: 'shop', operation: 'getMany', center: rl(PRO), includeArchived: V }, 'no');
		expect(r.error?.name).toBe('NodeApiError');
		expect(dataRequests(r.requests).map((e) => e.query.archived)).toEqual(['no']);
	});
});

describe('dates', () => {
	it('GAP: a six-digit year ("+275760-01-01", extended ISO 8601) is taken as a date and sent; the API answers validation_error', async () => {
		const r = await run('ShoppingCenterRevenue', { resource: 'dailySales', operation: 'getMany', center: rl(PRO), shop: rl('1002-01'), startDate: V, endDate: '2026-11-02' }, '+275760-01-01');
		expect(r.error?.name).toBe('NodeApiError');
		expect(r.error?.message).toMatch(/start_date/);
		expect(routes(r)).toContain('sales.daily');
	});
});
