/**
 * runListSearch / runLoadOptions: a node's `methods.listSearch` / `methods.loadOptions` called
 * with n8n-core's LoadOptionsContext, set up the way the CLI's DynamicNodeParametersService does
 * (one-node workflow with the current parameters and credentials, additionalData carrying
 * currentNodeParameters).
 */
import { LoadOptionsContext } from 'n8n-core';
import type { INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers, UnexpectedError, Workflow } from 'n8n-workflow';

import {
	createAdditionalData,
	type HarnessOptions,
	type HarnessResultBase,
	HarnessNodeTypes,
	prepare,
	withClock,
} from './engine';
import { applyConfiguredExpressionEngine } from './env';

export interface MethodOptions extends HarnessOptions {
	/** The method's name under methods.listSearch / methods.loadOptions. */
	method: string;
	/** Path of the parameter being edited, e.g. 'parameters.centerId'. Default 'parameters'. */
	path?: string;
}

export interface ListSearchOptions extends MethodOptions {
	filter?: string;
	paginationToken?: string;
}

export interface ListSearchResult extends HarnessResultBase {
	results?: INodeListSearchResult;
	error?: Error;
}

export interface LoadOptionsResult extends HarnessResultBase {
	options?: INodePropertyOptions[];
	error?: Error;
}

type MethodKind = 'listSearch' | 'loadOptions';

async function callMethod<T>(
	kind: MethodKind,
	options: MethodOptions,
	args: unknown[],
): Promise<HarnessResultBase & { value?: T; error?: Error }> {
	await applyConfiguredExpressionEngine();
	const { credentialsHelper, node, finish } = prepare(options);
	try {
		return await withClock(options.now, async () => {
			const version = NodeHelpers.getVersionedNodeType(options.nodeType, node.typeVersion);
			const method = version.methods?.[kind]?.[options.method] as
				| ((...a: unknown[]) => Promise<T>)
				| undefined;
			if (typeof method !== 'function') {
				throw new UnexpectedError(`Node type has no methods.${kind}.${options.method}`);
			}
			const workflow = new Workflow({
				id: 'harness-workflow',
				nodes: [node],
				connections: {},
				active: false,
				nodeTypes: new HarnessNodeTypes({ [node.type]: options.nodeType }),
			});
			const additionalData = createAdditionalData(credentialsHelper, {
				currentNodeParameters: node.parameters,
				executionId: undefined,
			});
			const context = new LoadOptionsContext(
				workflow,
				workflow.getNode(node.name)!,
				additionalData,
				options.path ?? 'parameters',
			);
			let value: T | undefined;
			let error: Error | undefined;
			try {
				value = await workflow.expression.withIsolate(
					async () => await method.call(context, ...args),
				);
			} catch (e) {
				error = e as Error;
			}
			return { ...finish(), value, error };
		});
	} finally {
		finish();
	}
}

export async function runListSearch(options: ListSearchOptions): Promise<ListSearchResult> {
	const { value, ...rest } = await callMethod<INodeListSearchResult>('listSearch', options, [
		options.filter,
		options.paginationToken,
	]);
	return { ...rest, results: value };
}

export async function runLoadOptions(options: MethodOptions): Promise<LoadOptionsResult> {
	const { value, ...rest } = await callMethod<INodePropertyOptions[]>('loadOptions', options, []);
	return { ...rest, options: value };
}
