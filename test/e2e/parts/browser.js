'use strict';
/*
 * The editor in headless Chromium (test/e2e/lib/browser.js): what a newcomer types and sees.
 *   - a date field stores what is typed: 2025-11-23 stays 2025-11-23 (no time added), and the
 *     picker's 2025-11-23T00:00:00 is stored and accepted by the run;
 *   - the center list shows "title · plan · id", the shop list "name · id", and the shop search
 *     finds a shop by its id;
 *   - the panel shows the kopecks notice, the PRO notice and the hints under the fields.
 * The workflow is saved from the editor and read back over REST; then it runs (REST) and its rows
 * are checked. Then what New Receipt's panel says its settings cost as Poll Times and the centers change
 * (parts/browser-trigger-cost.js), and the examples and an Intake error as the editor shows them
 * (parts/browser-examples.js). With $N8N_E2E_SCREENSHOT_DIR the panels are saved as PNG there (the README's images).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const assert = require('node:assert/strict');
const { launchBrowser, signIn, searchNodePicker } = require('../lib/browser');
const browserExamplesPart = require('./browser-examples');
const browserTriggerCostPart = require('./browser-trigger-cost');

const NODE = 'Daily sales';

function workflow(cred) {
	return {
		name: 'Browser: daily sales of one shop',
		nodes: [
			{
				id: 'b0000000-0000-4000-8000-000000000001',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'b0000000-0000-4000-8000-000000000002',
				name: NODE,
				type: 'n8n-nodes-shopping-center.shoppingCenterRevenue',
				typeVersion: 1,
				position: [260, 0],
				parameters: {
					resource: 'dailySalesAggregate',
					operation: 'getMany',
					center: { __rl: true, mode: 'list', value: '' },
					shop: { __rl: true, mode: 'list', value: '' },
					startDate: '',
					endDate: '',
					returnAll: true,
				},
				credentials: { shoppingCenterApi: { id: String(cred.id), name: cred.name } },
			},
		],
		connections: { Start: { main: [[{ node: NODE, type: 'main', index: 0 }]] } },
		settings: {},
	};
}

async function browserPart({ n8n, step, cred }) {
	const shots = process.env.N8N_E2E_SCREENSHOT_DIR;
	const wf = await step('browser: import a workflow with an empty Daily Sales node', () =>
		n8n.api.importWorkflow(workflow(cred)),
	);
	if (!wf) return;
	const b = await step('browser: Chromium (Debian; installed when missing) signs in', async () => {
		const launched = await launchBrowser();
		await signIn(launched.page, n8n.url, n8n.login.email, n8n.login.password);
		return launched;
	});
	if (!b) return;
	const { page } = b;
	// a loaded 2-core machine (other jobs running) can take a while to draw the editor
	page.setDefaultTimeout(90000);
	const param = (name) => page.locator(`[data-test-id="parameter-input-${name}"]`).first();
	const items = () => page.locator('[data-test-id="rlc-item"]:visible');
	const listItems = async () => {
		await items().first().waitFor({ timeout: 60000 });
		return (await items().allInnerTexts()).map((t) => t.trim());
	};
	const openList = (name) => param(name).locator('[data-test-id="rlc-input"]').first().click();
	try {
		const opened = await step(
			'browser: open the node; the panel shows the kopecks notice and the hints',
			async () => {
				await page.goto(`${n8n.url}/workflow/${wf.id}`, { waitUntil: 'domcontentloaded' });
				await page
					.waitForSelector('[data-test-id="canvas-node"]', { timeout: 90000 })
					.catch(async (e) => {
						await page.screenshot({ path: path.join(os.tmpdir(), 'e2e-browser-failure.png') });
						throw new Error(
							`${e.message}\n(page at ${page.url()}; screenshot ${path.join(os.tmpdir(), 'e2e-browser-failure.png')})`,
						);
					});
				await page
					.locator('[data-test-id="canvas-node"]')
					.filter({ hasText: NODE })
					.first()
					.dblclick();
				await page.waitForSelector('[data-test-id="ndv"]', { timeout: 60000 });
				const ndv = page.locator('[data-test-id="ndv"]');
				await ndv
					.getByText(/integer kopecks/)
					.first()
					.waitFor({ timeout: 30000 });
				await ndv
					.getByText(/calculated turnover column/)
					.first()
					.waitFor({ timeout: 30000 });
				await ndv
					.getByText(/YYYY-MM-DD \(e\.g\. 2025-11-23\)/)
					.first()
					.waitFor({ timeout: 30000 });
				// how to say "yesterday", under the date fields
				await ndv
					.getByText(
						/Yesterday as an expression: \{\{ \$today\.minus\(\{days: 1\}\)\.toISODate\(\) \}\}/,
					)
					.first()
					.waitFor({ timeout: 30000 });
				await ndv
					.getByText(/By ID: the sc_id, e\.g\. 1002/)
					.first()
					.waitFor({ timeout: 30000 });
				return true;
			},
		);
		if (!opened) return;
		await step('browser: the center list shows "title · plan · id"', async () => {
			await openList('center');
			const shown = await listItems();
			assert.ok(shown.includes('Mega PRO · PRO · 1002'), `center list: ${JSON.stringify(shown)}`);
			assert.ok(
				shown.includes('Galereya Basic · Basic · 1001'),
				`center list: ${JSON.stringify(shown)}`,
			);
			if (shots) await page.screenshot({ path: path.join(shots, 'screenshot-center-list.png') });
			await items().filter({ hasText: '· 1002' }).first().click();
		});
		await step(
			'browser: the shop list shows "name · id"; searching 1002-01 finds that shop',
			async () => {
				await openList('shop');
				const shown = await listItems();
				assert.ok(
					shown.includes('Coffee Point MEGA · 1002-01'),
					`shop list: ${JSON.stringify(shown)}`,
				);
				const search = page.locator('[data-test-id="rlc-search"]:visible').first();
				const isInput = await search.evaluate((el) => el.tagName === 'INPUT');
				await (isInput ? search : search.locator('input').first()).fill('1002-01');
				await page.waitForTimeout(2000);
				assert.deepEqual(await listItems(), ['Coffee Point MEGA · 1002-01']);
				await items().first().click();
			},
		);
		await step(
			'browser: typing 2025-11-23 and the picker form 2025-11-23T00:00:00 into the date fields',
			async () => {
				await param('startDate').click();
				await page.keyboard.type('2025-11-23', { delay: 20 });
				await param('endDate').click();
				await page.keyboard.type('2025-11-23T00:00:00', { delay: 20 });
				await page.keyboard.press('Tab');
				await page.waitForTimeout(500);
				if (shots) await page.screenshot({ path: path.join(shots, 'screenshot-daily-sales.png') });
				await page.keyboard.press('Escape');
				await page.waitForTimeout(500);
				await page.keyboard.press('Control+s');
				await page.waitForTimeout(1500);
			},
		);
		await step(
			'browser: the saved workflow holds the days as typed and the chosen ids',
			async () => {
				const saved = await n8n.request('GET', `/rest/workflows/${wf.id}`);
				const p = saved.nodes.find((x) => x.name === NODE).parameters;
				assert.equal(p.startDate, '2025-11-23');
				assert.equal(p.endDate, '2025-11-23T00:00:00');
				assert.equal(p.center.value, '1002');
				assert.equal(p.shop.value, '1002-01');
			},
		);
		await step(
			'browser: the saved workflow runs: one row for 2025-11-23 with sc_id and shop_id',
			async () => {
				const ex = await n8n.api.runWorkflow(wf.id);
				assert.equal(ex.status, 'success', JSON.stringify(ex.error || ex.nodeError(NODE)));
				const rows = ex.output(NODE);
				assert.deepEqual(
					rows.map((r) => [r.date, r.sc_id, r.shop_id]),
					[['2025-11-23', '1002', '1002-01']],
				);
			},
		);
		await step('browser: the node picker shows each node with its own description', async () => {
			await page.goto(`${n8n.url}/workflow/${wf.id}`, { waitUntil: 'domcontentloaded' });
			await page.waitForSelector('[data-test-id="canvas-node"]');
			await searchNodePicker(page, 'Shopping Center');
			await page.waitForTimeout(2500);
			if (shots) await page.screenshot({ path: path.join(shots, 'screenshot-editor.png') });
			// the node's own view (its actions) carries the description n8n shows for it. The list may stay
			// beside the view (2.40) or give way to it (1.x, 2.41): wherever the trigger's description is
			// on screen, it must be inside the trigger's own list entry (n8n lists "Shopping Center Trigger",
			// a trigger with several events, as "Shopping Center", with the trigger's icon), never in the
			// directory node's view nor anywhere else
			const triggerTexts = () =>
				page.evaluate(() => {
					const NAME = '[data-test-id="node-creator-item-name"]';
					const places = { ownEntry: 0, elsewhere: 0, where: [] };
					for (const el of document.querySelectorAll('body *')) {
						if (el.children.length || el.offsetParent === null) continue;
						if (!/^Starts the workflow on new anomalies/.test(el.textContent.trim())) continue;
						// the nearest enclosing element that holds any node name: a list entry holds one
						let box = el.parentElement;
						while (box && !box.querySelector(NAME)) box = box.parentElement;
						// and out to the whole entry (2.41 keeps the name and description in a box of their
						// own, beside the icon): the widest element that still holds that one name
						while (
							box &&
							box.parentElement &&
							box.parentElement.querySelectorAll(NAME).length === 1
						)
							box = box.parentElement;
						const names = box ? [...box.querySelectorAll(NAME)] : [];
						const icon = box && box.querySelector('img[src*="shoppingCenterTrigger"]');
						const own = names.length === 1 && Boolean(icon);
						places[own ? 'ownEntry' : 'elsewhere']++;
						if (!own)
							places.where.push(
								`${names.length} name(s) [${names.map((n) => n.textContent.trim()).join(', ')}], icon ${icon ? 'found' : 'not found'} (${(box || el).innerHTML.slice(0, 300)})`,
							);
					}
					return places;
				});
			// (2.x's search list shows each node's description in its entry; 1.x's shows none)
			const before = await triggerTexts();
			assert.equal(
				before.elsewhere,
				0,
				`the list shows the trigger's description out of its entry: ${before.where.join('; ')}`,
			);
			await page
				.locator('[data-test-id="node-creator-item-name"]:visible')
				.filter({ hasText: /^Shopping Center$/ })
				.first()
				.click();
			await page.locator('[data-test-id="nodes-list-header"]:visible').first().waitFor();
			await page
				.getByText(/^Directory of the Shopping-center API/)
				.first()
				.waitFor();
			await page.screenshot({
				path: path.join(shots || os.tmpdir(), 'screenshot-node-picker.png'),
			});
			const after = await triggerTexts();
			console.log(
				`       the trigger's description: before the Shopping Center node's view opened ${before.ownEntry} in its own list entry; after, ${after.ownEntry} there and ${after.elsewhere} elsewhere`,
			);
			assert.equal(
				after.elsewhere,
				0,
				`the Shopping Center node's view shows the trigger's description: ${after.where.join('; ')}`,
			);
			await page.keyboard.press('Escape');
		});
		await step(
			'browser: "What triggers this workflow?" → "shopping center trigger": the trigger\'s entry opens on "Shopping Center Trigger" and its six events',
			async () => {
				await page.goto(`${n8n.url}/workflow/new`, { waitUntil: 'domcontentloaded' });
				await page
					.locator('[data-test-id="canvas-add-button"], [data-test-id="canvas-plus-button"]')
					.first()
					.click();
				await page
					.locator(
						'[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]',
					)
					.first()
					.waitFor();
				await page.keyboard.type('shopping center trigger', { delay: 20 });
				await page.waitForTimeout(1500);
				// the entries as listed: name and icon file
				const listed = await page.evaluate(() =>
					[...document.querySelectorAll('[data-test-id="node-creator-item-name"]')]
						.filter((e) => e.offsetParent !== null)
						.map((e) => {
							let box = e.parentElement;
							while (box && !box.querySelector('img')) box = box.parentElement;
							const src = (box && box.querySelector('img')?.getAttribute('src')) || '';
							return { name: e.textContent.trim(), icon: src.split('/').pop() };
						}),
				);
				const at = listed.findIndex((e) => e.icon === 'shoppingCenterTrigger.svg');
				console.log(
					`       listed: ${listed.map((e, i) => `${i + 1}. ${e.name}${i === at ? ' (the trigger)' : ''}`).join('; ')}`,
				);
				assert.ok(at >= 0, `the trigger is not listed: ${JSON.stringify(listed)}`);
				await page.locator('[data-test-id="node-creator-item-name"]:visible').nth(at).click();
				await page.getByText('Shopping Center Trigger', { exact: true }).first().waitFor();
				for (const event of ['anomaly', 'ticket', 'pass', 'receipt'])
					await page.getByText(`On new ${event}`, { exact: true }).first().waitFor();
				await page.getByText('On ticket changed', { exact: true }).first().waitFor();
				await page.getByText('On center changes', { exact: true }).first().waitFor();
				await page.keyboard.press('Escape');
			},
		);
		await browserTriggerCostPart({ n8n, step, cred, page });
		await browserExamplesPart({ n8n, step, cred, page });
	} finally {
		if (shots) fs.mkdirSync(shots, { recursive: true });
		await b.close().catch(() => {});
	}
}

module.exports = browserPart;
