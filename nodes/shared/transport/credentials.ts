/**
 * Reading and checking the credential: base URL shape, and no secret or token over plain HTTP to a
 * host that is not loopback unless the user allowed it explicitly.
 */
import { createHash } from 'crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { CREDENTIAL_TYPE, type ApiContext } from './context';

export const API_PREFIX = '/api/external/v2';

export interface ApiCredentials {
	clientId: string;
	clientSecret: string;
	baseUrl: string;
	allowInsecure: boolean;
	/** sha256 of base URL + client id + secret: the token cache's key, never the secret itself */
	cacheKey: string;
}

/** A problem with the credential itself (shown as is; never contains the secret). */
export class CredentialProblem extends Error {}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

export function normalizeBaseUrl(value: unknown): string {
	const raw = typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '';
	if (!raw) throw new CredentialProblem('The credential has no Base URL.');
	const url = URL.canParse(raw) ? new URL(raw) : undefined;
	if (!url) throw new CredentialProblem(`The Base URL "${raw}" is not a valid URL.`);
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw new CredentialProblem(`The Base URL must start with https:// (got ${url.protocol}).`);
	}
	if (!url.pathname.endsWith(API_PREFIX)) {
		throw new CredentialProblem(`The Base URL must end with ${API_PREFIX} (got "${raw}").`);
	}
	return raw;
}

export function assertTransportAllowed(baseUrl: string, allowInsecure: boolean): void {
	const url = new URL(baseUrl);
	if (url.protocol === 'https:' || allowInsecure || LOOPBACK.test(url.hostname)) return;
	throw new CredentialProblem(
		`Refusing to send the client secret and access token over plain http:// to ${url.hostname}. ` +
			'Use https://, or turn on "Allow Insecure Connection" in the credential if this host is trusted.',
	);
}

function parseCredentials(data: ICredentialDataDecryptedObject): ApiCredentials {
	const clientId = String(data.clientId ?? '').trim();
	const clientSecret = String(data.clientSecret ?? '');
	if (!clientId) throw new CredentialProblem('The credential has no Client ID.');
	if (!clientSecret) throw new CredentialProblem('The credential has no Client Secret.');
	const baseUrl = normalizeBaseUrl(data.baseUrl);
	const allowInsecure = data.allowInsecure === true;
	assertTransportAllowed(baseUrl, allowInsecure);
	const cacheKey = createHash('sha256')
		.update(`${baseUrl}\n${clientId}\n${clientSecret}`)
		.digest('hex');
	return { clientId, clientSecret, baseUrl, allowInsecure, cacheKey };
}

/**
 * The credential of one node run, read once: n8n loads and decrypts it from its database on every
 * getCredentials (~2 ms), which per request of a 1,000-page export is seconds of CPU. Only contexts
 * that live for one run of a node are remembered (those with input items: a node's execute or a
 * tool's supplyData); a poll or hook context lives as long as the activation, so a credential edited
 * meanwhile is read afresh there. Failures are not remembered.
 */
const perRun = new WeakMap<object, Promise<ApiCredentials>>();

export async function getApiCredentials(ctx: ApiContext): Promise<ApiCredentials> {
	if (!('getInputData' in ctx)) return parseCredentials(await ctx.getCredentials(CREDENTIAL_TYPE));
	let creds = perRun.get(ctx);
	if (!creds) {
		creds = ctx.getCredentials(CREDENTIAL_TYPE).then(parseCredentials);
		perRun.set(ctx, creds);
		creds.catch(() => perRun.delete(ctx));
	}
	return await creds;
}
