/**
 * The sandbox's receipts: determinism and volume, late-arriving documents.
 */
import * as receiptGen from '../data/receipt-gen';
import { BUSY_SHOP, PRO_CENTER } from '../fixtures/centers';
import { call, NOW, walk, world } from './support/data-context';

const SHOP = { shop_id: BUSY_SHOP };
const SMALL = { shop_id: '1002-02' };

describe('receipts: determinism and volume', () => {
	const q = {
		start_created_date: '2026-10-01',
		end_created_date: '2026-10-20',
		page: '2',
		per_page: '250',
	};
	test('same seed, same data; another seed, other data', () => {
		const a = call(world(42), 'receipts', PRO_CENTER, q, SMALL);
		const b = call(world(42), 'receipts', PRO_CENTER, q, SMALL);
		const c = call(world(43), 'receipts', PRO_CENTER, q, SMALL);
		expect(a.data.length).toBeGreaterThan(0);
		expect(b).toEqual(a);
		expect(c.data).not.toEqual(a.data);
	});
	test('the busy shop has at least 200,000 receipts a year, counted without generating the year', () => {
		const spy = jest.spyOn(receiptGen, 'generateDay');
		const w = world();
		let total = 0;
		for (
			let start = Date.UTC(2025, 0, 1);
			start <= Date.UTC(2025, 11, 31);
			start += 30 * 86_400_000
		) {
			const end = Math.min(start + 29 * 86_400_000, Date.UTC(2025, 11, 31));
			const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
			total += call(
				w,
				'receipts',
				PRO_CENTER,
				{ start_created_date: iso(start), end_created_date: iso(end), per_page: '1' },
				SHOP,
			).meta.pagination.total;
		}
		expect(total).toBeGreaterThanOrEqual(200_000);
		expect(spy.mock.calls.length).toBeLessThanOrEqual(13); // one day per window (the first page)
		spy.mockRestore();
	});
});

describe('receipts: late-arriving documents', () => {
	test('an inserted receipt joins its created day, arrives now, and shifts later pages', () => {
		const w = world();
		const q = { start_created_date: '2026-11-18', end_created_date: '2026-11-18' };
		const before = walk(w, 'receipts', PRO_CENTER, q, SHOP, 1000);
		const [id] = w.store.insert('receipt', PRO_CENTER, 1, NOW, {
			shop_id: BUSY_SHOP,
			date: '2026-11-18',
			total_sum: 123_400,
		});
		const after = walk(w, 'receipts', PRO_CENTER, q, SHOP, 1000);
		expect(after).toHaveLength(before.length + 1);
		const late = after.find((r) => r.id === id)!;
		expect(late.total_sum).toBe(123_400);
		expect(late.created_datetime.startsWith('2026-11-18')).toBe(true);
		expect(Date.parse(late.received_datetime)).toBe(NOW.getTime());
		const receivedToday = walk(
			w,
			'receipts',
			PRO_CENTER,
			{ start_received_date: '2026-11-20', end_received_date: '2026-11-20' },
			SHOP,
			1000,
		);
		expect(receivedToday.map((r) => r.id)).toContain(id);
		expect(
			w.store.truth(
				'receipts',
				{
					sc_id: PRO_CENTER,
					shop_id: BUSY_SHOP,
					...{ start_date: '2026-11-18', end_date: '2026-11-18' },
				},
				NOW,
			).ids,
		).toContain(id);
	});
	test('default insert: the busy shop, created within the last two days', () => {
		const w = world();
		const ids = w.store.insert('receipt', PRO_CENTER, 3, NOW);
		expect(ids).toHaveLength(3);
		for (const id of ids) expect(id).toMatch(new RegExp(`^${BUSY_SHOP}-202611(18|19|20)-L`));
	});
});
