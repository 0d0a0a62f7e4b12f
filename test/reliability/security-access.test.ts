/**
 * Where the secret may go, and what a key may see.
 *
 * - Plain http:// to a host that is not loopback is refused unless "Allow Insecure Connection" is on,
 *   through a node run and through the credential's Test button, before any request: a sandbox bound
 *   to 0.0.0.0 is reached at this machine's non-loopback address, so "no request" is its own log. With
 *   the switch on, the same address works. Look-alike host names are not loopback.
 * - A key sees only its roles' centers: the second key asking for center 1001 data gets the API's
 *   not_found passed on by the node; its center list holds only its own; a role removed is gone on the
 *   next request although the node's center list was cached.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { networkInterfaces } from 'node:os';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';
import { testCredential } from '../harness';
import {
	DEMO_CLIENT_ID,
	DEMO_CLIENT_SECRET,
	SECOND_CLIENT_ID,
	SECOND_CLIENT_SECRET,
	startSandbox,
	type Sandbox,
} from '../../sandbox';
import { BASIC, PRO } from '../helpers/reliability/operations';
import { ACTION_NODES, NOW, resetCaches, rl, runOn } from '../helpers/reliability/run';
import { ticketsByCreated } from '../helpers/read-params';

const credentialTypes = [new ShoppingCenterApi()];

/** This machine's first non-loopback IPv4 address. */
function externalAddress(): string | undefined {
	for (const list of Object.values(networkInterfaces()))
		for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
	return undefined;
}

const EXTERNAL = externalAddress();
const REFUSAL =
	/^Refusing to send the client secret and access token over plain http:\/\/ to (.+)\. Use https:\/\/, or turn on "Allow Insecure Connection"/;

describe('plain http:// to a host that is not this machine', () => {
	let sb: Sandbox;
	let base: string;

	beforeAll(async () => {
		sb = await startSandbox({ now: NOW, host: '0.0.0.0', rateLimits: false });
		base = `http://${EXTERNAL}:${sb.port}/api/external/v2`;
	});
	afterAll(async () => {
		await sb.close();
	});
	beforeEach(() => {
		resetCaches();
		sb.log.clear();
	});

	const data = (allowInsecure?: boolean, baseUrl = base) => ({
		baseUrl,
		clientId: DEMO_CLIENT_ID,
		clientSecret: DEMO_CLIENT_SECRET,
		...(allowInsecure === undefined ? {} : { allowInsecure }),
	});
	const shops = { resource: 'shop', operation: 'getMany', center: rl(PRO), returnAll: true };
	/** the credential's Test button with Allow Insecure Connection `allowInsecure` */
	const testButton = async (allowInsecure: boolean) =>
		await testCredential({
			credentialType: 'shoppingCenterApi',
			credentialTypes,
			data: data(allowInsecure),
			now: NOW,
		});

	it('this machine has a non-loopback address the sandbox answers on', () => {
		expect(EXTERNAL).toBeDefined();
		expect(EXTERNAL).not.toMatch(/^127\./);
	});

	it.each([
		['unset', undefined],
		['off', false],
	] as const)(
		'a node run with Allow Insecure Connection %s: refused, nothing reaches the host',
		async (_t, allowInsecure) => {
			const r = await runOn(sb, ACTION_NODES.ShoppingCenter(), shops, {
				credentials: { shoppingCenterApi: data(allowInsecure) },
			});
			expect(r.error?.name).toBe('NodeOperationError');
			expect(r.error?.message).toMatch(REFUSAL);
			expect(r.error?.message).toContain(`to ${EXTERNAL}.`);
			expect(sb.log.list()).toEqual([]);
			expect(sb.log.getStats().tokensIssued).toBe(0);
		},
	);

	it('the credential Test button without the switch: an error naming the switch, nothing reaches the host', async () => {
		const r = await testButton(false);
		expect(r.status).toBe('Error');
		expect(r.message).toMatch(REFUSAL);
		expect(sb.log.list()).toEqual([]);
	});

	it('with the switch on, the same address works for a node run and for the Test button', async () => {
		const r = await runOn(sb, ACTION_NODES.ShoppingCenter(), shops, {
			credentials: { shoppingCenterApi: data(true) },
		});
		expect(r.error).toBeUndefined();
		expect(r.json.length).toBeGreaterThan(0);
		const t = await testButton(true);
		expect(t.status).toBe('OK');
		expect(sb.log.list().map((e) => e.route)).toEqual(
			expect.arrayContaining(['token', 'shops', 'centers']),
		);
	});

	it.each([
		[
			'a name that starts with localhost',
			'http://localhost.example.com:1/api/external/v2',
			'localhost.example.com',
		],
		[
			'a name that starts with a loopback address',
			'http://127.0.0.1.nip.io:1/api/external/v2',
			'127.0.0.1.nip.io',
		],
		['the any-address', 'http://0.0.0.0:1/api/external/v2', '0.0.0.0'],
	])(
		'%s is not loopback: refused before any connection (the message is the refusal, not a DNS or connection error)',
		async (_t, baseUrl, host) => {
			const r = await runOn(sb, ACTION_NODES.ShoppingCenter(), shops, {
				credentials: { shoppingCenterApi: data(false, baseUrl) },
			});
			expect(r.error?.message).toMatch(REFUSAL);
			expect(REFUSAL.exec(String(r.error?.message))?.[1]).toBe(host);
			const t = await testCredential({
				credentialType: 'shoppingCenterApi',
				credentialTypes,
				data: data(false, baseUrl),
				now: NOW,
			});
			expect(t.message).toMatch(REFUSAL);
		},
	);

	it.each(['localhost', '127.0.0.1', '[::1]'])('loopback %s needs no switch', async (host) => {
		const loop = await startSandbox({
			now: NOW,
			host: host === '[::1]' ? '::1' : '127.0.0.1',
			rateLimits: false,
		});
		try {
			const r = await runOn(loop, ACTION_NODES.ShoppingCenter(), shops, {
				credentials: {
					shoppingCenterApi: data(false, `http://${host}:${loop.port}/api/external/v2`),
				},
			});
			expect(r.error).toBeUndefined();
			expect(loop.log.list().map((e) => e.route)).toEqual(['token', 'shops']);
		} finally {
			await loop.close();
		}
	});
});

describe('a key sees only the centers of its roles', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startSandbox({ now: NOW, rateLimits: false });
	});
	afterAll(async () => {
		await sb.close();
	});
	beforeEach(() => resetCaches());

	const second = () => ({
		shoppingCenterApi: {
			baseUrl: sb.baseUrl,
			clientId: SECOND_CLIENT_ID,
			clientSecret: SECOND_CLIENT_SECRET,
		},
	});

	it("the second key's center list holds only 1002 and 1005", async () => {
		const r = await runOn(
			sb,
			ACTION_NODES.ShoppingCenter(),
			{ resource: 'center', operation: 'getMany', returnAll: true },
			{ credentials: second() },
		);
		expect(r.json.map((c) => c.id)).toEqual([PRO, '1005']);
	});

	it.each([
		[
			'turnover settings',
			'ShoppingCenterRevenue',
			{ resource: 'turnoverSetting', operation: 'get', center: rl(BASIC), shop: rl('1001-01') },
		],
		['shops', 'ShoppingCenter', { resource: 'shop', operation: 'getMany', center: rl(BASIC) }],
		[
			'daily sales (zone lookup first)',
			'ShoppingCenterRevenue',
			{
				resource: 'dailySalesAggregate',
				operation: 'getMany',
				center: rl(BASIC),
				shop: rl('1001-01'),
				startDate: '2026-11-01',
				endDate: '2026-11-02',
			},
		],
		['tickets', 'ShoppingCenterPortal', ticketsByCreated(rl(BASIC), '2026-11-01', '2026-11-02')],
		[
			'attendance submission',
			'ShoppingCenterIntake',
			{
				resource: 'dailyAttendance',
				operation: 'submit',
				center: rl(BASIC),
				date: '2026-11-18',
				visitors: 1,
				scope: 'sc',
			},
		],
	] as const)(
		"the second key asking for center 1001 (%s): the API's not_found, passed on, nothing written",
		async (_t, node, parameters) => {
			const r = await runOn(
				sb,
				ACTION_NODES[node](),
				{ ...parameters },
				{ credentials: second(), continueOnFail: true },
			);
			expect(r.json).toEqual([
				expect.objectContaining({
					code: 'not_found',
					httpCode: '404',
					details: { field: 'sc_id', fields: ['sc_id'] },
					error: expect.stringMatching(
						/^Center 1001 was not found: it is not among the centers your key has a role in\.$/,
					),
				}),
			]);
			const denied = r.requests.filter((e) => e.sc_id === BASIC);
			expect(denied.length).toBeGreaterThan(0);
			expect(denied.every((e) => e.status === 404 && e.code === 'not_found')).toBe(true);
			expect(sb.intake.submittedAttendance(BASIC, null, '2026-11-18')).toBeUndefined();
		},
	);

	it('a role removed is gone on the next request, although the node still has the center list cached', async () => {
		const params = { resource: 'shop', operation: 'getMany', center: rl(PRO) };
		const before = await runOn(sb, ACTION_NODES.ShoppingCenter(), params, {
			credentials: second(),
		});
		expect(before.error).toBeUndefined();
		sb.setRoles(SECOND_CLIENT_ID, ['1005']);
		try {
			const after = await runOn(sb, ACTION_NODES.ShoppingCenter(), params, {
				credentials: second(),
			});
			expect(after.error?.message).toMatch(
				/^Center (Mega PRO \()?1002\)? was not found: it is not among the centers your key has a role in\.$/,
			);
		} finally {
			sb.setRoles(SECOND_CLIENT_ID, [PRO, '1005']);
		}
	});
});
