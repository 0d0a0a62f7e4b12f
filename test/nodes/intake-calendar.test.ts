/**
 * Shopping Center Intake through the n8n-core harness against the sandbox: Calendar Event → Create
 * (the one call that is not idempotent: sent once, an existing event refused or counted as success).
 */
import type { INodeParameters } from 'n8n-workflow';
import {
	BASIC,
	errorMessage,
	intakeCalls,
	out,
	PRO,
	rl,
	routeCalls,
	run,
	sb,
	useIntakeSandbox,
} from '../helpers/intake-setup';

useIntakeSandbox();

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
