/**
 * No secret and no token in anything a user or a log sees. Representative workflows of every node (the
 * seven action nodes, the trigger, the list pickers, the credential test) run through n8n-core against a
 * sandbox whose key has a distinctive client secret, on success and failure paths: wrong secret, unknown
 * client, 402, API validation errors, plan refusals, token refresh at 401 / 403 / 200, a fresh token
 * refused too, Continue On Fail items, an unreachable host, a broken token answer, another key's center.
 *
 * Captured: every output item, every error (message, description, stack, serialized JSON), every log
 * line the harness captures (LoggerProxy and the DI logger, with metadata), the trigger's static data,
 * the run data n8n would store, and console / stdout / stderr during the runs. Scanned for the secrets
 * (as is and encoded), every token the sandbox signed (recorded as signed), and any JWT-shaped string:
 * zero hits. Not scanned: the harness's credential store (n8n's encrypted credentials table, where the
 * secret belongs).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { randomBytes } from 'node:crypto';
import { Container } from '@n8n/di';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';
import {
	runListSearch,
	runLoadOptions,
	runPoll,
	testCredential,
	type RunPollResult,
} from '../harness';
import { SECOND_CLIENT_ID, SECOND_CLIENT_SECRET, startSandbox, type Sandbox } from '../../sandbox';
import {
	captureOutput,
	JWT_SHAPE,
	LeakScanner,
	recordIssuedTokens,
	surfacesOf,
	type ExposedRun,
} from '../helpers/reliability/leaks';
import { BASIC, PRO, VLADIVOSTOK } from '../helpers/reliability/operations';
import { BLOCKED, WORKFLOWS } from '../helpers/reliability/security-workflows';
import {
	ACTION_NODES,
	NOW,
	resetCaches,
	rl,
	runOn,
	triggerNode,
	type ActionNodeName,
	type CaseRun,
} from '../helpers/reliability/run';

const CLIENT_ID = 'sec-client-4471';
const SECRET = `sc-S3cret+${randomBytes(12).toString('hex')}/=`;
const WRONG_SECRET = `wrong-S3cret+${randomBytes(12).toString('hex')}/=`;

let sb: Sandbox;
let tokens: string[];
let output: ReturnType<typeof captureOutput>;
const exposed: Array<[string, string]> = [];

beforeAll(async () => {
	sb = await startSandbox({
		now: NOW,
		rateLimits: false,
		keys: [
			{
				clientId: CLIENT_ID,
				clientSecret: SECRET,
				personId: 'person-901',
				centers: [BASIC, PRO, BLOCKED, VLADIVOSTOK],
			},
			{
				clientId: SECOND_CLIENT_ID,
				clientSecret: SECOND_CLIENT_SECRET,
				personId: 'person-502',
				centers: [PRO, '1005'],
			},
		],
	});
	tokens = recordIssuedTokens(sb);
	output = captureOutput();
});

afterAll(async () => {
	output.stop();
	await sb.close();
	// the list pickers start n8n-core's SSH client cleanup interval; n8n stops it at shutdown
	Container.get(SSHClientsManager).onShutdown();
});

beforeEach(() => {
	sb.faults.clear();
	resetCaches();
});

const credentialTypes = [new ShoppingCenterApi()];
const creds = (clientSecret = SECRET, clientId = CLIENT_ID) => ({
	shoppingCenterApi: { baseUrl: sb.baseUrl, clientId, clientSecret },
});

function keep(name: string, r: ExposedRun): void {
	exposed.push(...surfacesOf(name, r));
}

async function action(
	name: string,
	node: ActionNodeName,
	parameters: INodeParameters,
	opts: {
		secret?: string;
		clientId?: string;
		items?: IDataObject[];
		continueOnFail?: boolean;
	} = {},
): Promise<CaseRun> {
	const r = await runOn(sb, ACTION_NODES[node](), parameters, {
		credentials: creds(opts.secret, opts.clientId),
		inputItems: (opts.items ?? [{}]).map((json) => ({ json })),
		continueOnFail: opts.continueOnFail,
	});
	keep(name, {
		items: r.items,
		error: r.error,
		logs: r.logs,
		extra: { 'run data': r.runData, 'run result': r.run.data.resultData },
	});
	return r;
}

describe('representative workflows of every node, success and failure paths', () => {
	it.each(WORKFLOWS.map((w) => [w.name, w] as const))(
		'%s: success, API failure, wrong secret, unknown client',
		async (name, w) => {
			const ok = await action(`${name} ok`, w.node, w.ok);
			expect(ok.error).toBeUndefined();
			expect(ok.json.length).toBeGreaterThan(0);

			const fail = await action(`${name} fail`, w.node, w.fail);
			expect(fail.error?.message).toMatch(w.failCode);

			resetCaches();
			const wrong = await action(`${name} wrong secret`, w.node, w.ok, { secret: WRONG_SECRET });
			expect(wrong.error?.message).toMatch(
				/The API refused the Client ID \/ Client Secret \(invalid_client/,
			);
			expect(wrong.requests.map((e) => e.route)).toEqual(['token']);

			resetCaches();
			const unknown = await action(`${name} unknown client`, w.node, w.ok, {
				clientId: 'nobody',
				secret: SECRET,
			});
			expect(unknown.error?.message).toMatch(/invalid_client/);
		},
	);

	it('Continue On Fail: a 402 item, a validation item and a good item, each answered in its own item', async () => {
		const r = await action(
			'continue on fail',
			'ShoppingCenterIntake',
			{
				resource: 'declaredTurnover',
				operation: 'submit',
				center: rl('={{ $json.sc }}'),
				shop: rl('={{ $json.shop }}'),
				month: '2026-10-01',
				turnover: '={{ $json.t }}',
				amountUnit: 'kopecks',
			},
			{
				items: [
					{ sc: BLOCKED, shop: '1003-01', t: '100' },
					{ sc: PRO, shop: '1002-03', t: '-5' },
					{ sc: PRO, shop: '1002-99', t: '100' },
					{ sc: PRO, shop: '1002-03', t: '100' },
				],
				continueOnFail: true,
			},
		);
		expect(r.error).toBeUndefined();
		expect(r.json.map((j) => j.code ?? (j.error ? 'input' : 'ok'))).toEqual([
			'payment_required',
			'input',
			'not_found',
			'ok',
		]);
	});

	it.each([401, 403, 200] as const)(
		'token_expired at HTTP %s after every request: refreshed and repeated, the run succeeds',
		async (status) => {
			sb.faults.set({ tokenExpireAfterRequests: 1, tokenExpiredStatus: status });
			const before = tokens.length;
			const read = await action(`token refresh ${status} read`, 'ShoppingCenterPortal', {
				resource: 'ticket',
				operation: 'getMany',
				center: rl(PRO),
				selectBy: 'createdPeriod',
				startDate: '2026-06-01',
				endDate: '2026-11-19',
				returnAll: true,
			});
			expect(read.error).toBeUndefined();
			const write = await action(`token refresh ${status} write`, 'ShoppingCenterIntake', {
				resource: 'dailyAttendance',
				operation: 'submit',
				center: rl(PRO),
				date: '2026-11-18',
				visitors: 42,
				scope: 'sc',
			});
			expect(write.error).toBeUndefined();
			expect(read.requests.filter((e) => e.code === 'token_expired').length).toBeGreaterThan(1);
			expect(tokens.length - before).toBeGreaterThan(3);
		},
	);

	it('a fresh token refused as well: the node stops with a credential message', async () => {
		sb.faults.set({ tokenExpireAfterRequests: 0, tokenExpiredStatus: 403 });
		const r = await action('token refused twice', 'ShoppingCenterRevenue', {
			resource: 'turnoverSetting',
			operation: 'get',
			center: rl(PRO),
			shop: rl('1002-01'),
		});
		expect(r.error?.message).toMatch(/The access token expired and the API refused the fresh one/);
	});

	it("another key asking for a center outside its roles gets the API's not_found", async () => {
		const r = await action(
			'second key, center 1001',
			'ShoppingCenterRevenue',
			{ resource: 'turnoverSetting', operation: 'get', center: rl(BASIC), shop: rl('1001-01') },
			{ clientId: SECOND_CLIENT_ID, secret: SECOND_CLIENT_SECRET },
		);
		expect(r.error?.message).toMatch(
			/^Center \d+ was not found: it is not among the centers your key has a role in\.$/,
		);
	});

	it('an unreachable host and a broken token answer', async () => {
		const closed = await runOn(
			sb,
			ACTION_NODES.ShoppingCenter(),
			{ resource: 'center', operation: 'getMany' },
			{
				credentials: {
					shoppingCenterApi: {
						baseUrl: 'http://127.0.0.1:9/api/external/v2',
						clientId: CLIENT_ID,
						clientSecret: SECRET,
					},
				},
			},
		);
		keep('unreachable host', {
			items: closed.items,
			error: closed.error,
			logs: closed.logs,
			extra: { 'run data': closed.runData },
		});
		// n8n-workflow's NodeError swaps a message naming ECONNREFUSED for its own and keeps the node's in
		// `messages`; the item loop names the row, as the Intake does
		expect(closed.error?.message).toBe(
			'The service refused the connection - perhaps it is offline [row 1 of 1]',
		);
		expect((closed.error as { messages?: string[] }).messages).toEqual([
			'Could not reach 127.0.0.1:9 (ECONNREFUSED).',
		]);

		sb.faults.set({ malformedNext: { count: 1, kind: 'html', routes: ['token'] } });
		const broken = await action('broken token answer', 'ShoppingCenter', {
			resource: 'center',
			operation: 'getMany',
		});
		expect(broken.error?.message).toMatch(/did not answer like the Shopping-center API v2/);
	});
});

describe('the trigger, the list pickers, the credential test', () => {
	const trigger: INodeType = triggerNode();

	async function poll(
		name: string,
		parameters: INodeParameters,
		secret = SECRET,
		staticData?: IDataObject,
	): Promise<RunPollResult> {
		const r = await runPoll({
			nodeType: trigger,
			parameters,
			credentials: creds(secret),
			credentialTypes,
			now: NOW,
			staticData,
		});
		keep(name, {
			items: r.items,
			error: r.error,
			logs: r.logs,
			extra: { 'static data': r.staticData },
		});
		return r;
	}

	it('polls: success (twice, with state), token refresh at 403, a blocked center, a wrong secret', async () => {
		const params = {
			event: 'newTicket',
			centerScope: 'selected',
			centerIds: [BASIC, PRO],
			firstPoll: 'emitAll',
		};
		const first = await poll('poll ok', params);
		expect(first.error).toBeUndefined();
		expect(first.items?.[0].length).toBeGreaterThan(0);
		sb.faults.set({ tokenExpireAfterRequests: 1, tokenExpiredStatus: 403 });
		const second = await poll('poll token refresh', params, SECRET, first.staticData);
		expect(second.error).toBeUndefined();
		sb.faults.clear();
		const blocked = await poll('poll blocked', { ...params, centerIds: [BLOCKED] });
		expect(String(blocked.error?.message)).toMatch(/blocked for non-payment/);
		resetCaches();
		const wrong = await poll('poll wrong secret', params, WRONG_SECRET);
		expect(String(wrong.error?.message)).toMatch(/invalid_client/);
		const all = await poll('poll all centers', {
			event: 'newAnomaly',
			centerScope: 'all',
			firstPoll: 'emitAll',
		});
		expect(all.error).toBeUndefined();
	});

	it('list pickers and options: centers, shops, zones, trigger centers, event shops; and with a wrong secret', async () => {
		const base = {
			nodeType: ACTION_NODES.ShoppingCenterAttendance(),
			credentials: creds(),
			credentialTypes,
			now: NOW,
		};
		const centers = await runListSearch({ ...base, method: 'searchCenters' });
		const zones = await runListSearch({
			...base,
			method: 'searchZones',
			parameters: { resource: 'countingZone', operation: 'getMany', center: rl(PRO) },
		});
		const shops = await runLoadOptions({
			nodeType: ACTION_NODES.ShoppingCenterIntake(),
			method: 'getShops',
			parameters: { resource: 'calendarEvent', operation: 'create', center: rl(PRO) },
			credentials: creds(),
			credentialTypes,
			now: NOW,
		});
		const triggerCenters = await runLoadOptions({
			nodeType: trigger,
			method: 'getCenters',
			credentials: creds(),
			credentialTypes,
			now: NOW,
		});
		resetCaches();
		const wrong = await runListSearch({
			...base,
			method: 'searchCenters',
			credentials: creds(WRONG_SECRET),
		});
		for (const [name, r] of [
			['list centers', { items: centers.results, error: centers.error, logs: centers.logs }],
			['list zones', { items: zones.results, error: zones.error, logs: zones.logs }],
			['event shop options', { items: shops.options, error: shops.error, logs: shops.logs }],
			[
				'trigger center options',
				{ items: triggerCenters.options, error: triggerCenters.error, logs: triggerCenters.logs },
			],
			['list centers wrong secret', { items: wrong.results, error: wrong.error, logs: wrong.logs }],
		] as Array<[string, ExposedRun]>)
			keep(name, r);
		expect(centers.results?.results.length).toBe(4);
		expect(zones.results?.results.length).toBeGreaterThan(0);
		expect(shops.options?.length).toBeGreaterThan(0);
		expect(triggerCenters.options?.length).toBe(4);
		expect(String(wrong.error?.message)).toMatch(/invalid_client/);
	});

	it('credential test: OK with the right secret, a clear error with a wrong one', async () => {
		const ok = await testCredential({
			credentialType: 'shoppingCenterApi',
			credentialTypes,
			data: creds().shoppingCenterApi,
			now: NOW,
		});
		const bad = await testCredential({
			credentialType: 'shoppingCenterApi',
			credentialTypes,
			data: creds(WRONG_SECRET).shoppingCenterApi,
			now: NOW,
		});
		keep('credential test ok', { items: ok.message, logs: ok.logs });
		keep('credential test wrong secret', { items: bad.message, logs: bad.logs });
		expect(ok.status).toBe('OK');
		expect(bad.status).toBe('Error');
		expect(bad.message).toMatch(/Client ID \/ Client Secret/);
	});
});

describe('the scan', () => {
	let scanner: LeakScanner;

	beforeAll(() => {
		scanner = new LeakScanner();
		scanner.addSecret('the client secret', SECRET, CLIENT_ID);
		scanner.addSecret('the wrong client secret', WRONG_SECRET, CLIENT_ID);
		scanner.addSecret("the second key's secret", SECOND_CLIENT_SECRET, SECOND_CLIENT_ID);
		scanner.addTokens(tokens);
	});

	it('the runs issued many tokens and exposed plenty of text (the scan is not vacuous)', () => {
		expect(tokens.length).toBeGreaterThan(30);
		expect(tokens.every((t) => JWT_SHAPE.test(t))).toBe(true);
		expect(exposed.length).toBeGreaterThan(150);
		const all = exposed.map(([, t]) => t).join('\n');
		for (const expected of [
			'blocked for non-payment',
			'invalid_client',
			'token_expired',
			'is not in center Mega PRO (1002).',
			'Could not reach',
		])
			expect(all).toContain(expected);
	});

	it('the scanner finds a secret, an encoded secret, a token, a signature and a JWT shape when they are there', () => {
		const token = tokens[0];
		expect(scanner.scan('probe', `x ${SECRET} y`)).not.toEqual([]);
		expect(scanner.scan('probe', `x ${encodeURIComponent(SECRET)} y`)).not.toEqual([]);
		expect(scanner.scan('probe', `Bearer ${token}`)).not.toEqual([]);
		expect(scanner.scan('probe', `sig=${token.split('.')[2]}`)).not.toEqual([]);
		expect(scanner.scan('probe', sb.mintToken(CLIENT_ID))).not.toEqual([]);
		expect(
			scanner.scan('probe', 'headers: { Authorization: "Bearer abc.def.ghijklmnop" }'),
		).not.toEqual([]);
		expect(scanner.scan('probe', '{"client_id":"x","client_secret":"hunter2"}')).not.toEqual([]);
		expect(scanner.scan('probe', 'nothing to see')).toEqual([]);
	});

	it('zero hits in every output item, error, log line and stored run data', () => {
		const hits = exposed.flatMap(([surface, text]) => scanner.scan(surface, text));
		expect(hits).toEqual([]);
	});

	it('zero hits in console, stdout and stderr during the runs', () => {
		expect(scanner.scan('console / stdout / stderr', output.text())).toEqual([]);
	});
});
