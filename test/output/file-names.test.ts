/**
 * Output "One File": with File Name empty, the file is named by what it holds (the kind, the shop or
 * center, the period asked), not by when it was written, so two runs of the same export give the same
 * name; a File Name given wins. Through n8n-core's engine against the sandbox.
 */
import type { INodeParameters, INodeType } from 'n8n-workflow';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterAnomalies } from '../../nodes/ShoppingCenterAnomalies/ShoppingCenterAnomalies.node';
import { ShoppingCenterPortal } from '../../nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
import { locator, run, startTestSandbox } from '../helpers/action-run';
import type { Sandbox } from '../../sandbox';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});

const daily = {
	resource: 'dailySalesAggregate',
	operation: 'getMany',
	center: locator('1002'),
	shop: locator('1002-01'),
	startDate: '2026-11-01',
	endDate: '2026-11-05',
	returnAll: true,
	output: 'file',
};

async function fileName(node: INodeType, params: INodeParameters): Promise<string> {
	const r = await run(sb, node, params);
	if (r.error) throw new Error(r.error.message);
	return String(r.items[0][0].binary?.data.fileName);
}

test.each<[string, () => INodeType, INodeParameters, string]>([
	[
		'daily sales of one shop',
		() => new ShoppingCenterRevenue(),
		daily,
		'daily-sales-1002-01-2026-11-01-2026-11-05.csv',
	],
	[
		'one day of daily sales of every shop, JSON Lines',
		() => new ShoppingCenterRevenue(),
		{ ...daily, shopScope: 'all', startDate: '2026-11-05', fileFormat: 'jsonl' },
		'daily-sales-1002-all-shops-2026-11-05.jsonl',
	],
	[
		'receipts of one shop',
		() => new ShoppingCenterReceipts(),
		{
			resource: 'receipt',
			operation: 'export',
			center: locator('1002'),
			shop: locator('1002-02'),
			periodBy: 'created',
			createdStartDate: '2026-11-01',
			createdEndDate: '2026-11-02',
			returnAll: true,
			output: 'file',
		},
		'receipts-1002-02-2026-11-01-2026-11-02.csv',
	],
	[
		'anomalies of a center',
		() => new ShoppingCenterAnomalies(),
		{
			resource: 'anomaly',
			operation: 'getMany',
			center: locator('1002'),
			startDate: '2026-10-01',
			endDate: '2026-10-31',
			returnAll: true,
			output: 'file',
		},
		'anomalies-1002-2026-10-01-2026-10-31.csv',
	],
	[
		'tickets of a center',
		() => new ShoppingCenterPortal(),
		{
			resource: 'ticket',
			operation: 'getMany',
			center: locator('1002'),
			selectBy: 'createdPeriod',
			startDate: '2026-11-01',
			endDate: '2026-11-20',
			returnAll: true,
			output: 'file',
		},
		'tickets-1002.csv',
	],
])('%s', async (_t, node, params, want) => {
	expect(await fileName(node(), params)).toBe(want);
	// the same export again: the same name (it says what the file holds, not when it was written)
	expect(await fileName(node(), params)).toBe(want);
});

test('a File Name given wins', async () => {
	const name = await fileName(new ShoppingCenterRevenue(), {
		...daily,
		fileOptions: { fileName: 'mine.csv' },
	});
	expect(name).toBe('mine.csv');
});
