/**
 * Authentication: POST /auth/token (client credentials → JWT, HMAC-SHA256) and bearer-token checks.
 * Token times (iat / exp) are on the sandbox clock; token_expired uses faults.tokenExpiredStatus.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Faults } from './faults';
import type { RequestLog } from './log';
import { ApiError, type ApiKeyFixture, type Clock } from '../core/types';

export interface TokenClaims {
	ver: number;
	sub: string;
	iat: number;
	exp: number;
	jti: string;
	iss: string;
}

export interface TokenResponse {
	success: true;
	access_token: string;
	token_type: 'Bearer';
	expires_in: number;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function unauthorized(message: string): ApiError {
	return new ApiError(401, 'unauthorized', message, null, { 'WWW-Authenticate': 'Bearer' });
}

function sameText(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}

export class Auth {
	private readonly secret = randomBytes(32);
	/** requests served per token (jti) */
	private served = new Map<string, number>();

	constructor(
		readonly keys: ApiKeyFixture[],
		private readonly clock: Clock,
		private readonly ttlSeconds: number,
		private readonly faults: Faults,
		private readonly log: RequestLog,
	) {}

	keyById(clientId: string): ApiKeyFixture | undefined {
		return this.keys.find((k) => k.clientId === clientId);
	}

	/** POST /auth/token */
	issue(body: Record<string, unknown>): TokenResponse {
		for (const field of ['client_id', 'client_secret']) {
			const v = body[field];
			if (typeof v !== 'string' || v === '') {
				throw new ApiError(401, 'invalid_client', `${field} is required.`, {
					field,
					fields: [field],
				});
			}
		}
		const key = this.keyById(body.client_id as string);
		if (!key || !sameText(key.clientSecret, body.client_secret as string)) {
			throw new ApiError(401, 'invalid_client', 'Unknown client_id or wrong client_secret.', null);
		}
		const token = this.mint(key.clientId);
		this.log.tokenIssued();
		return {
			success: true,
			access_token: token,
			token_type: 'Bearer',
			expires_in: this.ttlSeconds,
		};
	}

	/** The jti of a token this sandbox signed (undefined for anything else). */
	jtiOf(token: string): string | undefined {
		try {
			const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
			return typeof claims?.jti === 'string' ? claims.jti : undefined;
		} catch {
			return undefined;
		}
	}

	/** Signs a token (also of API version 1, or with another lifetime, for tests). */
	mint(clientId: string, opts: { ver?: number; ttlSeconds?: number } = {}): string {
		const iat = Math.floor(this.clock.now().getTime() / 1000);
		const claims: TokenClaims = {
			ver: opts.ver ?? 2,
			sub: clientId,
			iat,
			exp: iat + (opts.ttlSeconds ?? this.ttlSeconds),
			jti: randomUUID(),
			iss: 'shopping-center-sandbox',
		};
		const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
		const body = b64url(JSON.stringify(claims));
		return `${head}.${body}.${this.sign(`${head}.${body}`)}`;
	}

	private sign(input: string): string {
		return createHmac('sha256', this.secret).update(input).digest('base64url');
	}

	/** Checks the Authorization header; returns the key; counts the request against the token. */
	verify(header: string | undefined): { key: ApiKeyFixture; claims: TokenClaims } {
		if (!header) throw unauthorized('The Authorization header is missing.');
		const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
		if (!m) throw unauthorized('The Authorization header must be "Bearer <token>".');
		const parts = m[1].split('.');
		if (parts.length !== 3) throw unauthorized('The token is malformed.');
		let claims: TokenClaims;
		try {
			const head = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
			claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
			if (head?.alg !== 'HS256' || typeof claims !== 'object' || claims === null)
				throw new Error('bad');
		} catch {
			throw unauthorized('The token is malformed.');
		}
		if (claims.ver === 1) {
			throw new ApiError(
				401,
				'invalid_token',
				'A token of API version 1 does not work in version 2.',
				{ token_version: 1 },
			);
		}
		if (!sameText(this.sign(`${parts[0]}.${parts[1]}`), parts[2]))
			throw unauthorized('The token signature is invalid.');
		if (claims.ver !== 2) throw unauthorized('The token is not a version 2 token.');
		const key = typeof claims.sub === 'string' ? this.keyById(claims.sub) : undefined;
		if (!key) throw unauthorized('The token belongs to no known key.');
		const now = this.clock.now().getTime() / 1000;
		if (typeof claims.exp !== 'number' || claims.exp <= now)
			throw this.expired('The token has expired.');
		const limit = this.faults.tokenExpireAfterRequests;
		const served = this.served.get(claims.jti) ?? 0;
		if (limit !== undefined && served >= limit)
			throw this.expired(`The token has expired (after ${limit} requests).`);
		this.served.set(claims.jti, served + 1);
		return { key, claims };
	}

	private expired(message: string): ApiError {
		return new ApiError(this.faults.tokenExpiredStatus, 'token_expired', message, null);
	}

	/** Changes the centers a key's owner has a role in (checked on every request). */
	setRoles(clientId: string, centers: string[]): void {
		const key = this.keyById(clientId);
		if (!key) throw new Error(`Unknown client_id: ${clientId}`);
		key.centers = [...centers];
	}
}
