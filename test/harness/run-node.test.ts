/* eslint-disable @n8n/community-nodes/credential-password-field, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/node-usable-as-tool, @n8n/community-nodes/require-node-api-error -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { Expression, LoggerProxy, NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { runNode } from './index';
import { type LocalServer, startLocalServer } from '../helpers/local-server';

// ---- throwaway credential: client id/secret → token (preAuthentication), sent as a Bearer header
class TokenApi implements ICredentialType {
	name = 'harnessTokenApi';

	displayName = 'Harness Token API';

	properties: ICredentialType['properties'] = [
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '' },
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const { token } = (await this.helpers.httpRequest({
			method: 'POST',
			url: `${credentials.baseUrl as string}/auth/token`,
			body: { client_id: credentials.clientId, client_secret: credentials.clientSecret },
			json: true,
		})) as { token: string };
		return { accessToken: token };
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	) {
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: `Bearer ${credentials.accessToken as string}`,
			},
		};
	}
}

// ---- throwaway credential with a declarative (generic) authenticate that uses an expression
class KeyApi implements ICredentialType {
	name = 'harnessKeyApi';

	displayName = 'Harness Key API';

	properties: ICredentialType['properties'] = [
		{ displayName: 'API Key', name: 'apiKey', type: 'string', default: '' },
	];

	authenticate = {
		type: 'generic' as const,
		properties: { headers: { 'X-Api-Key': '={{"key-" + $credentials.apiKey}}' } },
	};
}

const baseDescription = {
	group: ['transform'],
	version: 1,
	description: 'harness test node',
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
} satisfies Partial<INodeTypeDescription>;

// ---- throwaway node: GET /items/{id} per item through httpRequestWithAuthentication
class FetchNode implements INodeType {
	description: INodeTypeDescription = {
		...baseDescription,
		displayName: 'Fetch',
		name: 'harnessFetch',
		defaults: { name: 'Fetch' },
		credentials: [{ name: 'harnessTokenApi', required: true }],
		properties: [
			{ displayName: 'Item ID', name: 'itemId', type: 'string', default: '' },
			{ displayName: 'Log Line', name: 'logLine', type: 'string', default: '' },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const credentials = await this.getCredentials('harnessTokenApi');
		const out: INodeExecutionData[] = [];
		for (let i = 0; i < this.getInputData().length; i++) {
			const id = this.getNodeParameter('itemId', i) as string;
			const logLine = this.getNodeParameter('logLine', i) as string;
			if (logLine) this.logger.info(logLine, { itemIndex: i });
			const body = (await this.helpers.httpRequestWithAuthentication.call(this, 'harnessTokenApi', {
				method: 'GET',
				url: `${credentials.baseUrl as string}/items/${id}`,
				json: true,
			})) as Record<string, unknown>;
			out.push({ json: { ...body, now: new Date().toISOString() }, pairedItem: { item: i } });
		}
		return [out];
	}
}

class KeyNode implements INodeType {
	description: INodeTypeDescription = {
		...baseDescription,
		displayName: 'Key',
		name: 'harnessKey',
		defaults: { name: 'Key' },
		credentials: [{ name: 'harnessKeyApi', required: true }],
		properties: [{ displayName: 'URL', name: 'url', type: 'string', default: '' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const body = (await this.helpers.httpRequestWithAuthentication.call(this, 'harnessKeyApi', {
			url: this.getNodeParameter('url', 0) as string,
			json: true,
		})) as IDataObject;
		return [[{ json: body }]];
	}
}

// ---- throwaway node: fails for item 1, honours continueOnFail like n8n nodes do
class PickyNode implements INodeType {
	description: INodeTypeDescription = {
		...baseDescription,
		displayName: 'Picky',
		name: 'harnessPicky',
		defaults: { name: 'Picky' },
		properties: [{ displayName: 'Double', name: 'double', type: 'number', default: 0 }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const out: INodeExecutionData[] = [];
		const items = this.getInputData();
		for (let i = 0; i < items.length; i++) {
			try {
				if (i === 1) {
					throw new NodeOperationError(this.getNode(), 'Item 1 is not acceptable', {
						itemIndex: i,
						description: 'The harness node refuses the second item',
					});
				}
				out.push({ json: { double: this.getNodeParameter('double', i) }, pairedItem: { item: i } });
			} catch (error) {
				if (this.continueOnFail()) {
					out.push({ json: { error: (error as Error).message }, pairedItem: { item: i } });
					continue;
				}
				throw error;
			}
		}
		return [out];
	}
}

// ---- throwaway node that never handles errors itself
class ThrowingNode implements INodeType {
	description: INodeTypeDescription = {
		...baseDescription,
		displayName: 'Thrower',
		name: 'harnessThrower',
		defaults: { name: 'Thrower' },
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		throw new NodeOperationError(this.getNode(), 'Always fails');
	}
}

const credentialTypes = [new TokenApi(), new KeyApi()];
let server: LocalServer;
let tokensIssued = 0;

beforeAll(async () => {
	server = await startLocalServer();
	server.on('POST /auth/token', (req) => {
		const body = JSON.parse(req.body) as { client_id: string; client_secret: string };
		if (body.client_secret !== 's3cret') return { status: 401, json: { error: 'invalid_client' } };
		tokensIssued++;
		return { json: { token: `tok-${tokensIssued}` } };
	});
	server.on('GET /items/1', (req) =>
		req.headers.authorization?.startsWith('Bearer tok-')
			? { json: { id: 1, auth: req.headers.authorization } }
			: { status: 401, json: { error: 'unauthorized' } },
	);
	server.on('GET /items/2', () => ({ json: { id: 2 } }));
	server.on('GET /items/500', () => ({
		status: 500,
		json: { error: { code: 'internal_error', message: 'upstream exploded' } },
	}));
	server.on('GET /key', (req) => ({ json: { key: req.headers['x-api-key'] } }));
});
afterAll(async () => await server.close());
beforeEach(() => {
	server.requests.length = 0;
});

const creds = () => ({
	harnessTokenApi: { baseUrl: server.baseUrl, clientId: 'c1', clientSecret: 's3cret' },
});

describe('runNode (n8n-core WorkflowExecute)', () => {
	it('runs preAuthentication once, caches the token and sends it through the real request helper', async () => {
		const result = await runNode({
			nodeType: new FetchNode(),
			parameters: { itemId: '={{ $json.id }}' },
			credentials: creds(),
			credentialTypes,
			inputItems: [{ json: { id: 1 } }, { json: { id: 2 } }],
		});
		expect(result.error).toBeUndefined();
		expect(result.status).toBe('success');
		expect(result.items[0].map((i) => i.json.id)).toEqual([1, 2]);
		expect(result.items[0].map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const token = result.credentials.harnessTokenApi.accessToken as string;
		expect(token).toMatch(/^tok-\d+$/);
		expect(result.items[0][0].json.auth).toBe(`Bearer ${token}`);
		expect(server.requests.filter((r) => r.path === '/auth/token')).toHaveLength(1);
		expect(result.preAuthentications).toEqual([
			{ type: 'harnessTokenApi', expired: false, testing: false },
		]);
		expect(result.credentialUpdates).toHaveLength(1);
	});

	it('re-authenticates after a 401 with a stale token (n8n-core retry with credentialsExpired)', async () => {
		const result = await runNode({
			nodeType: new FetchNode(),
			parameters: { itemId: '1' },
			credentials: { harnessTokenApi: { ...creds().harnessTokenApi, accessToken: 'stale' } },
			credentialTypes,
		});
		expect(result.error).toBeUndefined();
		expect(result.preAuthentications).toEqual([
			{ type: 'harnessTokenApi', expired: true, testing: false },
		]);
		expect(server.requests.map((r) => `${r.path} ${r.headers.authorization ?? ''}`)).toEqual([
			'/items/1 Bearer stale',
			'/auth/token ',
			`/items/1 Bearer ${result.credentials.harnessTokenApi.accessToken as string}`,
		]);
	});

	it('applies a generic authenticate whose value is an expression', async () => {
		const result = await runNode({
			nodeType: new KeyNode(),
			parameters: { url: `=${server.baseUrl}/key` },
			credentials: { harnessKeyApi: { apiKey: 'abc' } },
			credentialTypes,
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0][0].json).toEqual({ key: 'key-abc' });
	});

	it('surfaces an HTTP failure as the NodeApiError n8n-core builds', async () => {
		const result = await runNode({
			nodeType: new FetchNode(),
			parameters: { itemId: '500' },
			credentials: creds(),
			credentialTypes,
		});
		expect(result.status).toBe('error');
		expect(result.items).toEqual([]);
		expect(result.error?.name).toBe('NodeApiError');
		// n8n's NodeApiError maps 500 to its generic message and takes the description from the body
		expect(result.error?.message).toBe('The service was not able to process your request');
		expect(result.error?.description).toBe('upstream exploded');
		const { httpCode, node } = result.error as unknown as {
			httpCode: string;
			node: { name: string };
		};
		expect(httpCode).toBe('500');
		expect(node.name).toBe('Fetch');
	});

	it('fails the run with the NodeOperationError (message, description, item) when not continuing', async () => {
		const result = await runNode({
			nodeType: new PickyNode(),
			parameters: { double: 2 },
			inputItems: [{ json: {} }, { json: {} }, { json: {} }],
		});
		expect(result.status).toBe('error');
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe('Item 1 is not acceptable');
		expect(result.error?.description).toBe('The harness node refuses the second item');
		expect(result.error?.context?.itemIndex).toBe(1);
	});

	it('with continueOnFail keeps going and pairs the error item with its input', async () => {
		const result = await runNode({
			nodeType: new PickyNode(),
			parameters: { double: 2 },
			inputItems: [{ json: { n: 0 } }, { json: { n: 1 } }, { json: { n: 2 } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			[
				{ json: { double: 2 }, pairedItem: { item: 0 } },
				{ json: { error: 'Item 1 is not acceptable' }, pairedItem: { item: 1 } },
				{ json: { double: 2 }, pairedItem: { item: 2 } },
			],
		]);
	});

	it("routes error items to the error output with onError 'continueErrorOutput'", async () => {
		const result = await runNode({
			nodeType: new PickyNode(),
			parameters: { double: 3 },
			inputItems: [{ json: { n: 0 } }, { json: { n: 1 } }],
			onError: 'continueErrorOutput',
		});
		expect(result.items).toHaveLength(2);
		expect(result.items[0]).toEqual([{ json: { double: 3 }, pairedItem: { item: 0 } }]);
		// the engine merges the paired input item into the error item
		expect(result.items[1]).toEqual([
			{ json: { n: 1, error: 'Item 1 is not acceptable' }, pairedItem: { item: 1 } },
		]);
	});

	it('with continueOnFail on a node that throws, the engine passes the input on and keeps the error', async () => {
		const result = await runNode({
			nodeType: new ThrowingNode(),
			inputItems: [{ json: { a: 1 } }],
			continueOnFail: true,
		});
		// n8n-core 1.122: the input items go out unchanged, the task and the run keep the error
		expect(result.items).toEqual([[{ json: { a: 1 }, pairedItem: { item: 0 } }]]);
		expect(result.runData.Thrower[0].executionStatus).toBe('error');
		expect(result.error?.message).toBe('Always fails');
		expect(result.status).toBe('error');
	});

	it('evaluates expressions (legacy engine by default: no isolated-vm needed)', async () => {
		const engine = process.env.N8N_HARNESS_EXPRESSION_ENGINE === 'vm' ? 'vm' : 'legacy';
		expect(Expression.getActiveImplementation()).toBe(engine);
		const result = await runNode({
			nodeType: new PickyNode(),
			parameters: {
				double: '={{ $json.n * 2 + $("When clicking \'Execute workflow\'").first().json.n }}',
			},
			inputItems: [{ json: { n: 5 } }],
		});
		expect(result.items[0][0].json).toEqual({ double: 15 });
	});

	it('captures LoggerProxy and node logger lines, and can shift the clock', async () => {
		const result = await runNode({
			nodeType: new FetchNode(),
			parameters: { itemId: '2', logLine: 'fetching item two' },
			credentials: creds(),
			credentialTypes,
			now: '2001-02-03T04:05:06Z',
		});
		expect(result.error).toBeUndefined();
		const lines = result.logs.map((l) => `${l.source} ${l.line}`);
		expect(lines).toContainEqual(
			expect.stringContaining('Logger [info] fetching item two {"itemIndex":0}'),
		);
		expect(lines).toContainEqual(
			expect.stringContaining('LoggerProxy [debug] Running node "Fetch" started'),
		);
		const now = Date.parse(result.items[0][0].json.now as string);
		expect(now).toBeGreaterThanOrEqual(Date.parse('2001-02-03T04:05:06Z'));
		expect(now).toBeLessThan(Date.parse('2001-02-03T04:06:06Z'));
		expect(new Date().getFullYear()).toBeGreaterThan(2020); // clock restored
		LoggerProxy.info('outside any run');
		expect(result.logs.some((l) => l.message === 'outside any run')).toBe(false);
	});

	it('reports a missing credential the way n8n does', async () => {
		const result = await runNode({ nodeType: new FetchNode(), parameters: { itemId: '1' } });
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toBe('Node does not have any credentials set');
	});
});
