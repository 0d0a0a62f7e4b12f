/**
 * One HTTP exchange through n8n's own request helper. Statuses are never thrown here (the envelope
 * decides what a failure is); the body comes back as text so a broken body is seen, not guessed.
 */
import type { IDataObject, IHttpRequestMethods } from 'n8n-workflow';
import type { HttpHelper } from './context';

export interface RawResponse {
	status: number;
	headers: Record<string, string>;
	text: string;
}

export interface HttpExchange {
	method: IHttpRequestMethods;
	url: string;
	headers: Record<string, string>;
	body?: string;
	timeoutMs?: number;
}

/** The connection failed before any HTTP answer (refused, reset, timed out, DNS). */
export class NetworkFailure extends Error {
	constructor(
		message: string,
		public readonly errorCode: string | undefined,
	) {
		super(message);
	}
}

const DEFAULT_TIMEOUT_MS = 120_000;

function plainHeaders(headers: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (!headers || typeof headers !== 'object') return out;
	for (const [k, v] of Object.entries(headers as IDataObject)) {
		if (v === undefined || v === null) continue;
		out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
	}
	return out;
}

export async function sendHttp(ctx: HttpHelper, exchange: HttpExchange): Promise<RawResponse> {
	// what n8n's httpRequest answers with returnFullResponse
	let response: { statusCode: number; headers: unknown; body: unknown } | undefined;
	let failure: NetworkFailure | undefined;
	try {
		response = (await ctx.helpers.httpRequest({
			method: exchange.method,
			url: exchange.url,
			headers: exchange.headers,
			body: exchange.body,
			encoding: 'text',
			json: false,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: Math.min(exchange.timeoutMs ?? DEFAULT_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
		})) as typeof response;
	} catch (error) {
		// Only the error's code and a host-level message leave this place: the original error object
		// carries the request options (headers with the token, a body with the secret).
		const code =
			typeof (error as { code?: unknown }).code === 'string'
				? (error as { code: string }).code
				: undefined;
		const host = new URL(exchange.url).host;
		failure = new NetworkFailure(`Could not reach ${host}${code ? ` (${code})` : ''}.`, code);
	}
	if (!response) throw failure as NetworkFailure;
	const body = response.body;
	const text =
		typeof body === 'string'
			? body
			: Buffer.isBuffer(body)
				? body.toString('utf8')
				: body === undefined || body === null
					? ''
					: JSON.stringify(body);
	return { status: response.statusCode, headers: plainHeaders(response.headers), text };
}
