/**
 * Secret and token leak scanning for the security tests: the tokens a sandbox issues (recorded as they
 * are signed), the texts a run exposes (output items, errors with stack and serialized JSON, captured
 * log lines, console and stdout/stderr), and a scanner for the secrets in every encoding a leak could take.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { stringifyForLog, type CapturedLog } from '../../harness';
import type { Sandbox } from '../../../sandbox';

/** Every token the sandbox signs from now on (token calls and direct mints). */
export function recordIssuedTokens(sb: Sandbox): string[] {
	const tokens: string[] = [];
	const mint = sb.auth.mint.bind(sb.auth);
	sb.auth.mint = (clientId: string, opts?: { ver?: number; ttlSeconds?: number }) => {
		const token = mint(clientId, opts);
		tokens.push(token);
		return token;
	};
	return tokens;
}

/** A JWT-shaped string: header.payload.signature, the first two base64url JSON objects. */
export const JWT_SHAPE = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}/;

/** A bearer header or a client_secret field with a value, whatever the value (catches secrets not listed). */
export const CREDENTIAL_FIELDS = [
	/Bearer\s+[A-Za-z0-9._~+/-]{10,}/,
	/client_secret["']?\s*[:=]\s*["']?[^"'\s,}&]{3,}/,
];

export interface Hit {
	surface: string;
	needle: string;
	at: string;
}

export class LeakScanner {
	private readonly needles: Array<{ label: string; text: string }> = [];

	/** A secret as it is, URL-encoded, form-encoded, JSON-escaped and base64 (alone and as Basic auth). */
	addSecret(label: string, secret: string, clientId?: string): void {
		const variants = new Set([
			secret,
			encodeURIComponent(secret),
			new URLSearchParams({ s: secret }).toString().slice(2),
			JSON.stringify(secret).slice(1, -1),
			Buffer.from(secret).toString('base64'),
			Buffer.from(secret).toString('base64url'),
			...(clientId ? [Buffer.from(`${clientId}:${secret}`).toString('base64')] : []),
		]);
		for (const text of variants)
			this.needles.push({ label: `${label} (${text === secret ? 'as is' : 'encoded'})`, text });
	}

	/** Tokens recorded so far: each whole, and its signature alone. */
	addTokens(tokens: readonly string[]): void {
		for (const token of tokens) {
			this.needles.push({ label: 'an issued token', text: token });
			this.needles.push({ label: "an issued token's signature", text: token.split('.')[2] });
		}
	}

	scan(surface: string, text: string): Hit[] {
		const hits: Hit[] = [];
		for (const n of this.needles) {
			const i = text.indexOf(n.text);
			if (i >= 0)
				hits.push({ surface, needle: n.label, at: text.slice(Math.max(0, i - 40), i + 40) });
		}
		for (const [label, pattern] of [
			['a JWT-shaped string', JWT_SHAPE],
			...CREDENTIAL_FIELDS.map((p) => ['a credential field', p] as const),
		] as const) {
			const m = pattern.exec(text);
			if (m)
				hits.push({
					surface,
					needle: label,
					at: text.slice(Math.max(0, m.index - 40), m.index + 60),
				});
		}
		return hits;
	}

	get size(): number {
		return this.needles.length;
	}
}

export interface ExposedRun {
	items?: unknown;
	error?: unknown;
	logs: CapturedLog[];
	/** anything else the run hands to the user or stores outside the credential (static data, run data) */
	extra?: Record<string, unknown>;
}

/** The texts a run exposes, each named. */
export function surfacesOf(name: string, r: ExposedRun): Array<[string, string]> {
	const out: Array<[string, string]> = [];
	out.push([`${name}: output items`, stringifyForLog(r.items ?? null)]);
	if (r.error) {
		const e = r.error as { message?: unknown; description?: unknown; stack?: unknown };
		out.push([`${name}: error message`, String(e.message)]);
		out.push([`${name}: error description`, String(e.description)]);
		out.push([`${name}: error stack`, String(e.stack)]);
		out.push([`${name}: error JSON`, stringifyForLog(r.error)]);
		out.push([`${name}: error JSON.stringify`, safeJson(r.error)]);
	}
	out.push([`${name}: log lines`, r.logs.map((l) => l.line).join('\n')]);
	out.push([`${name}: log metadata`, stringifyForLog(r.logs.map((l) => l.meta))]);
	for (const [k, v] of Object.entries(r.extra ?? {}))
		out.push([`${name}: ${k}`, stringifyForLog(v)]);
	return out;
}

function safeJson(value: unknown): string {
	try {
		return JSON.stringify(value) ?? '';
	} catch {
		return '';
	}
}

/** Captures console.* and process.stdout / stderr writes (still passed through) until stop(). */
export function captureOutput(): { text: () => string; stop: () => void } {
	const chunks: string[] = [];
	const methods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
	const originals = methods.map((m) => console[m]);
	methods.forEach((m, i) => {
		console[m] = (...args: unknown[]) => {
			chunks.push(args.map((a) => (typeof a === 'string' ? a : stringifyForLog(a))).join(' '));
			(originals[i] as (...a: unknown[]) => void).apply(console, args);
		};
	});
	const out = process.stdout.write.bind(process.stdout);
	const err = process.stderr.write.bind(process.stderr);
	const wrap =
		(original: typeof out) =>
		(chunk: unknown, ...rest: unknown[]): boolean => {
			chunks.push(
				typeof chunk === 'string'
					? chunk
					: Buffer.isBuffer(chunk)
						? chunk.toString('utf8')
						: String(chunk),
			);
			return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
		};
	process.stdout.write = wrap(out) as typeof process.stdout.write;
	process.stderr.write = wrap(err) as typeof process.stderr.write;
	return {
		text: () => chunks.join('\n'),
		stop: () => {
			methods.forEach((m, i) => {
				console[m] = originals[i];
			});
			process.stdout.write = out;
			process.stderr.write = err;
		},
	};
}
