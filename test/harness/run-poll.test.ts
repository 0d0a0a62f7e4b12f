/* eslint-disable @n8n/community-nodes/credential-unnecessary-password -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes } from 'n8n-workflow';

import { runPoll } from './index';
import { type LocalServer, startLocalServer } from '../helpers/local-server';

class FeedApi implements ICredentialType {
	name = 'harnessFeedApi';

	displayName = 'Harness Feed API';

	properties: ICredentialType['properties'] = [
		{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
		{
			displayName: 'Key',
			name: 'key',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	) {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, 'x-key': credentials.key as string },
		};
	}
}

interface FeedEvent {
	id: number;
	at: string;
}

/**
 * Throwaway polling node: GET /events?after=<cursor>. In trigger mode it emits only events after
 * the cursor it keeps in the node's static data; in manual mode it returns the latest event
 * without touching the cursor (as n8n triggers usually do).
 */
class FeedTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Feed Trigger',
		name: 'harnessFeedTrigger',
		group: ['trigger'],
		version: 1,
		description: 'harness polling node',
		defaults: { name: 'Feed Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'harnessFeedApi', required: true }],
		properties: [{ displayName: 'Topic', name: 'topic', type: 'string', default: 'all' }],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const state = this.getWorkflowStaticData('node') as {
			cursor?: number;
			polls?: number;
			since?: string;
		};
		const { baseUrl } = await this.getCredentials('harnessFeedApi');
		const manual = this.getMode() === 'manual';
		const cursor = manual ? 0 : (state.cursor ?? 0);
		let events: FeedEvent[];
		try {
			events = (await this.helpers.httpRequestWithAuthentication.call(this, 'harnessFeedApi', {
				url: `${baseUrl as string}/events`,
				qs: { after: cursor, topic: this.getNodeParameter('topic') as string },
				json: true,
			})) as FeedEvent[];
		} catch (error) {
			throw new NodeApiError(this.getNode(), error as never);
		}
		if (manual) {
			const latest = events.slice(-1);
			return latest.length
				? [this.helpers.returnJsonArray(latest as unknown as IDataObject[])]
				: null;
		}
		state.polls = (state.polls ?? 0) + 1;
		state.since ??= new Date().toISOString();
		if (events.length === 0) return null;
		state.cursor = events[events.length - 1].id;
		return [
			this.helpers.returnJsonArray(
				events.map((e) => ({ ...e, mode: this.getMode(), activation: this.getActivationMode() })),
			),
		];
	}
}

let server: LocalServer;
const events: FeedEvent[] = [];

beforeAll(async () => {
	server = await startLocalServer();
	server.on('GET /events', (req) =>
		req.headers['x-key'] === 'k1'
			? { json: events.filter((e) => e.id > Number(req.query.after)) }
			: { status: 403, json: { message: 'bad key' } },
	);
});
afterAll(async () => await server.close());

const base = () => ({
	nodeType: new FeedTrigger(),
	parameters: { topic: '={{ "al" + "l" }}' },
	credentials: { harnessFeedApi: { baseUrl: server.baseUrl, key: 'k1' } },
	credentialTypes: [new FeedApi()],
});

describe('runPoll (n8n-core PollContext)', () => {
	beforeEach(() => {
		events.length = 0;
		events.push({ id: 1, at: 'a' }, { id: 2, at: 'b' });
	});

	it('keeps a cursor in static data across polls, surviving a JSON round trip (restart)', async () => {
		const first = await runPoll({ ...base(), now: '2001-02-03T04:05:06Z' });
		expect(first.error).toBeUndefined();
		expect(first.items?.[0].map((i) => i.json)).toEqual([
			{ id: 1, at: 'a', mode: 'trigger', activation: 'activate' },
			{ id: 2, at: 'b', mode: 'trigger', activation: 'activate' },
		]);
		// the shifted clock starts at `now` and runs on in real time
		expect(first.staticData).toEqual({
			cursor: 2,
			polls: 1,
			since: expect.stringMatching(/^2001-02-03T04:05:/),
		});
		expect(first.staticDataChanged).toBe(true);

		// "restart": the saved static data is all that survives
		const saved = JSON.stringify(first.staticData);
		const second = await runPoll({ ...base(), staticData: JSON.parse(saved) as IDataObject });
		expect(second.items).toBeNull();
		expect(second.staticData).toEqual({ ...first.staticData, polls: 2 });

		events.push({ id: 3, at: 'c' });
		const third = await runPoll({ ...base(), staticData: second.staticData, activation: 'init' });
		expect(third.items?.[0].map((i) => i.json.id)).toEqual([3]);
		expect(third.items?.[0][0].json.activation).toBe('init');
		expect(third.staticData.cursor).toBe(3);
		expect(server.requests.slice(-1)[0].query).toEqual({ after: '2', topic: 'all' });
	});

	it('does not mutate the static data object it was given', async () => {
		const given = { cursor: 1, polls: 5 };
		const result = await runPoll({ ...base(), staticData: given });
		expect(given).toEqual({ cursor: 1, polls: 5 });
		expect(result.staticData.cursor).toBe(2);
	});

	it('manual mode runs through WorkflowExecute and leaves the cursor alone', async () => {
		const result = await runPoll({ ...base(), mode: 'manual', staticData: { cursor: 2 } });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([[{ json: { id: 2, at: 'b' }, pairedItem: { item: 0 } }]]);
		expect(result.staticData).toEqual({ cursor: 2 });
		expect(result.staticDataChanged).toBe(false);
	});

	it('manual mode with nothing to show gives null items', async () => {
		events.length = 0;
		const result = await runPoll({ ...base(), mode: 'manual' });
		expect(result.error).toBeUndefined();
		expect(result.items).toBeNull();
	});

	it('returns the error poll() threw, with the static data unchanged', async () => {
		const result = await runPoll({
			...base(),
			credentials: { harnessFeedApi: { baseUrl: server.baseUrl, key: 'wrong' } },
			staticData: { cursor: 1 },
		});
		expect(result.items).toBeNull();
		expect(result.error).toBeInstanceOf(NodeApiError);
		expect(result.error?.message).toMatch(/forbidden|permission/i);
		expect(result.staticData).toEqual({ cursor: 1 });
		expect(result.staticDataChanged).toBe(false);
	});
});
