/**
 * What is retried (the spec's retryable codes, and only these) and how long to wait.
 */
export const RETRYABLE_CODES: ReadonlySet<string> = new Set([
	'token_expired',
	'rate_limited',
	'rights_unavailable',
	'traffic_unavailable',
	'portal_unavailable',
	'query_timeout',
	'internal_error',
]);

export interface RetryPolicy {
	/** attempts for the 503 / timeout / internal codes (the first try included) */
	maxAttempts: number;
	baseDelayMs: number;
	maxDelayMs: number;
	/** the most a request may spend waiting (backoff + rate-limit waits) before it gives up */
	maxTotalWaitMs: number;
	random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxAttempts: 6,
	baseDelayMs: 500,
	maxDelayMs: 30_000,
	maxTotalWaitMs: 10 * 60_000,
	random: Math.random,
};

/** Exponential backoff with "equal jitter": half of the step fixed, half random. */
export function backoffDelay(attempt: number, policy: RetryPolicy): number {
	const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
	return Math.round(step / 2 + policy.random() * (step / 2));
}

/** Retry-After as delta seconds (decimals accepted) or as an HTTP-date; milliseconds to wait. */
export function parseRetryAfter(value: string | undefined, nowMs = Date.now()): number | undefined {
	if (value === undefined) return undefined;
	const v = value.trim();
	if (v === '') return undefined;
	if (/^\d+(\.\d+)?$/.test(v)) return Math.max(0, Math.round(Number(v) * 1000));
	const at = Date.parse(v);
	if (Number.isNaN(at)) return undefined;
	return Math.max(0, at - nowMs);
}
