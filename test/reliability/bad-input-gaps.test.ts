/**
 * Gaps the bad-input table found in the nodes, now closed: each case was accepted (sent to the API) or
 * refused the wrong way; each must now be a NodeOperationError naming the field and the item, before
 * any data request.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { sb, useSandbox } from '../helpers/sandbox';
import { HUGE, HUGE_DIGITS } from '../helpers/reliability/bad-values';
import { BASIC, PRO } from '../helpers/reliability/operations';
import {
	ACTION_NODES,
	dataRequests,
	NOW,
	resetCaches,
	rl,
	runOn,
	type ActionNodeName,
	type CaseRun,
} from '../helpers/reliability/run';
import { ticketsByCreated, passesByCreated } from '../helpers/read-params';

useSandbox({ now: NOW, rateLimits: false });

async function run(
	node: ActionNodeName,
	parameters: INodeParameters,
	v: unknown,
): Promise<CaseRun> {
	resetCaches();
	return await runOn(sb, ACTION_NODES[node](), parameters, {
		inputItems: [{ json: { v } as IDataObject }],
	});
}

const V = '={{ $json.v }}';

function refused(r: CaseRun, field: string): void {
	expect(r.error?.name).toBe('NodeOperationError');
	// an upload (Intake) names the row, 1-based, with its key, and says nothing was sent
	expect(r.error?.message).toMatch(
		new RegExp(`^${field}: .*(\\[row 1 of 1\\]|\\[row 1 of 1: [^\\]]*\\]; nothing was sent)$`, 's'),
	);
	expect(String(r.error?.message).length).toBeLessThan(400);
	expect(dataRequests(r.requests)).toEqual([]);
}

describe('IDs (Center, Shop, Counting Zone; readId / readOptionalId)', () => {
	it.each([
		['NaN', NaN],
		['Infinity', Infinity],
		['a fraction', 1002.5],
		['a negative number', -3],
		['a zero-width space', '1002\u200B'],
		['a no-break space inside', '10\u00A002'],
		['a lone UTF-16 surrogate', 'a\uD800b'],
	])('refuses %s as the Center', async (_t, value) => {
		refused(
			await run(
				'ShoppingCenterRevenue',
				{ resource: 'turnoverSetting', operation: 'get', center: rl(V), shop: rl('1002-01') },
				value,
			),
			'Center',
		);
	});

	it.each([
		[
			'Shop',
			'ShoppingCenterRevenue',
			{ resource: 'cashRegister', operation: 'getMany', center: rl('1002'), shop: rl(V) },
		],
		[
			'Counter External ID',
			'ShoppingCenterIntake',
			{
				resource: 'counterHour',
				operation: 'submit',
				center: rl('1002'),
				externalId: V,
				recordsSource: 'field',
				recordsField: 'records',
			},
		],
		[
			'Shop',
			'ShoppingCenterAnomalies',
			{
				resource: 'anomaly',
				operation: 'getMany',
				center: rl('1002'),
				shop: rl(V),
				startDate: '2026-11-01',
				endDate: '2026-11-02',
			},
		],
	] as Array<[string, ActionNodeName, INodeParameters]>)(
		'refuses a lone UTF-16 surrogate in %s (%s) with the field named',
		async (field, node, parameters) => {
			resetCaches();
			const r = await runOn(sb, ACTION_NODES[node](), parameters, {
				inputItems: [
					{
						json: {
							v: 'a\uD800b',
							records: [{ datetime: '2026-11-19T10:00:00+05:00', in: 1, out: 1 }],
						},
					},
				],
			});
			expect(r.error?.name).toBe('NodeOperationError');
			expect(r.error?.message).toMatch(new RegExp(`^${field}: `));
			expect(r.error?.message).not.toBe('URI malformed');
			expect(dataRequests(r.requests).filter((e) => e.route !== 'shops')).toEqual([]);
		},
	);
});

describe('free text (calendar event Name)', () => {
	it('refuses a lone UTF-16 surrogate instead of storing U+FFFD', async () => {
		const r = await run(
			'ShoppingCenterIntake',
			{
				resource: 'calendarEvent',
				operation: 'create',
				center: rl(PRO),
				name: V,
				description: 'Broken text from a CSV export',
				eventType: 'other',
				startDate: '2026-12-10',
				endDate: '2026-12-10',
			},
			'Fair \uD83C',
		);
		refused(r, 'Name');
		expect(sb.intake.eventsOf(PRO).map((e) => e.name)).not.toContain('Fair \uFFFD');
	});
});

describe('lists with a length bound', () => {
	it('refuses a 10,000-digit ticket number', async () => {
		refused(
			await run(
				'ShoppingCenterPortal',
				{
					resource: 'ticket',
					operation: 'getMany',
					center: rl(BASIC),
					selectBy: 'ticketNumbers',
					ticketNumbers: V,
				},
				HUGE_DIGITS,
			),
			'Ticket Numbers',
		);
	});

	it.each([
		['statuses', 'Statuses'],
		['otherStatuses', 'Other Statuses'],
	])(
		'refuses a 10,000-character pass status word in %s, with a short message',
		async (field, label) => {
			const r = await run(
				'ShoppingCenterPortal',
				passesByCreated(rl(PRO), '2026-11-01', '2026-11-02', { [field]: V }),
				HUGE,
			);
			refused(r, label);
		},
	);

	it('refuses a 10,000-character ticket status with a short message', async () => {
		refused(
			await run(
				'ShoppingCenterPortal',
				ticketsByCreated(rl(BASIC), '2026-11-01', '2026-11-02', { statuses: V }),
				HUGE,
			),
			'Statuses',
		);
	});
});

describe('boolean fields fed by an expression', () => {
	it('reads Return All = "false" (text) as false: the Limit holds', async () => {
		const r = await run(
			'ShoppingCenter',
			{ resource: 'shop', operation: 'getMany', center: rl(PRO), returnAll: V, limit: 1 },
			'false',
		);
		expect(r.error).toBeUndefined();
		expect(r.json).toHaveLength(1);
	});

	it('refuses Include Archived = "no"', async () => {
		refused(
			await run(
				'ShoppingCenter',
				{ resource: 'shop', operation: 'getMany', center: rl(PRO), includeArchived: V },
				'no',
			),
			'Include Archived',
		);
	});
});

describe('dates', () => {
	it('refuses a six-digit year ("+275760-01-01")', async () => {
		refused(
			await run(
				'ShoppingCenterRevenue',
				{
					resource: 'dailySalesAggregate',
					operation: 'getMany',
					center: rl(PRO),
					shop: rl('1002-01'),
					startDate: V,
					endDate: '2026-11-02',
				},
				'+275760-01-01',
			),
			'Start Date',
		);
	});
});

/**
 * Still open (reported to the lead): each test pins the CURRENT behaviour, so it fails the day the node
 * is fixed; then move the case into the table and delete the test.
 */
describe('closed after the first table run', () => {
	const event = (name: string, treat: unknown): [INodeParameters, unknown] => [
		{
			resource: 'calendarEvent',
			operation: 'create',
			center: rl(PRO),
			name,
			description: 'd',
			eventType: 'other',
			startDate: '2026-12-24',
			endDate: '2026-12-24',
			options: { treatExistingAsSuccess: V },
		},
		treat,
	];

	it('reads Treat Existing As Success = "true" (text) as on, and refuses "yes"', async () => {
		const first = await run('ShoppingCenterIntake', ...event('Twice on Christmas eve', true));
		expect(first.error).toBeUndefined();
		const again = await run('ShoppingCenterIntake', ...event('Twice on Christmas eve', 'true'));
		expect(again.error).toBeUndefined();
		expect(again.json[0]).toMatchObject({ already_existed: true });
		refused(
			await run('ShoppingCenterIntake', ...event('Twice on Christmas eve', 'yes')),
			'Treat Existing As Success',
		);
	});

	it('refuses an event whose End Date is before its Start Date (plain dates) before any request', async () => {
		const r = await run(
			'ShoppingCenterIntake',
			{
				resource: 'calendarEvent',
				operation: 'create',
				center: rl(PRO),
				name: 'Backwards',
				description: 'd',
				eventType: 'other',
				startDate: '2026-12-03',
				endDate: V,
			},
			'2026-12-01',
		);
		expect(r.error?.message).toMatch(
			/^End Date: 2026-12-01 is earlier than Start Date 2026-12-03 \[row 1 of 1: event "Backwards", 2026-12-03\]; nothing was sent$/,
		);
		expect(r.requests).toEqual([]);
	});

	it.each(['0025-01-01', '1025-01-01', '3025-01-01'])(
		'refuses the year typo %s (it would plan thousands of windows)',
		async (date) => {
			refused(
				await run(
					'ShoppingCenterRevenue',
					{
						resource: 'dailySalesAggregate',
						operation: 'getMany',
						center: rl(BASIC),
						shop: rl('1001-02'),
						startDate: V,
						endDate: '2026-11-02',
						returnAll: true,
					},
					date,
				),
				'Start Date',
			);
		},
	);
});
