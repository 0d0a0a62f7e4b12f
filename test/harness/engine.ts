/**
 * Shared plumbing: node-type registry, the workflow's start node, `additionalData`, the
 * per-run setup (credential store + helper + log capture) and an optional shifted clock.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { ExecutionLifecycleHooks, ExternalSecretsProxy } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeParameters,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, UnexpectedError } from 'n8n-workflow';

import packageJson from '../../package.json';
import {
	CredentialStore,
	CredentialTypeRegistry,
	type CredentialUpdate,
	HarnessCredentialsHelper,
} from './credentials';
import { type CapturedLog, startLogCapture } from './env';

/** Options every harness entry point takes. */
export interface HarnessOptions {
	/** An instance of the node class (INodeType or a VersionedNodeType). */
	nodeType: INodeType | IVersionedNodeType;
	/** The node's parameters as stored in a workflow (expressions start with '='). */
	parameters?: INodeParameters;
	/** Stored credential data by credential type name; each becomes a credential set on the node. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** The credential type classes (instances) the node and credentials need, parents included. */
	credentialTypes?: ICredentialType[];
	/** Default: the node type's latest version. */
	typeVersion?: number;
	/** Default: the node's `defaults.name`, else the display name. */
	nodeName?: string;
	/** Workflow timezone (workflow settings). Default: n8n's default (America/New_York). */
	timezone?: string;
	/**
	 * Shifts the clock for the run: `new Date()`, `Date.now()` and luxon's `DateTime.now()` start at
	 * this instant and advance in real time. Node's timers and the http stack are untouched.
	 */
	now?: Date | string | number;
}

/** What every harness result carries besides its own data. */
export interface HarnessResultBase {
	/** Every line logged through LoggerProxy and the DI Logger during the call. */
	logs: CapturedLog[];
	/** The credential store after the call (a token cached by preAuthentication shows here). */
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** The writes n8n would have made to its credentials table. */
	credentialUpdates: CredentialUpdate[];
	/** The preAuthentication calls the credentials helper actually made. */
	preAuthentications: HarnessCredentialsHelper['preAuthentications'];
	/** How many times n8n read and decrypted a credential for the call (getDecrypted). */
	credentialReads: number;
}

export const PACKAGE_NAME: string = packageJson.name;
export const START_NODE_TYPE = 'n8n-nodes-base.manualTrigger';
export const START_NODE_NAME = "When clicking 'Execute workflow'";

/**
 * The harness's start node: a stand-in for n8n's Manual Trigger that hands on the items the
 * harness put on the engine's execution stack (n8n's own NodeTestHarness seeds its start node
 * the same way).
 */
export const startNodeType: INodeType = {
	description: {
		displayName: 'Manual Trigger (harness)',
		name: START_NODE_TYPE,
		group: ['trigger'],
		version: 1,
		description: 'Starts the harness workflow with the given input items',
		defaults: { name: START_NODE_NAME },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	},
	async execute(this: IExecuteFunctions) {
		return [this.getInputData()];
	},
};

/** The type name n8n would register a community node under: `<package name>.<description.name>`. */
export function nodeTypeName(nodeType: INodeType | IVersionedNodeType): string {
	const { name } = nodeType.description;
	return name.includes('.') ? name : `${PACKAGE_NAME}.${name}`;
}

export function latestVersion(nodeType: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in nodeType) return nodeType.currentVersion;
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

export class HarnessNodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType | IVersionedNodeType>();

	constructor(types: Record<string, INodeType | IVersionedNodeType>) {
		for (const [name, type] of Object.entries(types)) this.types.set(name, type);
	}

	getByName(name: string): INodeType | IVersionedNodeType {
		const type = this.types.get(name);
		if (!type) throw new UnexpectedError(`Unknown node type "${name}"`);
		return type;
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(name), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

export function createNode(options: HarnessOptions): INode {
	const { nodeType } = options;
	const typeVersion = options.typeVersion ?? latestVersion(nodeType);
	const description = NodeHelpers.getVersionedNodeType(nodeType, typeVersion).description;
	const node: INode = {
		id: '7c2e0b8a-0000-4000-8000-000000000002',
		name: options.nodeName ?? description.defaults?.name ?? description.displayName,
		type: nodeTypeName(nodeType),
		typeVersion,
		position: [220, 0],
		parameters: structuredClone(options.parameters ?? {}),
	};
	const credentialNames = Object.keys(options.credentials ?? {});
	if (credentialNames.length > 0) {
		node.credentials = Object.fromEntries(
			credentialNames.map((type) => [type, { id: `harness-${type}`, name: `${type} (harness)` }]),
		);
	}
	return node;
}

export function createAdditionalData(
	credentialsHelper: HarnessCredentialsHelper,
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
): IWorkflowExecuteAdditionalData {
	const base = 'http://localhost:5678';
	return {
		credentialsHelper,
		executeWorkflow: async () => {
			throw new UnexpectedError('executeWorkflow is not supported by the harness');
		},
		getRunExecutionData: async () => undefined,
		executionId: 'harness-execution',
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new UnexpectedError('Task runners are not supported by the harness');
		},
		externalSecretsProxy: new ExternalSecretsProxy(),
		...extra,
	};
}

export function createHooks(
	mode: WorkflowExecuteMode,
	executionId: string,
	workflowData: Pick<IWorkflowBase, 'id' | 'name' | 'nodes' | 'connections'>,
): ExecutionLifecycleHooks {
	const now = new Date();
	return new ExecutionLifecycleHooks(mode, executionId, {
		active: false,
		isArchived: false,
		activeVersionId: null,
		createdAt: now,
		updatedAt: now,
		...workflowData,
	});
}

/** Per-call credentials: the type registry, the store ("database") and n8n's helper stand-in, plus the log capture. */
export function prepareCredentials(
	credentials: Record<string, ICredentialDataDecryptedObject> = {},
	credentialTypes: ICredentialType[] = [],
) {
	const registry = new CredentialTypeRegistry(credentialTypes);
	for (const type of Object.keys(credentials)) registry.getByName(type);
	const store = new CredentialStore(credentials);
	const credentialsHelper = new HarnessCredentialsHelper(registry, store);
	const capture = startLogCapture();
	const finish = (): HarnessResultBase => {
		capture.stop();
		return {
			logs: capture.logs,
			credentials: store.snapshot(),
			credentialUpdates: store.updates,
			preAuthentications: credentialsHelper.preAuthentications,
			credentialReads: credentialsHelper.decryptions,
		};
	};
	return { registry, store, credentialsHelper, finish };
}

/** prepareCredentials + the node under test. */
export function prepare(options: HarnessOptions) {
	const node = createNode(options);
	return { ...prepareCredentials(options.credentials, options.credentialTypes), node };
}

/** Runs `fn` with the global clock shifted to start at `now` (see HarnessOptions.now). */
export async function withClock<T>(now: HarnessOptions['now'], fn: () => Promise<T>): Promise<T> {
	if (now === undefined) return await fn();
	const RealDate = Date;
	const start = new RealDate(now).getTime();
	if (Number.isNaN(start)) throw new UnexpectedError(`Invalid "now": ${String(now)}`);
	const realStart = RealDate.now();
	const current = () => start + (RealDate.now() - realStart);
	class ShiftedDate extends RealDate {
		constructor(...args: unknown[]) {
			if (args.length === 0) super(current());
			else super(...(args as [string]));
		}

		static now() {
			return current();
		}
	}
	globalThis.Date = ShiftedDate as DateConstructor;
	try {
		return await fn();
	} finally {
		globalThis.Date = RealDate;
	}
}
