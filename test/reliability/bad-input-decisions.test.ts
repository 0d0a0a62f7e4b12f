/**
 * The bad-input table's own decisions: values the brief's list could be read as "bad" that the table
 * does NOT expect a node to refuse, each with the behaviour that is right instead, and the positive
 * controls of the near-midnight cases (the day after "today" is refused in the center's zone, and a day
 * that is already today there is accepted although UTC is still on the day before).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { sb, useSandbox } from '../helpers/sandbox';
import {
	BASIC,
	PRO,
	VLAD_AFTER_MIDNIGHT,
	VLAD_NEW_MONTH,
	VLADIVOSTOK,
} from '../helpers/reliability/operations';
import {
	ACTION_NODES,
	dataRequests,
	lastSeq,
	NOW,
	resetCaches,
	rl,
	runOn,
	type ActionNodeName,
	type CaseRun,
} from '../helpers/reliability/run';
import { dailySalesBetween } from '../helpers/read-params';

useSandbox({ now: NOW, rateLimits: false });
beforeEach(() => {
	sb.clock.set(NOW);
	resetCaches();
});

async function run(
	node: ActionNodeName,
	parameters: INodeParameters,
	opts: { v?: unknown; now?: string } = {},
): Promise<CaseRun> {
	return await runOn(sb, ACTION_NODES[node](), parameters, {
		inputItems: [{ json: { v: opts.v } as IDataObject }],
		now: opts.now ?? NOW,
	});
}

const V = '={{ $json.v }}';

describe('the center\'s "today", near midnight: accepted once the day has begun in the center zone', () => {
	it('attendance for 2026-11-21 at 00:30 in Vladivostok (14:30 UTC on the 20th) is written; the same date for Moscow (17:30 there) is refused', async () => {
		sb.clock.set(VLAD_AFTER_MIDNIGHT);
		const params = (center: string): INodeParameters => ({
			resource: 'dailyAttendance',
			operation: 'submit',
			center: rl(center),
			date: '2026-11-21',
			visitors: 321,
			scope: 'sc',
		});
		const vlad = await run('ShoppingCenterIntake', params(VLADIVOSTOK), {
			now: VLAD_AFTER_MIDNIGHT,
		});
		expect(vlad.error).toBeUndefined();
		expect(sb.intake.submittedAttendance(VLADIVOSTOK, null, '2026-11-21')).toBe(321);
		const moscow = await run('ShoppingCenterIntake', params(BASIC), { now: VLAD_AFTER_MIDNIGHT });
		expect(moscow.error?.message).toMatch(
			/^Date: 2026-11-21 is in the future \(today is 2026-11-20 in the center's time zone Europe\/Moscow\) \[row 1 of 1: date 2026-11-21\]; nothing was sent$/,
		);
		expect(dataRequests(moscow.requests)).toEqual([]);
		expect(sb.intake.submittedAttendance(BASIC, null, '2026-11-21')).toBeUndefined();
	});

	it('declared turnover for December at 00:30 on December 1st in Vladivostok (still November 30th in UTC) is written', async () => {
		sb.clock.set(VLAD_NEW_MONTH);
		const r = await run(
			'ShoppingCenterIntake',
			{
				resource: 'declaredTurnover',
				operation: 'submit',
				center: rl(VLADIVOSTOK),
				shop: rl('1004-01'),
				month: '2026-12-01',
				turnover: '500000',
				amountUnit: 'kopecks',
			},
			{ now: VLAD_NEW_MONTH },
		);
		expect(r.error).toBeUndefined();
		expect(sb.intake.declaredTurnover(VLADIVOSTOK, '1004-01', '2026-12')?.manual_turnover).toBe(
			500000,
		);
	});

	it('the counter hour 00:00 of the 21st in Vladivostok (no offset: read in the center zone) is written at 00:30 there', async () => {
		sb.clock.set(VLAD_AFTER_MIDNIGHT);
		const r = await runOn(
			sb,
			ACTION_NODES.ShoppingCenterIntake(),
			{
				resource: 'counterHour',
				operation: 'submit',
				center: rl(VLADIVOSTOK),
				externalId: 'ocean-gate',
				recordsSource: 'field',
				recordsField: 'records',
			},
			{
				inputItems: [{ json: { records: [{ datetime: '2026-11-21T00:00:00', in: 4, out: 1 }] } }],
				now: VLAD_AFTER_MIDNIGHT,
			},
		);
		expect(r.error).toBeUndefined();
		expect(
			sb.intake.counterHour(VLADIVOSTOK, 'ocean-gate', '2026-11-20T14:00:00.000Z'),
		).toMatchObject({ in: 4, out: 1 });
	});
});

describe('not bad: what the table leaves to the API or treats as valid', () => {
	it("letters of any script in an ID are an ID (IDs are opaque strings): sent URL-encoded, the API's not_found passed on", async () => {
		const r = await run(
			'ShoppingCenterRevenue',
			{ resource: 'turnoverSetting', operation: 'get', center: rl(PRO), shop: rl(V) },
			{ v: 'магазин-1' },
		);
		expect(r.error?.name).toBe('NodeApiError');
		expect(r.error?.message).toMatch(/^Shop \S+ is not in center /);
		expect(dataRequests(r.requests).map((e) => e.path)).toEqual([
			expect.stringContaining(`/shops/${encodeURIComponent('магазин-1')}/`),
		]);
	});

	it('letters of any script and emoji in free text are stored exactly', async () => {
		const name = 'Новогодняя ярмарка 🎄 — 2-й этаж';
		const r = await run(
			'ShoppingCenterIntake',
			{
				resource: 'calendarEvent',
				operation: 'create',
				center: rl(PRO),
				name: V,
				description: 'Ёлка, подарки & “кавычки”',
				eventType: 'marketing',
				startDate: '2026-12-20',
				endDate: '2026-12-31',
			},
			{ v: name },
		);
		expect(r.error).toBeUndefined();
		expect(sb.intake.eventsOf(PRO).find((e) => e.name === name)?.description).toBe(
			'Ёлка, подарки & “кавычки”',
		);
	});

	it('a zone left in the parameters while the scope is Center is hidden in the editor: ignored, never sent (the API forbids zone_id with scope sc)', async () => {
		const intake = await run('ShoppingCenterIntake', {
			resource: 'dailyAttendance',
			operation: 'submit',
			center: rl(BASIC),
			date: '2026-11-15',
			visitors: 77,
			scope: 'sc',
			zone: rl('100101'),
		});
		expect(intake.error).toBeUndefined();
		expect(sb.intake.submittedAttendance(BASIC, null, '2026-11-15')).toBe(77);
		expect(sb.intake.submittedAttendance(BASIC, '100101', '2026-11-15')).toBeUndefined();
		const read = await run('ShoppingCenterAttendance', {
			resource: 'attendance',
			operation: 'get',
			center: rl(PRO),
			startDate: '2026-11-01',
			endDate: '2026-11-02',
			scope: 'sc',
			zone: rl('100201'),
			shop: rl('1002-01'),
		});
		expect(read.error).toBeUndefined();
		const reads = dataRequests(read.requests).filter((e) => e.route === 'attendance.read');
		expect(reads).toHaveLength(1);
		expect(reads[0].query).not.toHaveProperty('zone_id');
		expect(reads[0].query).not.toHaveProperty('shop_id');
	});

	it('a future end of a READ period is clipped to the freshest day (conventions), a wholly future period asks for nothing and says so', async () => {
		/** the daily sales of shop 1002-03 from `start` to `end` */
		const shopDays = (start: string, end: string) =>
			dailySalesBetween(rl(PRO), start, end, { shop: rl('1002-03'), returnAll: true });
		const clipped = await run('ShoppingCenterRevenue', shopDays('2026-11-18', '2026-12-31'));
		expect(clipped.error).toBeUndefined();
		expect(
			dataRequests(clipped.requests)
				.filter((e) => e.route === 'sales.daily')
				.map((e) => [e.query.start_date, e.query.end_date]),
		).toEqual([
			// the plan is not known yet and no request is spent to learn it: first the days valid on both
			// plans (up to yesterday), then, the answer having said PRO, today
			['2026-11-18', '2026-11-19'],
			['2026-11-20', '2026-11-20'],
		]);
		expect(clipped.json.map((row) => row.date)).toEqual(['2026-11-18', '2026-11-19', '2026-11-20']);
		const future = await run('ShoppingCenterRevenue', shopDays('2026-12-01', '2026-12-31'));
		// nothing is left: said, naming the field, and nothing asked
		expect(future.error?.message).toMatch(
			/^Start Date: 2026-12-01 is after the last day with data\. (PRO centers have data up to today|No center has data after today), 2026-11-20 in Asia\/Yekaterinburg\./,
		);
		expect(dataRequests(future.requests).filter((e) => e.route === 'sales.daily')).toEqual([]);
	});

	it("\"too many IDs where not batchable\": the only unbatched ID list is an event's shops; no bound is documented and the center's shops need a data request, so the API's validation_error is passed on and nothing is created", async () => {
		const before = sb.intake.eventsOf(PRO).length;
		const ids = Array.from({ length: 2000 }, (_, i) => `1002-${String(i + 1).padStart(4, '0')}`);
		const r = await run(
			'ShoppingCenterIntake',
			{
				resource: 'calendarEvent',
				operation: 'create',
				center: rl(PRO),
				name: 'Many shops',
				description: 'd',
				eventType: 'other',
				startDate: '2026-12-05',
				endDate: '2026-12-05',
				additionalFields: { shopIds: V },
			},
			{ v: ids },
		);
		expect(r.error?.name).toBe('NodeApiError');
		expect(r.error?.message).toMatch(/^The API rejected the parameter shop_ids/);
		expect(dataRequests(r.requests).map((e) => `${e.route} ${e.status}`)).toEqual([
			'events.create 422',
		]);
		expect(sb.intake.eventsOf(PRO)).toHaveLength(before);
	});

	it('the batchable lists are batched, not refused: 250 ticket numbers are three calls of at most 100', async () => {
		const numbers = Array.from({ length: 250 }, (_, i) => String(1001000000 + i));
		const r = await run(
			'ShoppingCenterPortal',
			{
				resource: 'ticket',
				operation: 'getMany',
				center: rl(BASIC),
				selectBy: 'ticketNumbers',
				ticketNumbers: V,
				returnAll: true,
			},
			{ v: numbers },
		);
		expect(r.error).toBeUndefined();
		const calls = dataRequests(r.requests).filter((e) => e.route === 'tickets');
		expect(calls.map((e) => [e.query.ticket_uids].flat().length)).toEqual([100, 100, 50]);
	});

	it('"two pairs" where the API takes two: receipts created in one pair AND received in the other are read as the intersection', async () => {
		const r = await run('ShoppingCenterReceipts', {
			resource: 'receipt',
			operation: 'export',
			center: rl(PRO),
			shop: rl('1002-03'),
			periodBy: 'both',
			createdStartDate: '2026-11-18',
			createdEndDate: '2026-11-18',
			receivedStartDate: '2026-11-19',
			receivedEndDate: '2026-11-19',
			returnAll: true,
		});
		expect(r.error).toBeUndefined();
		const [call] = dataRequests(r.requests).filter((e) => e.route === 'receipts');
		expect(call.query).toMatchObject({
			start_created_date: '2026-11-18',
			end_created_date: '2026-11-18',
			start_received_date: '2026-11-19',
			end_received_date: '2026-11-19',
		});
		expect(r.json.length).toBeGreaterThan(0);
		expect(
			r.json.every(
				(row) =>
					String(row.created_datetime).startsWith('2026-11-18') &&
					String(row.received_datetime).startsWith('2026-11-19'),
			),
		).toBe(true);
	});

	it('a huge Limit (1e21) is a whole number of at least 1: valid, it just does not stop the walk early', async () => {
		const r = await run(
			'ShoppingCenter',
			{ resource: 'shop', operation: 'getMany', center: rl(PRO), returnAll: false, limit: V },
			{ v: 1e21 },
		);
		expect(r.error).toBeUndefined();
		expect(r.json).toHaveLength(11);
	});

	it('a LITERAL empty required field never reaches the node: n8n itself refuses the workflow (WorkflowHasIssuesError), no request', async () => {
		const since = lastSeq(sb);
		await expect(
			run('ShoppingCenterRevenue', {
				resource: 'turnoverSetting',
				operation: 'get',
				center: rl(PRO),
				shop: rl(''),
			}),
		).rejects.toThrow(/The workflow has issues/);
		await expect(
			run('ShoppingCenterIntake', {
				resource: 'dailyAttendance',
				operation: 'submit',
				center: rl(PRO),
				date: '',
				visitors: 1,
			}),
		).rejects.toThrow(/The workflow has issues/);
		expect(sb.log.list({ since })).toEqual([]);
	});
});
