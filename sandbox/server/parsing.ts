/**
 * Request parsing: raw body reading with a size cap, JSON and form bodies (bracket notation decoded to
 * arrays / objects), and query strings (repeated keys and `key[]` → arrays).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { IncomingMessage } from 'node:http';
import { ApiError, type QueryValues } from '../core/types';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Past this many bytes the connection is cut instead of drained. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const MAX_DEPTH = 6;
const MAX_INDEX = 10000;
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function badRequest(message: string, details: unknown = null): ApiError {
	return new ApiError(400, 'bad_request', message, details);
}

/** Reads the whole body; a body above MAX_BODY_BYTES is drained and answered 413. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		let settled = false;
		const fail = (e: unknown) => {
			if (!settled) {
				settled = true;
				reject(e);
			}
		};
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > DRAIN_LIMIT_BYTES) {
				req.destroy();
				fail(
					new ApiError(413, 'payload_too_large', 'The request body is too large.', {
						max_bytes: MAX_BODY_BYTES,
					}),
				);
				return;
			}
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		req.on('end', () => {
			if (settled) return;
			if (size > MAX_BODY_BYTES) {
				fail(
					new ApiError(
						413,
						'payload_too_large',
						`The request body exceeds ${MAX_BODY_BYTES} bytes.`,
						{ max_bytes: MAX_BODY_BYTES, received_bytes: size },
					),
				);
				return;
			}
			settled = true;
			resolve(Buffer.concat(chunks));
		});
		req.on('error', fail);
		req.on('aborted', () => fail(badRequest('The request was aborted.')));
	});
}

function decode(part: string, what: string): string {
	try {
		return decodeURIComponent(part.replace(/\+/g, ' '));
	} catch {
		throw badRequest(`Malformed percent-encoding in the ${what}.`, { part: part.slice(0, 100) });
	}
}

/** Splits `a=1&b=2` into decoded pairs; a bad percent-encoding is a 400. */
export function splitPairs(text: string, what: string): Array<[string, string]> {
	if (text === '') return [];
	return text
		.split('&')
		.filter((p) => p !== '')
		.map((p) => {
			const eq = p.indexOf('=');
			const k = eq < 0 ? p : p.slice(0, eq);
			const v = eq < 0 ? '' : p.slice(eq + 1);
			return [decode(k, what), decode(v, what)];
		});
}

/** Parses `name[a][0][]` into ['name', 'a', '0', '']. */
function keyPath(key: string): string[] {
	const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
	if (!m)
		throw badRequest(`Malformed field name: ${key.slice(0, 100)}`, { field: key.slice(0, 100) });
	const rest = m[2].length > 0 ? m[2].slice(1, -1).split('][') : [];
	const path = [m[1], ...rest];
	if (path.length > MAX_DEPTH)
		throw badRequest(`Field name nested too deeply: ${key.slice(0, 100)}`);
	for (const seg of path) {
		if (FORBIDDEN_KEYS.has(seg))
			throw badRequest(`Forbidden field name: ${seg}`, { field: key.slice(0, 100) });
		if (/^\d+$/.test(seg) && Number(seg) > MAX_INDEX)
			throw badRequest(`Array index too large in ${key.slice(0, 100)}`);
	}
	return path;
}

type Tree = Record<string, unknown>;

function own(node: Tree, key: string): unknown {
	return Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
}

function assignPath(root: Tree, path: string[], value: string, key: string): void {
	let node: Tree = root;
	for (let i = 0; i < path.length; i++) {
		const last = i === path.length - 1;
		let seg = path[i];
		if (seg === '') seg = `\u0000push${Object.keys(node).length}`;
		if (last) {
			const existing = own(node, seg);
			if (existing === undefined) node[seg] = value;
			else if (Array.isArray(existing)) existing.push(value);
			else if (typeof existing === 'string') node[seg] = [existing, value];
			else
				throw badRequest(`Field ${key} is given both as a value and as a group.`, { field: key });
			return;
		}
		const next = own(node, seg);
		if (next === undefined) {
			const created: Tree = {};
			node[seg] = created;
			node = created;
		} else if (typeof next === 'object' && next !== null && !Array.isArray(next)) {
			node = next as Tree;
		} else {
			throw badRequest(`Field ${key} is given both as a value and as a group.`, { field: key });
		}
	}
}

/** Objects whose keys are all indexes (or pushes) become arrays, in index order. */
function arrayify(value: unknown): unknown {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
	const obj = value as Tree;
	const keys = Object.keys(obj);
	for (const k of keys) obj[k] = arrayify(obj[k]);
	const isList =
		keys.length > 0 && keys.every((k) => /^\d+$/.test(k) || k.startsWith('\u0000push'));
	if (!isList) {
		for (const k of keys) {
			if (k.startsWith('\u0000push'))
				throw badRequest('An array field ([]) is mixed with named fields.');
		}
		return obj;
	}
	const order = (k: string) =>
		k.startsWith('\u0000push') ? MAX_INDEX + 1 + Number(k.slice(5)) : Number(k);
	return keys.sort((a, b) => order(a) - order(b)).map((k) => obj[k]);
}

/** application/x-www-form-urlencoded with bracket notation → nested object. */
export function parseForm(text: string): Record<string, unknown> {
	const root: Tree = {};
	for (const [k, v] of splitPairs(text, 'form body')) assignPath(root, keyPath(k), v, k);
	const out = arrayify(root);
	return out as Record<string, unknown>;
}

/** A JSON body must be an object. */
export function parseJson(text: string): Record<string, unknown> {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (e) {
		throw badRequest(`Malformed JSON body: ${(e as Error).message}`);
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		throw badRequest('The JSON body must be an object.');
	}
	return value as Record<string, unknown>;
}

/** Parses a body by its Content-Type (JSON or form; none → sniffed). */
export function parseBody(raw: Buffer, contentType: string | undefined): Record<string, unknown> {
	if (raw.length === 0) return {};
	const text = raw.toString('utf8');
	const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
	if (type === 'application/json' || type.endsWith('+json')) return parseJson(text);
	if (type === 'application/x-www-form-urlencoded') return parseForm(text);
	if (type === '' || type === 'text/plain') {
		return text.trimStart().startsWith('{') ? parseJson(text) : parseForm(text.trim());
	}
	throw new ApiError(
		415,
		'unsupported_media_type',
		`Content-Type ${type} is not accepted; send application/json or application/x-www-form-urlencoded.`,
		{ content_type: type },
	);
}

/** Query string → flat values; repeated keys and `key[]` / `key[0]` become arrays (suffix removed). */
export function parseQuery(search: string): QueryValues {
	const out: QueryValues = {};
	for (const [rawKey, value] of splitPairs(search.replace(/^\?/, ''), 'query string')) {
		const bracket = rawKey.indexOf('[');
		const isArray = bracket > 0 && rawKey.endsWith(']');
		const key = isArray ? rawKey.slice(0, bracket) : rawKey;
		if (key === '' || FORBIDDEN_KEYS.has(key)) continue;
		const existing = Object.prototype.hasOwnProperty.call(out, key) ? out[key] : undefined;
		if (existing === undefined) out[key] = isArray ? [value] : value;
		else if (Array.isArray(existing)) existing.push(value);
		else out[key] = [existing, value];
	}
	return out;
}
