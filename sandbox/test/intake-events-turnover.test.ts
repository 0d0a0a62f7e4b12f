/**
 * The sandbox's intake calls, continued: calendar events and declared turnover (the setup shared with
 * intake.test.ts in support/intake-setup.ts).
 */
import { BASIC_CENTER, PRO_CENTER } from '../fixtures/centers';
import { api, control, form } from './support/helpers';
import { expect422, post, sb, t, useIntakeSandbox } from './support/intake-setup';

describe('sandbox intake calls', () => {
	useIntakeSandbox();

	describe('calendar events', () => {
		const path = `/sc/${PRO_CENTER}/events`;
		const withName = (name: string, extra: Array<[string, string]>) =>
			form([['name', name], ...base.filter(([k]) => k !== 'name'), ...extra]);
		const base: Array<[string, string]> = [
			['name', 'Black Friday'],
			['description', 'Sales all over the mall'],
			['event_type', 'marketing'],
			['start_date', '2026-11-27'],
			['end_date', '2026-11-29'],
		];

		test('creates the Calendar event with shop_ids[] and color; default color is gray', async () => {
			const r = await post(
				path,
				form([...base, ['shop_ids[]', '1002-01'], ['shop_ids[]', '1002-02'], ['color', '#FF8800']]),
			);
			expect(r.status).toBe(200);
			expect(r.json.data).toEqual({
				id: expect.any(String),
				name: 'Black Friday',
				description: 'Sales all over the mall',
				event_type: 'marketing',
				color: '#FF8800',
				sell_location_ids: ['1002-01', '1002-02'],
				start_date: '2026-11-27',
				end_date: '2026-11-29',
			});
			const plain = await post(
				path,
				form([
					['name', 'Inventory'],
					['description', 'Closed'],
					['event_type', 'other'],
					['start_date', '2026-12-01'],
					['end_date', '2026-12-01'],
				]),
			);
			expect(plain.json.data.color).toBe('#9E9E9E');
			expect(plain.json.data.sell_location_ids).toEqual([]);
			expect(plain.json.data.id).not.toBe(r.json.data.id);
		});

		test('a full duplicate → 409 already_exists_in_sc, the existing event unchanged', async () => {
			const first = await post(
				path,
				form([
					['name', 'Jazz night'],
					['description', 'v1'],
					['event_type', 'calendar'],
					['start_date', '2026-12-05'],
					['end_date', '2026-12-05'],
				]),
			);
			expect(first.status).toBe(200);
			const dup = await post(
				path,
				form([
					['name', 'Jazz night'],
					['description', 'v2'],
					['event_type', 'calendar'],
					['start_date', '2026-12-05'],
					['end_date', '2026-12-05'],
					['color', '#000000'],
				]),
			);
			expect(dup.status).toBe(409);
			expect(dup.json.error.code).toBe('already_exists_in_sc');
			const stored = sb.intake.snapshot().events.filter((e) => e.name === 'Jazz night');
			expect(stored).toHaveLength(1);
			expect(stored[0]).toMatchObject({ description: 'v1', color: '#9E9E9E' });
			// not a full duplicate: another type, or another center
			expect(
				(
					await post(
						path,
						form([
							['name', 'Jazz night'],
							['description', 'v3'],
							['event_type', 'other'],
							['start_date', '2026-12-05'],
							['end_date', '2026-12-05'],
						]),
					)
				).status,
			).toBe(200);
			expect(
				(
					await post(
						`/sc/${BASIC_CENTER}/events`,
						form([
							['name', 'Jazz night'],
							['description', 'v1'],
							['event_type', 'calendar'],
							['start_date', '2026-12-05'],
							['end_date', '2026-12-05'],
						]),
					)
				).status,
			).toBe(200);
		});

		test.each(['rgb(1,2,3)', 'red', '#FFF', '#GGGGGG', 'FF8800', '#FF88001'])(
			'color %s → 422',
			async (color) => {
				expect422(await post(path, withName(`c ${color}`, [['color', color]])), 'color');
			},
		);

		test('validation: required fields, event types, date order, shops of this center', async () => {
			for (const field of ['name', 'description', 'event_type', 'start_date', 'end_date']) {
				expect422(await post(path, form(base.filter(([k]) => k !== field))), field);
			}
			expect422(
				await post(
					path,
					form([...base.filter(([k]) => k !== 'event_type'), ['event_type', 'holiday']]),
				),
				'event_type',
			);
			expect422(
				await post(
					path,
					form([...base.filter(([k]) => k !== 'end_date'), ['end_date', '2026-11-26']]),
				),
				'end_date',
			);
			const foreign = await post(path, withName('Foreign', [['shop_ids[]', '1001-01']]));
			expect422(foreign, 'shop_ids');
			expect(foreign.json.error.details.unknown).toEqual(['1001-01']);
		});
	});

	describe('declared turnover', () => {
		const path = (shop = '1002-02', sc = PRO_CENTER) => `/sc/${sc}/shops/${shop}/turnover`;

		test('form: any day of the month; response is the Declared turnover record; monthly view reads it', async () => {
			const r = await post(path(), { month: '2026-10-17', turnover: '1500000' });
			expect(r.status).toBe(200);
			expect(r.json.data).toEqual({
				shop_id: '1002-02',
				month: '2026-10',
				manual_turnover: 1500000,
				manual_receipts_count: 0,
				manual_visitors_count: 0,
			});
			expect(sb.intake.declaredTurnover(PRO_CENTER, '1002-02', '2026-10')).toEqual(r.json.data);
		});

		test('JSON with counts; a repeat for the same month overwrites; manual-entry log names the key owner', async () => {
			await api(sb, 'POST', path('1002-03'), {
				token: t,
				json: { month: '2026-09-01', turnover: 100, receipts_count: 5, visitors_count: 40 },
			});
			const r = await api(sb, 'POST', path('1002-03'), {
				token: t,
				json: { month: '2026-09-30', turnover: 250, receipts_count: 7 },
			});
			expect(r.json.data).toEqual({
				shop_id: '1002-03',
				month: '2026-09',
				manual_turnover: 250,
				manual_receipts_count: 7,
				manual_visitors_count: 0,
			});
			const snap = (await control(sb, 'GET', '/intake')).json.data;
			expect(
				snap.declaredTurnover.filter((d: { shop_id: string }) => d.shop_id === '1002-03'),
			).toHaveLength(1);
			const log = snap.manualEntryLog.filter((e: { shop_id: string }) => e.shop_id === '1002-03');
			expect(log).toHaveLength(2);
			expect(log[1]).toMatchObject({
				person_id: 'person-501',
				client_id: 'demo-client',
				month: '2026-09',
				manual_turnover: 250,
			});
			expect(snap.manualShops).toContain('1002-03');
		});

		test('validation: future month (shop zone), negative or fractional sum, unparsable date', async () => {
			expect422(await post(path(), { month: '2026-12-01', turnover: '1' }), 'month');
			expect((await post(path(), { month: '2026-11-30', turnover: '1' })).status).toBe(200);
			expect422(await post(path(), { month: '2026-10-01', turnover: '-100' }), 'turnover');
			expect422(await post(path(), { month: '2026-10-01', turnover: '12.50' }), 'turnover');
			expect422(await post(path(), { month: '2026-10-01' }), 'turnover');
			expect422(await post(path(), { month: '2026-10', turnover: '1' }), 'month');
			expect422(await post(path(), { month: '2026-13-01', turnover: '1' }), 'month');
			expect422(
				await post(path(), { month: '2026-10-01', turnover: '1', receipts_count: '-1' }),
				'receipts_count',
			);
			const json = await api(sb, 'POST', path(), {
				token: t,
				json: { month: '2026-10-01', turnover: 10.5 },
			});
			expect422(json, 'turnover');
		});

		test("the month boundary is in the shop's time zone", async () => {
			// 20:00 UTC on 30 Nov: already 1 Dec in Yekaterinburg (+05), still 30 Nov in Moscow (+03)
			sb.clock.set('2026-11-30T20:00:00Z');
			expect((await post(path('1002-02'), { month: '2026-12-01', turnover: '1' })).status).toBe(
				200,
			);
			expect422(
				await post(path('1001-02', BASIC_CENTER), { month: '2026-12-01', turnover: '1' }),
				'month',
			);
		});

		test('a shop not in this center → 404 not_found', async () => {
			const r = await post(path('1001-02'), { month: '2026-10-01', turnover: '1' });
			expect(r.status).toBe(404);
			expect(r.json.error).toMatchObject({ code: 'not_found', details: { field: 'shop_id' } });
		});
	});
});
