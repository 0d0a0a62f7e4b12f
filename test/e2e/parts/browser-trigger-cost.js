'use strict';
/*
 * The browser part, continued (parts/browser.js calls it with its signed-in page): what New Receipt's
 * panel says THIS configuration costs, read as the user sees it (the panel's text and the values its
 * inputs show, then the Cost Estimate list opened), while Poll Times and the centers change in the
 * editor:
 *   1. Selected Centers 1002, every minute → "11 shops every minute: ≈ 15,840/day, 32 % of
 *      50,000" (the sandbox's 1002 has 11 active shops, PRO);
 *   2. Poll Times changed to every 5 minutes in the panel → "… ≈ 3,168 …, 6 % of 50,000";
 *   3. Centers changed to All My Centers → the list has 1002 and 1004 (9 shops, ≈ 2,592, 5 %), the
 *      Basic and the blocked center as not read, each with its share (25,000) and the lag it allows.
 * A panel whose figures do not follow the settings (a static notice) fails at 1.
 */
const path = require('node:path');
const assert = require('node:assert/strict');

const NODE = 'New receipt';

function workflow(cred) {
	return {
		name: 'Browser: what New Receipt costs',
		nodes: [
			{
				id: 'c0000000-0000-4000-8000-000000000001',
				name: NODE,
				type: 'n8n-nodes-shopping-center.shoppingCenterEventsTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					event: 'newReceipt',
					centerScope: 'selected',
					centerIds: ['1002'],
				},
				credentials: { shoppingCenterApi: { id: String(cred.id), name: cred.name } },
			},
		],
		connections: {},
		settings: {},
	};
}

/** The text the parameter panel shows: its visible text and the values its inputs display. */
async function panelText(page) {
	return await page.locator('[data-test-id="ndv"]').evaluate((ndv) => {
		const inputs = [...ndv.querySelectorAll('input, textarea')]
			.filter((i) => i.offsetParent !== null && i.value)
			.map((i) => i.value);
		return `${ndv.innerText}\n${inputs.join('\n')}`;
	});
}

/** Waits until the panel shows text matching `re` (the estimate is loaded again after a change). */
async function waitForPanel(page, re, what) {
	const until = Date.now() + 60_000;
	let text = '';
	while (Date.now() < until) {
		text = await panelText(page);
		if (re.test(text)) return text;
		await page.waitForTimeout(500);
	}
	const lines = text.split('\n').filter((l) => /request|shop|minute|Poll/i.test(l));
	throw new Error(`${what}: the panel never showed ${re}; it shows:\n  ${lines.join('\n  ')}`);
}

/** Picks `option` in the select of parameter `name` (the first one shown). */
async function choose(page, name, option) {
	await page.locator(`[data-test-id="parameter-input-${name}"]`).first().click();
	await page
		.locator('[data-test-id="parameter-input-item"]:visible')
		.filter({ hasText: option })
		.first()
		.click();
	await page.waitForTimeout(500);
}

/** The Cost Estimate list opened: each option's name and description as shown. */
async function estimateList(page) {
	await page.locator('[data-test-id="parameter-input-costEstimate"]').first().click();
	const items = page.locator('[data-test-id="parameter-input-item"]:visible');
	await items.first().waitFor({ timeout: 30_000 });
	const texts = (await items.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
	await page.keyboard.press('Escape');
	return texts;
}

async function browserTriggerCostPart({ n8n, step, cred, page }) {
	const wf = await step('browser: import a New Receipt trigger on center 1002, every minute', () =>
		n8n.api.importWorkflow(workflow(cred)),
	);
	if (!wf) return;
	const opened = await step(
		"browser: New Receipt's panel says what 11 shops every minute cost: ≈ 15,840/day, 32 % of 50,000",
		async () => {
			await page.goto(`${n8n.url}/workflow/${wf.id}`, { waitUntil: 'domcontentloaded' });
			await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 90_000 });
			await page.locator(`[data-test-id="canvas-node"][data-node-name="${NODE}"]`).dblclick();
			await page.waitForSelector('[data-test-id="ndv"]', { timeout: 60_000 });
			const text = await waitForPanel(
				page,
				/11 shops every minute: ≈ 15,840\/day, 32 % of 50,000/,
				'every minute, center 1002',
			);
			console.log(`       shown: ${text.match(/11 shops every minute[^\n]*/)[0]}`);
			const shots = process.env.N8N_E2E_SCREENSHOT_DIR;
			if (shots) await page.screenshot({ path: path.join(shots, 'screenshot-trigger-cost.png') });
			return true;
		},
	);
	if (!opened) return;
	await step(
		'browser: Poll Times changed to every 5 minutes → ≈ 3,168/day, 6 % of 50,000',
		async () => {
			await choose(page, 'mode', 'Every X');
			await choose(page, 'unit', 'Minutes');
			const value = page.locator('[data-test-id="parameter-input-value"] input').first();
			await value.fill('5');
			await value.press('Tab');
			const text = await waitForPanel(
				page,
				/11 shops every 5 minutes: ≈ 3,168\/day, 6 % of 50,000/,
				'every 5 minutes, center 1002',
			);
			console.log(`       shown: ${text.match(/11 shops every 5 minutes[^\n]*/)[0]}`);
			const list = await estimateList(page);
			const own = list.find((t) => /^Mega PRO · 1002: 11 shops every 5 minutes/.test(t));
			assert.ok(own, `the list: ${JSON.stringify(list)}`);
			assert.match(own, /= 25,000 a day for all trigger nodes of the center together/);
			assert.match(own, /waits at most 2 polls \(10 min\)/);
		},
	);
	await step(
		'browser: Centers changed to All My Centers → 1002 and 1004 priced each, Basic and blocked not read',
		async () => {
			await choose(page, 'centerScope', 'All My Centers');
			await waitForPanel(page, /1004: 9 shops ≈ 2,592 \(5 % of 50,000\)/, 'All My Centers');
			const list = await estimateList(page);
			console.log(
				`       the list:\n         ${list.map((t) => t.slice(0, 110)).join('\n         ')}`,
			);
			const find = (re) => list.find((t) => re.test(t));
			assert.ok(find(/· 1004: 9 shops every 5 minutes: ≈ 2,592\/day, 5 % of 50,000/));
			assert.ok(find(/· 1002: 11 shops every 5 minutes: ≈ 3,168\/day/));
			assert.ok(find(/· 1001: Basic \(receipts need PRO\): not read/), JSON.stringify(list));
			assert.ok(find(/· 1003: blocked for non-payment: not read/), JSON.stringify(list));
			await page.keyboard.press('Escape');
		},
	);
}

module.exports = browserTriggerCostPart;
