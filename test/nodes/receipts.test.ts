/**
 * Shopping Center Receipts node through n8n-core's engine (test/harness) against the sandbox:
 * receipt export in 30-day windows, by creation, reception or both dates; plan refusal on Basic.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { runNode, type RunNodeResult } from '../harness';
import { sb, useSandbox } from '../helpers/sandbox';
import type { TruthQuery } from '../../sandbox/data/store';
import {
	BASIC_CENTER,
	BLOCKED_CENTER,
	BUSY_SHOP,
	PRO_CENTER,
} from '../../sandbox/fixtures/centers';
import { harnessBase } from '../helpers/action-run';

const NOW = '2026-11-20T09:00:00Z'; // 14:00 in Yekaterinburg (1002)
const SHOP = '1002-02';

useSandbox({ seed: 42, now: NOW });

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

async function runLogged(
	parameters: INodeParameters,
	extra: { inputItems?: INodeExecutionData[]; continueOnFail?: boolean } = {},
) {
	const since = sb.log.list().at(-1)?.seq ?? 0;
	const result = await runNode({
		nodeType: new ShoppingCenterReceipts(),
		parameters,
		...harnessBase(sb),
		...extra,
	});
	return { result, log: sb.log.list({ since }) };
}

function rows(result: RunNodeResult): IDataObject[] {
	if (result.error) throw new Error(`node failed: ${result.error.message}`);
	return result.items[0].map((i) => i.json);
}

function truth(q: Omit<TruthQuery, 'sc_id'> & { sc_id?: string }) {
	return sb.store.truth('receipts', { sc_id: PRO_CENTER, ...q }, sb.clock.now());
}

const exportBy = (sc: string, shop: string, more: INodeParameters): INodeParameters => ({
	resource: 'receipt',
	operation: 'export',
	center: byId(sc),
	shop: byId(shop),
	returnAll: true,
	...more,
});

const created = (
	sc: string,
	shop: string,
	start: string,
	end: string,
	more: INodeParameters = {},
) =>
	exportBy(sc, shop, {
		periodBy: 'created',
		createdStartDate: start,
		createdEndDate: end,
		...more,
	});

const sumOf = (got: IDataObject[]) => got.reduce((a, r) => a + (r.total_sum as number), 0);

describe('Receipt → Export on a PRO center', () => {
	test('Return All over 90 days of the busy shop: three 30-day windows, exactly the true receipts', async () => {
		const t0 = Date.now();
		const { result, log } = await runLogged(
			created(PRO_CENTER, BUSY_SHOP, '2026-08-23', '2026-11-20'),
		);
		const got = rows(result);
		const want = truth({
			shop_id: BUSY_SHOP,
			start_created_date: '2026-08-23',
			end_created_date: '2026-11-20',
		});
		expect(want.count).toBeGreaterThan(40_000);
		expect(got).toHaveLength(want.count);
		expect(got.map((r) => r.id)).toEqual(want.ids);
		expect(sumOf(got)).toBe(want.sum);

		const calls = log.filter((e) => e.route === 'receipts');
		// the windows' pages may be asked for side by side: their order in the log is not the rows' order
		// (that one is held above, id by id)
		const windows = [
			...new Set(calls.map((e) => `${e.query.start_created_date}..${e.query.end_created_date}`)),
		].sort();
		expect(windows).toEqual([
			'2026-08-23..2026-09-21',
			'2026-09-22..2026-10-21',
			'2026-10-22..2026-11-20',
		]);
		expect(
			calls.every(
				(e) =>
					e.status === 200 &&
					e.query.per_page === '1000' &&
					e.query.start_received_date === undefined,
			),
		).toBe(true);
		// every window paged to its end, nothing asked twice: pages = sum of ceil(window count / 1000)
		const perWindow = windows.map((w) => {
			const [s, e] = w.split('..');
			return Math.ceil(
				truth({ shop_id: BUSY_SHOP, start_created_date: s, end_created_date: e }).count / 1000,
			);
		});
		expect(calls).toHaveLength(perWindow.reduce((a, b) => a + b, 0));
		expect(Date.now() - t0).toBeLessThan(45_000);
	}, 60_000);

	test('by reception date: 45 days in two windows, one item per receipt, integer kopecks', async () => {
		const { result, log } = await runLogged(
			exportBy(PRO_CENTER, SHOP, {
				periodBy: 'received',
				receivedStartDate: '2026-09-01',
				receivedEndDate: '2026-10-15',
			}),
		);
		const got = rows(result);
		const want = truth({
			shop_id: SHOP,
			start_received_date: '2026-09-01',
			end_received_date: '2026-10-15',
		});
		expect(want.count).toBeGreaterThan(0);
		expect([...got.map((r) => r.id)].sort()).toEqual([...want.ids].sort());
		expect(new Set(got.map((r) => r.id)).size).toBe(got.length);
		expect(sumOf(got)).toBe(want.sum);
		expect(
			got.every((r) => Number.isInteger(r.total_sum) && typeof r.received_datetime === 'string'),
		).toBe(true);
		expect(result.items[0].every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
		const calls = log.filter((e) => e.route === 'receipts');
		expect([
			...new Set(calls.map((e) => `${e.query.start_received_date}..${e.query.end_received_date}`)),
		]).toEqual(['2026-09-01..2026-09-30', '2026-10-01..2026-10-15']);
		expect(calls.every((e) => e.query.start_created_date === undefined)).toBe(true);
	});

	test('both pairs: every creation window with every reception window, the intersection exactly', async () => {
		const { result, log } = await runLogged(
			exportBy(PRO_CENTER, SHOP, {
				periodBy: 'both',
				createdStartDate: '2026-08-20',
				createdEndDate: '2026-10-05',
				receivedStartDate: '2026-08-25',
				receivedEndDate: '2026-10-10',
			}),
		);
		const got = rows(result);
		const want = truth({
			shop_id: SHOP,
			start_created_date: '2026-08-20',
			end_created_date: '2026-10-05',
			start_received_date: '2026-08-25',
			end_received_date: '2026-10-10',
		});
		expect(want.count).toBeGreaterThan(0);
		expect([...got.map((r) => r.id)].sort()).toEqual([...want.ids].sort());
		expect(sumOf(got)).toBe(want.sum);
		const pairs = [
			...new Set(
				log
					.filter((e) => e.route === 'receipts')
					.map(
						(e) =>
							`${e.query.start_created_date}..${e.query.end_created_date} x ${e.query.start_received_date}..${e.query.end_received_date}`,
					),
			),
		];
		expect(pairs).toEqual([
			'2026-08-20..2026-09-18 x 2026-08-25..2026-09-23',
			'2026-08-20..2026-09-18 x 2026-09-24..2026-10-10',
			'2026-09-19..2026-10-05 x 2026-08-25..2026-09-23',
			'2026-09-19..2026-10-05 x 2026-09-24..2026-10-10',
		]);
	});

	test('document types: chosen plus custom comma values are sent as one list', async () => {
		const { result, log } = await runLogged(
			created(PRO_CENTER, SHOP, '2026-10-01', '2026-10-20', {
				documentTypes: ['receipt'],
				otherDocumentTypes: ' correction, ',
			}),
		);
		const got = rows(result);
		const want = truth({
			shop_id: SHOP,
			start_created_date: '2026-10-01',
			end_created_date: '2026-10-20',
			document_types: 'receipt,correction',
		});
		expect(got.map((r) => r.id)).toEqual(want.ids);
		expect(new Set(got.map((r) => r.document_type))).toEqual(new Set(['receipt', 'correction']));
		expect(log.filter((e) => e.route === 'receipts').map((e) => e.query.document_types)).toEqual([
			'receipt,correction',
		]);

		const defaults = await runLogged(
			created(PRO_CENTER, SHOP, '2026-10-01', '2026-10-01', { returnAll: false, limit: 1 }),
		);
		expect(
			defaults.log.filter((e) => e.route === 'receipts').map((e) => e.query.document_types),
		).toEqual(['delivery,form_of_strict_accountability,receipt']);
	});

	test("an unknown custom type is the API's 422, passed on", async () => {
		const { result, log } = await runLogged(
			created(PRO_CENTER, SHOP, '2026-10-01', '2026-10-02', { otherDocumentTypes: 'gift_card' }),
		);
		expect(result.error?.message).toMatch(
			/The API rejected the parameter document_types.*gift_card/,
		);
		expect(log.filter((e) => e.route === 'receipts').map((e) => e.status)).toEqual([422]);
	});

	test('Limit: one request of 1000, the first receipts by creation', async () => {
		const { result, log } = await runLogged(
			created(PRO_CENTER, BUSY_SHOP, '2026-08-23', '2026-11-20', { returnAll: false, limit: 25 }),
		);
		const got = rows(result);
		const want = truth({
			shop_id: BUSY_SHOP,
			start_created_date: '2026-08-23',
			end_created_date: '2026-09-21',
		});
		expect(got.map((r) => r.id)).toEqual(want.ids.slice(0, 25));
		const calls = log.filter((e) => e.route === 'receipts');
		expect(calls).toHaveLength(1);
		expect(calls[0].query).toMatchObject({ page: '1', per_page: '1000' });
	});

	test('an end after today is clipped to today (center zone)', async () => {
		const { result, log } = await runLogged(created(PRO_CENTER, SHOP, '2026-11-15', '2026-12-31'));
		const want = truth({
			shop_id: SHOP,
			start_created_date: '2026-11-15',
			end_created_date: '2026-11-20',
		});
		expect(rows(result).map((r) => r.id)).toEqual(want.ids);
		expect(log.filter((e) => e.route === 'receipts').map((e) => e.query.end_created_date)).toEqual([
			'2026-11-20',
		]);
	});
});

describe('plan, validation and API errors', () => {
	test("Basic center: no request is spent to learn the plan; the first run shows the API's plan_required, later runs refuse locally and ask nothing", async () => {
		const params = created(BASIC_CENTER, '1001-02', '2026-10-01', '2026-10-10');
		const first = await runLogged(params);
		expect(first.result.error?.message).toMatch(/plan \(Basic\) does not allow/);
		expect(first.log.filter((e) => e.route === 'receipts').map((e) => e.status)).toEqual([403]);
		expect(first.log.filter((e) => e.route === 'shops')).toHaveLength(0);

		const second = await runLogged(params);
		expect(second.result.error?.name).toBe('NodeOperationError');
		expect(second.result.error?.message).toMatch(
			/^Center: This center's plan \(Basic\) does not allow receipt export; it needs PRO\. \[row 1 of 1\]/,
		);
		expect(second.log).toHaveLength(0);
	});

	test.each<[string, INodeParameters, RegExp]>([
		[
			'impossible date',
			created(PRO_CENTER, SHOP, '2026-02-29', '2026-03-10'),
			/^Creation Start Date: .*2026-02-29.* is not a valid date.*\[row 1 of 1\]/,
		],
		[
			'end before start',
			created(PRO_CENTER, SHOP, '2026-03-10', '2026-03-09'),
			/^Creation End Date: 2026-03-09 is earlier than Creation Start Date 2026-03-10 \[row 1 of 1\]/,
		],
		[
			'reception pair checked too with Both',
			exportBy(PRO_CENTER, SHOP, {
				periodBy: 'both',
				createdStartDate: '2026-03-01',
				createdEndDate: '2026-03-09',
				receivedStartDate: '2026-03-05',
				receivedEndDate: 'soon',
			}),
			/^Reception End Date: .*soon.*not a valid date.*\[row 1 of 1\]/,
		],
		[
			'a Period By that is not exactly a choice (spaces around it)',
			exportBy(PRO_CENTER, SHOP, {
				periodBy: '={{ " both " }}',
				createdStartDate: '2026-03-01',
				createdEndDate: '2026-03-02',
				receivedStartDate: '2026-03-01',
				receivedEndDate: '2026-03-02',
			}),
			/^Period By: " both " is not one of created, received, both \(Creation Date, Reception Date, Both\) \[row 1 of 1\]$/,
		],
		[
			'empty shop',
			created(PRO_CENTER, '={{ "" }}', '2026-03-01', '2026-03-02'),
			/^Shop: is required \[row 1 of 1\]/,
		],
		[
			'bad custom type',
			created(PRO_CENTER, SHOP, '2026-03-01', '2026-03-02', {
				otherDocumentTypes: 'receipt, gift card',
			}),
			/^Other Document Types: "gift card" is not a document type name.*\[row 1 of 1\]/,
		],
		[
			'no type at all',
			created(PRO_CENTER, SHOP, '2026-03-01', '2026-03-02', { documentTypes: [] }),
			/^Document Types: choose at least one type.*\[row 1 of 1\]/,
		],
		[
			'limit not whole',
			created(PRO_CENTER, SHOP, '2026-03-01', '2026-03-02', { returnAll: false, limit: 1.5 }),
			/^Limit: .*\[row 1 of 1\]/,
		],
	])(
		'%s: NodeOperationError naming the field and item, no request',
		async (_name, parameters, message) => {
			const { result, log } = await runLogged(parameters);
			expect(result.error?.name).toBe('NodeOperationError');
			expect(result.error?.message).toMatch(message);
			expect(log).toHaveLength(0);
		},
	);

	test('a center blocked for non-payment (402) fails with a clear message', async () => {
		const { result, log } = await runLogged(
			created(BLOCKED_CENTER, '1003-02', '2026-10-01', '2026-10-10'),
		);
		expect(result.error?.message).toMatch(/blocked for non-payment/);
		expect(log.some((e) => e.status === 402)).toBe(true);
		expect(log.filter((e) => e.route === 'receipts' && e.status === 200)).toHaveLength(0);
	});

	test('continueOnFail: error items for the Basic and blocked centers, receipts for the PRO one', async () => {
		const { result } = await runLogged(
			{ ...created('={{ $json.sc }}', '={{ $json.shop }}', '2026-10-01', '2026-10-03') },
			{
				continueOnFail: true,
				inputItems: [
					{ json: { sc: BASIC_CENTER, shop: '1001-02' } },
					{ json: { sc: PRO_CENTER, shop: SHOP } },
					{ json: { sc: BLOCKED_CENTER, shop: '1003-02' } },
				],
			},
		);
		expect(result.error).toBeUndefined();
		const of = (i: number) =>
			result.items[0]
				.filter((x) => (x.pairedItem as { item: number }).item === i)
				.map((x) => x.json);
		expect(of(0)).toEqual([
			{
				error:
					"Center: This center's plan (Basic) does not allow receipt export; it needs PRO. [row 1 of 3]",
			},
		]);
		const want = truth({
			shop_id: SHOP,
			start_created_date: '2026-10-01',
			end_created_date: '2026-10-03',
		});
		expect(of(1).map((r) => r.id)).toEqual(want.ids);
		expect(of(2)).toHaveLength(1);
		expect(of(2)[0]).toMatchObject({ httpCode: '402' });
		expect(of(2)[0].error).toMatch(/blocked for non-payment/);
	});
});
