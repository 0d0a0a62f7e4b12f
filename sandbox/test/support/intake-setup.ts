/**
 * Shared by the sandbox's intake-call tests (intake, intake-events-turnover): the sandbox of each test
 * file with a long-lived token, a form POST with it, and the 422 check naming the refused field.
 * Each test file calls useIntakeSandbox() once, inside its describe, to register its own hooks.
 */
import type { Sandbox } from '../../index';
import { api, NOW, start, token } from './helpers';

/** The file's sandbox and its token (live bindings: each test file has its own module instance). */
export let sb: Sandbox;
export let t: string;

/**
 * Registers the calling describe's hooks: its own sandbox (no rate limits, a token valid 30 days)
 * started before and closed after its tests, the clock back at NOW after each test.
 */
export function useIntakeSandbox(): void {
	beforeAll(async () => {
		sb = await start({ rateLimits: false, tokenTtlSeconds: 30 * 86400 });
		t = await token(sb);
	});
	afterAll(() => sb.close());
	afterEach(() => sb.clock.set(NOW));
}

export const post = (path: string, body: string | Record<string, string>) =>
	api(sb, 'POST', path, { token: t, form: body });

export const expect422 = (
	r: { status: number; json: { error: { code: string; details: { field: string } } } },
	field: string,
) => {
	expect(r.status).toBe(422);
	expect(r.json.error.code).toBe('validation_error');
	expect(r.json.error.details.field).toBe(field);
};
