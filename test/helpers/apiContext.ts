/**
 * A bare context for transport tests: HTTP goes through n8n-core's REAL httpRequest helper; only
 * getCredentials / getNode are supplied here. Node-level tests use test/harness (the real engine).
 */
import { httpRequest } from 'n8n-core/dist/execution-engine/node-execution-context/utils/request-helper-functions';
import type { INode } from 'n8n-workflow';
import type { ApiContext } from '../../nodes/shared/transport';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET } from '../../sandbox';

export interface TestCredentials {
	baseUrl: string;
	clientId: string;
	clientSecret: string;
	allowInsecure?: boolean;
}

export const TEST_NODE: INode = {
	id: 'test-node',
	name: 'Shopping Center Test',
	type: 'n8n-nodes-shopping-center.test',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

export function apiContext(creds: TestCredentials): ApiContext {
	return {
		helpers: { httpRequest },
		getCredentials: async () => ({ ...creds }),
		getNode: () => TEST_NODE,
	} as unknown as ApiContext;
}

/** apiContext with the sandbox's demo client (its id and secret) at baseUrl. */
export const demoApiContext = (baseUrl: string): ApiContext =>
	apiContext({ baseUrl, clientId: DEMO_CLIENT_ID, clientSecret: DEMO_CLIENT_SECRET });
