/**
 * What the panel and the canvas say, as the editor decides it from the node descriptions (n8n-workflow's
 * own display rules over the parameters a user set): the kopecks notice follows Add Ruble Amounts, one
 * spelling of the currency in every text, the canvas subtitle names the operation and resource as the
 * editor does, an action title does not say "of a shop" where the operation reads all shops too. The
 * browser part of the e2e checks the same on screen.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import {
	NodeHelpers,
	Workflow,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
} from 'n8n-workflow';
import { applyConfiguredExpressionEngine } from '../harness/env';
import * as pkg from '../../index';

type Described = { description: INodeTypeDescription };
const nodes = (Object.values(pkg) as unknown as Array<new () => Partial<Described>>)
	.map((C) => new C())
	.filter((n): n is Described => Array.isArray(n.description?.properties));
const byName = (name: string) => nodes.find((n) => n.description.name === name)!.description;

/** The top-level fields the editor shows for these parameters (defaults filled in as the editor does). */
export function shownFields(node: INodeTypeDescription, set: INodeParameters): INodeProperties[] {
	const values =
		NodeHelpers.getNodeParameters(node.properties, set, true, false, null, node) ?? set;
	return node.properties.filter((p) => NodeHelpers.displayParameter(values, p, null, node));
}

const noticeTexts = (node: INodeTypeDescription, set: INodeParameters) =>
	shownFields(node, set)
		.filter((p) => p.type === 'notice')
		.map((p) => p.displayName);

describe('the kopecks notice follows Add Ruble Amounts', () => {
	test.each([['dailySalesAggregate'], ['monthlyTotal']])('%s', (resource) => {
		const revenue = byName('shoppingCenterRevenue');
		const set = { resource, operation: 'getMany' };
		const off = noticeTexts(revenue, { ...set, addRubles: false }).filter((t) =>
			/^Money fields/.test(t),
		);
		const on = noticeTexts(revenue, { ...set, addRubles: true }).filter((t) =>
			/^Money fields/.test(t),
		);
		expect(off).toHaveLength(1);
		expect(off[0]).toMatch(/Turn on Add Ruble Amounts/);
		expect(on).toHaveLength(1);
		expect(on[0]).not.toMatch(/Turn on/);
		expect(on[0]).toMatch(/Add Ruble Amounts is on/);
		// the default (off) is what a new node shows
		expect(noticeTexts(revenue, set).filter((t) => /^Money fields/.test(t))).toEqual(off);
	});
});

describe('one spelling of the currency: "ruble"', () => {
	test('no text of any node (fields, options, hints, tool descriptions) says "rouble"', () => {
		const texts = JSON.stringify(nodes.map((n) => n.description));
		const { TOOL_DESCRIPTIONS } = (
			require('../../scripts/lib/tool-descriptions.js') as {
				toolTables(options: { source: boolean }): { TOOL_DESCRIPTIONS: Record<string, string> };
			}
		).toolTables({ source: true });
		expect(texts).toMatch(/ruble/i);
		expect(texts).not.toMatch(/rouble/i);
		expect(JSON.stringify(TOOL_DESCRIPTIONS)).not.toMatch(/rouble/i);
	});
});

/** The subtitle the canvas shows under a node with these parameters (the editor's own evaluation). */
function subtitleShown(description: INodeTypeDescription, parameters: INodeParameters): unknown {
	const node: INode = {
		id: 'a0000000-0000-4000-8000-000000000001',
		name: 'Node',
		type: `n8n-nodes-shopping-center.${description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const type = { description } as INodeType;
	const nodeTypes = {
		getByName: () => type,
		getByNameAndVersion: () => type,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(
		node,
		description.subtitle as string,
		'internal',
		{},
	);
}

/** Every action node's [resource value, resource name, operation value, operation name, action]. */
function operationsOf(description: INodeTypeDescription) {
	const resource = description.properties.find((p) => p.name === 'resource');
	return (resource?.options ?? []).flatMap((r) => {
		const { value, name } = r as { value: string; name: string };
		const selector = description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(value),
		);
		return (selector?.options ?? []).map((o) => {
			const op = o as { value: string; name: string; action: string };
			return { resource: value, resourceName: name, ...op };
		});
	});
}
const actionNodes = nodes.filter((n) =>
	n.description.properties.some((p) => p.name === 'resource'),
);

describe('the canvas subtitle names the operation and resource as the editor does', () => {
	beforeAll(async () => {
		await applyConfiguredExpressionEngine();
	});

	test('every operation of every action node: "<Operation>: <Resource>", never the stored values', () => {
		let checked = 0;
		for (const { description } of actionNodes)
			for (const op of operationsOf(description)) {
				const shown = subtitleShown(description, { resource: op.resource, operation: op.value });
				expect({ node: description.name, shown }).toEqual({
					node: description.name,
					shown: `${op.name}: ${op.resourceName}`,
				});
				checked++;
			}
		expect(checked).toBeGreaterThanOrEqual(16);
		expect(
			subtitleShown(byName('shoppingCenterRevenue'), {
				resource: 'dailySalesAggregate',
				operation: 'getMany',
			}),
		).toBe('Get Many: Daily Sales Aggregate');
	});
});

describe('action titles and texts say "all shops" where the operation reads all shops too', () => {
	test('operations with Shops (one shop or all shops of the center)', () => {
		const withScope = actionNodes.flatMap(({ description }) =>
			operationsOf(description)
				.filter((op) =>
					shownFields(description, { resource: op.resource, operation: op.value }).some(
						(p) => p.name === 'shopScope',
					),
				)
				.map((op) => ({ ...op, about: description.properties })),
		);
		expect(withScope.map((o) => `${o.resource}.${o.value}`).sort()).toEqual([
			'dailySalesAggregate.getMany',
			'receipt.export',
		]);
		for (const op of withScope) {
			expect(op.action).toMatch(/all shops/);
			const resource = op.about.find((p) => p.name === 'resource')!;
			const option = resource.options!.find((o) => (o as { value: string }).value === op.resource);
			expect((option as { description: string }).description).toMatch(/all shops/);
		}
	});

	test('the trigger: the Event as the panel names it ("New Receipt"), never its value', () => {
		const trigger = byName('shoppingCenterEventsTrigger');
		const options = trigger.properties.find((p) => p.name === 'event')!.options as Array<{
			name: string;
			value: string;
		}>;
		for (const o of options) expect(subtitleShown(trigger, { event: o.value })).toBe(o.name);
		expect(options.map((o) => o.value).sort()).toEqual([
			'centerChanges',
			'newAnomaly',
			'newPass',
			'newReceipt',
			'newTicket',
			'ticketChanged',
		]);
	});
});
