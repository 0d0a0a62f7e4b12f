/**
 * One HTTP exchange through n8n's own request helper. Statuses are never thrown here (the envelope
 * decides what a failure is); the body comes back as text so a broken body is seen, not guessed.
 * The helper hands the body over as a stream and it is read here: asked for as text, far more of each
 * answer (0.8 MB for a page of 1000 receipts) survived into V8's old generation (measured: as much as
 * a plain fetch with a stream, about twice that in text mode), and in n8n's large heap the full
 * collections that follow cost more than the rest of the export (bench/README.md, "Profiling").
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

const isChunks = (body: unknown): body is AsyncIterable<Buffer | string> =>
	typeof body === 'object' &&
	body !== null &&
	typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';

/** The body as text, as the helper's own text mode makes it: UTF-8, a leading byte order mark dropped. */
async function textOf(body: unknown): Promise<string> {
	let text: string;
	if (isChunks(body)) {
		const chunks: Buffer[] = [];
		for await (const chunk of body)
			chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
		text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
	} else if (typeof body === 'string') text = body;
	else if (Buffer.isBuffer(body)) text = body.toString('utf8');
	else if (body === undefined || body === null) text = '';
	else text = JSON.stringify(body);
	return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

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
	let text = '';
	let failure: NetworkFailure | undefined;
	try {
		response = (await ctx.helpers.httpRequest({
			method: exchange.method,
			url: exchange.url,
			headers: exchange.headers,
			body: exchange.body,
			encoding: 'stream',
			json: false,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: Math.min(exchange.timeoutMs ?? DEFAULT_TIMEOUT_MS, DEFAULT_TIMEOUT_MS),
		})) as typeof response;
		// a connection cut or timed out while the body arrives fails here, as before the answer
		text = await textOf(response?.body);
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
	if (!response || failure) throw failure as NetworkFailure;
	return { status: response.statusCode, headers: plainHeaders(response.headers), text };
}
