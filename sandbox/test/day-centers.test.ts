/**
 * The day centers (issue 29: the trigger on a day budget): 1008 (300 shops) and 1009 (30 shops), PRO,
 * seen only by the day key; shops with opening hours (10:00–22:00 in the center's zone, a few round the
 * clock, a few closed for good), 20–80 receipts a day for a selling shop, late arrivals (received hours
 * after they were printed, some after midnight); and the received-in-a-span truth with each receipt's
 * reception moment (store.receivedBetween, GET /__sandbox/truth-received/receipts).
 */
import type { Sandbox } from '../index';
import {
	DAY_CENTER,
	DAY_CLIENT_ID,
	DAY_CLIENT_SECRET,
	DAY_SHOPS,
	DAY_SMALL_CENTER,
	DAY_SMALL_SHOPS,
	dayShopKind,
	openingHoursOf,
	centerById,
	SHOPS,
	shopsOfCenter,
	type DayShopKind,
} from '../fixtures/centers';
import { dayIndex, dayStartMs, offsetMinutes } from '../data/calendar';
import { generateDay, MAX_RECEIPT_LAG_MS, SALES_TYPES } from '../data/receipt-gen';
import { api, control, start, token } from './support/helpers';

const H = 3_600_000;
/** a settled week (Monday 2026-11-16 .. Sunday 2026-11-22) */
const WEEK = Array.from({ length: 7 }, (_, k) => dayIndex('2026-11-16') + k);

/** The local hour (center zone) of a moment. */
function localHour(zone: string, ms: number): number {
	return new Date(ms + offsetMinutes(zone, ms) * 60_000).getUTCHours();
}

function kinds(scId: string): Record<DayShopKind, string[]> {
	const out: Record<DayShopKind, string[]> = {
		hours10to22: [],
		allDay: [],
		closedForGood: [],
		archived: [],
	};
	for (const s of shopsOfCenter(scId)) out[dayShopKind(s)!].push(s.id);
	return out;
}

describe('sandbox: the day centers', () => {
	let sb: Sandbox;
	let t: string;
	beforeAll(async () => {
		sb = await start({ rateLimits: false, now: '2026-11-23T09:00:00Z' });
		t = await token(sb, DAY_CLIENT_ID, DAY_CLIENT_SECRET);
	});
	afterAll(() => sb.close());

	test('the day key sees exactly the two day centers, the other keys none; 300 and 30 listed shops, ids unique and numbered', async () => {
		const centers = (await api(sb, 'GET', '/sc', { token: t })).json.data;
		expect(centers.map((c: { id: string }) => c.id)).toEqual([DAY_CENTER, DAY_SMALL_CENTER]);
		const demo = (await api(sb, 'GET', '/sc', { token: await token(sb) })).json.data;
		expect(demo.map((c: { id: string }) => c.id)).not.toContain(DAY_CENTER);
		expect(
			(await api(sb, 'GET', `/sc/${DAY_CENTER}/shops`, { token: await token(sb) })).status,
		).toBe(404);
		for (const [sc, n, pattern] of [
			[DAY_CENTER, DAY_SHOPS, /^1008-\d{3}$/],
			[DAY_SMALL_CENTER, DAY_SMALL_SHOPS, /^1009-\d{2}$/],
		] as const) {
			const ids: string[] = [];
			for (let page = 1; ids.length < n && page < 10; page++) {
				const r = await api(sb, 'GET', `/sc/${sc}/shops`, {
					token: t,
					query: { per_page: '100', page: String(page), archived: 'true' },
				});
				expect(r.status).toBe(200);
				expect(r.json.meta.pagination.total).toBe(n);
				ids.push(...r.json.data.map((s: { id: string }) => s.id));
			}
			expect(new Set(ids).size).toBe(n);
			expect(ids.every((id) => pattern.test(id))).toBe(true);
			expect(ids.map((id) => Number(id.split('-')[1])).sort((a, b) => a - b)).toEqual(
				Array.from({ length: n }, (_, k) => k + 1),
			);
			// without archived shops: all but one
			const active = await api(sb, 'GET', `/sc/${sc}/shops`, {
				token: t,
				query: { per_page: '100' },
			});
			expect(active.json.meta.pagination.total).toBe(n - 1);
		}
		expect(new Set(SHOPS.map((s) => s.id)).size).toBe(SHOPS.length);
	});

	test('shops by opening hours: most 10:00–22:00, a few round the clock, a few closed for good (listed, not archived, no receipt), one archived', () => {
		const big = kinds(DAY_CENTER);
		expect(Object.fromEntries(Object.entries(big).map(([k, v]) => [k, v.length]))).toEqual({
			hours10to22: 269,
			allDay: 15,
			closedForGood: 15,
			archived: 1,
		});
		const small = kinds(DAY_SMALL_CENTER);
		expect(small).toEqual({
			hours10to22: expect.any(Array),
			allDay: ['1009-06', '1009-26'],
			closedForGood: ['1009-05', '1009-25'],
			archived: ['1009-09'],
		});
		expect(small.hours10to22).toHaveLength(25);
		for (const s of shopsOfCenter(DAY_CENTER)) {
			expect(s.is_archived).toBe(dayShopKind(s) === 'archived');
			const selling = dayShopKind(s) === 'hours10to22' || dayShopKind(s) === 'allDay';
			if (selling) expect(s.receiptsPerDay).toBeGreaterThanOrEqual(20);
			if (selling) expect(s.receiptsPerDay).toBeLessThanOrEqual(80);
			else expect(s.receiptsPerDay).toBe(0);
		}
		// the other centers keep the generator's own hours
		expect(
			SHOPS.filter((s) => ![DAY_CENTER, DAY_SMALL_CENTER].includes(s.center_id)).every(
				(s) => openingHoursOf(s) === undefined && dayShopKind(s) === undefined,
			),
		).toBe(true);
	});

	test('receipts follow the opening hours in the center zone; 10,000–20,000 a day at 300 shops; late arrivals 3–8 %, never later than 12 h', () => {
		for (const sc of [DAY_CENTER, DAY_SMALL_CENTER]) {
			const zone = centerById(sc)!.time_zone;
			let all = 0;
			let late = 0;
			let afterMidnight = 0;
			const lags = [Infinity, 0];
			for (const d of WEEK) {
				let day = 0;
				for (const shop of shopsOfCenter(sc)) {
					const kind = dayShopKind(shop)!;
					const rows = generateDay(sb.store.seed, shop, zone, d);
					const hours = rows.map((r) => localHour(zone, r.created));
					if (kind === 'closedForGood' || kind === 'archived') expect(rows).toEqual([]);
					if (kind === 'hours10to22') expect(hours.every((h) => h >= 10 && h < 22)).toBe(true);
					// round the clock: sells at night too (over a week, surely)
					if (kind === 'allDay' && d === WEEK[6])
						expect(hours.some((h) => h < 10 || h >= 22)).toBe(true);
					for (const r of rows) {
						const lag = r.received - r.created;
						lags[0] = Math.min(lags[0], lag);
						lags[1] = Math.max(lags[1], lag);
						if (lag >= 3 * H) late++;
						if (r.received >= dayStartMs(zone, d + 1)) afterMidnight++;
					}
					day += rows.filter((r) => SALES_TYPES.includes(r.type)).length;
					all += rows.length;
				}
				if (sc === DAY_CENTER) expect(day).toBeGreaterThanOrEqual(10_000);
				if (sc === DAY_CENTER) expect(day).toBeLessThanOrEqual(20_000);
				if (sc === DAY_SMALL_CENTER) expect(day).toBeGreaterThanOrEqual(1_000);
			}
			expect(lags[0]).toBeGreaterThan(0);
			expect(lags[1]).toBeLessThanOrEqual(MAX_RECEIPT_LAG_MS);
			expect(lags[1]).toBeGreaterThan(10 * H);
			expect(late / all).toBeGreaterThanOrEqual(0.03);
			expect(late / all).toBeLessThanOrEqual(0.08);
			expect(afterMidnight).toBeGreaterThan(7 * (sc === DAY_CENTER ? 200 : 15));
		}
	});

	test('receivedBetween: the receipts received in [from, to) with their moments, by now only; equal to the truth of whole days', async () => {
		const zone = centerById(DAY_SMALL_CENTER)!.time_zone;
		const d = dayIndex('2026-11-21');
		const [from, to] = [dayStartMs(zone, d), dayStartMs(zone, d + 1)];
		const rows = sb.store.receivedBetween(DAY_SMALL_CENTER, from, to);
		const truth = sb.store.truth(
			'receipts',
			{
				sc_id: DAY_SMALL_CENTER,
				start_received_date: '2026-11-21',
				end_received_date: '2026-11-21',
			},
			sb.clock.now(),
		);
		expect(rows.map((r) => r.id).sort()).toEqual([...truth.ids].sort());
		expect(rows.length).toBeGreaterThan(1000);
		expect(rows.every((r) => r.received >= from && r.received < to)).toBe(true);
		expect(rows.every((r, i) => i === 0 || rows[i - 1].received <= r.received)).toBe(true);
		expect(rows.every((r) => r.id.startsWith(`${r.shop_id}-`))).toBe(true);
		// the ends: from included, to excluded
		const m = rows[500].received;
		const before = sb.store.receivedBetween(DAY_SMALL_CENTER, from, m);
		const after = sb.store.receivedBetween(DAY_SMALL_CENTER, m, to);
		expect(before.length + after.length).toBe(rows.length);
		expect(after[0].received).toBe(m);
		expect(before.every((r) => r.received < m)).toBe(true);

		// a receipt exists once received: with the clock at m, nothing received after m
		const saved = sb.clock.now();
		sb.clock.set(new Date(m));
		try {
			const atM = sb.store.receivedBetween(DAY_SMALL_CENTER, from, to);
			expect(atM.map((r) => r.id)).toEqual(rows.filter((r) => r.received <= m).map((r) => r.id));
		} finally {
			sb.clock.set(saved);
		}

		// the control route answers the same
		const q = {
			sc_id: DAY_SMALL_CENTER,
			from: new Date(from).toISOString(),
			to: new Date(to).toISOString(),
		};
		const http = (await control(sb, 'GET', '/truth-received/receipts', { query: q })).json.data;
		expect(http.count).toBe(rows.length);
		expect(http.receipts).toEqual(rows);
		const broken = await control(sb, 'GET', '/truth-received/receipts', {
			query: { ...q, to: 'later' },
		});
		expect(broken.status).toBe(400);
	});
});
