/**
 * Anomalies: plan and validation, lag between date and created_at, visibility at "now" (advancing the
 * clock reveals new ones), newest-first order, filters, nullable fields, inserted records.
 */
import { BASIC_CENTER, NO_TRAFFIC_CENTER, PRO_CENTER } from '../fixtures/centers';
import { call, expectError, NOW, walk, world, type Rows, type World } from './support/data-context';

const DAY = 86_400_000;
const FIELDS = [
	'id',
	'date',
	'created_at',
	'type',
	'type_title',
	'level',
	'magnitude',
	'status',
	'shop_id',
	'shop_name',
	'title',
	'description',
	'period',
];
const list = (w: World, q: Record<string, string>, center = PRO_CENTER) =>
	call(w, 'anomalies', center, q);
const all = (w: World, q: Record<string, string>) => walk(w, 'anomalies', PRO_CENTER, q, {}, 500);
const later = (ms: number): World => ({ ...world(), now: new Date(NOW.getTime() + ms) });

describe('anomalies: plan and validation', () => {
	const w = world();
	const q = { start_date: '2026-11-01', end_date: '2026-11-20' };
	test('Basic center: 403 plan_required', () => {
		expectError(() => list(w, q, BASIC_CENTER), 403, 'plan_required');
	});
	test('start_date and end_date required; end not before start', () => {
		expectError(() => list(w, { end_date: '2026-11-20' }), 422, 'validation_error', 'start_date');
		expectError(() => list(w, { start_date: '2026-11-20' }), 422, 'validation_error', 'end_date');
		expectError(
			() => list(w, { start_date: '2026-11-20', end_date: '2026-11-19' }),
			422,
			'validation_error',
			'end_date',
		);
	});
	test('period: 366 days allowed, 367 is period_too_long; today allowed, tomorrow not', () => {
		expect(
			list(w, { start_date: '2025-11-20', end_date: '2026-11-20' }).meta.pagination.total,
		).toBeGreaterThan(300);
		expectError(
			() => list(w, { start_date: '2025-11-19', end_date: '2026-11-20' }),
			422,
			'period_too_long',
		);
		expectError(
			() => list(w, { start_date: '2026-11-20', end_date: '2026-11-21' }),
			422,
			'validation_error',
			'end_date',
		);
	});
	test('unknown status or level, per_page above 500: 422', () => {
		expectError(() => list(w, { ...q, status: 'open' }), 422, 'validation_error', 'status');
		expectError(() => list(w, { ...q, level: 'critical' }), 422, 'validation_error', 'level');
		expectError(() => list(w, { ...q, per_page: '501' }), 422, 'validation_error', 'per_page');
		expect(list(w, { ...q, per_page: '500' }).meta.pagination.per_page).toBe(500);
		expect(list(w, q).meta.pagination.per_page).toBe(100);
	});
	test('shop_id outside the center: 404 not_found', () => {
		expectError(() => list(w, { ...q, shop_id: '1001-01' }), 404, 'not_found', 'shop_id');
		expectError(() => list(w, { ...q, shop_id: 'nope' }), 404, 'not_found', 'shop_id');
	});
});

describe('anomalies: rows', () => {
	const w = world();
	const year = all(w, { start_date: '2025-11-21', end_date: '2026-11-20' });

	test('every PRO center has a few per day', () => {
		expect(year.length).toBeGreaterThan(365);
		expect(year.length).toBeLessThan(365 * 5);
		expect(
			list(w, { start_date: '2026-10-01', end_date: '2026-10-31' }, NO_TRAFFIC_CENTER).meta
				.pagination.total,
		).toBeGreaterThan(10);
	});
	test('exactly the spec fields; date is a day start in the center zone; period has two moments in that day', () => {
		for (const a of year) {
			expect(Object.keys(a)).toEqual(FIELDS);
			expect(a.date).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\+05:00$/);
			expect(a.period).toHaveLength(2);
			expect(Date.parse(a.period[0])).toBeGreaterThanOrEqual(Date.parse(a.date));
			expect(Date.parse(a.period[1])).toBeLessThan(Date.parse(a.date) + DAY);
			expect(['new', 'completed', 'archived']).toContain(a.status);
		}
	});
	test('created_at lags date by 0-3 days, never before the deviation ended, never after now', () => {
		const lags = new Set<number>();
		for (const a of year) {
			const created = Date.parse(a.created_at);
			expect(created).toBeGreaterThan(Date.parse(a.period[1]));
			expect(created).toBeLessThanOrEqual(NOW.getTime());
			const lagDays = Math.floor((created - Date.parse(a.date)) / DAY);
			expect(lagDays).toBeGreaterThanOrEqual(0);
			expect(lagDays).toBeLessThanOrEqual(3);
			lags.add(lagDays);
		}
		expect([...lags].sort()).toEqual([0, 1, 2, 3]);
	});
	test('newest first: date desc, then created_at desc, then id desc', () => {
		for (let i = 1; i < year.length; i++) {
			const a = year[i - 1];
			const b = year[i];
			const key = (x: Rows[number]) => [Date.parse(x.date), Date.parse(x.created_at)];
			const [ad, ac] = key(a);
			const [bd, bc] = key(b);
			expect(ad > bd || (ad === bd && (ac > bc || (ac === bc && a.id > b.id)))).toBe(true);
		}
	});
	test('nullable fields are sometimes null, sometimes not; level follows magnitude', () => {
		for (const f of [
			'type',
			'type_title',
			'level',
			'magnitude',
			'shop_id',
			'shop_name',
			'title',
			'description',
		]) {
			expect(year.some((a) => a[f] === null)).toBe(true);
			expect(year.some((a) => a[f] !== null)).toBe(true);
		}
		for (const a of year) {
			expect(a.shop_id === null).toBe(a.shop_name === null);
			if (a.level !== null)
				expect(a.level).toBe(
					Math.abs(a.magnitude) >= 60 ? 'high' : Math.abs(a.magnitude) >= 35 ? 'medium' : 'low',
				);
		}
	});
	test('filters: status, level, shop_id; the period filters on date', () => {
		const q = { start_date: '2026-06-01', end_date: '2026-08-31' };
		const base = all(w, q);
		expect(base.every((a) => a.date >= '2026-06-01' && a.date < '2026-09-01')).toBe(true);
		let n = 0;
		for (const status of ['new', 'completed', 'archived']) {
			const rows = all(w, { ...q, status });
			expect(rows.every((a) => a.status === status)).toBe(true);
			n += rows.length;
		}
		expect(n).toBe(base.length);
		const high = all(w, { ...q, level: 'high' });
		expect(high.length).toBeGreaterThan(0);
		expect(high.map((a) => a.id)).toEqual(base.filter((a) => a.level === 'high').map((a) => a.id));
		const shop = all(w, { ...q, shop_id: '1002-03' });
		expect(shop.length).toBeGreaterThan(0);
		expect(shop.map((a) => a.id)).toEqual(
			base.filter((a) => a.shop_id === '1002-03').map((a) => a.id),
		);
	});
	test('truth equals a full walk', () => {
		const q = { start_date: '2026-01-01', end_date: '2026-11-20' };
		expect(w.store.truth('anomalies', { sc_id: PRO_CENTER, ...q }, NOW).ids).toEqual(
			all(w, q).map((a) => a.id),
		);
		expect(w.store.truth('anomalies', { sc_id: PRO_CENTER, ...q, status: 'new' }, NOW).ids).toEqual(
			all(w, { ...q, status: 'new' }).map((a) => a.id),
		);
	});
	test('same seed, same anomalies', () => {
		const q = { start_date: '2026-03-01', end_date: '2026-03-31' };
		expect(list(world(42), q)).toEqual(list(world(42), q));
		expect(list(world(7), q).data).not.toEqual(list(world(42), q).data);
	});
});

describe('anomalies over time', () => {
	const q = { start_date: '2026-11-14', end_date: '2026-11-22' };
	test('advancing the clock reveals new anomalies, also for past dates (found later)', () => {
		const before = all(world(), { start_date: '2026-11-14', end_date: '2026-11-20' });
		const twoDaysOn = later(2 * DAY);
		const after = all(twoDaysOn, q);
		const known = new Set(before.map((a) => a.id));
		expect(before.every((a) => after.some((b) => b.id === a.id))).toBe(true);
		const fresh = after.filter((a) => !known.has(a.id));
		expect(fresh.length).toBeGreaterThan(0);
		for (const a of fresh) {
			expect(Date.parse(a.created_at)).toBeGreaterThan(NOW.getTime());
			expect(Date.parse(a.created_at)).toBeLessThanOrEqual(twoDaysOn.now.getTime());
		}
		expect(fresh.some((a) => a.date < '2026-11-20')).toBe(true);
	});
	test('statuses move on: some new anomalies are handled later', () => {
		const now = all(world(), { start_date: '2026-11-01', end_date: '2026-11-20' });
		const then = new Map(
			all(later(30 * DAY), { start_date: '2026-11-01', end_date: '2026-11-20' }).map((a) => [
				a.id,
				a.status,
			]),
		);
		const handled = now.filter((a) => a.status === 'new' && then.get(a.id) !== 'new');
		expect(handled.length).toBeGreaterThan(0);
	});
	test('an inserted anomaly (found now, date today) comes first', () => {
		const w = world();
		const [id] = w.store.insert('anomaly', PRO_CENTER, 1, NOW, { shop_id: '1002-04' });
		const first = list(w, { start_date: '2026-11-20', end_date: '2026-11-20' }).data[0];
		expect(first).toMatchObject({
			id,
			shop_id: '1002-04',
			status: 'new',
			created_at: '2026-11-20T14:00:00+05:00',
			date: '2026-11-20T00:00:00+05:00',
		});
		expect(() => w.store.insert('anomaly', BASIC_CENTER, 1, NOW)).toThrow();
	});
});
