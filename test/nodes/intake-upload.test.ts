/**
 * Uploads (every Intake operation) as a spreadsheet of rows: every row is checked before the first
 * request, bad input in any row sends nothing and the error lists every bad row (1-based, with its
 * key); when the API refuses a row mid-way the error says what was already stored and which row
 * failed; with Continue On Fail each row gives one result. Checked against the sandbox's request log
 * and what it stored.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { ShoppingCenterIntake } from '../../nodes/ShoppingCenterIntake/ShoppingCenterIntake.node';
import { harnessBase } from '../helpers/action-run';
import { runNode, type RunNodeResult } from '../harness';
import { intakeCalls as writes, rl, sb, useIntakeSandbox } from '../helpers/intake-setup';

useIntakeSandbox();

async function run(
	parameters: INodeParameters,
	rows: IDataObject[],
	continueOnFail: boolean | 'errorOutput' = false,
): Promise<RunNodeResult> {
	return await runNode({
		...harnessBase(sb),
		nodeType: new ShoppingCenterIntake(),
		parameters,
		inputItems: rows.map((json): INodeExecutionData => ({ json })),
		continueOnFail: continueOnFail === true,
		onError: continueOnFail === 'errorOutput' ? 'continueErrorOutput' : undefined,
	});
}

const turnover = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'declaredTurnover',
	operation: 'submit',
	center: rl('1002'),
	shop: rl('={{ $json.shop }}'),
	month: '={{ $json.month }}',
	amountUnit: 'currencyUnits',
	turnover: '={{ $json.sum }}',
	...extra,
});
/**
 * The error's message as n8n's editor shows it (NodeErrorView's addItemIndexSuffix, n8n 1.123 and
 * 2.x): with several input items and an item index in the error's context it appends " [item N]",
 * counted from 0, unless the message already says "item N".
 */
function asTheEditorShowsIt(error: unknown, items: number): string {
	const e = error as { message: string; context?: { itemIndex?: number } };
	const index = e.context?.itemIndex;
	if (items < 2 || index === undefined || e.message.includes(`item ${index}`)) return e.message;
	return `${e.message} [item ${index}]`;
}

/** Four rows of one month: row 2 with bad input, row 3 a shop not in the center (the API's 404). */
const fourRows = (month: string) => [
	{ shop: '1002-05', month, sum: '1' },
	{ shop: '1002-06', month, sum: '1.234' },
	{ shop: '9999-99', month, sum: '3' },
	{ shop: '1002-08', month, sum: '4' },
];

const declared = (shop: string, month: string) =>
	sb.intake.snapshot().declaredTurnover.find((d) => d.shop_id === shop && d.month === month);

describe('Declared Turnover: a spreadsheet of three rows', () => {
	it('a typo in row 2: nothing is sent, and the error names row 2 (1-based) with its shop and month', async () => {
		const r = await run(turnover(), [
			{ shop: '1002-05', month: '2026-07', sum: '100.50' },
			{ shop: '1002-06', month: '2026-07', sum: '10O.00' },
			{ shop: '1002-07', month: '2026-07', sum: '300' },
		]);
		expect(r.error?.message).toMatch(
			/^Turnover: "10O.00" is not an amount.* \[row 2 of 3: shop 1002-06, month 2026-07\]; nothing was sent$/,
		);
		// one numbering: the editor adds no "[item 1]" (items counted from 0) to a message counting rows
		expect(asTheEditorShowsIt(r.error, 3)).toBe(r.error?.message);
		expect(writes()).toEqual([]);
		expect(declared('1002-05', '2026-07')).toBeUndefined();
	});

	it('bad rows 2 and 3: one error lists both, each with its shop and month; nothing is sent', async () => {
		const r = await run(turnover(), [
			{ shop: '1002-05', month: '2026-06', sum: '1' },
			{ shop: '1002-06', month: '2026-13', sum: '2' },
			{ shop: '1002-07', month: '2026-06', sum: '-3' },
		]);
		const message = String(r.error?.message);
		expect(message).toMatch(/^2 of 3 rows have bad input; nothing was sent\. /);
		expect(message).toContain('Row 2 (shop 1002-06, month 2026-13): Month: ');
		expect(message).toContain('; Row 3 (shop 1002-07, month 2026-06): Turnover: "-3" is negative');
		expect(message).not.toMatch(/Row 1 |\[item/);
		expect(writes()).toEqual([]);
	});

	it('more bad rows than a message lists: the message names the first ten, the details every one', async () => {
		const rows = Array.from({ length: 13 }, (_, i) => ({
			shop: '1002-05',
			month: '2026-05',
			sum: `x${i}`,
		}));
		const r = await run(turnover(), rows);
		const e = r.error as { message: string; description?: string };
		expect(e.message).toMatch(/^13 of 13 rows have bad input; nothing was sent\./);
		expect(e.message).toContain('Row 10 (');
		expect(e.message).not.toContain('Row 11 (');
		expect(e.message).toContain('… and 3 more rows (all in the details)');
		for (let row = 1; row <= 13; row++)
			expect(e.description).toContain(`Row ${row} (shop 1002-05, month 2026-05)`);
		expect(writes()).toEqual([]);
	});

	it('the API refuses row 2: the error says row 1 is stored, row 2 failed, row 3 was not sent', async () => {
		const r = await run(turnover(), [
			{ shop: '1002-05', month: '2026-10', sum: '100' },
			{ shop: '9999-99', month: '2026-10', sum: '200' },
			{ shop: '1002-07', month: '2026-10', sum: '300' },
		]);
		const e = r.error as { message: string; description?: string; context?: IDataObject };
		expect(e.context?.code).toBe('not_found');
		expect(e.message).toMatch(
			/ \[row 2 of 3: shop 9999-99, month 2026-10\]\. 1 of 3 stored: 1002-05 2026-10; not sent: row 3$/,
		);
		expect(e.description).toContain(
			'Stored before row 2 failed: row 1 (shop 1002-05, month 2026-10).',
		);
		// what running them again does: of declared turnover alone, not of the other resources
		expect(e.description).toMatch(
			/Running the same rows again is safe: a shop's month sent again overwrites its declared turnover\.$/,
		);
		expect(e.description).not.toMatch(/attendance|counter|calendar/i);
		expect(writes().map((w) => w.status)).toEqual([200, 404]);
		expect(declared('1002-05', '2026-10')?.manual_turnover).toBe(10000);
		expect(declared('1002-07', '2026-10')).toBeUndefined();
	});

	it('the API refuses row 3 of 4: rows counted from 1 in all the editor shows; the details in words', async () => {
		const r = await run(turnover(), [
			{ shop: '1002-05', month: '2026-08', sum: '100' },
			{ shop: '1002-06', month: '2026-08', sum: '100' },
			{ shop: '9999-99', month: '2026-08', sum: '200' },
			{ shop: '1002-07', month: '2026-08', sum: '300' },
		]);
		const e = r.error as { message: string; description?: string };
		expect(asTheEditorShowsIt(r.error, 4)).toBe(
			'Shop 9999-99 is not in center Mega PRO (1002) [row 3 of 4: shop 9999-99, month 2026-08]. 2 of 4 stored: 1002-05 2026-08, 1002-06 2026-08; not sent: row 4',
		);
		// the API's details {"field":"shop_id"} said in words, not as JSON
		expect(e.description).toMatch(
			/^API error not_found \(HTTP 404\): .*\. The API names the field shop_id\.\nStored before row 3 failed: /,
		);
		expect(e.description).not.toMatch(/[{}"]/);
		expect(writes().map((w) => w.status)).toEqual([200, 200, 404]);
	});

	it('Continue On Fail: one result per row — the bad row an error item naming it, the others written', async () => {
		const r = await run(turnover(), fourRows('2026-09'), true);
		expect(r.error).toBeUndefined();
		const items = r.items[0] ?? [];
		expect(items.map((i) => i.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
		const json = items.map((i) => i.json);
		expect(json[0]).toMatchObject({ shop_id: '1002-05', manual_turnover: 100 });
		expect(json[1].error).toMatch(
			/^Turnover: "1.234" has more than two decimal places.* \[row 2 of 4: shop 1002-06, month 2026-09\]$/,
		);
		expect(json[2]).toMatchObject({ code: 'not_found' });
		expect(json[2].error).toMatch(/\[row 3 of 4: shop 9999-99, month 2026-09\]$/);
		expect(json[3]).toMatchObject({ shop_id: '1002-08', manual_turnover: 400 });
		expect(writes().map((w) => w.status)).toEqual([200, 404, 200]);
	});

	it('Continue (using error output): the stored rows on the success output, each bad row on the error output', async () => {
		const r = await run(turnover(), fourRows('2026-04'), 'errorOutput');
		expect(r.error).toBeUndefined();
		const [ok, bad] = r.items;
		expect(ok.map((i) => [i.json.shop_id, i.json.manual_turnover, i.pairedItem])).toEqual([
			['1002-05', 100, { item: 0 }],
			['1002-08', 400, { item: 3 }],
		]);
		// each paired with its row (a workflow's n8n also puts the row's own fields beside the error)
		expect(bad.map((i) => i.pairedItem)).toEqual([{ item: 1 }, { item: 2 }]);
		expect(bad[0].json.error).toMatch(/\[row 2 of 4: shop 1002-06, month 2026-04\]$/);
		expect(bad[1].json.message).toMatch(/^API error not_found \(HTTP 404\)/);
		expect(bad[1].json.error).toMatch(/\[row 3 of 4: shop 9999-99, month 2026-04\]$/);
		expect(writes().map((w) => w.status)).toEqual([200, 404, 200]);
	});
});

describe('every Intake operation checks every row before the first request', () => {
	const hour = (h: number) => ({
		datetime: `2026-11-19T${String(h).padStart(2, '0')}:00:00+05:00`,
		in: 1,
		out: 1,
	});
	const cases: Array<[string, INodeParameters, IDataObject[], string]> = [
		[
			'Daily Attendance',
			{
				resource: 'dailyAttendance',
				operation: 'submit',
				center: rl('1002'),
				date: '={{ $json.date }}',
				visitors: '={{ $json.v }}',
			},
			[
				{ date: '2026-11-10', v: 5 },
				{ date: '2026-11-11', v: -1 },
				{ date: '2026-11-12', v: 7 },
			],
			'Visitors: -1 is below 0 [row 2 of 3: date 2026-11-11]; nothing was sent',
		],
		[
			'Calendar Event',
			{
				resource: 'calendarEvent',
				operation: 'create',
				center: rl('1002'),
				name: '={{ $json.name }}',
				description: 'sale',
				eventType: 'marketing',
				startDate: '={{ $json.start }}',
				endDate: '={{ $json.end }}',
			},
			[
				{ name: 'Upload A', start: '2026-12-01', end: '2026-12-02' },
				{ name: 'Upload B', start: '2026-12-05', end: '2026-12-04' },
				{ name: 'Upload C', start: '2026-12-07', end: '2026-12-08' },
			],
			'End Date: 2026-12-04 is earlier than Start Date 2026-12-05 [row 2 of 3: event "Upload B", 2026-12-05]; nothing was sent',
		],
		[
			'Counter Hour (records in a field of each row)',
			{
				resource: 'counterHour',
				operation: 'submit',
				center: rl('1002'),
				externalId: '={{ $json.counter }}',
			},
			[
				{ counter: 'gate-a', records: [hour(10)] },
				{ counter: 'gate-b', records: [hour(10), { ...hour(11), in: 'lots' }] },
				{ counter: 'gate-c', records: [hour(10)] },
			],
			'Record 2 "in": "lots" is not a whole number [row 2 of 3: counter gate-b]; nothing was sent',
		],
	];

	it.each(cases)(
		'%s: row 2 is bad → no request, the error names row 2 and its key',
		async (_t, parameters, rows, message) => {
			const r = await run(parameters, rows);
			expect(r.error?.message).toBe(message);
			expect(writes()).toEqual([]);
		},
	);

	it('Counter Hour From All Input Items: every bad row listed (rows 2 and 4), nothing sent', async () => {
		const r = await run(
			{
				resource: 'counterHour',
				operation: 'submit',
				center: rl('1002'),
				externalId: 'gate-all',
				recordsSource: 'allItems',
			},
			[hour(8), { ...hour(9), out: -2 }, hour(10), { in: 1, out: 1 }],
		);
		const message = String(r.error?.message);
		expect(message).toMatch(/^2 of 4 rows have bad input; nothing was sent\. /);
		expect(message).toContain('Row 2 (counter gate-all): Record 2 "out": -2 is below 0');
		expect(message).toContain('Row 4 (counter gate-all): Record 4 "datetime": is required');
		expect(writes()).toEqual([]);
	});

	it('Counter Hour, records in one row: every bad record listed in that row', async () => {
		const r = await run(
			{ resource: 'counterHour', operation: 'submit', center: rl('1002'), externalId: 'gate-many' },
			[{ records: [hour(1), { ...hour(2), in: -1 }, hour(3), { ...hour(4), out: 'x' }] }],
		);
		expect(r.error?.message).toBe(
			'2 of 4 records are bad: Record 2 "in": -1 is below 0; Record 4 "out": "x" is not a whole number [row 1 of 1: counter gate-many]; nothing was sent',
		);
		expect(writes()).toEqual([]);
	});

	it('Calendar Event: a duplicate refused mid-way says which event was created before it', async () => {
		const params: INodeParameters = {
			resource: 'calendarEvent',
			operation: 'create',
			center: rl('1002'),
			name: '={{ $json.name }}',
			description: 'sale',
			eventType: 'marketing',
			startDate: '2026-12-10',
			endDate: '2026-12-11',
		};
		expect((await run(params, [{ name: 'Dup Fair' }])).error).toBeUndefined();
		sb.log.clear();
		const r = await run(params, [
			{ name: 'New Fair' },
			{ name: 'Dup Fair' },
			{ name: 'Late Fair' },
		]);
		const e = r.error as { message: string; context?: IDataObject };
		expect(e.context?.code).toBe('already_exists_in_sc');
		expect(e.message).toMatch(
			/ \[row 2 of 3: event "Dup Fair", 2026-12-10\]\. 1 of 3 stored: "New Fair" 2026-12-10; not sent: row 3$/,
		);
		expect(writes().map((w) => w.status)).toEqual([200, 409]);
		expect(String((r.error as { description?: string }).description)).toMatch(
			/Running the same rows again is safe: an event that exists already is refused \(already_exists_in_sc\), never created twice\.$/,
		);
		expect(String((r.error as { description?: string }).description)).not.toMatch(
			/attendance|turnover/i,
		);
		expect(sb.intake.eventsOf('1002').filter((ev) => ev.name === 'Late Fair')).toEqual([]);
	});
});
