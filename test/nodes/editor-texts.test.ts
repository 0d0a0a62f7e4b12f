/**
 * What the panel and the canvas say, as the editor decides it from the node descriptions (n8n-workflow's
 * own display rules over the parameters a user set): the kopecks notice follows Add Ruble Amounts, one
 * spelling of the currency in every text. The browser part of the e2e checks the same on screen.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import {
	NodeHelpers,
	type INodeParameters,
	type INodeProperties,
	type INodeTypeDescription,
} from 'n8n-workflow';
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
		const { TOOL_DESCRIPTIONS } = require('../../nodes/shared/tool/descriptions') as {
			TOOL_DESCRIPTIONS: Record<string, string>;
		};
		expect(texts).toMatch(/ruble/i);
		expect(texts).not.toMatch(/rouble/i);
		expect(JSON.stringify(TOOL_DESCRIPTIONS)).not.toMatch(/rouble/i);
	});
});
