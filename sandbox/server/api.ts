/**
 * One API request, in order: body read (413) → route (404/405) → query (400) → token call, or
 * bearer token (401 / token_expired) → center access (404 sc_id / 402) → rate limit (429) →
 * injected faults → page inserts → body parse (400/415) → handler → envelope.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { reshapeDetails } from './details';
import type { IncomingMessage } from 'node:http';
import { centerById } from '../fixtures/centers';
import { HANDLERS } from '../handlers/registry';
import { parseBody, parseQuery, readBody } from './parsing';
import type { SandboxParts } from './parts';
import { envelope, errorAnswer, type Answer } from './respond';
import { withCurrentPlan } from './plans';
import { matchRoute } from './router';
import { API_PREFIX } from './routes';
import { scalar } from '../core/rules';
import {
	ApiError,
	type ApiKeyFixture,
	type CenterFixture,
	type QueryValues,
	type RouteName,
} from '../core/types';
import type { RequestContext } from '../handlers/context';

export interface ApiOutcome {
	answer: Answer;
	route: RouteName | null;
	scId: string | null;
	clientId: string | null;
	/** the jti of the bearer token used (or, for the token call, of the token issued) */
	tokenId?: string;
	/** the rate window (index since the epoch) this request was counted or refused in */
	rateWindow?: number;
	query: QueryValues;
}

function toApiError(e: unknown): ApiError {
	if (e instanceof ApiError) return e;
	const message = e instanceof Error ? e.message : String(e);
	return new ApiError(500, 'internal_error', 'Internal failure.', { exception: message });
}

function centerAccess(parts: SandboxParts, key: ApiKeyFixture, scId: string): CenterFixture {
	const center = withCurrentPlan(parts, centerById(scId));
	if (!center || !key.centers.includes(scId)) {
		throw new ApiError(
			404,
			'not_found',
			`Center ${scId} is not found among the centers of this key.`,
			{ field: 'sc_id', fields: ['sc_id'] },
		);
	}
	if (center.blocked) {
		throw new ApiError(402, 'payment_required', `Center ${scId} is blocked for non-payment.`, {
			sc_id: scId,
		});
	}
	return center;
}

/** `path` is relative to the API prefix, or null for a path outside it (404 route_not_found). */
export async function handleApi(
	parts: SandboxParts,
	req: IncomingMessage,
	method: string,
	path: string | null,
	fullPath: string,
	search: string,
): Promise<ApiOutcome> {
	const out: ApiOutcome = {
		answer: { status: 500, body: null, headers: {} },
		route: null,
		scId: null,
		clientId: null,
		query: {},
	};
	let rateHeaders: Record<string, string> = {};
	try {
		const raw = await readBody(req);
		if (path === null)
			throw new ApiError(
				404,
				'route_not_found',
				`No route for ${method} ${fullPath}; the API lives under ${API_PREFIX}.`,
				{ path: fullPath },
			);
		const match = matchRoute(method, path);
		out.route = match.route;
		out.scId = match.params.sc_id ?? null;
		out.query = parseQuery(search);
		const contentType = req.headers['content-type'];

		if (match.route === 'token') {
			const body = parseBody(raw, contentType);
			if (typeof body.client_id === 'string') out.clientId = body.client_id;
			const injected = parts.faults.injectedError('token');
			if (injected) throw injected;
			const issued = parts.auth.issue(body);
			out.tokenId = parts.auth.jtiOf(issued.access_token);
			out.answer = {
				status: 200,
				body: issued,
				headers: { 'Cache-Control': 'no-store' },
			};
			return out;
		}

		const { key, claims } = parts.auth.verify(req.headers.authorization);
		out.clientId = key.clientId;
		out.tokenId = claims.jti;
		const center =
			match.route === 'centers' ? undefined : centerAccess(parts, key, match.params.sc_id);
		const formats = {
			resetFormat: parts.faults.resetFormat,
			retryAfterFormat: parts.faults.retryAfterFormat,
		};
		if (center) {
			// the rate window that counts this request (set before take(), which may refuse it)
			out.rateWindow = parts.limiter.windowIndex();
			rateHeaders = parts.limiter.take(center.id, center.plan, formats);
		}

		const injected = parts.faults.injectedError(match.route);
		if (injected) {
			if (injected.code === 'rate_limited' && parts.limiter.enabled) {
				Object.assign(
					injected.headers,
					parts.limiter.injectedHeaders(center?.id, center?.plan ?? 'basic', formats),
				);
			}
			throw injected;
		}
		const now = parts.clock.now();
		const page = Number(scalar(out.query, 'page') ?? '1');
		const insert = center ? parts.faults.insertBeforePage(match.route, page) : undefined;
		if (insert && center) {
			// late receipts land inside the window being paged, so its pages shift
			const extra: Record<string, unknown> = {};
			if (match.params.shop_id) extra.shop_id = match.params.shop_id;
			const from = scalar(out.query, 'start_created_date');
			const to = scalar(out.query, 'end_created_date');
			if (insert.kind === 'receipt' && from && to)
				Object.assign(extra, { start_created_date: from, end_created_date: to });
			parts.store.insert(
				insert.kind,
				center.id,
				insert.count,
				now,
				Object.keys(extra).length ? extra : undefined,
			);
		}

		const body = method === 'GET' ? {} : parseBody(raw, contentType);
		const handler = HANDLERS[match.route];
		if (!handler)
			throw new ApiError(
				501,
				'not_implemented',
				`Route ${match.route} is not implemented in this sandbox build.`,
				{ route: match.route },
			);
		const ctx: RequestContext = {
			method,
			route: match.route,
			params: match.params,
			query: out.query,
			body,
			// the centers route has no center of the path; its handler reads ctx.key.centers
			center: center ?? (undefined as unknown as CenterFixture),
			key,
			now,
			intake: parts.intake,
			store: parts.store,
			options: parts.options,
		};
		const result = handler(ctx);
		out.answer = envelope(result.data, result.meta, result.status ?? 200, rateHeaders);
	} catch (e) {
		out.answer = errorAnswer(
			reshapeDetails(toApiError(e), parts.options.detailsShape),
			rateHeaders,
		);
	}
	return out;
}
