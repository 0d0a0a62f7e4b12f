/**
 * The sandbox's intake calls: daily attendance and hourly counter counts (calendar events and declared
 * turnover: intake-events-turnover.test.ts).
 */
import { BASIC_CENTER, NO_TRAFFIC_CENTER, PRO_CENTER } from '../fixtures/centers';
import { api, form } from './support/helpers';
import { expect422, post, sb, t, useIntakeSandbox } from './support/intake-setup';

describe('sandbox intake calls', () => {
	useIntakeSandbox();

	describe('daily attendance', () => {
		const read = async (query: Record<string, string>) =>
			(await api(sb, 'GET', `/sc/${PRO_CENTER}/traffic`, { token: t, query })).json.data;

		test('scope sc: response {date, scope, zone_id: null, visitors}; the read shows it; a repeat overwrites', async () => {
			const r = await post(`/sc/${PRO_CENTER}/traffic`, { date: '2026-11-15', visitors: '12345' });
			expect(r.status).toBe(200);
			expect(r.json.data).toEqual({
				date: '2026-11-15',
				scope: 'sc',
				zone_id: null,
				visitors: 12345,
			});
			expect((await read({ start_date: '2026-11-15', end_date: '2026-11-15' }))[0]).toEqual({
				date: '2026-11-15',
				visitors_in: 12345,
				visitors_out: 12345,
			});
			await post(`/sc/${PRO_CENTER}/traffic`, { date: '2026-11-15', visitors: '777' });
			expect(
				(await read({ start_date: '2026-11-15', end_date: '2026-11-15' }))[0].visitors_in,
			).toBe(777);
			const week = await read({
				start_date: '2026-11-15',
				end_date: '2026-11-15',
				granularity: 'week',
			});
			expect(week[0].visitors_in).toBe(777);
			const stored = sb.intake
				.snapshot()
				.attendance.filter((a) => a.center_id === PRO_CENTER && a.date === '2026-11-15');
			expect(stored).toHaveLength(1);
			expect(stored[0].visitors).toBe(777);
		});

		test("scope zone: overwrites that zone's day only; zone_id required; unknown zone → 404", async () => {
			const before = await read({ start_date: '2026-11-14', end_date: '2026-11-14' });
			const r = await post(`/sc/${PRO_CENTER}/traffic`, {
				date: '2026-11-14',
				visitors: '50',
				scope: 'zone',
				zone_id: '100203',
			});
			expect(r.json.data).toEqual({
				date: '2026-11-14',
				scope: 'zone',
				zone_id: '100203',
				visitors: 50,
			});
			expect(
				(
					await read({
						start_date: '2026-11-14',
						end_date: '2026-11-14',
						scope: 'zone',
						zone_id: '100203',
					})
				)[0].visitors_in,
			).toBe(50);
			expect(await read({ start_date: '2026-11-14', end_date: '2026-11-14' })).toEqual(before);
			expect422(
				await post(`/sc/${PRO_CENTER}/traffic`, {
					date: '2026-11-14',
					visitors: '5',
					scope: 'zone',
				}),
				'zone_id',
			);
			const unknown = await post(`/sc/${PRO_CENTER}/traffic`, {
				date: '2026-11-14',
				visitors: '5',
				scope: 'zone',
				zone_id: '100209',
			});
			expect(unknown.status).toBe(404);
			expect(unknown.json.error.details.field).toBe('zone_id');
			expect(
				(
					await post(`/sc/${NO_TRAFFIC_CENTER}/traffic`, {
						date: '2026-11-14',
						visitors: '5',
						scope: 'zone',
						zone_id: '100401',
					})
				).json.error.code,
			).toBe('traffic_not_configured');
		});

		test('zone_id must not be passed with scope sc (even empty); bad scope → 422', async () => {
			expect422(
				await post(`/sc/${PRO_CENTER}/traffic`, {
					date: '2026-11-14',
					visitors: '5',
					zone_id: '100203',
				}),
				'zone_id',
			);
			expect422(
				await post(`/sc/${PRO_CENTER}/traffic`, {
					date: '2026-11-14',
					visitors: '5',
					scope: 'sc',
					zone_id: '',
				}),
				'zone_id',
			);
			expect422(
				await post(`/sc/${PRO_CENTER}/traffic`, {
					date: '2026-11-14',
					visitors: '5',
					scope: 'shop',
				}),
				'scope',
			);
		});

		test('date required, a real date, not in the future in the center zone', async () => {
			expect422(await post(`/sc/${PRO_CENTER}/traffic`, { visitors: '5' }), 'date');
			expect422(
				await post(`/sc/${PRO_CENTER}/traffic`, { date: '2026-02-30', visitors: '5' }),
				'date',
			);
			expect422(
				await post(`/sc/${PRO_CENTER}/traffic`, { date: '2026-11-21', visitors: '5' }),
				'date',
			);
			expect(
				(await post(`/sc/${PRO_CENTER}/traffic`, { date: '2026-11-20', visitors: '5' })).status,
			).toBe(200);
			// 20:30 UTC: already 21 Nov in Yekaterinburg (+05), still 20 Nov in Moscow (+03)
			sb.clock.set('2026-11-20T20:30:00Z');
			expect(
				(await post(`/sc/${PRO_CENTER}/traffic`, { date: '2026-11-21', visitors: '5' })).status,
			).toBe(200);
			expect422(
				await post(`/sc/${BASIC_CENTER}/traffic`, { date: '2026-11-21', visitors: '5' }),
				'date',
			);
		});

		test('visitors: required integer >= 0', async () => {
			for (const v of [undefined, '-1', '1.5', 'many', '']) {
				const body: Record<string, string> = { date: '2026-11-10' };
				if (v !== undefined) body.visitors = v;
				expect422(await post(`/sc/${PRO_CENTER}/traffic`, body), 'visitors');
			}
			expect(
				(await post(`/sc/${PRO_CENTER}/traffic`, { date: '2026-11-10', visitors: '0' })).json.data
					.visitors,
			).toBe(0);
		});

		test('a JSON body is accepted too', async () => {
			const r = await api(sb, 'POST', `/sc/${BASIC_CENTER}/traffic`, {
				token: t,
				json: { date: '2026-11-10', visitors: 321 },
			});
			expect(r.json.data).toEqual({
				date: '2026-11-10',
				scope: 'sc',
				zone_id: null,
				visitors: 321,
			});
		});
	});

	describe('hourly counter counts', () => {
		const path = `/sc/${PRO_CENTER}/traffic/counters/cnt-42`;
		const records = (n: number, start = Date.parse('2026-10-01T00:00:00Z')) =>
			form(
				Array.from(
					{ length: n },
					(_, i) =>
						[
							[`data[${i}][datetime]`, new Date(start + i * 3_600_000).toISOString()],
							[`data[${i}][in]`, String(i)],
							[`data[${i}][out]`, String(i + 1)],
						] as Array<[string, string]>,
				).flat(),
			);

		test('bracket-notation records are written: {external_id, written}; a repeat overwrites the hour', async () => {
			const body = form([
				['data[0][datetime]', '2026-11-19T10:00:00+05:00'],
				['data[0][in]', '15'],
				['data[0][out]', '9'],
				['data[1][datetime]', '2026-11-19T11:00:00+05:00'],
				['data[1][in]', '20'],
				['data[1][out]', '18'],
			]);
			const r = await post(path, body);
			expect(r.status).toBe(200);
			expect(r.json.data).toEqual({ external_id: 'cnt-42', written: 2 });
			await post(
				path,
				form([
					['data[0][datetime]', '2026-11-19T05:00:00Z'],
					['data[0][in]', '99'],
					['data[0][out]', '98'],
				]),
			);
			const hours = sb.intake.snapshot().counters.filter((c) => c.external_id === 'cnt-42');
			expect(hours).toHaveLength(2);
			expect(hours.find((h) => h.hour === '2026-11-19T05:00:00.000Z')).toMatchObject({
				in: 99,
				out: 98,
				center_id: PRO_CENTER,
			});
		});

		test('at most 1000 records per call', async () => {
			expect(
				(await post(`/sc/${PRO_CENTER}/traffic/counters/cnt-1000`, records(1000))).json.data
					.written,
			).toBe(1000);
			const r = await post(`/sc/${PRO_CENTER}/traffic/counters/cnt-1001`, records(1001));
			expect422(r, 'data');
			expect(r.json.error.details).toMatchObject({ max: 1000, received: 1001 });
		});

		test('validation: data required; datetime ISO, start of an hour, not future; in/out integers >= 0', async () => {
			expect422(await post(path, 'x=1'), 'data');
			expect422(
				await post(
					path,
					form([
						['data[0][datetime]', '2026-11-19T10:30:00+05:00'],
						['data[0][in]', '1'],
						['data[0][out]', '1'],
					]),
				),
				'data[0][datetime]',
			);
			expect422(
				await post(
					path,
					form([
						['data[0][datetime]', 'yesterday'],
						['data[0][in]', '1'],
						['data[0][out]', '1'],
					]),
				),
				'data[0][datetime]',
			);
			expect422(
				await post(
					path,
					form([
						['data[0][datetime]', '2026-11-21T10:00:00+05:00'],
						['data[0][in]', '1'],
						['data[0][out]', '1'],
					]),
				),
				'data[0][datetime]',
			);
			expect422(
				await post(
					path,
					form([
						['data[0][datetime]', '2026-11-19T10:00:00+05:00'],
						['data[0][in]', '-1'],
						['data[0][out]', '1'],
					]),
				),
				'data[0][in]',
			);
			expect422(
				await post(
					path,
					form([
						['data[0][datetime]', '2026-11-19T10:00:00+05:00'],
						['data[0][in]', '1'],
					]),
				),
				'data[0][out]',
			);
		});

		test('a JSON array of records is accepted too', async () => {
			const r = await api(sb, 'POST', path, {
				token: t,
				json: { data: [{ datetime: '2026-11-18T12:00:00+05:00', in: 3, out: 4 }] },
			});
			expect(r.json.data).toEqual({ external_id: 'cnt-42', written: 1 });
		});
	});
});
