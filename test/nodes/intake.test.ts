/**
 * Shopping Center Intake through n8n-core's engine (test/harness) against the sandbox: what the sandbox
 * stored, the request log (no request for rejected input, one call per batch, exactly one event), and
 * the error items of "Continue On Fail".
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';
import { ShoppingCenterIntake } from '../../nodes/ShoppingCenterIntake/ShoppingCenterIntake.node';
import { toKopecks } from '../../nodes/ShoppingCenterIntake/helpers/money';
import { runNode, type RunNodeResult } from '../harness';
import { startSandbox, type Sandbox } from '../../sandbox';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../sandbox/fixtures';

const NOW = '2026-11-20T09:00:00Z';
const BASIC = '1001';
const PRO = '1002';

let sb: Sandbox;

beforeAll(async () => {
	sb = await startSandbox({ now: NOW, rateLimits: false });
});

afterAll(async () => {
	await sb.close();
});

beforeEach(() => {
	sb.faults.clear();
	sb.clock.set(NOW);
	sb.log.clear();
});

const rl = (value: string) => ({ __rl: true, mode: 'id', value });

async function run(
	parameters: INodeParameters,
	opts: { items?: INodeExecutionData[]; continueOnFail?: boolean; now?: string } = {},
): Promise<RunNodeResult> {
	return await runNode({
		nodeType: new ShoppingCenterIntake(),
		parameters,
		credentials: {
			shoppingCenterApi: {
				baseUrl: sb.baseUrl,
				clientId: DEMO_CLIENT_ID,
				clientSecret: DEMO_CLIENT_SECRET,
			},
		},
		credentialTypes: [new ShoppingCenterApi()],
		inputItems: opts.items,
		continueOnFail: opts.continueOnFail,
		now: opts.now ?? NOW,
	});
}

const out = (r: RunNodeResult): IDataObject[] => (r.items[0] ?? []).map((i) => i.json);
const routeCalls = (route: string) => sb.log.list({ route });
const intakeCalls = () =>
	sb.log
		.list()
		.filter((e) =>
			['attendance.submit', 'counter.submit', 'events.create', 'turnover.declare'].includes(
				e.route ?? '',
			),
		);

function errorMessage(r: RunNodeResult): string {
	expect(r.error).toBeDefined();
	return String(r.error?.message);
}

// ---------------------------------------------------------------- Daily attendance

describe('Daily Attendance → Submit', () => {
	const attendance = (extra: INodeParameters): INodeParameters => ({
		resource: 'dailyAttendance',
		operation: 'submit',
		...extra,
	});

	it.each([BASIC, PRO])(
		'writes the center count of a day (center %s), without zone_id',
		async (sc) => {
			// a zone left in the parameters while the scope is Center must not be sent (the API refuses zone_id with scope sc)
			const r = await run(
				attendance({
					center: rl(sc),
					date: '2026-11-18',
					visitors: 4321,
					scope: 'sc',
					zone: rl(`${sc}01`),
				}),
			);
			expect(r.error).toBeUndefined();
			expect(out(r)).toEqual([{ date: '2026-11-18', scope: 'sc', zone_id: null, visitors: 4321 }]);
			expect(sb.intake.submittedAttendance(sc, null, '2026-11-18')).toBe(4321);
			expect(routeCalls('attendance.submit').map((e) => e.status)).toEqual([200]);
		},
	);

	it('writes a zone count on PRO and on Basic (any plan)', async () => {
		for (const sc of [PRO, BASIC]) {
			const zoneId = `${sc}02`;
			const r = await run(
				attendance({
					center: rl(sc),
					date: '2026-11-19T00:00:00',
					visitors: 77,
					scope: 'zone',
					zone: rl(zoneId),
				}),
			);
			expect(r.error).toBeUndefined();
			expect(out(r)).toEqual([
				{ date: '2026-11-19', scope: 'zone', zone_id: zoneId, visitors: 77 },
			]);
			expect(sb.intake.submittedAttendance(sc, zoneId, '2026-11-19')).toBe(77);
		}
	});

	it('a repeat overwrites the day', async () => {
		await run(attendance({ center: rl(BASIC), date: '2026-11-10', visitors: 10 }));
		await run(attendance({ center: rl(BASIC), date: '2026-11-10', visitors: 11 }));
		expect(sb.intake.submittedAttendance(BASIC, null, '2026-11-10')).toBe(11);
	});

	it('refuses a future day in the center zone before any submission', async () => {
		const r = await run(attendance({ center: rl(BASIC), date: '2026-11-21', visitors: 5 }));
		expect(errorMessage(r)).toMatch(
			/^Date: 2026-11-21 is in the future .*Europe\/Moscow.*\[row 1 of \d+: [^\]]*\]/,
		);
		expect(intakeCalls()).toEqual([]);
	});

	it('takes "today" in the center zone: at 20:00 UTC it is already the 21st in Yekaterinburg, not in Moscow', async () => {
		const late = '2026-11-20T20:00:00Z';
		sb.clock.set(late);
		const pro = await run(attendance({ center: rl(PRO), date: '2026-11-21', visitors: 9 }), {
			now: late,
		});
		expect(pro.error).toBeUndefined();
		expect(sb.intake.submittedAttendance(PRO, null, '2026-11-21')).toBe(9);
		const basic = await run(attendance({ center: rl(BASIC), date: '2026-11-21', visitors: 9 }), {
			now: late,
		});
		expect(errorMessage(basic)).toMatch(/Date: 2026-11-21 is in the future/);
		expect(routeCalls('attendance.submit')).toHaveLength(1);
	});

	it.each([
		[{ visitors: -1 }, /^Visitors: -1 is below 0 \[row 1 of \d+: [^\]]*\]/],
		[{ visitors: 2.5 }, /^Visitors: "2.5" is not a whole number \[row 1 of \d+: [^\]]*\]/],
		[{ date: 'yesterday' }, /^Date: "yesterday" is not a valid date/],
		// literal empty required fields stop the workflow in n8n itself; through an expression they reach the node
		[{ date: '={{ $json.empty }}' }, /^Date: is required/],
		[
			{ scope: 'zone', zone: rl('={{ $json.empty }}') },
			/^Counting Zone: is required \[row 1 of \d+: [^\]]*\]/,
		],
	])('bad input %j is refused without any request', async (bad, message) => {
		const r = await run(
			attendance({ center: rl(BASIC), date: '2026-11-18', visitors: 1, ...bad }),
			{ items: [{ json: { empty: '' } }] },
		);
		expect(errorMessage(r)).toMatch(message);
		expect(sb.log.list()).toEqual([]);
	});

	it('names the failing row among several (1-based, with its date) and sends nothing at all', async () => {
		const items = [{ json: { v: 5 } }, { json: { v: -3 } }];
		const r = await run(
			attendance({ center: rl(BASIC), date: '2026-11-12', visitors: '={{ $json.v }}' }),
			{ items },
		);
		expect(errorMessage(r)).toBe(
			'Visitors: -3 is below 0 [row 2 of 2: date 2026-11-12]; nothing was sent',
		);
		expect(routeCalls('attendance.submit')).toHaveLength(0);
		expect(sb.intake.submittedAttendance(BASIC, null, '2026-11-12')).toBeUndefined();
	});

	it('Continue On Fail: the API error becomes an error item with its code', async () => {
		const r = await run(
			attendance({
				center: rl(BASIC),
				date: '2026-11-18',
				visitors: 3,
				scope: 'zone',
				zone: rl('999999'),
			}),
			{ continueOnFail: true },
		);
		expect(r.error).toBeUndefined();
		expect(out(r)).toEqual([expect.objectContaining({ code: 'not_found', httpCode: '404' })]);
	});
});

// ---------------------------------------------------------------- Counter hours

function hours(
	count: number,
	startIso = '2026-09-01T00:00:00Z',
): Array<{ datetime: string; in: number; out: number }> {
	const start = Date.parse(startIso);
	return Array.from({ length: count }, (_, i) => ({
		datetime: new Date(start + i * 3600_000).toISOString().replace('.000Z', 'Z'),
		in: i % 50,
		out: (i * 7) % 40,
	}));
}

describe('Counter Hours → Submit', () => {
	const counter = (extra: INodeParameters): INodeParameters => ({
		resource: 'counterHour',
		operation: 'submit',
		externalId: 'north-gate',
		recordsSource: 'field',
		recordsField: 'records',
		...extra,
	});

	it.each([
		[BASIC, 1000, 1],
		[PRO, 1001, 2],
	])('center %s: %d records go in %d call(s) of at most 1000', async (sc, count, calls) => {
		const records = hours(count);
		const r = await run(counter({ center: rl(sc) }), { items: [{ json: { records } }] });
		expect(r.error).toBeUndefined();
		const [summary] = out(r);
		expect(summary).toMatchObject({
			external_id: 'north-gate',
			records: count,
			batches: calls,
			written: count,
		});
		expect((summary.batch_results as IDataObject[]).map((b) => b.records)).toEqual(
			calls === 1 ? [1000] : [1000, 1],
		);
		const log = routeCalls('counter.submit');
		expect(log.map((e) => e.status)).toEqual(Array(calls).fill(200));
		expect(log[0].path).toContain(`/sc/${sc}/traffic/counters/north-gate`);
		const stored = sb.intake
			.snapshot()
			.counters.filter((c) => c.center_id === sc && c.external_id === 'north-gate');
		expect(stored).toHaveLength(count);
		const last = records[count - 1];
		expect(
			sb.intake.counterHour(sc, 'north-gate', new Date(last.datetime).toISOString()),
		).toMatchObject({ in: last.in, out: last.out });
	});

	it('From All Input Items: every item is one record, custom field names, one submission for all items', async () => {
		const items = [
			{ json: { hour: '2026-11-19T10:00:00+03:00', came: 12, left: '4' } },
			{ json: { hour: '2026-11-19T11:00:00', came: '30', left: 28 } },
			{ json: { hour: '2026-11-19T09:00:00Z', came: 0, left: 0 } },
		];
		const r = await run(
			counter({
				center: rl(BASIC),
				externalId: 'cam-7',
				recordsSource: 'allItems',
				options: { datetimeField: 'hour', inField: 'came', outField: 'left' },
			}),
			{ items },
		);
		expect(r.error).toBeUndefined();
		expect(r.items[0]).toHaveLength(1);
		expect(r.items[0][0].json).toMatchObject({
			external_id: 'cam-7',
			records: 3,
			batches: 1,
			written: 3,
		});
		expect(r.items[0][0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(routeCalls('counter.submit')).toHaveLength(1);
		// 10:00+03:00 and 11:00 read in Moscow; 09:00Z is 12:00 Moscow
		expect(sb.intake.counterHour(BASIC, 'cam-7', '2026-11-19T07:00:00.000Z')).toMatchObject({
			in: 12,
			out: 4,
		});
		expect(sb.intake.counterHour(BASIC, 'cam-7', '2026-11-19T08:00:00.000Z')).toMatchObject({
			in: 30,
			out: 28,
		});
		expect(sb.intake.counterHour(BASIC, 'cam-7', '2026-11-19T09:00:00.000Z')).toMatchObject({
			in: 0,
			out: 0,
		});
	});

	it.each([
		[
			{ datetime: '2026-11-19T10:30:00+03:00', in: 1, out: 1 },
			/^Record 3 "datetime": .* is not the start of an hour/,
		],
		[
			{ datetime: '2026-11-19', in: 1, out: 1 },
			/^Record 3 "datetime": .* is not an ISO 8601 date-time/,
		],
		[
			{ datetime: 'soon', in: 1, out: 1 },
			/^Record 3 "datetime": "soon" is not an ISO 8601 date-time/,
		],
		[{ datetime: '2026-11-19T10:00:00Z', in: -1, out: 1 }, /^Record 3 "in": -1 is below 0/],
		[
			{ datetime: '2026-11-19T10:00:00Z', in: 1, out: 1.5 },
			/^Record 3 "out": "1.5" is not a whole number/,
		],
		[{ datetime: '2026-11-19T10:00:00Z', in: 1 }, /^Record 3 "out": is required/],
		[
			{ datetime: '2026-11-21T10:00:00Z', in: 1, out: 1 },
			/^Record 3 "datetime": .* is in the future/,
		],
		['12,3', /^Record 3: "12,3" is not an object/],
	])('a bad record %j is named by its index; nothing is submitted', async (bad, message) => {
		const records = [...hours(2, '2026-11-01T00:00:00Z'), bad];
		const r = await run(counter({ center: rl(BASIC) }), { items: [{ json: { records } }] });
		expect(errorMessage(r)).toMatch(message);
		expect(errorMessage(r)).toMatch(/\[row 1 of 1: counter north-gate\]; nothing was sent$/);
		expect(intakeCalls()).toEqual([]);
	});

	it('a missing records field is refused without any request', async () => {
		const r = await run(counter({ center: rl(BASIC) }), { items: [{ json: { rows: [] } }] });
		expect(errorMessage(r)).toMatch(
			/^Records Field: the item has no field "records" \[row 1 of \d+: [^\]]*\]/,
		);
		expect(sb.log.list()).toEqual([]);
	});

	it('From All Input Items: a bad item is named by its item index', async () => {
		const items = [
			{ json: { datetime: '2026-11-19T10:00:00Z', in: 1, out: 1 } },
			{ json: { datetime: '2026-11-19T11:00:00Z', in: 'many', out: 1 } },
		];
		const r = await run(counter({ center: rl(BASIC), recordsSource: 'allItems' }), { items });
		expect(errorMessage(r)).toMatch(
			/^Record 2 "in": "many" is not a whole number \[row 2 of \d+: [^\]]*\]/,
		);
		expect(sb.log.list()).toEqual([]);
	});

	it('From All Input Items under Continue On Fail: one error item, and never one submission per item', async () => {
		const items = hours(3, '2026-11-18T00:00:00Z').map((json) => ({ json }));
		sb.faults.set({ failNext: { count: 1, code: 'not_found', routes: ['counter.submit'] } });
		const r = await run(counter({ center: rl(BASIC), recordsSource: 'allItems' }), {
			items,
			continueOnFail: true,
		});
		expect(out(r)).toEqual([expect.objectContaining({ code: 'not_found' })]);
		expect(routeCalls('counter.submit')).toHaveLength(1);
	});

	it('a refused second batch: the error item says which batches were written', async () => {
		// the node's clock runs two hours ahead of the sandbox's: the last hour passes the local check, the API refuses it
		const records = [
			...hours(1000, '2026-09-01T00:00:00Z'),
			{ datetime: '2026-11-20T10:00:00Z', in: 1, out: 1 },
		];
		const r = await run(counter({ center: rl(BASIC), externalId: 'half-gate' }), {
			items: [{ json: { records } }],
			continueOnFail: true,
			now: '2026-11-20T11:00:00Z',
		});
		const [item] = out(r);
		expect(item).toMatchObject({ code: 'validation_error', httpCode: '422' });
		expect(item.description).toMatch(/Batch 2 of 2 failed; batch 1 \(1000 records\) was written/);
		expect(routeCalls('counter.submit').map((e) => e.status)).toEqual([200, 422]);
		expect(sb.intake.snapshot().counters.filter((c) => c.external_id === 'half-gate')).toHaveLength(
			1000,
		);
	});

	it('a retryable failure of the second batch is repeated by the transport; every hour is written once', async () => {
		sb.faults.set({
			failNext: { count: 1, code: 'traffic_unavailable', routes: ['counter.submit'] },
		});
		const records = hours(1500, '2026-08-01T00:00:00Z');
		const r = await run(counter({ center: rl(PRO), externalId: 'retry-gate' }), {
			items: [{ json: { records } }],
		});
		expect(r.error).toBeUndefined();
		expect(out(r)[0]).toMatchObject({ batches: 2, written: 1500 });
		expect(routeCalls('counter.submit').map((e) => e.status)).toEqual([503, 200, 200]);
		expect(
			sb.intake.snapshot().counters.filter((c) => c.external_id === 'retry-gate'),
		).toHaveLength(1500);
	});
});

// ---------------------------------------------------------------- Calendar events

describe('Calendar Event → Create', () => {
	const event = (extra: INodeParameters): INodeParameters => ({
		resource: 'calendarEvent',
		operation: 'create',
		name: 'Black Friday',
		description: 'Sales all over the center',
		eventType: 'marketing',
		startDate: '2026-11-27',
		endDate: '2026-11-29',
		...extra,
	});

	it.each([BASIC, PRO])('creates an event with shops and color (center %s)', async (sc) => {
		const r = await run(
			event({
				center: rl(sc),
				additionalFields: { shopIds: [`${sc}-01`, `${sc}-02`], color: '#FF8800' },
			}),
		);
		expect(r.error).toBeUndefined();
		const [created] = out(r);
		expect(created).toMatchObject({
			name: 'Black Friday',
			description: 'Sales all over the center',
			event_type: 'marketing',
			color: '#FF8800',
			sell_location_ids: [`${sc}-01`, `${sc}-02`],
			start_date: '2026-11-27',
			end_date: '2026-11-29',
		});
		expect(sb.intake.eventsOf(sc)).toEqual([created]);
		expect(routeCalls('events.create')).toHaveLength(1);
	});

	it('empty color: the API default; shop IDs as comma-separated text from an expression', async () => {
		const r = await run(
			event({
				center: rl(BASIC),
				name: 'Gray day',
				eventType: 'other',
				additionalFields: { color: '', shopIds: '={{ $json.shops }}' },
			}),
			{
				items: [{ json: { shops: '1001-03, 1001-04' } }],
			},
		);
		expect(r.error).toBeUndefined();
		expect(out(r)[0]).toMatchObject({
			color: '#9E9E9E',
			sell_location_ids: ['1001-03', '1001-04'],
			event_type: 'other',
		});
	});

	it.each(['red', 'rgb(255,0,0)', '#F80', '#GG0000', 'FF8800'])(
		'color %s is refused locally, without any request',
		async (color) => {
			const r = await run(event({ center: rl(BASIC), additionalFields: { color } }));
			expect(errorMessage(r)).toMatch(
				/^Color: .* is not a HEX color #RRGGBB .*\[row 1 of \d+: [^\]]*\]/,
			);
			expect(sb.log.list()).toEqual([]);
		},
	);

	it.each([
		[{ name: '  ' }, /^Name: is required \[row 1 of \d+: [^\]]*\]/],
		[{ description: '={{ $json.empty }}' }, /^Description: is required \[row 1 of \d+: [^\]]*\]/],
		[{ eventType: 'service' }, /^Event Type: "service" is not one of: calendar, marketing, other/],
		[{ startDate: '2026-02-30' }, /^Start Date: "2026-02-30" is not a valid date/],
	])('bad input %j is refused without any request', async (bad, message) => {
		const r = await run(event({ center: rl(BASIC), ...bad }), { items: [{ json: { empty: '' } }] });
		expect(errorMessage(r)).toMatch(message);
		expect(sb.log.list()).toEqual([]);
	});

	it('an end before the start is refused before the create call', async () => {
		const r = await run(
			event({ center: rl(BASIC), startDate: '2026-12-05', endDate: '2026-12-04' }),
		);
		expect(errorMessage(r)).toMatch(
			/^End Date: 2026-12-04 is earlier than Start Date 2026-12-05 \[row 1 of \d+: [^\]]*\]/,
		);
		expect(intakeCalls()).toEqual([]);
	});

	describe('duplicates (409 already_exists_in_sc) and retries', () => {
		const params = (extra: INodeParameters = {}) =>
			event({
				center: rl(PRO),
				name: 'New Year fair',
				startDate: '2026-12-20',
				endDate: '2026-12-31',
				...extra,
			});
		const fairs = () => sb.intake.eventsOf(PRO).filter((e) => e.name === 'New Year fair');

		it('an internal_error is retried and exactly one event is created', async () => {
			sb.faults.set({ failNext: { count: 1, code: 'internal_error', routes: ['events.create'] } });
			const r = await run(params());
			expect(r.error).toBeUndefined();
			expect(routeCalls('events.create').map((e) => e.status)).toEqual([500, 200]);
			expect(fairs()).toHaveLength(1);
			expect(out(r)[0].id).toBe(fairs()[0].id);
		});

		it('a duplicate fails the item by default (never retried, nothing created)', async () => {
			const r = await run(params());
			expect(errorMessage(r)).toMatch(/already exists in this center/);
			expect(routeCalls('events.create').map((e) => [e.status, e.code])).toEqual([
				[409, 'already_exists_in_sc'],
			]);
			expect(fairs()).toHaveLength(1);
		});

		it('a duplicate under Continue On Fail is an error item with the API code', async () => {
			const r = await run(params(), { continueOnFail: true });
			expect(out(r)).toEqual([
				expect.objectContaining({ code: 'already_exists_in_sc', httpCode: '409' }),
			]);
			expect(fairs()).toHaveLength(1);
		});

		it('"Treat Existing As Success": already_existed = true with the requested fields', async () => {
			const r = await run(
				params({
					additionalFields: { shopIds: ['1002-03'] },
					options: { treatExistingAsSuccess: true },
				}),
			);
			expect(r.error).toBeUndefined();
			expect(out(r)).toEqual([
				{
					already_existed: true,
					id: fairs()[0].id,
					name: 'New Year fair',
					description: 'Sales all over the center',
					event_type: 'marketing',
					start_date: '2026-12-20',
					end_date: '2026-12-31',
					sell_location_ids: ['1002-03'],
				},
			]);
			expect(routeCalls('events.create')).toHaveLength(1);
			expect(fairs()).toHaveLength(1);
		});

		it('"Treat Existing As Success" on a new event: the created event with already_existed = false', async () => {
			const r = await run(
				params({
					name: 'Spring fair',
					startDate: '2027-03-01',
					endDate: '2027-03-08',
					options: { treatExistingAsSuccess: true },
				}),
			);
			expect(out(r)).toEqual([
				expect.objectContaining({
					already_existed: false,
					name: 'Spring fair',
					id: expect.any(String),
				}),
			]);
		});

		it('a retried batch of items with duplicates: every event exists once', async () => {
			const items = [
				{ json: { n: 'Fair A' } },
				{ json: { n: 'Fair B' } },
				{ json: { n: 'Fair A' } },
			];
			sb.faults.set({ failNext: { count: 2, code: 'internal_error', routes: ['events.create'] } });
			const r = await run(
				params({ name: '={{ $json.n }}', options: { treatExistingAsSuccess: true } }),
				{ items },
			);
			expect(out(r).map((j) => [j.name, j.already_existed])).toEqual([
				['Fair A', false],
				['Fair B', false],
				['Fair A', true],
			]);
			const names = sb.intake.eventsOf(PRO).map((e) => e.name);
			expect(names.filter((n) => n === 'Fair A')).toHaveLength(1);
			expect(names.filter((n) => n === 'Fair B')).toHaveLength(1);
		});
	});
});

// ---------------------------------------------------------------- Declared turnover

describe('money conversion (decimal text, no float arithmetic)', () => {
	it.each([
		['12.34', 1234],
		['12.3', 1230],
		['12', 1200],
		['12,34', 1234],
		['1 234,56', 123456],
		['1\u00A0234\u00A0567.89', 123456789],
		['12.340', 1234],
		['0.01', 1],
		['0', 0],
		['  7.5 ', 750],
		[12.34, 1234],
		[0.29, 29],
		['90071992547409.91', 9007199254740991],
	])('currency units %j → %d kopecks', (value, kopecks) => {
		expect(toKopecks(value, 'currencyUnits')).toBe(kopecks);
	});

	it.each([
		['12.345', /more than two decimal places/],
		['-5', /negative/],
		[-0.01, /negative/],
		['1,234.56', /more than one/],
		['1.234,56', /more than one/],
		['12 34', /not an amount/],
		['12.', /decimal part must be digits/],
		['.5', /digit must come before/],
		['12,3a', /decimal part must be digits/],
		['€12', /not an amount/],
		['1e3', /not an amount/],
		['', /is required/],
		['90071992547409.92', /too large/],
		[1e21, /too large or too small/],
		[0.1 + 0.2, /more than two decimal places/],
	])('currency units %j is refused (%s)', (value, message) => {
		expect(() => toKopecks(value, 'currencyUnits')).toThrow(message);
	});

	it('kopecks must be a whole number ≥ 0', () => {
		expect(toKopecks('123456', 'kopecks')).toBe(123456);
		expect(toKopecks('1 234 567', 'kopecks')).toBe(1234567);
		expect(toKopecks(500, 'kopecks')).toBe(500);
		expect(() => toKopecks('12.00', 'kopecks')).toThrow(/kopecks are whole numbers/);
		expect(() => toKopecks(12.5, 'kopecks')).toThrow(/kopecks are whole numbers/);
		expect(() => toKopecks('-1', 'kopecks')).toThrow(/negative/);
	});
});

describe('Declared Turnover → Submit', () => {
	const turnover = (extra: INodeParameters): INodeParameters => ({
		resource: 'declaredTurnover',
		operation: 'submit',
		amountUnit: 'kopecks',
		...extra,
	});

	async function monthly(
		sc: string,
		shop: string,
		start: string,
		end: string,
	): Promise<IDataObject[]> {
		const tokenRes = await fetch(`${sb.baseUrl}/auth/token`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ client_id: DEMO_CLIENT_ID, client_secret: DEMO_CLIENT_SECRET }),
		});
		const { access_token } = (await tokenRes.json()) as { access_token: string };
		const res = await fetch(
			`${sb.baseUrl}/sc/${sc}/shops/${shop}/sales/monthly?start_date=${start}&end_date=${end}`,
			{ headers: { authorization: `Bearer ${access_token}` } },
		);
		const body = (await res.json()) as { data: IDataObject[] };
		return body.data;
	}

	it('spreadsheet-like items in currency units → exact kopecks stored and shown as manual_turnover (Basic)', async () => {
		const items = [
			{
				json: {
					Shop: '1001-01',
					Month: '2026-10',
					Revenue: '1 234 567,89',
					Receipts: '4210',
					Visitors: 15000,
				},
			},
			{
				json: {
					Shop: '1001-02',
					Month: '2026-10-31',
					Revenue: '98765.4',
					Receipts: 310,
					Visitors: '',
				},
			},
			{
				json: {
					Shop: '1001-03',
					Month: '2026-09-15T00:00:00',
					Revenue: 1500,
					Receipts: '',
					Visitors: '',
				},
			},
			{ json: { Shop: '1001-04', Month: '2026-10-01', Revenue: '0.29', Receipts: 1, Visitors: 2 } },
		];
		const r = await run(
			turnover({
				center: rl(BASIC),
				shop: rl('={{ $json.Shop }}'),
				month: '={{ $json.Month }}',
				turnover: '={{ $json.Revenue }}',
				amountUnit: 'currencyUnits',
				additionalFields: {
					receiptsCount: '={{ $json.Receipts }}',
					visitorsCount: '={{ $json.Visitors }}',
				},
			}),
			{ items },
		);
		expect(r.error).toBeUndefined();
		expect(out(r)).toEqual([
			{
				shop_id: '1001-01',
				month: '2026-10',
				manual_turnover: 123456789,
				manual_receipts_count: 4210,
				manual_visitors_count: 15000,
			},
			{
				shop_id: '1001-02',
				month: '2026-10',
				manual_turnover: 9876540,
				manual_receipts_count: 310,
				manual_visitors_count: 0,
			},
			{
				shop_id: '1001-03',
				month: '2026-09',
				manual_turnover: 150000,
				manual_receipts_count: 0,
				manual_visitors_count: 0,
			},
			{
				shop_id: '1001-04',
				month: '2026-10',
				manual_turnover: 29,
				manual_receipts_count: 1,
				manual_visitors_count: 2,
			},
		]);
		expect(r.items[0].map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(sb.intake.declaredTurnover(BASIC, '1001-01', '2026-10')?.manual_turnover).toBe(
			123456789,
		);
		expect(sb.intake.declaredTurnover(BASIC, '1001-04', '2026-10')?.manual_turnover).toBe(29);
		const rows = await monthly(BASIC, '1001-01', '2026-09-01', '2026-10-31');
		expect(rows.find((row) => row.date === '2026-10')).toMatchObject({
			manual_turnover: 123456789,
			is_manual: true,
		});
		expect(rows.find((row) => row.date === '2026-09')).toMatchObject({
			manual_turnover: 0,
			is_manual: false,
		});
		const three = await monthly(BASIC, '1001-03', '2026-09-01', '2026-09-30');
		expect(three[0]).toMatchObject({ date: '2026-09', manual_turnover: 150000, is_manual: true });
	});

	it('kopecks on PRO: stored as given, a repeat overwrites the month, monthly totals follow', async () => {
		const first = await run(
			turnover({
				center: rl(PRO),
				shop: rl('1002-05'),
				month: '2026-11-03',
				turnover: '5000000',
				additionalFields: { receiptsCount: 120 },
			}),
		);
		expect(out(first)).toEqual([
			{
				shop_id: '1002-05',
				month: '2026-11',
				manual_turnover: 5000000,
				manual_receipts_count: 120,
				manual_visitors_count: 0,
			},
		]);
		const second = await run(
			turnover({
				center: rl(PRO),
				shop: rl('1002-05'),
				month: '2026-11-20',
				turnover: '5 100 000',
			}),
		);
		expect(out(second)[0]).toMatchObject({ manual_turnover: 5100000 });
		const rows = await monthly(PRO, '1002-05', '2026-11-01', '2026-11-20');
		expect(rows[0]).toMatchObject({ date: '2026-11', manual_turnover: 5100000, is_manual: true });
		expect(routeCalls('turnover.declare')).toHaveLength(2);
	});

	it.each([
		[
			{ turnover: '12.345', amountUnit: 'currencyUnits' },
			/^Turnover: "12.345" has more than two decimal places.*\[row 1 of \d+: [^\]]*\]/,
		],
		[{ turnover: '-100' }, /^Turnover: "-100" is negative.*\[row 1 of \d+: [^\]]*\]/],
		[{ turnover: '12.34' }, /^Turnover: "12.34" has a decimal part, but kopecks are whole numbers/],
		[
			{ turnover: '1,234.56', amountUnit: 'currencyUnits' },
			/^Turnover: "1,234.56" has more than one/,
		],
		[{ turnover: '={{ $json.empty }}' }, /^Turnover: is required \[row 1 of \d+: [^\]]*\]/],
		[{ month: '2026-13-01' }, /^Month: "2026-13-01" is not a valid date/],
		[
			{ additionalFields: { receiptsCount: -2 } },
			/^Receipts Count: -2 is below 0 \[row 1 of \d+: [^\]]*\]/,
		],
		[
			{ additionalFields: { visitorsCount: 1.5 } },
			/^Visitors Count: "1.5" is not a whole number \[row 1 of \d+: [^\]]*\]/,
		],
		[{ shop: rl('={{ $json.empty }}') }, /^Shop: is required \[row 1 of \d+: [^\]]*\]/],
	])('bad input %j is refused without any request', async (bad, message) => {
		const r = await run(
			turnover({
				center: rl(BASIC),
				shop: rl('1001-06'),
				month: '2026-10-01',
				turnover: '100',
				...bad,
			}),
			{ items: [{ json: { empty: '' } }] },
		);
		expect(errorMessage(r)).toMatch(message);
		expect(sb.log.list()).toEqual([]);
	});

	it('a month not begun in any time zone is refused before the submission; near the boundary the API decides (shop zone)', async () => {
		const future = await run(
			turnover({ center: rl(BASIC), shop: rl('1001-06'), month: '2026-12-01', turnover: '100' }),
		);
		expect(errorMessage(future)).toMatch(
			/^Month: 2026-12 is a future month in every time zone \(it is 2026-11 even at UTC\+14\).*\[row 1 of \d+: [^\]]*\]/,
		);
		expect(intakeCalls()).toEqual([]);
		// 30 Nov 20:00 UTC is already 1 December in Yekaterinburg and at UTC+14, still November in Moscow
		const late = '2026-11-30T20:00:00Z';
		sb.clock.set(late);
		const pro = await run(
			turnover({ center: rl(PRO), shop: rl('1002-06'), month: '2026-12-01', turnover: '100' }),
			{ now: late },
		);
		expect(out(pro)[0]).toMatchObject({ month: '2026-12', manual_turnover: 100 });
		// a Moscow shop: not refused locally (its zone is not known to the node); the API's 422 is shown
		const basic = await run(
			turnover({ center: rl(BASIC), shop: rl('1001-06'), month: '2026-12-01', turnover: '100' }),
			{ now: late },
		);
		expect(errorMessage(basic)).toMatch(
			/^The API rejected the parameter month: month must not be in the future \(shop time zone\)/,
		);
		expect(routeCalls('turnover.declare')).toHaveLength(2);
		// 1 December has not begun at UTC+14 before 30 Nov 10:00 UTC: refused locally again
		const early = '2026-11-30T09:00:00Z';
		sb.clock.set(early);
		const before = await run(
			turnover({ center: rl(PRO), shop: rl('1002-06'), month: '2026-12-01', turnover: '100' }),
			{ now: early },
		);
		expect(errorMessage(before)).toMatch(/^Month: 2026-12 is a future month in every time zone/);
		expect(routeCalls('turnover.declare')).toHaveLength(2);
	});

	it('Continue On Fail: local and API errors become error items; the good items are written', async () => {
		const items = [
			{ json: { shop: '1001-07', sum: '10.50' } },
			{ json: { shop: '1001-07', sum: '10.505' } },
			{ json: { shop: '9999-99', sum: '1' } },
			{ json: { shop: '1001-08', sum: '1 000' } },
		];
		const r = await run(
			turnover({
				center: rl(BASIC),
				shop: rl('={{ $json.shop }}'),
				month: '2026-08-01',
				turnover: '={{ $json.sum }}',
				amountUnit: 'currencyUnits',
			}),
			{ items, continueOnFail: true },
		);
		expect(r.error).toBeUndefined();
		const json = out(r);
		expect(json[0]).toMatchObject({ shop_id: '1001-07', manual_turnover: 1050 });
		expect(json[1].error).toMatch(
			/^Turnover: "10.505" has more than two decimal places.*\[row 2 of \d+: [^\]]*\]/,
		);
		expect(json[2]).toMatchObject({ code: 'not_found', httpCode: '404' });
		expect(json[3]).toMatchObject({ shop_id: '1001-08', manual_turnover: 100000 });
		expect(r.items[0].map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
			{ item: 3 },
		]);
		expect(routeCalls('turnover.declare').map((e) => e.status)).toEqual([200, 404, 200]);
	});
});
