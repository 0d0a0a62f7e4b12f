/** The sandbox's directory routes: centers, shops (archived ones on request), counting zones, cash registers. */
import type { Sandbox } from '../index';
import {
	ARCHIVED_SHOP,
	BASIC_CENTER,
	BUSY_SHOP,
	NO_TRAFFIC_CENTER,
	PRO_CENTER,
} from '../fixtures/centers';
import { api, start, token } from './support/helpers';

describe('sandbox directory routes', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start({ rateLimits: false });
		t = await token(sb);
	});
	afterAll(() => sb.close());
	const get = (path: string, query?: Record<string, string>) =>
		api(sb, 'GET', path, { token: t, query });

	describe('shops', () => {
		test('active shops by default, per_page 100, Shop fields only', async () => {
			const r = await get(`/sc/${PRO_CENTER}/shops`);
			expect(r.json.meta.pagination).toEqual({ page: 1, per_page: 100, total: 11 });
			expect(r.json.data.some((s: { id: string }) => s.id === ARCHIVED_SHOP)).toBe(false);
			expect(Object.keys(r.json.data[0]).sort()).toEqual([
				'external_id',
				'id',
				'is_archived',
				'name',
				'position',
				'renter',
			]);
			expect(r.json.data.find((s: { id: string }) => s.id === '1002-05').renter).toBeNull();
			expect(r.json.data.find((s: { id: string }) => s.id === '1002-03').external_id).toBeNull();
		});

		test('archived=true adds archived shops, distinguished by is_archived', async () => {
			const r = await get(`/sc/${PRO_CENTER}/shops`, { archived: 'true' });
			expect(r.json.meta.pagination.total).toBe(12);
			expect(
				r.json.data
					.filter((s: { is_archived: boolean }) => s.is_archived)
					.map((s: { id: string }) => s.id),
			).toEqual([ARCHIVED_SHOP]);
			expect(
				(await get(`/sc/${PRO_CENTER}/shops`, { archived: 'false' })).json.meta.pagination.total,
			).toBe(11);
		});

		test('paging: page 3 of 5 holds the 11th shop; per_page 500 allowed, 501 / page 0 / archived=maybe → 422', async () => {
			const r = await get(`/sc/${PRO_CENTER}/shops`, { page: '3', per_page: '5' });
			expect(r.json.data.map((s: { id: string }) => s.id)).toEqual(['1002-12']);
			expect(r.json.meta.pagination).toEqual({ page: 3, per_page: 5, total: 11 });
			expect((await get(`/sc/${PRO_CENTER}/shops`, { per_page: '500' })).status).toBe(200);
			for (const q of [{ per_page: '501' }, { page: '0' }, { archived: 'maybe' }] as Array<
				Record<string, string>
			>) {
				const bad = await get(`/sc/${PRO_CENTER}/shops`, q);
				expect(bad.status).toBe(422);
				expect(bad.json.error.details.field).toBe(Object.keys(q)[0]);
			}
		});
	});

	describe('zones', () => {
		test('visible zones only (service zone never returned), integer ids, shop -07 in no zone', async () => {
			const r = await get(`/sc/${PRO_CENTER}/traffic/zones`);
			expect(r.status).toBe(200);
			expect(r.json.data).toHaveLength(5);
			for (const z of r.json.data) {
				expect(Object.keys(z).sort()).toEqual([
					'description',
					'id',
					'shop_ids',
					'title',
					'traffic_type',
				]);
				expect(Number.isInteger(z.id)).toBe(true);
				expect(z.traffic_type).not.toBe('service');
			}
			expect(r.json.data.map((z: { traffic_type: string }) => z.traffic_type)).toContain('passage');
			const inZones = new Set(r.json.data.flatMap((z: { shop_ids: string[] }) => z.shop_ids));
			expect(inZones.has('1002-07')).toBe(false);
			expect(inZones.has(BUSY_SHOP)).toBe(true);
		});

		test('no counting system → 404 traffic_not_configured', async () => {
			const r = await get(`/sc/${NO_TRAFFIC_CENTER}/traffic/zones`);
			expect(r.status).toBe(404);
			expect(r.json.error.code).toBe('traffic_not_configured');
		});
	});

	describe('cash registers', () => {
		const FIELDS = [
			'connection_from',
			'connection_status',
			'first_document_datetime',
			'fiscal_number',
			'fn_expiration_datetime',
			'id',
			'is_archived',
			'last_document_datetime',
			'last_open_shift_datetime',
			'model',
			'provider',
			'reg_id',
			'serial_number',
		];

		test('active registers by default; archived=true adds archived ones; meta.time_zone', async () => {
			const r = await get(`/sc/${PRO_CENTER}/shops/1002-02/kkts`);
			expect(r.json.meta).toEqual({ time_zone: 'Asia/Yekaterinburg' });
			expect(r.json.data.every((k: { is_archived: boolean }) => !k.is_archived)).toBe(true);
			const all = await get(`/sc/${PRO_CENTER}/shops/1002-02/kkts`, { archived: 'true' });
			expect(all.json.data.length).toBe(r.json.data.length + 1);
			expect(all.json.data.filter((k: { is_archived: boolean }) => k.is_archived)).toHaveLength(1);
			for (const k of all.json.data) expect(Object.keys(k).sort()).toEqual(FIELDS);
		});

		test('moments are ISO 8601 with the center offset; the last document is not after now', async () => {
			const r = await get(`/sc/${PRO_CENTER}/shops/${BUSY_SHOP}/kkts`);
			expect(r.json.data).toHaveLength(4);
			for (const k of r.json.data) {
				for (const f of [
					'connection_from',
					'first_document_datetime',
					'last_document_datetime',
					'last_open_shift_datetime',
					'fn_expiration_datetime',
				]) {
					expect(k[f]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:00$/);
				}
				expect(Date.parse(k.last_document_datetime)).toBeLessThanOrEqual(sb.clock.now().getTime());
				expect(Date.parse(k.last_document_datetime)).toBeGreaterThan(
					sb.clock.now().getTime() - 86_400_000,
				);
				expect(k.connection_status).toBe('active');
			}
			const moscow = await get(`/sc/${BASIC_CENTER}/shops/1001-01/kkts`);
			expect(moscow.json.data[0].last_document_datetime).toMatch(/\+03:00$/);
		});

		test('document moments agree with the receipt export (last received by now, first created)', async () => {
			const kkts = (await get(`/sc/${PRO_CENTER}/shops/1002-02/kkts`)).json.data;
			const all = 'receipt,delivery,form_of_strict_accountability,correction,bso_correction';
			const rows: Array<{ kkt_id: string; received_datetime: string; created_datetime: string }> =
				[];
			for (let page = 1; ; page++) {
				const r = await get(`/sc/${PRO_CENTER}/shops/1002-02/receipts`, {
					start_received_date: '2026-11-17',
					end_received_date: '2026-11-20',
					document_types: all,
					per_page: '1000',
					page: String(page),
				});
				expect(r.status).toBe(200);
				rows.push(...r.json.data);
				if (page * 1000 >= r.json.meta.pagination.total) break;
			}
			const first = (
				await get(`/sc/${PRO_CENTER}/shops/1002-02/receipts`, {
					start_created_date: '2024-01-01',
					end_created_date: '2024-01-10',
					document_types: all,
					per_page: '1000',
				})
			).json.data;
			for (const k of kkts) {
				const mine = rows
					.filter((r) => r.kkt_id === k.id)
					.map((r) => Date.parse(r.received_datetime));
				expect(mine.length).toBeGreaterThan(0);
				expect(Date.parse(k.last_document_datetime)).toBe(Math.max(...mine));
				const firstCreated = first
					.filter((r: { kkt_id: string }) => r.kkt_id === k.id)
					.map((r: { created_datetime: string }) => Date.parse(r.created_datetime));
				expect(Date.parse(k.first_document_datetime)).toBe(Math.min(...firstCreated));
				expect(Date.parse(k.last_open_shift_datetime)).toBeLessThan(
					Date.parse(k.last_document_datetime),
				);
			}
		});

		test('shop without registers → []; archived shop → only with archived=true', async () => {
			expect((await get(`/sc/${PRO_CENTER}/shops/1002-05/kkts`)).json.data).toEqual([]);
			expect((await get(`/sc/${PRO_CENTER}/shops/${ARCHIVED_SHOP}/kkts`)).json.data).toEqual([]);
			const arch = await get(`/sc/${PRO_CENTER}/shops/${ARCHIVED_SHOP}/kkts`, { archived: 'true' });
			expect(arch.json.data.length).toBeGreaterThan(0);
			expect(arch.json.data.every((k: { is_archived: boolean }) => k.is_archived)).toBe(true);
		});

		test('a shop of another center → 404 not_found, field shop_id', async () => {
			const r = await get(`/sc/${PRO_CENTER}/shops/1001-02/kkts`);
			expect(r.status).toBe(404);
			expect(r.json.error).toMatchObject({ code: 'not_found', details: { field: 'shop_id' } });
		});
	});

	describe('turnover settings', () => {
		test('source takes each of shop, shopping_center, default across shops', async () => {
			const sources: string[] = [];
			for (const id of ['1002-01', '1002-02', '1002-03']) {
				const r = await get(`/sc/${PRO_CENTER}/shops/${id}/turnover/settings`);
				expect(Object.keys(r.json.data).sort()).toEqual([
					'advanced',
					'correction',
					'credit',
					'last_recalculation_date',
					'max_refund_part_in_turnover',
					'prepaid',
					'prepayment',
					'provision',
					'refund',
					'source',
					'vat',
				]);
				expect(r.json.data.last_recalculation_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
				expect(Number.isInteger(r.json.data.max_refund_part_in_turnover)).toBe(true);
				sources.push(r.json.data.source);
			}
			expect(sources).toEqual(['shop', 'shopping_center', 'default']);
		});

		test('shops taking the center setting share it', async () => {
			const a = await get(`/sc/${PRO_CENTER}/shops/1002-02/turnover/settings`);
			const b = await get(`/sc/${PRO_CENTER}/shops/1002-05/turnover/settings`);
			expect(b.json.data).toEqual(a.json.data);
		});

		test('unknown shop → 404 not_found', async () => {
			expect((await get(`/sc/${PRO_CENTER}/shops/nope/turnover/settings`)).json.error.code).toBe(
				'not_found',
			);
		});
	});
});
