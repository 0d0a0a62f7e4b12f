/**
 * Shopping Center Intake through n8n-core's engine (test/harness) against the sandbox: what the sandbox
 * stored, the request log (no request for rejected input, one call per batch, exactly one event), and
 * the error items of "Continue On Fail".
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
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

describe('Counter Hour → Submit', () => {
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
