/** Periods split into request windows (days, months, attendance rows), dates in a center's zone, batches. */
import {
	addDays,
	chunk,
	rowWindows,
	splitDays,
	splitMonths,
	toCenterDate,
	todayIn,
} from '../../nodes/shared/walk/dateWindows';

/** Inclusive number of days from start to end, counted apart from the product (UTC midnights). */
const daysBetween = (start: string, end: string): number =>
	(Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;

describe('windowing', () => {
	it('splits a period into windows of at most N days that cover it exactly once', () => {
		const w = splitDays('2024-01-01', '2024-03-31', 30);
		expect(w).toEqual([
			{ start: '2024-01-01', end: '2024-01-30' },
			{ start: '2024-01-31', end: '2024-02-29' },
			{ start: '2024-03-01', end: '2024-03-30' },
			{ start: '2024-03-31', end: '2024-03-31' },
		]);
		const days = w.reduce((n, x) => n + daysBetween(x.start, x.end), 0);
		expect(days).toBe(daysBetween('2024-01-01', '2024-03-31'));
	});

	it('handles leap days and month ends', () => {
		expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
		expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
		expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
		expect(splitDays('2024-02-29', '2024-02-29', 31)).toEqual([
			{ start: '2024-02-29', end: '2024-02-29' },
		]);
		expect(splitDays('2025-01-31', '2025-03-02', 31)).toEqual([
			{ start: '2025-01-31', end: '2025-03-02' },
		]);
	});

	it('splits months into whole-month windows', () => {
		expect(splitMonths('2024-01-15', '2024-08-03', 3)).toEqual([
			{ start: '2024-01-01', end: '2024-03-31' },
			{ start: '2024-04-01', end: '2024-06-30' },
			{ start: '2024-07-01', end: '2024-08-31' },
		]);
		for (const w of splitMonths('2020-01-01', '2026-12-31', 3))
			expect(daysBetween(w.start, w.end)).toBeLessThanOrEqual(92);
		for (const w of splitMonths('2020-01-01', '2026-12-31', 12))
			expect(daysBetween(w.start, w.end)).toBeLessThanOrEqual(366);
	});

	it('reads dates in the center time zone', () => {
		expect(toCenterDate('2025-03-01', 'Europe/Moscow')).toBe('2025-03-01');
		expect(toCenterDate('2025-02-28T22:30:00Z', 'Europe/Moscow')).toBe('2025-03-01');
		expect(toCenterDate('2025-02-28T22:30:00Z', 'Europe/Kaliningrad')).toBe('2025-03-01');
		expect(toCenterDate('2025-02-28T21:30:00Z', 'Europe/Kaliningrad')).toBe('2025-02-28');
		expect(toCenterDate('2025-02-28T23:30:00', 'Asia/Vladivostok')).toBe('2025-02-28');
		expect(toCenterDate('2025-02-30', 'UTC')).toBeUndefined();
		expect(toCenterDate('2025-13-01', 'UTC')).toBeUndefined();
		expect(toCenterDate('NaN', 'UTC')).toBeUndefined();
		expect(toCenterDate('', 'UTC')).toBeUndefined();
		expect(todayIn('Asia/Vladivostok', new Date('2026-11-20T14:30:00Z'))).toBe('2026-11-21');
		expect(todayIn('Europe/Moscow', new Date('2026-11-20T20:59:59Z'))).toBe('2026-11-20');
		expect(todayIn('Europe/Moscow', new Date('2026-11-20T21:00:00Z'))).toBe('2026-11-21');
	});

	it('splits id lists into batches', () => {
		const ids = Array.from({ length: 101 }, (_, i) => String(i));
		expect(chunk(ids, 100).map((c) => c.length)).toEqual([100, 1]);
		expect(chunk(ids.slice(0, 100), 100).map((c) => c.length)).toEqual([100]);
		expect(chunk([], 100)).toEqual([]);
	});
});

describe('rowWindows (attendance rows)', () => {
	it('cuts week windows at Sundays and month windows at month ends, covering the period exactly', () => {
		const weeks = rowWindows('2026-01-07', '2026-03-31', 'week', 31);
		expect(weeks[0]).toEqual({ start: '2026-01-07', end: '2026-02-01' });
		expect(weeks[weeks.length - 1].end).toBe('2026-03-31');
		for (let i = 1; i < weeks.length; i++)
			expect(new Date(`${weeks[i].start}T00:00:00Z`).getUTCDay()).toBe(1);
		expect(rowWindows('2026-01-15', '2026-03-10', 'month', 31)).toEqual([
			{ start: '2026-01-15', end: '2026-01-31' },
			{ start: '2026-02-01', end: '2026-02-28' },
			{ start: '2026-03-01', end: '2026-03-10' },
		]);
		const proMonths = rowWindows('2024-03-10', '2026-11-20', 'month', 366);
		expect(proMonths.map((w) => w.start)).toEqual(['2024-03-10', '2025-03-01', '2026-03-01']);
	});
});
