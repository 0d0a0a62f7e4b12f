/**
 * runNode: a two-node workflow (start node → the node under test) executed by n8n-core's
 * WorkflowExecute, exactly as n8n's own NodeTestHarness does (seeded execution stack +
 * processRunExecutionData).
 */
import { WorkflowExecute } from 'n8n-core';
import type {
	ExecutionError,
	ExecutionStatus,
	INode,
	INodeExecutionData,
	IRun,
	IRunData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData, NodeConnectionTypes, Workflow } from 'n8n-workflow';

import {
	createAdditionalData,
	createHooks,
	type HarnessOptions,
	type HarnessResultBase,
	HarnessNodeTypes,
	prepare,
	START_NODE_NAME,
	START_NODE_TYPE,
	startNodeType,
	withClock,
} from './engine';
import { applyConfiguredExpressionEngine } from './env';

export interface RunNodeOptions extends HarnessOptions {
	/** Items the start node hands to the node. Default: one empty item, like a Manual Trigger. */
	inputItems?: INodeExecutionData[];
	/** n8n's "On Error: Continue" (sets node.onError = 'continueRegularOutput'). */
	continueOnFail?: boolean;
	/** The node's On Error setting; wins over continueOnFail. 'continueErrorOutput' adds an error output. */
	onError?: INode['onError'];
	/** Other node settings: alwaysOutputData, executeOnce, retryOnFail, maxTries, waitBetweenTries... */
	nodeSettings?: Partial<
		Pick<
			INode,
			'alwaysOutputData' | 'executeOnce' | 'retryOnFail' | 'maxTries' | 'waitBetweenTries'
		>
	>;
	/** Execution mode. Default 'manual' (the editor's "Execute workflow"). */
	mode?: WorkflowExecuteMode;
}

export interface RunNodeResult extends HarnessResultBase {
	/** The node's output items per output (with pairedItem, as the engine left them). */
	items: INodeExecutionData[][];
	/** The node's error as n8n stored it (a plain copy of the NodeApiError / NodeOperationError). */
	error?: ExecutionError;
	/** The execution's status ('success', 'error', ...). */
	status: ExecutionStatus;
	runData: IRunData;
	run: IRun;
	/** The node as it was put in the workflow (name, type, parameters with defaults...). */
	node: INode;
}

export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	await applyConfiguredExpressionEngine();
	const { credentialsHelper, node, finish } = prepare(options);
	const mode = options.mode ?? 'manual';
	if (options.continueOnFail) node.onError = 'continueRegularOutput';
	if (options.onError) node.onError = options.onError;
	Object.assign(node, options.nodeSettings);

	const startNode: INode = {
		id: '7c2e0b8a-0000-4000-8000-000000000001',
		name: START_NODE_NAME,
		type: START_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const connections = {
		[startNode.name]: {
			[NodeConnectionTypes.Main]: [[{ node: node.name, type: NodeConnectionTypes.Main, index: 0 }]],
		},
	};
	const nodeTypes = new HarnessNodeTypes({
		[START_NODE_TYPE]: startNodeType,
		[node.type]: options.nodeType,
	});

	try {
		return await withClock(options.now, async () => {
			const workflow = new Workflow({
				id: 'harness-workflow',
				name: 'Harness workflow',
				nodes: [startNode, node],
				connections,
				active: false,
				nodeTypes,
				settings: { executionOrder: 'v1', ...(options.timezone && { timezone: options.timezone }) },
			});
			const executionId = 'harness-execution';
			const hooks = createHooks(mode, executionId, {
				id: workflow.id,
				name: workflow.name ?? '',
				nodes: [startNode, node],
				connections,
			});
			const additionalData = createAdditionalData(credentialsHelper, { hooks, executionId });
			const runExecutionData = createRunExecutionData({
				executionData: {
					nodeExecutionStack: [
						{
							node: workflow.getNode(startNode.name)!,
							data: { main: [options.inputItems ?? [{ json: {} }]] },
							source: null,
						},
					],
				},
			});
			const run = await new WorkflowExecute(
				additionalData,
				mode,
				runExecutionData,
			).processRunExecutionData(workflow);
			const runData = run.data.resultData.runData;
			const task = runData[node.name]?.[0];
			const items = (task?.data?.[NodeConnectionTypes.Main] ?? []).map((output) => output ?? []);
			return {
				...finish(),
				items,
				error: task?.error ?? run.data.resultData.error,
				status: run.status,
				runData,
				run,
				node: workflow.getNode(node.name)!,
			};
		});
	} finally {
		finish();
	}
}
