/**
 * The 1-hour access token: exchanged at POST /auth/token, cached per credential (keyed by a hash,
 * never by the secret), one exchange in flight at a time per credential (no refresh storms), and a
 * refresh only when the token is past its lifetime or the API said `token_expired` for THIS token.
 */
import type { ApiCredentials } from './credentials';
import { CredentialProblem } from './credentials';
import type { HttpHelper } from './context';
import { interpret } from './envelope';
import { sendHttp } from './http';
import { ROUTES } from './routes';

export interface IssuedToken {
	accessToken: string;
	expiresAtMs: number;
}

/** Exchanges client_id/client_secret for a token. Errors name the problem, never the secret. */
export async function exchangeToken(
	ctx: HttpHelper,
	creds: Pick<ApiCredentials, 'clientId' | 'clientSecret' | 'baseUrl'>,
): Promise<IssuedToken> {
	const raw = await sendHttp(ctx, {
		method: ROUTES.token.method,
		url: `${creds.baseUrl}${ROUTES.token.path}`,
		headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		body: JSON.stringify({ client_id: creds.clientId, client_secret: creds.clientSecret }),
	});
	let body: Record<string, unknown> | undefined;
	try {
		body = JSON.parse(raw.text) as Record<string, unknown>;
	} catch {
		body = undefined;
	}
	if (body?.success === true && typeof body.access_token === 'string' && body.access_token) {
		const expiresIn = Number(body.expires_in);
		const lifetimeMs = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : 3600_000;
		return { accessToken: body.access_token, expiresAtMs: Date.now() + lifetimeMs };
	}
	const outcome = interpret(raw);
	if (!outcome.ok && outcome.failure.code !== 'malformed_response') {
		const f = outcome.failure;
		if (f.status === 401 || f.status === 403) {
			throw new CredentialProblem(
				`The API refused the Client ID / Client Secret (${f.code}${f.message ? `: ${f.message}` : ''}). Check both in the credential.`,
			);
		}
		throw new CredentialProblem(
			`The token call failed with HTTP ${f.status} (${f.code}${f.message ? `: ${f.message}` : ''}).`,
		);
	}
	throw new CredentialProblem(
		`The token call at ${creds.baseUrl}${ROUTES.token.path} did not answer like the Shopping-center API v2 (HTTP ${raw.status}). ` +
			'Check the Base URL: it must be the API address ending with /api/external/v2.',
	);
}

interface CacheEntry {
	token?: IssuedToken;
	pending?: Promise<IssuedToken>;
	exchanges: number;
	/** how many requests the current token was handed to */
	uses: number;
}

export class TokenCache {
	private entries = new Map<string, CacheEntry>();

	private entry(key: string): CacheEntry {
		let e = this.entries.get(key);
		if (!e) {
			e = { exchanges: 0, uses: 0 };
			this.entries.set(key, e);
		}
		return e;
	}

	/** A valid token: the cached one, the exchange already in flight, or one new exchange. */
	async get(ctx: HttpHelper, creds: ApiCredentials): Promise<string> {
		const e = this.entry(creds.cacheKey);
		if (e.token && Date.now() < e.token.expiresAtMs) {
			e.uses++;
			return e.token.accessToken;
		}
		if (!e.pending) {
			e.exchanges++;
			e.pending = exchangeToken(ctx, creds)
				.then((t) => {
					e.token = t;
					e.uses = 0;
					return t;
				})
				.finally(() => {
					e.pending = undefined;
				});
		}
		const issued = await e.pending;
		if (e.token === issued) e.uses++;
		return issued.accessToken;
	}

	/**
	 * How many requests this token was handed to; a token already replaced counts as shared
	 * (another request found it expired too).
	 */
	uses(creds: ApiCredentials, accessToken: string): number {
		const e = this.entry(creds.cacheKey);
		return e.token?.accessToken === accessToken ? e.uses : Number.POSITIVE_INFINITY;
	}

	/** The API said this token expired: forget it, unless another request already replaced it. */
	invalidate(creds: ApiCredentials, accessToken: string): void {
		const e = this.entry(creds.cacheKey);
		if (e.token?.accessToken === accessToken) e.token = undefined;
	}

	clear(): void {
		this.entries.clear();
	}
}

/** One cache per process: every node of the package shares it (n8n loads the module once). */
export const tokenCache = new TokenCache();
