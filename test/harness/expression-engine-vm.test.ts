/**
 * The same node and expressions under n8n-workflow's two expression engines. 'vm' needs the
 * isolated-vm native module; where it does not load, the comparison is skipped (see
 * expression-engine-without-isolated-vm.test.ts for that case).
 */
/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { Expression, NodeConnectionTypes } from 'n8n-workflow';

import { isolatedVmAvailable, runNode, setExpressionEngine } from './index';

class EchoNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Echo',
		name: 'harnessEcho',
		group: ['transform'],
		version: 1,
		description: 'returns its parameters',
		defaults: { name: 'Echo' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'Text', name: 'text', type: 'string', default: '' },
			{ displayName: 'Data', name: 'data', type: 'json', default: '{}' },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [
			this.getInputData().map((_, i) => ({
				json: { text: this.getNodeParameter('text', i), data: this.getNodeParameter('data', i) },
				pairedItem: { item: i },
			})),
		];
	}
}

const parameters = {
	text: '={{ $json.name.toUpperCase() }}-{{ $json.n * 2 }}-{{ DateTime.fromISO("2024-02-29").plus({ days: 1 }).toISODate() }}-{{ [3, 1, 2].max() }}',
	data: '={{ JSON.stringify({ list: $input.all().map(i => i.json.n), first: $("When clicking \'Execute workflow\'").first().json.name }) }}',
};
const inputItems = [{ json: { name: 'ab', n: 1 } }, { json: { name: 'cd', n: 4 } }];
const expected = [
	{ text: 'AB-2-2024-03-01-3', data: '{"list":[1,4],"first":"ab"}' },
	{ text: 'CD-8-2024-03-01-3', data: '{"list":[1,4],"first":"ab"}' },
];

afterAll(async () => await setExpressionEngine('legacy'));

it('legacy engine (the default) evaluates the expressions', async () => {
	expect(Expression.getActiveImplementation()).toBe('legacy');
	const result = await runNode({ nodeType: new EchoNode(), parameters, inputItems });
	expect(result.items[0].map((i) => i.json)).toEqual(expected);
});

(isolatedVmAvailable() ? it : it.skip)(
	'vm engine (isolated-vm) gives the same results',
	async () => {
		await setExpressionEngine('vm');
		expect(Expression.getActiveImplementation()).toBe('vm');
		const result = await runNode({ nodeType: new EchoNode(), parameters, inputItems });
		expect(result.error).toBeUndefined();
		expect(result.items[0].map((i) => i.json)).toEqual(expected);
		await setExpressionEngine('legacy');
		expect(Expression.getActiveImplementation()).toBe('legacy');
	},
);
