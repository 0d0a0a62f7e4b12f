/**
 * The request log keeps the newest 100,000 entries: list() and since(seq) read them in order, the oldest
 * dropped first, across the compactions of its array.
 */
import { RequestLog, type LogEntry } from '../server/log';

const entry = (i: number): Omit<LogEntry, 'seq'> => ({
	time: '2026-11-20T09:00:00.000Z',
	clock: '2026-11-20T09:00:00.000Z',
	method: 'GET',
	path: `/p/${i}`,
	route: i % 2 === 0 ? 'receipts' : 'shops',
	sc_id: '1008',
	client_id: null,
	status: 200,
	code: null,
	query: {},
});

test('the newest 100,000 entries, in order; since(seq) = list({ since }) without scanning; stats count all', () => {
	const log = new RequestLog();
	expect(log.since(0)).toEqual([]);
	for (let i = 1; i <= 130_005; i++) log.add(entry(i));
	const all = log.list();
	expect(all).toHaveLength(100_000);
	expect(all[0].seq).toBe(30_006);
	expect(all.at(-1)!.seq).toBe(130_005);
	expect(all.every((e, k) => k === 0 || e.seq === all[k - 1].seq + 1)).toBe(true);
	expect(log.lastSeq()).toBe(130_005);
	for (const since of [0, 30_005, 30_006, 129_990, 130_005, 140_000])
		expect(log.since(since)).toEqual(log.list({ since }));
	expect(log.since(129_990).map((e) => e.path)).toEqual(
		Array.from({ length: 15 }, (_, k) => `/p/${129_991 + k}`),
	);
	expect(log.list({ route: 'receipts' })).toHaveLength(50_000);
	expect(log.getStats().total).toBe(130_005);
	log.clear();
	expect(log.list()).toEqual([]);
	log.add(entry(1));
	expect(log.since(130_005).map((e) => e.seq)).toEqual([130_006]);
});
