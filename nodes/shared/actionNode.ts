/**
 * The class every action node of the family extends: one place for what the seven have in common
 * (group, version, subtitle, one main input and output, the credential, usable as an AI tool, the
 * icon pair and display name named after the node, the "From List" searches, the item loop). A node
 * file names itself, its resource modules, its default resource and its description.
 */
import {
	NodeConnectionTypes,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';
import { operationsOf, resourceProperties, type ResourceModule } from './actions';
import { listSearch } from './methods/listSearch';
import { routeOperations } from './router';
import { CREDENTIAL_TYPE } from './transport';

/** What a node may add: its own loadOptions, its own item loop (Intake checks every row first). */
export interface ActionNodeExtras<R> {
	loadOptions?: NonNullable<INodeType['methods']>['loadOptions'];
	route?: (this: IExecuteFunctions, resources: R) => Promise<INodeExecutionData[][]>;
}

/**
 * The canvas subtitle: the operation and resource as the editor names them ("Get Many: Daily Sales
 * Aggregate"), not their stored values (getMany: dailySalesAggregate): an expression over a table
 * built from the resource modules.
 */
export function subtitleOf(resources: Record<string, ResourceModule>): string {
	const names: Record<string, string> = {};
	for (const [resource, operation] of operationsOf(resources)) {
		const { about, operations } = resources[resource].resource;
		names[`${resource}.${operation}`] = `${operations[operation].name}: ${about.name}`;
	}
	const key = '$parameter["resource"] + "." + $parameter["operation"]';
	return `={{ (${JSON.stringify(names)})[${key}] || $parameter["operation"] + ": " + $parameter["resource"] }}`;
}

/** "shoppingCenterRevenue" → "Shopping Center Revenue" */
const displayNameOf = (name: string) =>
	name.replace(/^./, (c) => c.toUpperCase()).replace(/(?<=[a-z])(?=[A-Z])/g, ' ');

export function actionNode<R extends Record<string, ResourceModule>>(
	name: string,
	resources: R,
	defaultResource: keyof R & string,
	description: string,
	extras: ActionNodeExtras<R> = {},
) {
	const displayName = displayNameOf(name);
	const route = extras.route ?? routeOperations;
	return class implements INodeType {
		/** its resource modules (the tests and scripts derive the tool-description tables from them) */
		static readonly resources: R = resources;

		description: INodeTypeDescription = {
			displayName,
			name,
			icon: { light: `file:${name}.svg`, dark: `file:${name}.dark.svg` },
			group: ['transform'],
			version: 1,
			subtitle: subtitleOf(resources),
			description,
			defaults: { name: displayName },
			usableAsTool: true,
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: CREDENTIAL_TYPE, required: true }],
			properties: resourceProperties(resources, defaultResource),
		};

		methods = extras.loadOptions ? { listSearch, loadOptions: extras.loadOptions } : { listSearch };

		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			return await route.call(this, resources);
		}
	};
}
