/**
 * The one-home layout of the action nodes (as n8n's Airtable v2 / Notion v3): each operation file
 * exports its fields, its execute and its side facts; each `<Resource>.resource.ts` re-exports its
 * operations and defines the resource's Operation selector, typed against them; the node lists its
 * resource modules, and the Resource / Operation selectors and every field's display condition
 * (`updateDisplayOptions`, once per operation) are derived from them here.
 */
import {
	updateDisplayOptions,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';
import type { FieldSet, KindColumns } from './output/columns';

/**
 * Records for one input item, or for all input items at once (then the loop ends), or one ready item
 * (a file with its summary: output/writeFile.ts).
 */
export type OperationOutput =
	| IDataObject[]
	| { records: IDataObject[]; allItems: true }
	| { item: INodeExecutionData };

export type OperationHandler = (
	this: IExecuteFunctions,
	itemIndex: number,
	items: INodeExecutionData[],
) => Promise<OperationOutput>;

export type { FieldSet } from './output/columns';

/** How a list is ordered and what its records are called (the tool's "more exist" note). */
export interface ListFacts {
	noun: string;
	dateField?: string;
	newestFirst?: boolean;
}

/** What an operation file exports: its fields (without its own display condition), execute, side facts. */
export interface OperationModule {
	description: INodeProperties[];
	execute: OperationHandler;
	/** the text for an AI tool's "Set Manually" description (examples/mcp-server.json, the README) */
	toolDescription?: string;
	/** the fields of its Simplify option (the operation has the option when this is set) */
	simpleFields?: FieldSet;
	/** the list it returns, for the tool's "more exist" note */
	list?: ListFacts;
	/** the columns of the file it writes with Output "One File" (output/columns.ts) */
	fileColumns?: KindColumns;
}

/** The text of one option of a selector. */
export interface OptionText {
	name: string;
	description: string;
}

export interface OperationText extends OptionText {
	action: string;
}

export interface ResourceDefinition<
	M extends Record<string, OperationModule> = Record<string, OperationModule>,
> {
	about: OptionText;
	operations: { [O in keyof M]: OperationText };
	/** the operation module of each Operation value: the one list the node runs and derives from */
	modules: M;
}

/**
 * A resource: its option in the Resource selector, its operation modules by Operation value and its
 * Operation selector, one option per module (a missing or extra one fails the type check); the first
 * operation is the default.
 */
export function defineResource<M extends Record<string, OperationModule>>(
	about: OptionText,
	modules: M,
	operations: { [O in keyof M]: OperationText },
): ResourceDefinition<M> {
	return { about, operations, modules };
}

/** A resource module: `resource`, its definition. */
export type ResourceModule = { resource: ResourceDefinition };

/** The operation module of a resource under an operation value (undefined when none). */
export function operationOf(
	resources: Record<string, ResourceModule>,
	resource: string,
	operation: string,
): OperationModule | undefined {
	if (!Object.prototype.hasOwnProperty.call(resources, resource)) return undefined;
	const modules = resources[resource].resource.modules;
	return Object.prototype.hasOwnProperty.call(modules, operation) ? modules[operation] : undefined;
}

/**
 * The node's properties from its resource modules (the key is the Resource value, in the editor's
 * order): the Resource selector, each resource's Operation selector, then each operation's fields shown
 * for that resource and operation only.
 */
export function resourceProperties<R extends Record<string, ResourceModule>>(
	resources: R,
	defaultResource: keyof R & string,
): INodeProperties[] {
	const keys = Object.keys(resources);
	const properties: INodeProperties[] = [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: keys.map((value) => ({ ...resources[value].resource.about, value })),
			default: defaultResource,
		},
	];
	for (const resource of keys) {
		const operations = resources[resource].resource.operations;
		const values = Object.keys(operations);
		const first = values[0];
		properties.push({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource] } },
			options: values.map((value) => ({ ...operations[value], value })),
			default: first,
		});
	}
	for (const resource of keys) {
		for (const operation of Object.keys(resources[resource].resource.operations)) {
			const module = operationOf(resources, resource, operation);
			if (!module) throw new Error(`${resource}.${operation} has no operation module`);
			const show = { show: { resource: [resource], operation: [operation] } };
			properties.push(...updateDisplayOptions(show, module.description));
		}
	}
	return properties;
}

/** Every operation of a node as [resource, operation, module] (the derived tables walk these). */
export function operationsOf(
	resources: Record<string, ResourceModule>,
): Array<[string, string, OperationModule]> {
	const out: Array<[string, string, OperationModule]> = [];
	for (const resource of Object.keys(resources))
		for (const operation of Object.keys(resources[resource].resource.operations)) {
			const module = operationOf(resources, resource, operation);
			if (module) out.push([resource, operation, module]);
		}
	return out;
}
