/**
 * runPoll: a polling node's poll() through n8n-core's PollContext.
 * - mode 'trigger' (default): what an active workflow does on each tick — n8n-core's
 *   TriggersAndPollers.runPoll with a PollContext in mode 'trigger' (ActiveWorkflows.activatePolling).
 * - mode 'manual': the editor's "Fetch test event" — WorkflowExecute in mode 'manual', whose
 *   executePollNode builds the PollContext itself.
 * The node's static data is put into the Workflow (`node:<name>` key, as n8n stores it) and read
 * back JSON-cloned, the way n8n saves it to and loads it from its database between polls.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { Container } from '@n8n/di';
import { PollContext, WorkflowExecute } from 'n8n-core';
import { TriggersAndPollers } from 'n8n-core/dist/execution-engine/triggers-and-pollers';
import type {
	ExecutionError,
	IDataObject,
	INodeExecutionData,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { createRunExecutionData, NodeConnectionTypes, Workflow } from 'n8n-workflow';

import {
	createAdditionalData,
	createHooks,
	type HarnessOptions,
	type HarnessResultBase,
	HarnessNodeTypes,
	prepare,
	withClock,
} from './engine';
import { applyConfiguredExpressionEngine } from './env';

export interface RunPollOptions extends HarnessOptions {
	/** The node's static data from the previous poll (e.g. a previous result's `staticData`). */
	staticData?: IDataObject;
	/** 'trigger' (active workflow, default) or 'manual' (editor's fetch test event). */
	mode?: 'trigger' | 'manual';
	/** PollContext.getActivationMode() in trigger mode. Default 'activate'. */
	activation?: WorkflowActivateMode;
	/** Gives the PollContext n8n 2.x's getPollBudgetMs() answering this (absent on n8n 1.x). */
	pollBudgetMs?: number;
	/** The workflow's id (with the node's id, n8n's key of the node's poll state). */
	workflowId?: string;
}

export interface RunPollResult extends HarnessResultBase {
	/** What poll() returned (null = nothing new; an active workflow then starts no execution). */
	items: INodeExecutionData[][] | null;
	/** The node's static data after the poll, JSON-cloned (feed it to the next runPoll). */
	staticData: IDataObject;
	/**
	 * Whether n8n's ObservableObject saw a change: n8n saves the static data only when this is true,
	 * so a restart would see the old data otherwise.
	 */
	staticDataChanged: boolean;
	/** In trigger mode the error poll() threw, as thrown; in manual mode the engine's stored copy. */
	error?: Error | ExecutionError;
}

export async function runPoll(options: RunPollOptions): Promise<RunPollResult> {
	await applyConfiguredExpressionEngine();
	const { credentialsHelper, node, finish } = prepare(options);
	const mode = options.mode ?? 'trigger';
	const nodeTypes = new HarnessNodeTypes({ [node.type]: options.nodeType });
	const staticKey = `node:${node.name}`;

	try {
		return await withClock(options.now, async () => {
			const workflow = new Workflow({
				id: options.workflowId ?? 'harness-workflow',
				name: 'Harness workflow',
				nodes: [node],
				connections: {},
				active: mode === 'trigger',
				nodeTypes,
				staticData: options.staticData
					? { [staticKey]: JSON.parse(JSON.stringify(options.staticData)) as IDataObject }
					: {},
				settings: { executionOrder: 'v1', ...(options.timezone && { timezone: options.timezone }) },
			});
			const wfNode = workflow.getNode(node.name)!;
			let items: INodeExecutionData[][] | null = null;
			let error: RunPollResult['error'];

			if (mode === 'trigger') {
				const additionalData = createAdditionalData(credentialsHelper, { executionId: undefined });
				const context = new PollContext(
					workflow,
					wfNode,
					additionalData,
					'trigger',
					options.activation ?? 'activate',
				);
				const budget = options.pollBudgetMs;
				if (budget !== undefined) Object.assign(context, { getPollBudgetMs: () => budget });
				try {
					// as ActiveWorkflows.activatePolling: hold an isolate (used by the 'vm' expression engine)
					items = await workflow.expression.withIsolate(
						async () => await Container.get(TriggersAndPollers).runPoll(workflow, wfNode, context),
					);
				} catch (e) {
					error = e as Error;
				}
			} else {
				const executionId = 'harness-execution';
				const hooks = createHooks('manual', executionId, {
					id: workflow.id,
					name: workflow.name ?? '',
					nodes: [wfNode],
					connections: {},
				});
				const additionalData = createAdditionalData(credentialsHelper, { hooks, executionId });
				const runExecutionData = createRunExecutionData({
					executionData: {
						nodeExecutionStack: [{ node: wfNode, data: { main: [[{ json: {} }]] }, source: null }],
					},
				});
				const run = await new WorkflowExecute(
					additionalData,
					'manual',
					runExecutionData,
				).processRunExecutionData(workflow);
				const task = run.data.resultData.runData[node.name]?.[0];
				items = task?.data?.[NodeConnectionTypes.Main]?.map((output) => output ?? []) ?? null;
				error = task?.error ?? run.data.resultData.error;
			}

			const staticData = JSON.parse(
				JSON.stringify(workflow.staticData[staticKey] ?? {}),
			) as IDataObject;
			return {
				...finish(),
				items,
				staticData,
				staticDataChanged: workflow.staticData.__dataChanged === true,
				error,
			};
		});
	} finally {
		finish();
	}
}
