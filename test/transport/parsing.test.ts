/** The transport's parsing: Retry-After and X-RateLimit-Reset, backoff, query and form encoding, the envelope. */
import { parseReset } from '../../nodes/shared/transport/pacing';
import {
	backoffDelay,
	DEFAULT_RETRY_POLICY,
	parseRetryAfter,
} from '../../nodes/shared/transport/retry';
import { toFormBody, toQueryString } from '../../nodes/shared/transport/encoding';
import { interpret } from '../../nodes/shared/transport/envelope';

describe('header parsing', () => {
	const now = Date.parse('2026-11-20T10:00:00Z');
	it('reads Retry-After as seconds or as an HTTP-date', () => {
		expect(parseRetryAfter('3', now)).toBe(3000);
		expect(parseRetryAfter('0.25', now)).toBe(250);
		expect(parseRetryAfter('Fri, 20 Nov 2026 10:00:05 GMT', now)).toBe(5000);
		expect(parseRetryAfter('Fri, 20 Nov 2026 09:59:00 GMT', now)).toBe(0);
		expect(parseRetryAfter('soon', now)).toBeUndefined();
		expect(parseRetryAfter(undefined, now)).toBeUndefined();
	});
	it('reads X-RateLimit-Reset as epoch seconds, epoch ms, seconds until, or ISO', () => {
		expect(parseReset(String(now / 1000 + 30), now)).toBe(now + 30_000);
		expect(parseReset(String(now + 1500), now)).toBe(now + 1500);
		expect(parseReset('42', now)).toBe(now + 42_000);
		expect(parseReset('1.5', now)).toBe(now + 1500);
		expect(parseReset('2026-11-20T10:01:00Z', now)).toBe(now + 60_000);
		expect(parseReset('2026-11-20T13:01:00+03:00', now)).toBe(now + 60_000);
		expect(parseReset('', now)).toBeUndefined();
	});
	it('backs off exponentially with jitter inside [step/2, step]', () => {
		const low = { ...DEFAULT_RETRY_POLICY, random: () => 0 };
		const high = { ...DEFAULT_RETRY_POLICY, random: () => 1 };
		expect([0, 1, 2, 3].map((a) => backoffDelay(a, low))).toEqual([250, 500, 1000, 2000]);
		expect([0, 1, 2, 3].map((a) => backoffDelay(a, high))).toEqual([500, 1000, 2000, 4000]);
		expect(backoffDelay(20, high)).toBe(DEFAULT_RETRY_POLICY.maxDelayMs);
	});
});

describe('encoding', () => {
	it('uses bracket notation for arrays and objects, one comma list for document_types', () => {
		expect(
			toQueryString({
				statuses: ['agreed', 'rejected'],
				page: 2,
				archived: true,
				empty: '',
				none: undefined,
			}),
		).toBe('statuses[]=agreed&statuses[]=rejected&page=2&archived=true');
		expect(toQueryString({ document_types: ['receipt', 'delivery'] })).toBe(
			'document_types=receipt%2Cdelivery',
		);
		expect(
			decodeURIComponent(
				toFormBody({ data: [{ datetime: '2026-01-01T10:00:00+03:00', in: 5, out: 3 }] }),
			),
		).toBe('data[0][datetime]=2026-01-01T10:00:00+03:00&data[0][in]=5&data[0][out]=3');
		expect(decodeURIComponent(toFormBody({ shop_ids: ['a', 'b'] }))).toBe(
			'shop_ids[]=a&shop_ids[]=b',
		);
	});
});

describe('envelope', () => {
	const h = {};
	it('unwraps success and failure', () => {
		const ok = interpret({
			status: 200,
			headers: h,
			text: '{"success":true,"data":[1],"meta":{"time_zone":"UTC"}}',
		});
		expect(ok.ok && ok.data).toEqual([1]);
		const bad = interpret({
			status: 403,
			headers: h,
			text: '{"success":false,"error":{"code":"plan_required","message":"m","details":{"field":"granularity"}}}',
		});
		expect(!bad.ok && bad.failure.code).toBe('plan_required');
		expect(!bad.ok && bad.failure.details).toEqual({ field: 'granularity' });
	});
	it.each([
		['<html><body>502 Bad Gateway</body></html>', 502],
		['{"success":true,"data":[', 200],
		['{"data":[]}', 200],
		['', 200],
		['[1,2]', 200],
		['{"success":false}', 500],
	])('calls %p (HTTP %p) a malformed answer', (text, status) => {
		const o = interpret({ status, headers: h, text });
		expect(o.ok).toBe(false);
		expect(!o.ok && o.failure.code).toBe('malformed_response');
		expect(!o.ok && o.failure.message).toContain(`HTTP ${status}`);
	});
});
