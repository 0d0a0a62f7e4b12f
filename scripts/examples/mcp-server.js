#!/usr/bin/env node
'use strict';
/*
 * Writes examples/mcp-server.json: an MCP Server Trigger with the package's nodes as tools, parameters
 * filled by the model ($fromAI), each tool described with the text written for a model
 * (scripts/lib/tool-descriptions.js, read from the built dist/). Run after `npm run build`:
 *   node scripts/examples/mcp-server.js          (write)
 *   node scripts/examples/mcp-server.js --check  (exit 1 when the file differs from what would be written)
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const FILE = path.join(root, 'examples', 'mcp-server.json');
const { TOOL_DESCRIPTIONS } = require('../lib/tool-descriptions').toolTables();
const PKG = 'n8n-nodes-shopping-center.';

/** The model-filled parameters ($fromAI key, description, type), the same wording in every tool. */
const AI = {
	center_id: ['center_id', 'Center id (sc_id) from List_Centers, as text, e.g. 1002', 'string'],
	shop_id: ['shop_id', 'Shop id from List_Shops of that center, as text, e.g. 1002-01', 'string'],
	start_date: ['start_date', 'First day of the period, YYYY-MM-DD (inclusive)', 'string'],
	end_date: ['end_date', 'Last day of the period, YYYY-MM-DD (inclusive)', 'string'],
	month: ['month', 'Any day of the month to declare, YYYY-MM-DD', 'string'],
	turnover: [
		'turnover',
		'Turnover of the month in whole kopecks (12345.50 rubles = 1234550)',
		'number',
	],
	// with a default (0): the model may leave it out on its first call
	offset: [
		'offset',
		'Records already shown: 0 at first, then the next_offset of the last answer',
		'number',
		'0',
	],
};
const ai = (k) =>
	`={{ $fromAI('${AI[k][0]}', '${AI[k][1]}', '${AI[k][2]}'${AI[k][3] !== undefined ? `, ${AI[k][3]}` : ''}) }}`;
const byIdAi = (k) => ({ __rl: true, mode: 'id', value: ai(k) });

/** [node name (= tool name with _ for spaces), node type, description key, parameters] */
const TOOLS = [
	['List Centers', 'shoppingCenter', 'center.getMany', { returnAll: true }],
	[
		'List Shops',
		'shoppingCenter',
		'shop.getMany',
		{ center: byIdAi('center_id'), returnAll: true, offset: ai('offset') },
	],
	[
		'Daily Sales',
		'shoppingCenterRevenue',
		'dailySalesAggregate.getMany',
		{
			center: byIdAi('center_id'),
			shop: byIdAi('shop_id'),
			startDate: ai('start_date'),
			endDate: ai('end_date'),
			limit: 100,
			offset: ai('offset'),
		},
	],
	[
		'Receipts',
		'shoppingCenterReceipts',
		'receipt.export',
		{
			center: byIdAi('center_id'),
			shop: byIdAi('shop_id'),
			periodBy: 'created',
			createdStartDate: ai('start_date'),
			createdEndDate: ai('end_date'),
			limit: 50,
			offset: ai('offset'),
		},
	],
	[
		'Anomalies',
		'shoppingCenterAnomalies',
		'anomaly.getMany',
		{
			center: byIdAi('center_id'),
			startDate: ai('start_date'),
			endDate: ai('end_date'),
			limit: 50,
			offset: ai('offset'),
		},
	],
	[
		'Tickets',
		'shoppingCenterPortal',
		'ticket.getMany',
		{
			center: byIdAi('center_id'),
			selectBy: 'createdPeriod',
			startDate: ai('start_date'),
			endDate: ai('end_date'),
			limit: 50,
			offset: ai('offset'),
		},
	],
	[
		'Declare Turnover',
		'shoppingCenterIntake',
		'declaredTurnover.submit',
		{
			center: byIdAi('center_id'),
			shop: byIdAi('shop_id'),
			month: ai('month'),
			turnover: ai('turnover'),
			amountUnit: 'kopecks',
		},
	],
];

function build() {
	const nodes = [
		{
			id: 'c3c3c3c3-0000-4000-8000-000000000001',
			name: 'Note',
			type: 'n8n-nodes-base.stickyNote',
			typeVersion: 1,
			position: [-60, -420],
			parameters: {
				content:
					'## Shopping Center tools over MCP\nActivate the workflow, then connect an MCP client (Claude Desktop, Cursor, ...) to the **Production URL** of the MCP Server Trigger (Streamable HTTP). Each node below is one tool; its parameters marked ✨ are filled by the model. Money is in integer kopecks.\n\nOlder n8n 1.x releases: start n8n with `N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE=true` (1.123 needs nothing). Set **Authentication** on the trigger before exposing it.',
				width: 1100,
				height: 200,
				color: 7,
			},
		},
		{
			id: 'c3c3c3c3-0000-4000-8000-000000000002',
			name: 'MCP Server Trigger',
			type: '@n8n/n8n-nodes-langchain.mcpTrigger',
			typeVersion: 2,
			position: [400, -180],
			webhookId: 'c3c3c3c3-0000-4000-8000-0000000000ff',
			parameters: { path: 'shopping-center' },
		},
	];
	const connections = {};
	TOOLS.forEach(([name, type, key, parameters], i) => {
		const [resource, operation] = key.split('.');
		const toolDescription = TOOL_DESCRIPTIONS[`${type}.${key}`];
		if (!toolDescription) throw new Error(`no tool description for ${type}.${key}`);
		nodes.push({
			id: `c3c3c3c3-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
			name,
			type: `${PKG}${type}Tool`,
			typeVersion: 1,
			position: [i * 180, 80],
			parameters: {
				descriptionType: 'manual',
				toolDescription,
				resource,
				operation,
				...parameters,
			},
			credentials: { shoppingCenterApi: { id: 'REPLACE_ME', name: 'Shopping Center API' } },
		});
		connections[name] = { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] };
	});
	return {
		name: 'Shopping Center: tools for AI assistants (MCP server)',
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

const text = `${JSON.stringify(build(), null, '\t')}\n`;
if (process.argv.includes('--check')) {
	const same = fs.existsSync(FILE) && fs.readFileSync(FILE, 'utf8') === text;
	if (!same) {
		console.error(
			`${FILE} is not what scripts/examples/mcp-server.js writes: run it after npm run build`,
		);
		process.exit(1);
	}
	console.log(`${FILE}: up to date`);
} else {
	fs.writeFileSync(FILE, text);
	console.log(`wrote ${FILE}`);
}
module.exports = { TOOLS, AI };
