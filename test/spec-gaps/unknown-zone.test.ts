/**
 * A center whose time zone the package does not know (not in the key's center list): "future" and
 * "fresh" are decided where days begin first (UTC+14), so no day the API would still accept is
 * refused or clipped away locally.
 */
import { clipToFreshest } from '../../nodes/shared/input';
import { FURTHEST_AHEAD_ZONE, todayIn } from '../../nodes/shared/walk/dateWindows';
import { rulesFor } from '../../nodes/shared/plan';
import { centerInfo, forgetCenters } from '../../nodes/shared/center';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, startSandbox } from '../../sandbox';
import { apiContext } from '../helpers/apiContext';

// 11:00 UTC: already the next day at UTC+14, still this day in UTC
const NOW = new Date('2026-11-20T11:00:00Z');

test('the boundary zone is UTC+14: its today is a day ahead of UTC late in the UTC day', () => {
	expect(todayIn(FURTHEST_AHEAD_ZONE, NOW)).toBe('2026-11-21');
	expect(todayIn('UTC', NOW)).toBe('2026-11-20');
});

test('a period clipped in the boundary zone keeps the day a far-east center already has', () => {
	const period = { start: '2026-11-19', end: '2026-11-25' };
	expect(clipToFreshest(period, FURTHEST_AHEAD_ZONE, rulesFor(undefined), NOW)).toEqual({
		start: '2026-11-19',
		end: '2026-11-21',
	});
	// clipping in UTC (the old fallback for an unknown zone) would have dropped 2026-11-21
	expect(clipToFreshest(period, 'UTC', rulesFor(undefined), NOW)).toEqual({
		start: '2026-11-19',
		end: '2026-11-20',
	});
});

test('centerInfo of a center the list does not hold: boundary zone UTC+14; of a listed one: its own zone', async () => {
	const sb = await startSandbox({ seed: 42 });
	try {
		forgetCenters();
		const ctx = apiContext({
			baseUrl: sb.baseUrl,
			clientId: DEMO_CLIENT_ID,
			clientSecret: DEMO_CLIENT_SECRET,
		});
		const unknown = await centerInfo(ctx, '999999');
		expect(unknown).toMatchObject({ listed: false, boundaryZone: FURTHEST_AHEAD_ZONE });
		const known = await centerInfo(ctx, '1002');
		expect(known.time_zone).not.toBe('UTC');
		expect(known).toMatchObject({ listed: true, boundaryZone: known.time_zone });
	} finally {
		await sb.close();
	}
});
