'use strict';
/*
 * The browser part, continued (parts/browser.js calls it with its signed-in page): what the editor
 * shows of the examples and of an Intake error.
 *   - on the canvas, every node of the package is subtitled with its operation and resource as the
 *     panel names them ("Get Many: Daily Sales Aggregate", not "getMany: dailySalesAggregate"), and no
 *     sticky note is cut (its last line inside the note); the spreadsheet example's Intake node has its
 *     error output, leading to "Rows not stored";
 *   - an Intake error counts rows from 1 in all the editor shows (no " [item N]" appended), and its
 *     description says the API's details in words;
 *   - an example's center picker shows the picker's "name · plan · id"; the action list names Daily
 *     Sales' action for one shop or all shops; the kopecks notice follows Add Ruble Amounts; the hint
 *     under Simplify names the fields it keeps, in the items and in One File alike.
 */
const assert = require('node:assert/strict');
const { loadExamples, bindExample } = require('../../../scripts/lib/examples');
const { searchNodePicker } = require('../lib/browser');

const PACKAGE = 'n8n-nodes-shopping-center.';

/** "<Operation>: <Resource>" as the panel names them, from the node type n8n serves. */
function subtitleOf(types, node) {
	const type = types.find((t) => t.name === node.type);
	const props = (type && type.properties) || [];
	const { resource, operation } = node.parameters;
	const resourceName = props
		.find((p) => p.name === 'resource')
		?.options.find((o) => o.value === resource)?.name;
	const operationName = props
		.filter((p) => p.name === 'operation')
		.find((p) => p.displayOptions?.show?.resource?.includes(resource))
		?.options.find((o) => o.value === operation)?.name;
	return `${operationName}: ${resourceName}`;
}

/** The workflow of the error: four rows, the third refused by the API, no error output. */
function badRowsWorkflow(example, cred) {
	const wf = bindExample(example, {
		credentials: { shoppingCenterApi: cred },
		patch: (node) => {
			if (node.name === 'Tenant spreadsheet') {
				const last = '  `1002-04;${month};2 410 000;6702;15230`,';
				assert.ok(node.parameters.jsCode.includes(last), 'the sample rows changed');
				node.parameters.jsCode = node.parameters.jsCode.replace(
					last,
					`  \`9999-99;\${month};100;1;0\`,\n${last}`,
				);
			}
			if (node.name === 'Declare turnover') delete node.onError;
		},
	});
	wf.name = 'Browser: an Intake error';
	wf.nodes = wf.nodes.filter(
		(n) => !['Stored?', 'Rows not stored', 'Monthly totals'].includes(n.name),
	);
	delete wf.connections['Declare turnover'];
	delete wf.connections['Stored?'];
	return wf;
}

async function browserExamplesPart({ n8n, step, cred, page }) {
	const examples = loadExamples().filter((e) => e.key !== 'mcp-server');
	const imported = await step('browser: import the examples', async () => {
		const out = {};
		for (const { key, workflow } of examples)
			out[key] = await n8n.api.importWorkflow(
				bindExample(workflow, { credentials: { shoppingCenterApi: cred } }),
			);
		return out;
	});
	if (!imported) return;
	const types = await n8n.api.nodeTypes();
	const open = async (id) => {
		await page.goto(`${n8n.url}/workflow/${id}`, { waitUntil: 'domcontentloaded' });
		await page.waitForSelector('[data-test-id="canvas-node"]');
		await page.waitForTimeout(1500);
	};

	await step(
		"browser: the examples on the canvas — subtitles in the editor's words, no note cut, the error branch",
		async () => {
			for (const { key, workflow } of examples) {
				await open(imported[key].id);
				for (const node of workflow.nodes) {
					if (!node.type.startsWith(PACKAGE) || node.parameters.resource === undefined) continue;
					const box = page.locator(`[data-test-id="canvas-node"][data-node-name="${node.name}"]`);
					const lines = (await box.innerText()).split('\n').map((l) => l.trim());
					assert.equal(lines.at(-1), subtitleOf(types, node), `${key}: "${node.name}"`);
				}
				// a note is cut when its last block ends below the note
				const notes = await page.evaluate(() =>
					[...document.querySelectorAll('[data-test-id="sticky"]')].map((sticky) => {
						const blocks = sticky.querySelectorAll('h1, h2, h3, p, pre, ul, ol, table');
						const last = blocks[blocks.length - 1];
						return {
							blocks: blocks.length,
							below: last
								? last.getBoundingClientRect().bottom - sticky.getBoundingClientRect().bottom
								: 0,
						};
					}),
				);
				assert.ok(notes.length > 0, `${key}: no note on the canvas`);
				for (const n of notes) {
					assert.ok(n.blocks > 0, `${key}: a note shows nothing`);
					assert.ok(
						n.below <= 0,
						`${key}: a note is cut (its last block ends ${n.below} px below it)`,
					);
				}
			}
			await open(imported['spreadsheet-to-declared-turnover'].id);
			const intake = await page
				.locator('[data-test-id="canvas-node"][data-node-name="Declare turnover"]')
				.innerText();
			assert.match(intake, /Success[\s\S]*Error/, 'the Intake node shows no error output');
			await page
				.locator('[data-test-id="canvas-node"][data-node-name="Rows not stored"]')
				.waitFor();
		},
	);

	await step(
		'browser: an Intake error as the editor shows it counts rows from 1, its details in words',
		async () => {
			const example = examples.find((e) => e.key === 'spreadsheet-to-declared-turnover').workflow;
			const wf = await n8n.api.importWorkflow(badRowsWorkflow(example, cred));
			await open(wf.id);
			await page.locator('[data-test-id="execute-workflow-button"]').first().click();
			const node = page.locator('[data-test-id="canvas-node"][data-node-name="Declare turnover"]');
			await page.waitForTimeout(4000);
			await node.dblclick();
			const message = page.locator('[data-test-id="ndv"] [data-test-id="node-error-message"]');
			await message.waitFor({ timeout: 60000 });
			const shown = (await message.innerText()).trim();
			assert.match(shown, /\[row 3 of 4: shop 9999-99, month [\d-]+\]/, shown);
			assert.match(shown, /2 of 4 stored: .*; not sent: row 4$/, shown);
			assert.doesNotMatch(shown, /\[item \d+\]/, shown);
			const description = await page
				.locator('[data-test-id="ndv"] [data-test-id="node-error-description"]')
				.innerText();
			assert.match(description, /The API names the field shop_id\./, description);
			assert.doesNotMatch(description, /Details: \{/, description);
			await page.keyboard.press('Escape');
		},
	);

	await step(
		"browser: the revenue example's panel — the picker's center name, the kopecks notice follows Add Ruble Amounts, Simplify's hint; the action for all shops",
		async () => {
			await open(imported['revenue-export'].id);
			await page.locator('[data-test-id="canvas-node"][data-node-name="Daily sales"]').dblclick();
			const ndv = page.locator('[data-test-id="ndv"]');
			await ndv.waitFor();
			const center = await ndv
				.locator('[data-test-id="parameter-input-center"] input')
				.evaluateAll((inputs) => inputs.map((i) => i.value));
			assert.ok(center.includes('Mega PRO · PRO · 1002'), `center shows ${JSON.stringify(center)}`);
			await ndv
				.getByText(/^Keeps date, sc_id, shop_id, .*in Output "One File" alike/)
				.first()
				.waitFor();
			// the example has Add Ruble Amounts on: the notice says so, and says otherwise once it is off
			const ON = /Add Ruble Amounts is on/;
			const OFF = /Turn on Add Ruble Amounts/;
			const toggle = () =>
				ndv.locator('[data-test-id="parameter-input-addRubles"] .el-switch').first().click();
			const says = async (shown, hidden) => {
				await ndv.getByText(shown).first().waitFor();
				assert.equal(await ndv.getByText(hidden).count(), 0, `${hidden} is shown beside ${shown}`);
			};
			await says(ON, OFF);
			await toggle();
			await says(OFF, ON);
			await toggle();
			await says(ON, OFF);
			await page.keyboard.press('Escape');
			// the operation's action, as the node picker lists the node's actions
			await searchNodePicker(page, 'Shopping Center Revenue');
			await page
				.locator('[data-test-id="node-creator-item-name"]:visible')
				.filter({ hasText: /^Shopping Center Revenue$/ })
				.first()
				.click();
			await page.getByText('Get daily sales of a shop or all shops').first().waitFor();
			await page.keyboard.press('Escape');
		},
	);
}

module.exports = browserExamplesPart;
