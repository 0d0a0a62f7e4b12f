/**
 * As on a machine where npm skipped install scripts: isolated-vm's native module cannot load.
 * n8n-workflow only requires it when the 'vm' expression engine is initialised, so the harness
 * (legacy engine) runs nodes and evaluates expressions all the same.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/node-usable-as-tool -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { Expression, NodeConnectionTypes } from 'n8n-workflow';

import { isolatedVmAvailable, runNode, setExpressionEngine } from './index';

jest.mock('isolated-vm', () => {
	throw new Error('Cannot find module isolated_vm.node (simulated: install scripts skipped)');
});

// this file is about the default engine, whatever the run asks for
delete process.env.N8N_HARNESS_EXPRESSION_ENGINE;

class DoubleNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Double',
		name: 'harnessDouble',
		group: ['transform'],
		version: 1,
		description: 'doubles',
		defaults: { name: 'Double' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Value', name: 'value', type: 'number', default: 0 }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [
			this.getInputData().map((_, i) => ({ json: { value: this.getNodeParameter('value', i) } })),
		];
	}
}

it('cannot load isolated-vm here (the simulation works)', () => {
	expect(isolatedVmAvailable()).toBe(false);
});

it('runs nodes with expressions on the legacy engine', async () => {
	const result = await runNode({
		nodeType: new DoubleNode(),
		parameters: { value: '={{ $json.n * 2 }}' },
		inputItems: [{ json: { n: 21 } }],
	});
	expect(Expression.getActiveImplementation()).toBe('legacy');
	expect(result.items[0][0].json).toEqual({ value: 42 });
});

it("the 'vm' engine is what fails without isolated-vm", async () => {
	await expect(setExpressionEngine('vm')).rejects.toThrow(
		'IsolatePool failed to create any bridges',
	);
	await setExpressionEngine('legacy');
	expect(Expression.getActiveImplementation()).toBe('legacy');
});
