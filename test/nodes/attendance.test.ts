/**
 * Shopping Center Attendance through the n8n-core harness against the sandbox: counting zones, attendance
 * over several windows (day / week / month / hour, center / zone / shop), plan refusals and input checks
 * before any request, 402 and 404 traffic_not_configured, Continue On Fail.
 */
import type { INodeParameters } from 'n8n-workflow';
import { ShoppingCenterAttendance } from '../../nodes/ShoppingCenterAttendance/ShoppingCenterAttendance.node';
import type { Sandbox } from '../../sandbox';
import { api, token } from '../../sandbox/test/support/helpers';
import { daysOf, locator, ofRoute, q, run, startTestSandbox } from '../helpers/action-run';

const node = new ShoppingCenterAttendance();
let sb: Sandbox;
let bearer: string;

beforeAll(async () => {
	sb = await startTestSandbox();
	bearer = await token(sb);
});
afterAll(async () => {
	await sb.close();
});

interface Row {
	date: string;
	visitors_in: number;
	visitors_out: number;
}

/** The API's own rows for a period, read directly in windows of `step` days (not the node's windows). */
async function direct(
	scId: string,
	start: string,
	end: string,
	query: Record<string, string> = {},
	step = 10,
): Promise<Row[]> {
	const days = daysOf(start, end);
	const rows: Row[] = [];
	for (let i = 0; i < days.length; i += step) {
		// the test's own reads leave the center's budget to the node: each is credited before it is spent
		// (else they would meet a 429 whenever the node's walk and they share one rate window)
		sb.spendBudget(scId, -1);
		const r = await api(sb, 'GET', `/sc/${scId}/traffic`, {
			token: bearer,
			query: { start_date: days[i], end_date: days[Math.min(i + step, days.length) - 1], ...query },
		});
		expect(r.status).toBe(200);
		rows.push(...(r.json.data as Row[]));
	}
	return rows;
}

/** Rows as the node gives them: the center and the scope's id in front of the API's fields. */
const withIds = (rows: Row[], ids: Record<string, string>) => rows.map((r) => ({ ...ids, ...r }));

const sum = (rows: Array<Record<string, unknown>>, f: 'visitors_in' | 'visitors_out') =>
	rows.reduce((a, r) => a + (r[f] as number), 0);

function attendance(scId: string, extra: INodeParameters): INodeParameters {
	return { resource: 'attendance', operation: 'get', center: locator(scId), ...extra };
}

describe('Counting Zone → Get Many', () => {
	it.each(['1001', '1002'])(
		'lists the visible zones of center %s (service zones never)',
		async (scId) => {
			const r = await run(sb, node, {
				resource: 'countingZone',
				operation: 'getMany',
				center: locator(scId),
				returnAll: true,
			});
			expect(r.status).toBe('success');
			const base = Number(scId) * 100;
			expect(r.json.map((z) => z.id)).toEqual([base + 1, base + 2, base + 3, base + 4, base + 5]);
			expect(r.json[2]).toMatchObject({ title: 'Floor 1', traffic_type: 'passage' });
			expect(Array.isArray(r.json[2].shop_ids)).toBe(true);
			expect(ofRoute(r.requests, 'zones')).toHaveLength(1);
		},
	);

	it('applies the Limit locally (one request)', async () => {
		const r = await run(sb, node, {
			resource: 'countingZone',
			operation: 'getMany',
			center: locator('1002'),
			returnAll: false,
			limit: 2,
		});
		expect(r.json.map((z) => z.id)).toEqual([100201, 100202]);
		expect(ofRoute(r.requests, 'zones')).toHaveLength(1);
	});

	it('passes on 404 traffic_not_configured (center 1004)', async () => {
		const r = await run(sb, node, {
			resource: 'countingZone',
			operation: 'getMany',
			center: locator('1004'),
			returnAll: true,
		});
		expect(r.status).toBe('error');
		expect(r.error?.message).toMatch(/No visitor counting system is configured/);
	});

	it('gives an error item under Continue On Fail, with the API code', async () => {
		const r = await run(
			sb,
			node,
			{ resource: 'countingZone', operation: 'getMany', center: locator('1004'), returnAll: true },
			{ continueOnFail: true },
		);
		expect(r.status).toBe('success');
		expect(r.json).toHaveLength(1);
		expect(r.json[0]).toMatchObject({ code: 'traffic_not_configured', httpCode: '404' });
		expect(r.items[0][0].pairedItem).toEqual({ item: 0 });
	});
});

describe('Attendance → Get', () => {
	it('Basic: day rows over several 31-day windows, end clipped to yesterday, equal to the API rows', async () => {
		const r = await run(
			sb,
			node,
			attendance('1001', { startDate: '2026-06-15', endDate: '2026-11-25' }),
		);
		expect(r.status).toBe('success');
		const reads = ofRoute(r.requests, 'attendance.read');
		expect(reads.map((e) => [q(e, 'start_date'), q(e, 'end_date')])).toEqual([
			['2026-06-15', '2026-07-15'],
			['2026-07-16', '2026-08-15'],
			['2026-08-16', '2026-09-15'],
			['2026-09-16', '2026-10-16'],
			['2026-10-17', '2026-11-16'],
			['2026-11-17', '2026-11-19'],
		]);
		expect(
			reads.every(
				(e) => q(e, 'granularity') === 'day' && q(e, 'scope') === 'sc' && e.status === 200,
			),
		).toBe(true);
		expect(r.json.map((x) => x.date)).toEqual(daysOf('2026-06-15', '2026-11-19'));
		expect(r.json).toEqual(
			withIds(await direct('1001', '2026-06-15', '2026-11-19'), { sc_id: '1001' }),
		);
		expect(Object.keys(r.json[0])).toEqual(['sc_id', 'date', 'visitors_in', 'visitors_out']);
	});

	it('PRO: one 366-day window, end clipped to today (not yesterday)', async () => {
		const r = await run(
			sb,
			node,
			attendance('1002', { startDate: '2026-01-01', endDate: '2026-12-31' }),
		);
		const reads = ofRoute(r.requests, 'attendance.read');
		expect(reads.map((e) => [q(e, 'start_date'), q(e, 'end_date')])).toEqual([
			['2026-01-01', '2026-11-20'],
		]);
		expect(r.json.map((x) => x.date)).toEqual(daysOf('2026-01-01', '2026-11-20'));
	});

	it('PRO: two years of days in 366-day windows, no day twice', async () => {
		const r = await run(
			sb,
			node,
			attendance('1002', { startDate: '2024-06-01', endDate: '2026-11-20' }),
		);
		expect(ofRoute(r.requests, 'attendance.read')).toHaveLength(3);
		expect(r.json.map((x) => x.date)).toEqual(daysOf('2024-06-01', '2026-11-20'));
	});

	it('Basic: week rows; windows end on Sundays, so every week is whole and its sum equals the days', async () => {
		const r = await run(
			sb,
			node,
			attendance('1001', { startDate: '2026-05-06', endDate: '2026-09-30', granularity: 'week' }),
		);
		expect(r.status).toBe('success');
		const reads = ofRoute(r.requests, 'attendance.read');
		expect(reads.length).toBeGreaterThan(4);
		for (const e of reads.slice(0, -1))
			expect(new Date(`${q(e, 'end_date')}T00:00:00Z`).getUTCDay()).toBe(0);
		const labels = r.json.map((x) => x.date as string);
		expect(new Set(labels).size).toBe(labels.length);
		for (const l of labels) expect(new Date(`${l}T00:00:00Z`).getUTCDay()).toBe(1);
		expect(labels[0]).toBe('2026-05-04');
		expect(labels[labels.length - 1]).toBe('2026-09-28');
		const days = await direct('1001', '2026-05-06', '2026-09-30');
		expect(sum(r.json, 'visitors_in')).toBe(sum(days as never, 'visitors_in'));
		expect(sum(r.json, 'visitors_out')).toBe(sum(days as never, 'visitors_out'));
	});

	it('Basic: month rows, one whole month a request, sums equal the days', async () => {
		const r = await run(
			sb,
			node,
			attendance('1001', { startDate: '2026-01-01', endDate: '2026-11-30', granularity: 'month' }),
		);
		// the first day of each month, January to November
		const firstDays = Array.from(
			{ length: 11 },
			(_, m) => `2026-${String(m + 1).padStart(2, '0')}-01`,
		);
		const reads = ofRoute(r.requests, 'attendance.read');
		expect(reads.map((e) => q(e, 'start_date'))).toEqual(firstDays);
		expect(q(reads[1], 'end_date')).toBe('2026-02-28');
		expect(q(reads[10], 'end_date')).toBe('2026-11-19');
		expect(r.json.map((x) => x.date)).toEqual(firstDays);
		const days = await direct('1001', '2026-01-01', '2026-11-19', {}, 31);
		expect(sum(r.json, 'visitors_in')).toBe(sum(days as never, 'visitors_in'));
	});

	it('PRO: hour rows in 31-day windows with the center offset, equal to the API rows', async () => {
		const r = await run(
			sb,
			node,
			attendance('1002', { startDate: '2026-09-20', endDate: '2026-11-05', granularity: 'hour' }),
		);
		expect(r.status).toBe('success');
		const reads = ofRoute(r.requests, 'attendance.read');
		expect(reads.map((e) => [q(e, 'start_date'), q(e, 'end_date'), q(e, 'granularity')])).toEqual([
			['2026-09-20', '2026-10-20', 'hour'],
			['2026-10-21', '2026-11-05', 'hour'],
		]);
		const labels = r.json.map((x) => x.date as string);
		expect(new Set(labels).size).toBe(labels.length);
		expect(labels[0]).toMatch(/^2026-09-20T\d{2}:00:00(\.000)?\+05:00$/);
		expect(labels[labels.length - 1]).toMatch(/^2026-11-05T/);
		expect(r.json).toEqual(
			withIds(await direct('1002', '2026-09-20', '2026-11-05', { granularity: 'hour' }, 7), {
				sc_id: '1002',
			}),
		);
	});

	it('PRO: by counting zone (zone_id sent, scope zone)', async () => {
		const r = await run(
			sb,
			node,
			attendance('1002', {
				startDate: '2026-10-01',
				endDate: '2026-10-31',
				scope: 'zone',
				zone: locator('100203'),
			}),
		);
		const reads = ofRoute(r.requests, 'attendance.read');
		expect(reads).toHaveLength(1);
		expect(reads[0].query).toMatchObject({ scope: 'zone', zone_id: '100203' });
		expect(r.json).toHaveLength(31);
		// each row names its center and zone (rows of several zones stay apart after a merge)
		expect(r.json).toEqual(
			withIds(
				await direct('1002', '2026-10-01', '2026-10-31', { scope: 'zone', zone_id: '100203' }, 31),
				{ sc_id: '1002', zone_id: '100203' },
			),
		);
		expect(Object.keys(r.json[0])).toEqual([
			'sc_id',
			'zone_id',
			'date',
			'visitors_in',
			'visitors_out',
		]);
		const center = await direct('1002', '2026-10-01', '2026-10-31', {}, 31);
		expect(sum(r.json, 'visitors_in')).toBeLessThan(sum(center as never, 'visitors_in'));
	});

	it('PRO: by shop; a shop in no counting zone is a valid empty result', async () => {
		const inZone = await run(
			sb,
			node,
			attendance('1002', {
				startDate: '2026-10-01',
				endDate: '2026-10-10',
				scope: 'shop',
				shop: locator('1002-02'),
			}),
		);
		expect(inZone.json).toHaveLength(10);
		expect(inZone.json.every((x) => x.sc_id === '1002' && x.shop_id === '1002-02')).toBe(true);
		expect(inZone.json[0]).not.toHaveProperty('zone_id');
		expect(ofRoute(inZone.requests, 'attendance.read')[0].query).toMatchObject({
			scope: 'shop',
			shop_id: '1002-02',
		});
		const outside = await run(
			sb,
			node,
			attendance('1002', {
				startDate: '2026-10-01',
				endDate: '2026-10-10',
				scope: 'shop',
				shop: locator('1002-07'),
			}),
		);
		expect(outside.status).toBe('success');
		expect(outside.error).toBeUndefined();
		expect(outside.json).toEqual([]);
		expect(ofRoute(outside.requests, 'attendance.read')).toHaveLength(1);
	});

	it('a period wholly after the freshest day asks nothing and says so (an error naming Start Date)', async () => {
		const r = await run(
			sb,
			node,
			attendance('1001', { startDate: '2026-11-20', endDate: '2026-11-22' }),
		);
		expect(r.status).toBe('error');
		expect(r.error?.message).toMatch(
			/^Start Date: 2026-11-20 is after the last day with data\. Basic centers have data up to yesterday, 2026-11-19 in Europe\/Moscow\./,
		);
		expect(ofRoute(r.requests, 'attendance.read')).toHaveLength(0);
	});

	it('one output item per row, paired with its input item', async () => {
		const r = await run(
			sb,
			node,
			attendance('1001', { startDate: '={{ $json.from }}', endDate: '={{ $json.to }}' }),
			{
				inputItems: [
					{ json: { from: '2026-10-01', to: '2026-10-03' } },
					{ json: { from: '2026-10-10', to: '2026-10-11' } },
				],
			},
		);
		expect(r.json.map((x) => x.date)).toEqual([
			'2026-10-01',
			'2026-10-02',
			'2026-10-03',
			'2026-10-10',
			'2026-10-11',
		]);
		expect(r.items[0].map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
	});

	describe('refused locally on a Basic center (no attendance request)', () => {
		it.each([
			['hour', { granularity: 'hour' }, /^Granularity: .*Basic.*needs PRO/],
			['zone', { scope: 'zone', zone: locator('100103') }, /^Scope: .*Basic.*needs PRO/],
			['shop', { scope: 'shop', shop: locator('1001-02') }, /^Scope: .*Basic.*needs PRO/],
		])('%s', async (_name, extra, message) => {
			const r = await run(
				sb,
				node,
				attendance('1001', { startDate: '2026-10-01', endDate: '2026-10-05', ...extra }),
			);
			expect(r.status).toBe('error');
			expect(r.error?.message).toMatch(message);
			expect(r.error?.message).toMatch(/\[row 1 of 1\]$/);
			expect(ofRoute(r.requests, 'attendance.read')).toHaveLength(0);
		});
	});

	describe('bad input: an error naming the field and the item, before any request', () => {
		it.each([
			[
				'end before start',
				{ startDate: '2026-10-05', endDate: '2026-10-01' },
				/^End Date: 2026-10-01 is earlier than Start Date 2026-10-05 \[row 1 of 1\]$/,
			],
			[
				'impossible date',
				{ startDate: '2026-02-30', endDate: '2026-03-05' },
				/^Start Date: "2026-02-30" is not a valid date/,
			],
			// (an empty required field stops n8n itself before the run; an expression that gives nothing reaches the node)
			['missing end', { startDate: '2026-02-01', endDate: '={{ "" }}' }, /^End Date: is required/],
			[
				'unknown granularity',
				{ startDate: '2026-02-01', endDate: '2026-02-02', granularity: '={{ "minute" }}' },
				/^Granularity: "minute" is not one of day, week, month, hour/,
			],
			[
				'unknown scope',
				{
					startDate: '2026-02-01',
					endDate: '2026-02-02',
					scope: '={{ "floor" }}',
					zone: locator('100103'),
					shop: locator('1002-02'),
				},
				/^Scope: "floor" is not one of sc, zone, shop/,
			],
			[
				'zone scope without a zone',
				{
					startDate: '2026-02-01',
					endDate: '2026-02-02',
					scope: 'zone',
					zone: locator('={{ "" }}'),
				},
				/^Counting Zone: is required/,
			],
			[
				'empty center',
				{ center: locator('={{ " " }}'), startDate: '2026-02-01', endDate: '2026-02-02' },
				/^Center: is required/,
			],
		])('%s', async (_name, extra, message) => {
			const r = await run(sb, node, attendance('1002', extra as INodeParameters));
			expect(r.status).toBe('error');
			expect(r.error?.message).toMatch(message);
			expect(r.requests).toEqual([]);
		});

		it('names the item that failed', async () => {
			const r = await run(
				sb,
				node,
				attendance('1002', { startDate: '={{ $json.from }}', endDate: '2026-10-02' }),
				{
					inputItems: [{ json: { from: '2026-10-01' } }, { json: { from: 'yesterday-ish' } }],
				},
			);
			expect(r.status).toBe('error');
			expect(r.error?.message).toMatch(
				/^Start Date: "yesterday-ish" is not a valid date.*\[row 2 of 2\]$/,
			);
		});
	});

	it('402: a center blocked for non-payment is passed on clearly', async () => {
		const r = await run(
			sb,
			node,
			attendance('1003', { startDate: '2026-10-01', endDate: '2026-10-05' }),
		);
		expect(r.status).toBe('error');
		expect(r.error?.message).toMatch(/blocked for non-payment/);
	});

	it('404 traffic_not_configured (center 1004), and as an error item under Continue On Fail', async () => {
		const r = await run(
			sb,
			node,
			attendance('1004', { startDate: '2026-10-01', endDate: '2026-10-05' }),
		);
		expect(r.status).toBe('error');
		expect(r.error?.message).toBe('No visitor counting system is configured in this center.');
		const c = await run(
			sb,
			node,
			attendance('={{ $json.sc }}', { startDate: '2026-10-01', endDate: '2026-10-02' }),
			{
				continueOnFail: true,
				inputItems: [{ json: { sc: '1004' } }, { json: { sc: '1002' } }, { json: { sc: '1003' } }],
			},
		);
		expect(c.status).toBe('success');
		expect(c.json[0]).toMatchObject({ code: 'traffic_not_configured', httpCode: '404' });
		expect(c.json.slice(1, 3).map((x) => x.date)).toEqual(['2026-10-01', '2026-10-02']);
		expect(c.json[3]).toMatchObject({ httpCode: '402' });
		expect(c.items[0].map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
			{ item: 2 },
		]);
	});
});
