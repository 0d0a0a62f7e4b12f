/**
 * testCredential: what n8n's credential tester (CLI CredentialsTester.testCredentials) does when
 * a user presses "Test" on a credential, with n8n-core's own pieces:
 * - a test request (`credentialType.test`, or a node's `testedBy` object): a temp node of type
 *   n8n-nodes-base.noOp with one property routed to the request, run by n8n-core's RoutingNode over
 *   an ExecuteContext → httpRequestWithAuthentication → preAuthentication (always, as the temp noOp
 *   node marks a credential test) + authenticate + the real HTTP request; then the test's `rules`;
 * - a test function (a node's `testedBy` string → `methods.credentialTest[name]`): called on
 *   n8n-core's CredentialTestContext.
 */
import { CredentialTestContext, ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunction,
	ICredentialTestRequest,
	ICredentialType,
	IExecuteData,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { createRunExecutionData, NodeConnectionTypes, NodeHelpers, Workflow } from 'n8n-workflow';

import { CREDENTIAL_TEST_NODE_TYPE } from './credentials';
import {
	createAdditionalData,
	type HarnessResultBase,
	prepareCredentials,
	withClock,
} from './engine';
import { applyConfiguredExpressionEngine } from './env';

export interface TestCredentialOptions {
	/** Name of the credential type to test. */
	credentialType: string;
	/** The credential type classes (instances), parents included. */
	credentialTypes: ICredentialType[];
	/** The credential data as the user entered it. */
	data: ICredentialDataDecryptedObject;
	/** Node type(s) whose `credentials[].testedBy` to use when the credential type has no `test`. */
	nodeTypes?: Array<INodeType | IVersionedNodeType>;
	now?: Date | string | number;
}

export type TestCredentialResult = INodeCredentialTestResult & HarnessResultBase;

type TestFunction =
	| ICredentialTestFunction
	| { nodeType?: INodeType; testRequest: ICredentialTestRequest };

const noOpDescription: INodeType['description'] = {
	displayName: 'No Operation, do nothing',
	name: CREDENTIAL_TEST_NODE_TYPE,
	group: ['organization'],
	version: 1,
	description: 'No Operation',
	defaults: { name: 'No Operation, do nothing' },
	inputs: [NodeConnectionTypes.Main],
	outputs: [NodeConnectionTypes.Main],
	properties: [],
};

function findTestFunction(
	credentialType: ICredentialType,
	nodeTypes: Array<INodeType | IVersionedNodeType>,
): TestFunction | undefined {
	if (credentialType.test) return { testRequest: credentialType.test };
	for (const nodeType of nodeTypes) {
		const versions: INodeType[] =
			'nodeVersions' in nodeType
				? Object.keys(nodeType.nodeVersions)
						.map(Number)
						.sort((a, b) => b - a)
						.map((v) => NodeHelpers.getVersionedNodeType(nodeType, v))
				: [nodeType];
		for (const version of versions) {
			for (const { name, testedBy } of version.description.credentials ?? []) {
				if (name !== credentialType.name || !testedBy) continue;
				if (typeof testedBy === 'string') {
					const fn = version.methods?.credentialTest?.[testedBy];
					if (fn) return fn;
					continue;
				}
				return { nodeType: version, testRequest: testedBy };
			}
		}
	}
	return undefined;
}

export async function testCredential(
	options: TestCredentialOptions,
): Promise<TestCredentialResult> {
	await applyConfiguredExpressionEngine();
	const { registry, credentialsHelper, finish } = prepareCredentials(
		{ [options.credentialType]: options.data },
		options.credentialTypes,
	);
	const done = (result: INodeCredentialTestResult): TestCredentialResult => ({
		...finish(),
		...result,
	});
	try {
		return await withClock(options.now, async () => {
			const type = registry.getByName(options.credentialType);
			const testFunction = findTestFunction(type, options.nodeTypes ?? []);
			if (testFunction === undefined) {
				return done({ status: 'Error', message: 'No testing function found for this credential.' });
			}
			const baseAdditionalData = createAdditionalData(credentialsHelper, {
				executionId: undefined,
			});
			const credentialsDecrypted: ICredentialsDecrypted = {
				id: `harness-${type.name}`,
				name: `${type.name} (harness)`,
				type: type.name,
				data: await credentialsHelper.applyDefaults(
					baseAdditionalData,
					options.data,
					type.name,
					'internal',
				),
			};

			if (typeof testFunction === 'function') {
				return done(await testFunction.call(new CredentialTestContext(), credentialsDecrypted));
			}

			const baseType: INodeType = testFunction.nodeType ?? { description: noOpDescription };
			const nodeTypeCopy: INodeType = {
				description: {
					...baseType.description,
					credentials: [{ name: type.name, required: true }],
					properties: [
						{
							displayName: 'Temp',
							name: 'temp',
							type: 'string',
							routing: { request: testFunction.testRequest.request },
							default: '',
						},
					],
				},
			};
			const { version } = baseType.description;
			const node: INode = {
				id: 'temp',
				parameters: {},
				name: 'Temp-Node',
				type: baseType.description.name,
				typeVersion: Array.isArray(version) ? version.slice(-1)[0] : version,
				position: [0, 0],
				credentials: {
					[type.name]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name },
				},
			};
			const nodeTypes: INodeTypes = {
				getByName: () => nodeTypeCopy,
				getByNameAndVersion: () => nodeTypeCopy,
				getKnownTypes: () => ({}),
			};
			const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
			const wfNode = workflow.getNode(node.name)!;
			const executeData: IExecuteData = { node: wfNode, data: {}, source: null };
			const executeFunctions = new ExecuteContext(
				workflow,
				wfNode,
				baseAdditionalData,
				'internal',
				createRunExecutionData({ executionData: null }),
				0,
				[],
				{ main: [[{ json: {} }]] },
				executeData,
				[],
			);
			let response: INodeExecutionData[][] | null | undefined;
			try {
				const routingNode = new RoutingNode(executeFunctions, nodeTypeCopy, credentialsDecrypted);
				response = await workflow.expression.withIsolate(async () => await routingNode.runNode());
			} catch (error) {
				const cause = (
					error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }
				).cause;
				if (cause?.response) {
					const statusCode = cause.response.status;
					for (const rule of testFunction.testRequest.rules ?? []) {
						if (rule.type === 'responseCode' && rule.properties.value === statusCode) {
							return done({ status: 'Error', message: rule.properties.message });
						}
					}
					if (statusCode < 199 || statusCode > 299) {
						return done({
							status: 'Error',
							message: cause.response.statusText || `Received HTTP status code: ${statusCode}`,
						});
					}
				} else if (cause?.code) {
					return done({ status: 'Error', message: cause.code });
				}
				return done({ status: 'Error', message: String((error as Error).message) });
			}
			for (const rule of testFunction.testRequest.rules ?? []) {
				if (rule.type === 'responseSuccessBody') {
					const json = response?.[0]?.[0]?.json ?? {};
					const value = rule.properties.key
						.split('.')
						.reduce<unknown>((acc, k) => (acc as Record<string, unknown> | undefined)?.[k], json);
					if (value === rule.properties.value) {
						return done({ status: 'Error', message: rule.properties.message });
					}
				}
			}
			return done({ status: 'OK', message: 'Connection successful!' });
		});
	} finally {
		finish();
	}
}
