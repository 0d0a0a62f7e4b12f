/* eslint-disable @n8n/community-nodes/credential-password-field, @n8n/community-nodes/node-usable-as-tool -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	ICredentialType,
	IExecuteFunctions,
	IHttpRequestHelper,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeListSearchResult,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { runListSearch, runLoadOptions, testCredential } from './index';
import { type LocalServer, startLocalServer } from '../helpers/local-server';

// ---- throwaway credential: secret → session token (preAuthentication), header auth, a test request
class SessionApi implements ICredentialType {
	name = 'harnessSessionApi';

	displayName = 'Harness Session API';

	properties: ICredentialType['properties'] = [
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{
			displayName: 'Secret',
			name: 'secret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{
			displayName: 'Session',
			name: 'session',
			type: 'hidden',
			typeOptions: { expirable: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const { session } = (await this.helpers.httpRequest({
			method: 'POST',
			url: `${credentials.baseUrl as string}/session`,
			body: { secret: credentials.secret },
			json: true,
		})) as { session: string };
		return { session };
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	) {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, 'x-session': credentials.session as string },
		};
	}

	test = {
		request: { baseURL: '={{$credentials.baseUrl}}', url: '/me' },
		rules: [
			{
				type: 'responseSuccessBody' as const,
				properties: { key: 'status', value: 'suspended', message: 'The account is suspended' },
			},
		],
	};
}

// ---- throwaway credential without `test`: the node's testedBy function tests it
class PlainApi implements ICredentialType {
	name = 'harnessPlainApi';

	displayName = 'Harness Plain API';

	properties: ICredentialType['properties'] = [
		{ displayName: 'Token', name: 'token', type: 'string', default: '' },
	];
}

// ---- throwaway node with listSearch + loadOptions + a credential test function
class PickersNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Pickers',
		name: 'harnessPickers',
		group: ['transform'],
		version: 1,
		description: 'harness node with methods',
		defaults: { name: 'Pickers' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'harnessSessionApi', required: true },
			{ name: 'harnessPlainApi', testedBy: 'plainTest' },
		],
		properties: [
			{ displayName: 'Region', name: 'region', type: 'string', default: 'north' },
			{
				displayName: 'Center',
				name: 'center',
				type: 'resourceLocator',
				default: { mode: 'list', value: '' },
				modes: [
					{
						displayName: 'From List',
						name: 'list',
						type: 'list',
						typeOptions: { searchListMethod: 'searchCenters' },
					},
				],
			},
		],
	};

	methods = {
		listSearch: {
			async searchCenters(
				this: ILoadOptionsFunctions,
				filter?: string,
				paginationToken?: string,
			): Promise<INodeListSearchResult> {
				const { baseUrl } = await this.getCredentials('harnessSessionApi');
				const page = (await this.helpers.httpRequestWithAuthentication.call(
					this,
					'harnessSessionApi',
					{
						url: `${baseUrl as string}/centers`,
						qs: {
							q: filter ?? '',
							page: paginationToken ?? '1',
							region: this.getCurrentNodeParameter('region') as string,
						},
						json: true,
					},
				)) as { items: Array<{ id: number; name: string }>; next?: string };
				return {
					results: page.items.map((c) => ({ name: c.name, value: String(c.id) })),
					paginationToken: page.next,
				};
			},
		},
		loadOptions: {
			async getRegions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
				const { baseUrl } = await this.getCredentials('harnessSessionApi');
				const regions = (await this.helpers.httpRequestWithAuthentication.call(
					this,
					'harnessSessionApi',
					{
						url: `${baseUrl as string}/regions`,
						json: true,
					},
				)) as string[];
				return regions.map((r) => ({ name: r.toUpperCase(), value: r }));
			},
		},
		credentialTest: {
			async plainTest(
				this: ICredentialTestFunctions,
				credential: ICredentialsDecrypted,
			): Promise<INodeCredentialTestResult> {
				return credential.data?.token === 'good'
					? { status: 'OK', message: 'Connection successful!' }
					: { status: 'Error', message: 'Token rejected' };
			},
		},
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

let server: LocalServer;
let sessions = 0;
const suspended = new Set<string>();

beforeAll(async () => {
	server = await startLocalServer();
	server.on('POST /session', (req) => {
		const { secret } = JSON.parse(req.body) as { secret: string };
		if (!secret.startsWith('ok')) return { status: 401, json: { message: 'bad secret' } };
		sessions++;
		return { json: { session: `${secret}-session-${sessions}` } };
	});
	const authed = (header: string | string[] | undefined) =>
		typeof header === 'string' && header.includes('-session-');
	server.on('GET /me', (req) =>
		authed(req.headers['x-session'])
			? {
					json: {
						status: suspended.has(String(req.headers['x-session']).split('-session-')[0])
							? 'suspended'
							: 'active',
					},
				}
			: { status: 401, json: { message: 'no session' } },
	);
	server.on('GET /centers', (req) => {
		if (!authed(req.headers['x-session'])) return { status: 401, json: { message: 'no session' } };
		const all = [
			{ id: 1, name: `Alpha ${req.query.region}` },
			{ id: 2, name: `Beta ${req.query.region}` },
			{ id: 3, name: `Alpine ${req.query.region}` },
		].filter((c) => c.name.toLowerCase().includes(req.query.q.toLowerCase()));
		const page = Number(req.query.page);
		return {
			json: {
				items: all.slice((page - 1) * 2, page * 2),
				next: all.length > page * 2 ? String(page + 1) : undefined,
			},
		};
	});
	server.on('GET /regions', () => ({ status: 503, json: { message: 'regions offline' } }));
});
afterAll(async () => await server.close());
beforeEach(() => {
	server.requests.length = 0;
	suspended.clear();
});

const credentialTypes = [new SessionApi(), new PlainApi()];
const creds = (secret = 'ok1') => ({ harnessSessionApi: { baseUrl: server.baseUrl, secret } });

describe('runListSearch / runLoadOptions (n8n-core LoadOptionsContext)', () => {
	it('calls methods.listSearch with filter, pagination token and the current parameters', async () => {
		const result = await runListSearch({
			nodeType: new PickersNode(),
			method: 'searchCenters',
			parameters: { region: 'south' },
			credentials: creds(),
			credentialTypes,
			filter: 'al',
		});
		expect(result.error).toBeUndefined();
		expect(result.results).toEqual({
			results: [
				{ name: 'Alpha south', value: '1' },
				{ name: 'Alpine south', value: '3' },
			],
			paginationToken: undefined,
		});
		expect(result.preAuthentications).toHaveLength(1);
		expect(server.requests.find((r) => r.path === '/centers')?.headers['x-session']).toBe(
			result.credentials.harnessSessionApi.session,
		);

		const page2 = await runListSearch({
			nodeType: new PickersNode(),
			method: 'searchCenters',
			credentials: result.credentials, // the cached session is reused
			credentialTypes,
			paginationToken: '2',
		});
		expect(page2.results?.results).toEqual([{ name: 'Alpine north', value: '3' }]);
		expect(page2.preAuthentications).toHaveLength(0);
	});

	it('returns the error a loadOptions method throws', async () => {
		const result = await runLoadOptions({
			nodeType: new PickersNode(),
			method: 'getRegions',
			credentials: creds(),
			credentialTypes,
		});
		expect(result.options).toBeUndefined();
		expect(result.error?.name).toBe('NodeApiError');
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('503');
	});

	it('throws for a method the node does not have (a mistake in the test)', async () => {
		await expect(runLoadOptions({ nodeType: new PickersNode(), method: 'nope' })).rejects.toThrow(
			'Node type has no methods.loadOptions.nope',
		);
	});
});

describe('testCredential (as n8n credential tester)', () => {
	it('runs preAuthentication even with a stored session, then the test request with auth', async () => {
		const result = await testCredential({
			credentialType: 'harnessSessionApi',
			credentialTypes,
			data: { baseUrl: server.baseUrl, secret: 'ok-a', session: 'old-session-0' },
		});
		expect(result).toMatchObject({ status: 'OK', message: 'Connection successful!' });
		expect(result.preAuthentications).toEqual([
			{ type: 'harnessSessionApi', expired: false, testing: true },
		]);
		expect(server.requests.map((r) => r.path)).toEqual(['/session', '/me']);
		expect(server.requests[1].headers['x-session']).toMatch(/^ok-a-session-\d+$/);
	});

	it('reports a failing preAuthentication', async () => {
		const result = await testCredential({
			credentialType: 'harnessSessionApi',
			credentialTypes,
			data: { baseUrl: server.baseUrl, secret: 'nope' },
		});
		expect(result).toMatchObject({
			status: 'Error',
			message: 'Authorization failed - please check your credentials',
		});
		// n8n-core treats the 401 of the token request like an expired credential and tries once more
		expect(server.requests.map((r) => r.path)).toEqual(['/session', '/session']);
		expect(result.preAuthentications.map((p) => p.expired)).toEqual([false, true]);
	});

	it("applies the test's responseSuccessBody rule", async () => {
		suspended.add('ok-s');
		const result = await testCredential({
			credentialType: 'harnessSessionApi',
			credentialTypes,
			data: { baseUrl: server.baseUrl, secret: 'ok-s' },
		});
		expect(result).toMatchObject({ status: 'Error', message: 'The account is suspended' });
	});

	it("uses a node's testedBy function when the credential has no test", async () => {
		const good = await testCredential({
			credentialType: 'harnessPlainApi',
			credentialTypes,
			data: { token: 'good' },
			nodeTypes: [new PickersNode()],
		});
		const bad = await testCredential({
			credentialType: 'harnessPlainApi',
			credentialTypes,
			data: { token: 'bad' },
			nodeTypes: [new PickersNode()],
		});
		const none = await testCredential({
			credentialType: 'harnessPlainApi',
			credentialTypes,
			data: {},
		});
		expect(good.status).toBe('OK');
		expect(bad).toMatchObject({ status: 'Error', message: 'Token rejected' });
		expect(none).toMatchObject({
			status: 'Error',
			message: 'No testing function found for this credential.',
		});
	});
});
