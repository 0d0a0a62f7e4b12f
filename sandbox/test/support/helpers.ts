/**
 * Test client for the sandbox: real HTTP through undici's request().
 */
import { request } from 'undici';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../index';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../fixtures/centers';

export const NOW = '2026-11-20T09:00:00Z';

export interface Reply {
	status: number;
	headers: Record<string, string>;
	text: string;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	json: any;
}

export interface CallOptions {
	token?: string;
	query?: string | Record<string, string | string[]>;
	json?: unknown;
	form?: string | Record<string, string>;
	body?: string | Buffer;
	headers?: Record<string, string>;
}

export function start(options: SandboxOptions = {}): Promise<Sandbox> {
	return startSandbox({ now: NOW, ...options });
}

function queryString(q: CallOptions['query']): string {
	if (q === undefined) return '';
	if (typeof q === 'string') return q.startsWith('?') ? q : `?${q}`;
	const parts: string[] = [];
	for (const [k, v] of Object.entries(q)) {
		for (const x of Array.isArray(v) ? v : [v])
			parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(x)}`);
	}
	return parts.length ? `?${parts.join('&')}` : '';
}

async function send(url: string, method: string, o: CallOptions): Promise<Reply> {
	const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
	if (o.token) headers.authorization = `Bearer ${o.token}`;
	let body: string | Buffer | undefined = o.body;
	if (o.json !== undefined) {
		body = JSON.stringify(o.json);
		headers['content-type'] ??= 'application/json';
	} else if (o.form !== undefined) {
		body = typeof o.form === 'string' ? o.form : new URLSearchParams(o.form).toString();
		headers['content-type'] ??= 'application/x-www-form-urlencoded';
	}
	const r = await request(url + queryString(o.query), { method: method as 'GET', headers, body });
	const text = await r.body.text();
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	const flat: Record<string, string> = {};
	for (const [k, v] of Object.entries(r.headers))
		if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
	return { status: r.statusCode, headers: flat, text, json };
}

/** Calls the API: path relative to the base URL (/sc/1002/shops). */
export function api(
	sb: Sandbox,
	method: string,
	path: string,
	o: CallOptions = {},
): Promise<Reply> {
	return send(`${sb.baseUrl}${path}`, method, o);
}

/** Calls the control API: path relative to /__sandbox. */
export function control(
	sb: Sandbox,
	method: string,
	path: string,
	o: CallOptions = {},
): Promise<Reply> {
	return send(`${sb.controlUrl}${path}`, method, o);
}

export async function token(
	sb: Sandbox,
	clientId = DEMO_CLIENT_ID,
	clientSecret = DEMO_CLIENT_SECRET,
): Promise<string> {
	const r = await api(sb, 'POST', '/auth/token', {
		json: { client_id: clientId, client_secret: clientSecret },
	});
	if (r.status !== 200) throw new Error(`token call failed: ${r.status} ${r.text}`);
	return r.json.access_token as string;
}

/** Form body from bracket-notation pairs, kept in order. */
export function form(pairs: Array<[string, string]>): string {
	return pairs
		.map(
			([k, v]) =>
				`${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v)}`,
		)
		.join('&');
}
