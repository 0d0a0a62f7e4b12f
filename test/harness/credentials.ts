/**
 * The harness's own stand-ins for n8n CLI's CredentialTypes + CredentialsHelper (which need a
 * database). Behaviour mirrors packages/cli/src/credentials-helper.ts of n8n 1.x:
 * - getDecrypted: stored data + defaults of the credential type's properties
 *   (NodeHelpers.getNodeParameters) + expressions resolved by the workflow's real Expression;
 * - authenticate: the type's `authenticate` function, or a `generic` one resolved with
 *   `$credentials` through the workflow's Expression;
 * - preAuthentication: only when the type has a hidden `typeOptions.expirable` property and that
 *   property is '' or the request helper says the credentials expired (after a 401), or the node is
 *   the credential tester's temp noOp node; its output is persisted (here: into the in-memory store).
 * Everything else that touches credentials (when these are called, retry on 401, ...) is n8n-core.
 */
/* eslint-disable @n8n/community-nodes/require-node-api-error -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { getAdditionalKeys } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsEncrypted,
	ICredentialsExpressionResolveValues,
	ICredentialType,
	IExecuteData,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeType,
	INodeTypes,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	deepCopy,
	ICredentials,
	ICredentialsHelper,
	isExpression,
	NodeHelpers,
	UnexpectedError,
	Workflow,
} from 'n8n-workflow';

export class CredentialTypeRegistry {
	private readonly types = new Map<string, ICredentialType>();

	constructor(types: ICredentialType[] = []) {
		for (const type of types) this.types.set(type.name, type);
	}

	getByName(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type) {
			throw new UnexpectedError(`Unknown credential type "${name}" (pass it in credentialTypes)`);
		}
		return type;
	}

	has(name: string): boolean {
		return this.types.has(name);
	}

	/** All ancestors via `extends` (like CLI CredentialTypes.getParentTypes). */
	getParentTypes(name: string): string[] {
		const parents = this.types.get(name)?.extends ?? [];
		return [...parents, ...parents.flatMap((p) => this.getParentTypes(p))];
	}

	/** Own + inherited properties, parents first, own taking precedence (as the CLI does). */
	getProperties(name: string): INodeProperties[] {
		const type = this.getByName(name);
		if (type.extends === undefined) {
			if (['oAuth1Api', 'oAuth2Api'].includes(name)) {
				return [
					...type.properties,
					{ displayName: 'oauthTokenData', name: 'oauthTokenData', type: 'json', default: {} },
				];
			}
			return type.properties;
		}
		const combined: INodeProperties[] = [];
		for (const parent of type.extends) {
			if (this.has(parent)) NodeHelpers.mergeNodeProperties(combined, this.getProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(combined, type.properties);
		return combined;
	}
}

/** What n8n would have written back to its credentials table during the run. */
export interface CredentialUpdate {
	type: string;
	reason: 'preAuthentication' | 'oauthTokenData';
	data: ICredentialDataDecryptedObject;
}

/** The "database": stored credential data per credential type name. */
export class CredentialStore {
	readonly updates: CredentialUpdate[] = [];

	private readonly data = new Map<string, ICredentialDataDecryptedObject>();

	constructor(initial: Record<string, ICredentialDataDecryptedObject> = {}) {
		for (const [type, data] of Object.entries(initial)) this.data.set(type, deepCopy(data));
	}

	has(type: string): boolean {
		return this.data.has(type);
	}

	get(type: string): ICredentialDataDecryptedObject {
		const data = this.data.get(type);
		if (data === undefined) {
			throw new UnexpectedError(`No credential data of type "${type}" given to the harness`);
		}
		return deepCopy(data);
	}

	set(type: string, data: ICredentialDataDecryptedObject, reason: CredentialUpdate['reason']) {
		this.data.set(type, deepCopy(data));
		this.updates.push({ type, reason, data: deepCopy(data) });
	}

	snapshot(): Record<string, ICredentialDataDecryptedObject> {
		return Object.fromEntries([...this.data].map(([k, v]) => [k, deepCopy(v)]));
	}
}

/** ICredentials backed by the store (the CLI's is encrypted and DB-backed). */
class StoredCredentials extends ICredentials {
	constructor(
		details: INodeCredentialsDetails,
		type: string,
		private readonly store: CredentialStore,
	) {
		super(details, type);
	}

	getData(): ICredentialDataDecryptedObject {
		return this.store.get(this.type);
	}

	setData(data: ICredentialDataDecryptedObject): void {
		this.store.set(this.type, data, 'preAuthentication');
	}

	getDataToSave(): ICredentialsEncrypted {
		return { id: this.id, name: this.name, type: this.type, data: JSON.stringify(this.getData()) };
	}
}

const mockNode: INode = {
	id: 'mock',
	name: '',
	typeVersion: 1,
	type: 'mock',
	position: [0, 0],
	parameters: {},
};

const mockNodeTypes: INodeTypes = {
	getByName: () => ({ description: { properties: [] } }) as unknown as INodeType,
	getByNameAndVersion: () => ({ description: { properties: [] } }) as unknown as INodeType,
	getKnownTypes: () => ({}),
};

export const CREDENTIAL_TEST_NODE_TYPE = 'n8n-nodes-base.noOp';

export class HarnessCredentialsHelper extends ICredentialsHelper {
	/** Every preAuthentication the helper actually ran (type name and whether it was after an expiry). */
	readonly preAuthentications: Array<{ type: string; expired: boolean; testing: boolean }> = [];
	/** getDecrypted calls (what a node's getCredentials costs n8n: a database read and a decryption) */
	decryptions = 0;

	constructor(
		readonly types: CredentialTypeRegistry,
		readonly store: CredentialStore,
	) {
		super();
	}

	getParentTypes(name: string): string[] {
		return this.types.getParentTypes(name);
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types.getProperties(type);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const { authenticate } = this.types.getByName(typeName);
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions);
		}
		if (authenticate?.type === 'generic') {
			requestOptions.headers ??= {};
			const target = requestOptions as unknown as Record<string, Record<string, unknown>>;
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				for (const [key, value] of Object.entries(outerValue as Record<string, string>)) {
					const resolvedKey = this.resolveValue(key, credentials, workflow, node);
					target[outerKey] ??= {};
					target[outerKey][resolvedKey] = this.resolveValue(value, credentials, workflow, node);
				}
			}
		}
		return requestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.types.getByName(typeName);
		const expirable = credentialType.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (expirable?.name === undefined) return undefined;
		if (typeof credentialType.preAuthentication !== 'function') return undefined;

		const isTestingCredentials =
			node?.parameters?.temp === '' && node?.type === CREDENTIAL_TEST_NODE_TYPE;
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials) {
			return undefined;
		}
		this.preAuthentications.push({
			type: typeName,
			expired: credentialsExpired,
			testing: isTestingCredentials,
		});
		const output = await credentialType.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		if (node.credentials) {
			await this.updateCredentials(
				node.credentials[credentialType.name],
				credentialType.name,
				Object.assign(credentials, output),
			);
			return Object.assign(credentials, output);
		}
		return undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string) {
		return new StoredCredentials(nodeCredentials, type, this.store);
	}

	async getDecrypted(
		additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		this.decryptions++;
		const original = (await this.getCredentials(nodeCredentials, type)).getData();
		if (raw === true) return original;
		return await this.applyDefaults(
			additionalData,
			original,
			type,
			mode,
			executeData,
			expressionResolveValues,
		);
	}

	/** CLI CredentialsHelper.applyDefaultsAndOverwrites, without overwrites and external secrets. */
	async applyDefaults(
		additionalData: IWorkflowExecuteAdditionalData,
		original: ICredentialDataDecryptedObject,
		type: string,
		mode: WorkflowExecuteMode,
		executeData?: IExecuteData,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		let data = NodeHelpers.getNodeParameters(
			this.getCredentialsProperties(type),
			original as INodeParameters,
			true,
			false,
			null,
			null,
		) as ICredentialDataDecryptedObject;
		if (original.oauthTokenData !== undefined) data.oauthTokenData = original.oauthTokenData;

		const additionalKeys = getAdditionalKeys(additionalData, mode, null, { secretsEnabled: false });
		if (expressionResolveValues) {
			try {
				data = expressionResolveValues.workflow.expression.getParameterValue(
					data as INodeParameters,
					expressionResolveValues.runExecutionData,
					expressionResolveValues.runIndex,
					expressionResolveValues.itemIndex,
					expressionResolveValues.node.name,
					expressionResolveValues.connectionInputData,
					mode,
					additionalKeys,
					executeData,
					false,
					data,
				) as ICredentialDataDecryptedObject;
			} catch (e) {
				(e as Error).message += ' [Error resolving credentials]';
				throw e;
			}
		} else {
			const workflow = new Workflow({
				nodes: [mockNode],
				connections: {},
				active: false,
				nodeTypes: mockNodeTypes,
			});
			const unresolved = data;
			// the 'vm' expression engine evaluates only while the workflow holds an isolate
			data = (await workflow.expression.withIsolate(async () =>
				workflow.expression.getComplexParameterValue(
					mockNode,
					unresolved as INodeParameters,
					mode,
					additionalKeys,
					undefined,
					undefined,
					unresolved,
				),
			)) as ICredentialDataDecryptedObject;
		}
		return data;
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(type, data, 'preAuthentication');
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(
			type,
			{ ...this.store.get(type), oauthTokenData: data.oauthTokenData },
			'oauthTokenData',
		);
	}

	private resolveValue(
		value: string,
		credentials: ICredentialDataDecryptedObject,
		workflow: Workflow,
		node: INode,
	): string {
		if (!isExpression(value)) return value;
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
		return resolved ? String(resolved) : '';
	}
}
