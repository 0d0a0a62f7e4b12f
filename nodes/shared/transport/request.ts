/**
 * apiRequest: one API call with everything around it — route table, token, pacing, envelope,
 * retries of the retryable codes, and errors in the user's words.
 */
import { sleep, type IDataObject, type NodeApiError, type NodeOperationError } from 'n8n-workflow';
import { getApiCredentials, CredentialProblem, type ApiCredentials } from './credentials';
import type { ApiContext } from './context';
import { interpret, type ApiFailure } from './envelope';
import { inputError, toNodeApiError, asNodeError } from './errors';
import { deadlineError, PastDeadline } from './deadline';
import { NetworkFailure, sendHttp, type RawResponse } from './http';
import { pacer } from './pacing';
import {
	backoffDelay,
	DEFAULT_RETRY_POLICY,
	parseRetryAfter,
	RETRYABLE_CODES,
	type RetryPolicy,
} from './retry';
import { ROUTES, routePath, type RouteKey } from './routes';
import { toFormBody, toQueryString } from './encoding';
import { tokenCache } from './token';
import { centerLabel, zoneOf } from './zones';
import { knownPlan, rememberPlan, rememberPlanFromLimit, type PlanName } from './planCache';
import { stopIfChecking } from './checkOnly';
import type { RequestInput } from './requestInput';

export type { RequestCounter, RequestInput } from './requestInput';

export interface ApiResult {
	data: unknown;
	meta: IDataObject;
	headers: Record<string, string>;
}

function buildUrl(creds: ApiCredentials, route: RouteKey, input: RequestInput): string {
	const qs = input.query ? toQueryString(input.query) : '';
	return `${creds.baseUrl}${routePath(route, input.params ?? {})}${qs ? `?${qs}` : ''}`;
}

function buildBody(route: RouteKey, input: RequestInput): { body?: string; contentType?: string } {
	const def = ROUTES[route];
	if (def.method === 'GET' || !input.body) return {};
	return def.body === 'json'
		? { body: JSON.stringify(input.body), contentType: 'application/json' }
		: { body: toFormBody(input.body), contentType: 'application/x-www-form-urlencoded' };
}

/** A credential or connection problem as the node's error; anything else as it is, wrapped. */
function asRequestError(
	ctx: ApiContext,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof CredentialProblem || error instanceof NetworkFailure)
		return inputError(ctx.getNode(), error.message, itemIndex);
	// a lone UTF-16 surrogate cannot be URI-encoded: say so instead of a bare "URI malformed"
	if (error instanceof URIError)
		return inputError(
			ctx.getNode(),
			'A parameter contains a broken character (half of a UTF-16 pair); nothing was sent.',
			itemIndex,
		);
	return asNodeError(ctx.getNode(), error, itemIndex);
}

async function credentialsOrThrow(ctx: ApiContext, itemIndex?: number): Promise<ApiCredentials> {
	try {
		return await getApiCredentials(ctx);
	} catch (error) {
		throw asRequestError(ctx, error, itemIndex);
	}
}

/** The names of the parameters a request has: path, query and body (error messages name only these). */
function sentNames(input: RequestInput): Set<string> {
	const names = new Set<string>();
	for (const part of [input.params, input.query, input.body] as Array<
		Record<string, unknown> | undefined
	>)
		if (part) for (const key in part) if (part[key] !== undefined) names.add(key);
	return names;
}

/** token_expired several times in a row, each time with a token other requests shared: give up */
const MAX_EXPIRED_IN_A_ROW = 4;

/** The failure of a request that was not sent: the center's budget is spent beyond the wait limit. */
const BUDGET_SPENT: ApiFailure = {
	status: 429,
	code: 'rate_limited',
	message: '',
	details: null,
	headers: {},
};

export async function apiRequest(
	ctx: ApiContext,
	route: RouteKey,
	input: RequestInput = {},
): Promise<ApiResult> {
	const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...input.retry };
	const creds = await credentialsOrThrow(ctx, input.itemIndex);
	let url: string;
	let encoded: { body?: string; contentType?: string };
	try {
		url = buildUrl(creds, route, input);
		encoded = buildBody(route, input);
	} catch (error) {
		throw asRequestError(ctx, error, input.itemIndex);
	}
	stopIfChecking(ctx, route, input);
	const { body, contentType } = encoded;
	const paceKey = `${creds.baseUrl}|${input.params?.sc_id ?? ''}`;
	const fail = (f: ApiFailure, attempts: number, waitedMs: number, budgetBackAtMs?: number) =>
		toNodeApiError(ctx.getNode(), f, {
			itemIndex: input.itemIndex,
			operation: input.operation,
			attempts,
			waitedMs,
			plan: planOf(creds, input),
			budgetBackAtMs,
			zone: zoneOf(creds.baseUrl, input.params?.sc_id),
			center: centerLabel(creds.cacheKey, input.params?.sc_id),
			shopId: input.params?.shop_id ?? shopOfQuery(input),
			sent: sentNames(input),
		});

	const deadline = input.deadlineMs;
	const pastDeadline = () => deadlineError(ctx.getNode(), input.operation);
	/** a wait of `ms` from now would end after the deadline */
	const beyond = (ms: number) => deadline !== undefined && Date.now() + ms > deadline;

	let attempts = 0;
	// failures of the 503 / timeout / internal kind, which back off and have an attempt budget
	let unavailable = 0;
	let waitedMs = 0;
	// token_expired right after a refresh means the fresh token is refused too: stop there
	let expiredInARow = 0;
	for (;;) {
		// a window closed for longer than this request may wait (the day's budget is spent): fail now
		const blocked = pacer.blockedUntil(paceKey, policy.maxTotalWaitMs - waitedMs);
		if (blocked !== undefined) throw fail(BUDGET_SPENT, attempts, waitedMs, blocked);
		if (beyond(0)) throw pastDeadline();
		try {
			waitedMs += await pacer.acquire(paceKey, deadline);
		} catch (error) {
			if (error instanceof PastDeadline) throw pastDeadline();
			throw asRequestError(ctx, error, input.itemIndex);
		}
		let token: string;
		let raw: RawResponse;
		try {
			token = await tokenCache.get(ctx, creds);
			if (input.counter) input.counter.sent++;
			raw = await sendHttp(ctx, {
				method: ROUTES[route].method,
				url,
				headers: {
					Accept: 'application/json',
					Authorization: `Bearer ${token}`,
					...(contentType ? { 'Content-Type': contentType } : {}),
				},
				body,
				timeoutMs: deadline === undefined ? undefined : Math.max(1, deadline - Date.now()),
			});
		} catch (error) {
			pacer.release(paceKey, undefined);
			// the exchange was cut by the deadline's timeout: no answer, nothing changed
			if (beyond(0)) throw pastDeadline();
			throw asRequestError(ctx, error, input.itemIndex);
		}
		const outcome = interpret(raw);
		pacer.release(
			paceKey,
			raw.status,
			raw.headers,
			!outcome.ok && outcome.failure.code === 'rate_limited',
		);
		if (outcome.ok) {
			rememberPlanFromLimit(creds.baseUrl, input.params?.sc_id, raw.headers['x-ratelimit-limit']);
			return { data: outcome.data, meta: outcome.meta, headers: raw.headers };
		}
		const f = outcome.failure;
		// the API itself says the center's plan lacks a PRO feature: the center is Basic (for a while)
		if (f.code === 'plan_required' && input.params?.sc_id)
			rememberPlan(creds.baseUrl, input.params.sc_id, 'basic');
		attempts++;
		if (!RETRYABLE_CODES.has(f.code)) throw fail(f, attempts, waitedMs);
		expiredInARow = f.code === 'token_expired' ? expiredInARow + 1 : 0;
		if (f.code === 'token_expired') {
			// one new token and one repeat of this request per expiry. A token that only this request
			// used, refused again, means the API refuses fresh tokens (a credential problem); one that
			// parallel requests shared may simply have expired in between: a new one, a few times at most
			const onlyOurs = tokenCache.uses(creds, token) <= 1;
			if ((expiredInARow > 1 && onlyOurs) || expiredInARow > MAX_EXPIRED_IN_A_ROW)
				throw fail(f, attempts, waitedMs);
			tokenCache.invalidate(creds, token);
			continue;
		}
		if (f.code === 'rate_limited') {
			// the pacer now holds the window closed until Retry-After; acquire() waits for it
			const after = parseRetryAfter(f.headers['retry-after']) ?? 0;
			// a wait longer than the request may wait at all is the API's failure; one that only
			// passes the caller's deadline leaves the work for later
			if (waitedMs + after > policy.maxTotalWaitMs)
				throw fail(f, attempts, waitedMs, Date.now() + after);
			if (beyond(after)) throw pastDeadline();
			continue;
		}
		unavailable++;
		if (unavailable >= policy.maxAttempts) throw fail(f, attempts, waitedMs);
		const delay = backoffDelay(unavailable - 1, policy);
		if (waitedMs + delay > policy.maxTotalWaitMs) throw fail(f, attempts, waitedMs);
		if (beyond(delay)) throw pastDeadline();
		await sleep(delay);
		waitedMs += delay;
	}
}

/** A shop given as a filter (anomalies' shop_id) rather than in the path. */
function shopOfQuery(input: RequestInput): string | undefined {
	const v = input.query?.shop_id;
	return typeof v === 'string' ? v : undefined;
}

function planOf(creds: ApiCredentials, input: RequestInput): PlanName | undefined {
	return knownPlan(creds.baseUrl, input.params?.sc_id);
}
