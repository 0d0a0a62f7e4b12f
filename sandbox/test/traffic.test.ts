/** The sandbox's attendance read: rows and meta, determinism, plan limits, the freshest date, hours of today. */
import type { Sandbox } from '../index';
import { BASIC_CENTER, BUSY_SHOP, NO_TRAFFIC_CENTER, PRO_CENTER } from '../fixtures/centers';
import { api, start, token } from './support/helpers';

// NOW = 2026-11-20T09:00:00Z: 14:00 in Yekaterinburg (PRO 1002, +05), 12:00 in Moscow (Basic 1001, +03)
type Row = { date: string; visitors_in: number; visitors_out: number };

describe('sandbox attendance read', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start({ rateLimits: false });
		t = await token(sb);
	});
	afterAll(() => sb.close());
	const traffic = (sc: string, query: Record<string, string>) =>
		api(sb, 'GET', `/sc/${sc}/traffic`, { token: t, query });
	const sum = (rows: Row[]) =>
		rows.reduce((a, r) => ({ in: a.in + r.visitors_in, out: a.out + r.visitors_out }), {
			in: 0,
			out: 0,
		});

	test('day rows with meta {granularity, scope, time_zone}; integers; start_date and end_date required', async () => {
		const r = await traffic(PRO_CENTER, { start_date: '2026-11-01', end_date: '2026-11-07' });
		expect(r.status).toBe(200);
		expect(r.json.meta).toEqual({
			granularity: 'day',
			scope: 'sc',
			time_zone: 'Asia/Yekaterinburg',
		});
		expect(r.json.data.map((x: Row) => x.date)).toEqual([
			'2026-11-01',
			'2026-11-02',
			'2026-11-03',
			'2026-11-04',
			'2026-11-05',
			'2026-11-06',
			'2026-11-07',
		]);
		for (const row of r.json.data) {
			expect(Object.keys(row).sort()).toEqual(['date', 'visitors_in', 'visitors_out']);
			expect(Number.isInteger(row.visitors_in) && row.visitors_in > 1000).toBe(true);
		}
		for (const missing of ['start_date', 'end_date']) {
			const q: Record<string, string> = { start_date: '2026-11-01', end_date: '2026-11-02' };
			delete q[missing];
			const bad = await traffic(PRO_CENTER, q);
			expect(bad.status).toBe(422);
			expect(bad.json.error.details.field).toBe(missing);
		}
	});

	test('deterministic from the seed', async () => {
		const q = { start_date: '2026-10-01', end_date: '2026-10-03' };
		const a = await traffic(PRO_CENTER, q);
		const other = await start({ seed: 42, rateLimits: false });
		const third = await start({ seed: 7, rateLimits: false });
		try {
			const b = await api(other, 'GET', `/sc/${PRO_CENTER}/traffic`, {
				token: await token(other),
				query: q,
			});
			const c = await api(third, 'GET', `/sc/${PRO_CENTER}/traffic`, {
				token: await token(third),
				query: q,
			});
			expect(b.json.data).toEqual(a.json.data);
			expect(c.json.data).not.toEqual(a.json.data);
		} finally {
			await other.close();
			await third.close();
		}
	});

	test('Basic: hour, zone and shop are PRO only → 403 plan_required', async () => {
		for (const q of [
			{ granularity: 'hour' },
			{ scope: 'zone', zone_id: '100101' },
			{ scope: 'shop', shop_id: '1001-01' },
		] as Array<Record<string, string>>) {
			const r = await traffic(BASIC_CENTER, {
				start_date: '2026-11-01',
				end_date: '2026-11-02',
				...q,
			});
			expect(r.status).toBe(403);
			expect(r.json.error.code).toBe('plan_required');
		}
	});

	test('freshest date: Basic up to yesterday, PRO today (center zone)', async () => {
		const basicToday = await traffic(BASIC_CENTER, {
			start_date: '2026-11-20',
			end_date: '2026-11-20',
		});
		expect(basicToday.status).toBe(422);
		expect(basicToday.json.error.details).toMatchObject({
			field: 'end_date',
			freshest_date: '2026-11-19',
		});
		expect(
			(await traffic(BASIC_CENTER, { start_date: '2026-11-19', end_date: '2026-11-19' })).status,
		).toBe(200);
		const proToday = await traffic(PRO_CENTER, {
			start_date: '2026-11-20',
			end_date: '2026-11-20',
		});
		expect(proToday.status).toBe(200);
		expect(
			(await traffic(PRO_CENTER, { start_date: '2026-11-21', end_date: '2026-11-21' })).status,
		).toBe(422);
	});

	test('today counts only the hours that have begun; the day equals the sum of its hours', async () => {
		const day = await traffic(PRO_CENTER, { start_date: '2026-11-20', end_date: '2026-11-20' });
		const hours = await traffic(PRO_CENTER, {
			start_date: '2026-11-20',
			end_date: '2026-11-20',
			granularity: 'hour',
		});
		expect(hours.json.meta.granularity).toBe('hour');
		expect(hours.json.data).toHaveLength(15);
		expect(hours.json.data[0].date).toBe('2026-11-20T00:00:00+05:00');
		expect(hours.json.data[14].date).toBe('2026-11-20T14:00:00+05:00');
		const s = sum(hours.json.data);
		expect(day.json.data[0]).toEqual({
			date: '2026-11-20',
			visitors_in: s.in,
			visitors_out: s.out,
		});
		const yesterday = await traffic(PRO_CENTER, {
			start_date: '2026-11-19',
			end_date: '2026-11-19',
		});
		expect(yesterday.json.data[0].visitors_in).toBeGreaterThan(s.in);
		const yHours = await traffic(PRO_CENTER, {
			start_date: '2026-11-19',
			end_date: '2026-11-19',
			granularity: 'hour',
		});
		expect(yHours.json.data).toHaveLength(24);
		expect(yHours.json.data[23].date).toBe('2026-11-19T23:00:00+05:00');
		const ys = sum(yHours.json.data);
		expect(yesterday.json.data[0]).toEqual({
			date: '2026-11-19',
			visitors_in: ys.in,
			visitors_out: ys.out,
		});
	});

	test('hour: at most 31 days', async () => {
		expect(
			(
				await traffic(PRO_CENTER, {
					start_date: '2026-10-21',
					end_date: '2026-11-20',
					granularity: 'hour',
				})
			).status,
		).toBe(200);
		const r = await traffic(PRO_CENTER, {
			start_date: '2026-10-20',
			end_date: '2026-11-20',
			granularity: 'hour',
		});
		expect(r.status).toBe(422);
		expect(r.json.error.details).toMatchObject({ field: 'end_date', max_days: 31 });
	});

	test('period per plan: Basic 31 days (strict), PRO 366 days', async () => {
		expect(
			(await traffic(BASIC_CENTER, { start_date: '2026-10-20', end_date: '2026-11-19' })).status,
		).toBe(200);
		expect(
			(await traffic(BASIC_CENTER, { start_date: '2026-10-19', end_date: '2026-11-19' })).status,
		).toBe(422);
		expect(
			(
				await traffic(PRO_CENTER, {
					start_date: '2025-11-20',
					end_date: '2026-11-20',
					granularity: 'month',
				})
			).status,
		).toBe(200);
		expect(
			(
				await traffic(PRO_CENTER, {
					start_date: '2025-11-19',
					end_date: '2026-11-20',
					granularity: 'month',
				})
			).status,
		).toBe(422);
	});

	test('periodRule lenient: Basic 92 days', async () => {
		const lenient = await start({ periodRule: 'lenient', rateLimits: false });
		try {
			const lt = await token(lenient);
			const q = (start: string) =>
				api(lenient, 'GET', `/sc/${BASIC_CENTER}/traffic`, {
					token: lt,
					query: { start_date: start, end_date: '2026-11-19' },
				});
			expect((await q('2026-08-20')).status).toBe(200);
			expect((await q('2026-08-19')).status).toBe(422);
		} finally {
			await lenient.close();
		}
	});

	test('week rows are labelled by their Monday, month rows by the 1st; sums equal the days', async () => {
		const days = await traffic(PRO_CENTER, { start_date: '2026-10-28', end_date: '2026-11-10' });
		const weeks = await traffic(PRO_CENTER, {
			start_date: '2026-10-28',
			end_date: '2026-11-10',
			granularity: 'week',
		});
		expect(weeks.json.data.map((r: Row) => r.date)).toEqual([
			'2026-10-26',
			'2026-11-02',
			'2026-11-09',
		]);
		expect(sum(weeks.json.data)).toEqual(sum(days.json.data));
		const firstWeekDays = days.json.data.filter((r: Row) => r.date <= '2026-11-01');
		expect(weeks.json.data[0].visitors_in).toBe(sum(firstWeekDays).in);
		const months = await traffic(PRO_CENTER, {
			start_date: '2026-10-28',
			end_date: '2026-11-10',
			granularity: 'month',
		});
		expect(months.json.data.map((r: Row) => r.date)).toEqual(['2026-10-01', '2026-11-01']);
		expect(sum(months.json.data)).toEqual(sum(days.json.data));
	});

	test('no data before 2024-01-01', async () => {
		const r = await traffic(PRO_CENTER, { start_date: '2023-12-30', end_date: '2024-01-02' });
		expect(r.json.data.map((x: Row) => x.date)).toEqual(['2024-01-01', '2024-01-02']);
	});

	test('zone scope: zone_id required and known (service zone unknown); the center is the sum of its entrances', async () => {
		const q = { start_date: '2026-11-10', end_date: '2026-11-12', scope: 'zone' };
		expect((await traffic(PRO_CENTER, q)).json.error.details.field).toBe('zone_id');
		for (const id of ['999', '100209']) {
			const r = await traffic(PRO_CENTER, { ...q, zone_id: id });
			expect(r.status).toBe(404);
			expect(r.json.error).toMatchObject({ code: 'not_found', details: { field: 'zone_id' } });
		}
		const center = await traffic(PRO_CENTER, { start_date: '2026-11-10', end_date: '2026-11-12' });
		const a = await traffic(PRO_CENTER, { ...q, zone_id: '100201' });
		const b = await traffic(PRO_CENTER, { ...q, zone_id: '100202' });
		expect(a.json.meta.scope).toBe('zone');
		center.json.data.forEach((row: Row, i: number) => {
			expect(row.visitors_in).toBe(a.json.data[i].visitors_in + b.json.data[i].visitors_in);
			expect(row.visitors_out).toBe(a.json.data[i].visitors_out + b.json.data[i].visitors_out);
		});
	});

	test('zone_id / shop_id only with their scope; unknown granularity or scope → 422', async () => {
		const base = { start_date: '2026-11-10', end_date: '2026-11-12' };
		expect(
			(await traffic(PRO_CENTER, { ...base, zone_id: '100201' })).json.error.details.field,
		).toBe('zone_id');
		expect(
			(await traffic(PRO_CENTER, { ...base, scope: 'zone', zone_id: '100201', shop_id: BUSY_SHOP }))
				.json.error.details.field,
		).toBe('shop_id');
		expect(
			(await traffic(PRO_CENTER, { ...base, granularity: 'year' })).json.error.details.field,
		).toBe('granularity');
		expect((await traffic(PRO_CENTER, { ...base, scope: 'mall' })).json.error.details.field).toBe(
			'scope',
		);
	});

	test("shop scope: the shop's floor zone; a shop in no zone → []; unknown shop → 404", async () => {
		const base = { start_date: '2026-11-10', end_date: '2026-11-12' };
		const zones = (await api(sb, 'GET', `/sc/${PRO_CENTER}/traffic/zones`, { token: t })).json.data;
		const zone = zones.find((z: { shop_ids: string[] }) => z.shop_ids.includes(BUSY_SHOP));
		const shop = await traffic(PRO_CENTER, { ...base, scope: 'shop', shop_id: BUSY_SHOP });
		const viaZone = await traffic(PRO_CENTER, { ...base, scope: 'zone', zone_id: String(zone.id) });
		expect(shop.json.meta.scope).toBe('shop');
		expect(shop.json.data).toEqual(viaZone.json.data);
		const outside = await traffic(PRO_CENTER, { ...base, scope: 'shop', shop_id: '1002-07' });
		expect(outside.status).toBe(200);
		expect(outside.json.data).toEqual([]);
		expect((await traffic(PRO_CENTER, { ...base, scope: 'shop', shop_id: '1001-01' })).status).toBe(
			404,
		);
	});

	test('no counting system → 404 traffic_not_configured; bad dates → 422', async () => {
		const r = await traffic(NO_TRAFFIC_CENTER, {
			start_date: '2026-11-10',
			end_date: '2026-11-12',
		});
		expect(r.status).toBe(404);
		expect(r.json.error.code).toBe('traffic_not_configured');
		expect(
			(await traffic(PRO_CENTER, { start_date: '2026-02-30', end_date: '2026-03-01' })).json.error
				.details.field,
		).toBe('start_date');
		expect(
			(await traffic(PRO_CENTER, { start_date: '2026-11-12', end_date: '2026-11-10' })).json.error
				.details.field,
		).toBe('end_date');
		expect(
			(await traffic(PRO_CENTER, { start_date: '12.11.2026', end_date: '2026-11-12' })).status,
		).toBe(422);
	});
});
