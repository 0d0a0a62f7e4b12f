'use strict';
/*
 * e2e part `agent`: n8n's AI Agent + OpenAI Chat Model whose credential Base URL points at a local
 * OpenAI-compatible stub playing a scripted model (lib/openai-stub.js): its first answer is a call of
 * the package's Daily_Sales tool with an impossible date, its second (having read the tool's error) the
 * corrected call, its third a final message built from the tool's result. Run for AI Agent 2.2 and 3. Checked:
 * the tool ran against the sandbox (request log, numbers = the sandbox truth), the agent's answer
 * carries them, and the stub received the tools' names, descriptions and JSON schemas (logged to
 * test/e2e/results/agent-tools.json; the README quotes one).
 */
const fs = require('node:fs');
const path = require('node:path');
const assert = require('node:assert/strict');
const { startOpenAiStub } = require('../lib/openai-stub');
const { toolTables } = require('../../../scripts/lib/tool-descriptions');
const { runWorkflow, nodeErrorText, itemsOf } = require('../lib/workflows');
const { day, PKG, PRO } = require('../lib/operations');

const RESULTS = path.join(__dirname, '..', 'results');
const SHOP = '1002-01';

const BAD_DATE = `${new Date().getUTCFullYear()}-13-45`;
const textOf = (m) =>
	typeof m.content === 'string' ? m.content : m.content.map((c) => c.text || '').join('');

/**
 * The scripted model: call Daily_Sales with an impossible start date; read the error the tool
 * answered and call again with the right dates; then sum what the tool answered.
 */
function script(start, end) {
	return (body) => {
		const toolMessages = (body.messages || []).filter((m) => m.role === 'tool');
		const call = (start_date) => ({
			toolCall: {
				name: 'Daily_Sales',
				arguments: { center_id: PRO, shop_id: SHOP, start_date, end_date: end },
			},
		});
		if (toolMessages.length === 0) return call(BAD_DATE);
		if (toolMessages.length === 1) {
			const error = textOf(toolMessages[0]);
			// a model corrects what the error names: the field and its format
			if (!/Start Date/.test(error) || !/YYYY-MM-DD/.test(error))
				return { content: `UNREADABLE ERROR: ${error.slice(0, 300)}` };
			return call(start);
		}
		const rows = JSON.parse(textOf(toolMessages.at(-1))).filter((r) => r && r.date);
		const income = rows.reduce((s, r) => s + r.income_sum, 0);
		return {
			content: `Shop ${SHOP} took ${income} kopecks over ${rows.length} days (${start} to ${end}).`,
		};
	};
}

function agentWorkflow(credentials, openAiCred, start, end, toolDescription, agentVersion) {
	const ai = (k, d) => `={{ $fromAI('${k}', '${d}', 'string') }}`;
	return {
		name: `e2e: AI Agent ${agentVersion} with a Shopping Center tool`,
		nodes: [
			{
				id: 'ag-1',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'ag-2',
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: agentVersion,
				position: [240, 0],
				parameters: {
					promptType: 'define',
					text: `How much did shop ${SHOP} of center ${PRO} take from ${start} to ${end}?`,
					options: {},
				},
			},
			{
				id: 'ag-3',
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.2,
				position: [160, 220],
				parameters: { model: { __rl: true, mode: 'id', value: 'gpt-4o-mini' }, options: {} },
				credentials: { openAiApi: { id: String(openAiCred.id), name: openAiCred.name } },
			},
			{
				id: 'ag-4',
				name: 'Daily Sales',
				type: `${PKG}shoppingCenterRevenueTool`,
				typeVersion: 1,
				position: [360, 220],
				parameters: {
					descriptionType: 'manual',
					toolDescription,
					resource: 'dailySalesAggregate',
					operation: 'getMany',
					center: { __rl: true, mode: 'id', value: ai('center_id', 'Center id (sc_id), text') },
					shop: { __rl: true, mode: 'id', value: ai('shop_id', 'Shop id, text') },
					startDate: ai('start_date', 'First day, YYYY-MM-DD'),
					endDate: ai('end_date', 'Last day, YYYY-MM-DD'),
				},
				credentials: {
					shoppingCenterApi: {
						id: String(credentials.shoppingCenterApi.id),
						name: 'Shopping Center API',
					},
				},
			},
		],
		connections: {
			Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			'Daily Sales': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

module.exports = async function agentPart({ n8n, sb, step, credentials, packageDir }) {
	const { TOOL_DESCRIPTIONS } = toolTables({ packageDir });
	const description = TOOL_DESCRIPTIONS['shoppingCenterRevenue.dailySalesAggregate.getMany'];
	const start = day(-7);
	const end = day(-1);
	// the Tools Agent as n8n 1.x made it (2.2: tools run inside the agent) and the current one (3: the
	// engine runs each tool node the model asks for)
	for (const agentVersion of [2.2, 3])
		await agentRun({ n8n, sb, step, credentials, description, start, end, agentVersion });
};

async function agentRun({ n8n, sb, step, credentials, description, start, end, agentVersion }) {
	const stub = await startOpenAiStub({ script: script(start, end) });
	console.log(
		`       AI Agent ${agentVersion}; scripted model (OpenAI-compatible stub): ${stub.baseUrl}`,
	);
	try {
		const openAiCred = await step(
			`AI Agent ${agentVersion}: an "OpenAI" credential whose Base URL is the stub`,
			() =>
				n8n.api.createCredential({
					name: `OpenAI (stub for agent ${agentVersion})`,
					type: 'openAiApi',
					data: { apiKey: 'sk-e2e-stub', url: stub.baseUrl, header: false },
				}),
		);
		if (!openAiCred) return;

		let run;
		await step(
			`AI Agent ${agentVersion} + OpenAI Chat Model (stub) + the Daily Sales tool: the workflow succeeds`,
			async () => {
				run = await runWorkflow(
					n8n,
					sb,
					agentWorkflow(credentials, openAiCred, start, end, description, agentVersion),
				);
				assert.equal(run.ex.status, 'success', nodeErrorText(run.ex, run.ex.lastNodeExecuted));
			},
		);
		if (!run) return;

		await step(
			`AI Agent ${agentVersion}: the tool ran against the sandbox; the answer has the true Σ income`,
			async () => {
				const truth = await sb.control.truth('daily', {
					sc_id: PRO,
					shop_id: SHOP,
					start_date: start,
					end_date: end,
				});
				const daily = run.log.filter((e) => e.route === 'sales.daily');
				assert.ok(daily.length >= 1, 'no GET …/sales/daily in the sandbox log');
				assert.ok(
					daily.every((e) => e.sc_id === PRO && e.status === 200),
					JSON.stringify(daily),
				);
				const out = itemsOf(run.ex)('AI Agent');
				assert.equal(out.length, 1);
				const expected = `Shop ${SHOP} took ${truth.sum} kopecks over ${truth.ids.length} days`;
				assert.ok(String(out[0].output).startsWith(expected), `${out[0].output} ≠ ${expected}…`);
				console.log(`       agent: "${out[0].output}"`);
			},
		);

		await step(
			`AI Agent ${agentVersion}: the stub got 3 calls (a bad date, its error read, the retry), each with the tool's name, description, JSON schema`,
			async () => {
				assert.equal(stub.requests.length, 3, `${stub.requests.length} model calls`);
				const error = textOf(stub.requests[1].messages.find((m) => m.role === 'tool'));
				console.log(`       the tool's error as the model read it: "${error.slice(0, 160)}"`);
				fs.mkdirSync(RESULTS, { recursive: true });
				const tools = stub.requests[0].tools || [];
				fs.writeFileSync(
					path.join(RESULTS, `agent-${agentVersion}-tools.json`),
					`${JSON.stringify(tools, null, 2)}\n`,
				);
				for (const body of stub.requests) {
					const tool = (body.tools || []).find(
						(t) => t.function && t.function.name === 'Daily_Sales',
					);
					assert.ok(tool, `no Daily_Sales among ${JSON.stringify(body.tools || []).slice(0, 300)}`);
					assert.equal(tool.function.description, description);
					const schema = tool.function.parameters;
					assert.equal(schema.type, 'object');
					assert.deepEqual(Object.keys(schema.properties).sort(), [
						'center_id',
						'end_date',
						'shop_id',
						'start_date',
					]);
					assert.match(schema.properties.start_date.description, /YYYY-MM-DD/);
				}
				const t = tools.find((x) => x.function.name === 'Daily_Sales');
				console.log(`       tool as the model saw it: ${JSON.stringify(t).slice(0, 300)}…`);
			},
		);
	} finally {
		await stub.stop();
	}
}
