#!/usr/bin/env node
'use strict';
/*
 * Screenshots of the package's nodes in the n8n editor: docs/screenshot-editor.png (the revenue-export
 * example on the canvas and the node panel searched for "Shopping Center") and docs/screenshot-trigger.png
 * (the trigger's parameters in the anomaly → Slack example).
 *
 *   node test/e2e/screenshot.js [--version 1.123.81] [--out docs/screenshot-editor.png] [--package-dir .]
 *                               [--trigger-out docs/screenshot-trigger.png]
 *                               [--url http://localhost:5678 --email E --password P --workflows revenue-export=ID,anomaly-to-slack=ID]
 *                                 (an n8n already running, e.g. npm start)
 *
 * Chromium is Debian's (installed with apt when missing, or $CHROMIUM), driven by playwright-core (a
 * devDependency): test/e2e/lib/browser.js.  Without --url it starts the sandbox and n8n itself (as the
 * demo does), imports the examples, and stops them afterwards.  The panels of the newcomer's first hour
 * (center list, Daily Sales with its notices and hints) come from the e2e's browser part:
 * `N8N_E2E_SCREENSHOT_DIR=docs node test/e2e/run.js --version 1.123.81 --only browser`.
 */
const fs = require('node:fs');
const path = require('node:path');
const { startN8n } = require('../../scripts/n8n/instance');
const { startSandboxProcess } = require('../../scripts/lib/processes');
const { loadExamples, bindExample, DATA_DIR } = require('../../scripts/lib/examples');
const { launchBrowser, signIn } = require('./lib/browser');
const { createSandboxCredential } = require('./lib/sandbox-credential');

const root = path.resolve(__dirname, '..', '..');

function arg(name, dflt) {
	const a = process.argv.slice(2);
	const i = a.indexOf(`--${name}`);
	return i >= 0 ? a[i + 1] : dflt;
}

async function main() {
	const out = path.resolve(arg('out', path.join(root, 'docs', 'screenshot-editor.png')));
	const stops = [];
	let url = arg('url');
	let email = arg('email');
	let password = arg('password');
	const workflowIds = {};
	const triggerOut = arg('trigger-out', path.join(root, 'docs', 'screenshot-trigger.png'));
	try {
		for (const kv of (arg('workflows', '') || '').split(',').filter(Boolean)) {
			const [k, v] = kv.split('=');
			workflowIds[k] = v;
		}
		if (!url) {
			const sb = await startSandboxProcess({});
			stops.push(() => sb.stop());
			const n8n = await startN8n({
				version: arg('version', '1.123.81'),
				packageDir: arg('package-dir', root),
				env: { N8N_RESTRICT_FILE_ACCESS_TO: DATA_DIR },
			});
			stops.push(() => n8n.stop());
			const sc = await createSandboxCredential(n8n, sb);
			const slack = await n8n.api.createCredential({
				name: 'Slack',
				type: 'slackApi',
				data: { accessToken: 'xoxb-screenshot' },
			});
			for (const ex of loadExamples()) {
				const wf = await n8n.api.importWorkflow(
					bindExample(ex.workflow, { credentials: { shoppingCenterApi: sc, slackApi: slack } }),
				);
				workflowIds[ex.key] = wf.id;
			}
			url = n8n.url.replace('127.0.0.1', 'localhost');
			email = n8n.login.email;
			password = n8n.login.password;
		}
		const b = await launchBrowser();
		stops.push(() => b.close());
		const { page } = b;
		await signIn(page, url, email, password);
		fs.mkdirSync(path.dirname(out), { recursive: true });

		const openWorkflow = async (id) => {
			await page.goto(`${url}/workflow/${id}`, { waitUntil: 'networkidle' });
			await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 30000 });
			await page.waitForTimeout(1000);
		};
		const fit = async () => {
			const b = page.locator('[data-test-id="zoom-to-fit"]');
			if (await b.count()) await b.first().click();
			else await page.keyboard.press('1');
			await page.waitForTimeout(600);
		};

		// 1. the editor: the revenue-export workflow, and the node panel searched for the package's nodes
		await openWorkflow(workflowIds['revenue-export']);
		await fit();
		// make room for the node panel on the right: zoom out a step and pan the canvas left
		const zoomOut = page.locator('[data-test-id="zoom-out-button"]');
		if (await zoomOut.count()) await zoomOut.first().click();
		await page.mouse.move(700, 300);
		await page.mouse.wheel(260, 0);
		await page.waitForTimeout(500);
		await page.keyboard.press('Tab');
		await page.waitForTimeout(800);
		await page.keyboard.type('Shopping Center', { delay: 30 });
		await page.waitForTimeout(2000);
		await page.screenshot({ path: out });
		console.log(`saved ${out}`);

		// 2. the trigger's parameters, in the anomaly → Slack workflow
		if (triggerOut) {
			await openWorkflow(workflowIds['anomaly-to-slack']);
			await page
				.locator('[data-test-id="canvas-node"]')
				.filter({ hasText: 'New anomaly' })
				.first()
				.dblclick();
			await page.waitForSelector(
				'[data-test-id="ndv"], .ndv-wrapper, [data-test-id="node-parameters"]',
				{ timeout: 15000 },
			);
			await page.waitForTimeout(1000);
			// "Fetch Test Event": the trigger's manual path, the latest anomaly of each PRO center
			await page
				.locator(
					'[data-test-id="ndv"] button:has-text("Fetch Test Event"), button:has-text("Fetch Test Event")',
				)
				.first()
				.click();
			await page
				.waitForSelector(
					'[data-test-id="ndv-data-container"] table, [data-test-id="run-data-container"] table, .ndv-data table',
					{ timeout: 30000 },
				)
				.catch(() => {});
			await page.mouse.move(1100, 650);
			await page.waitForTimeout(1500);
			await page.screenshot({ path: triggerOut });
			console.log(`saved ${triggerOut}`);
		}
	} finally {
		for (const s of stops.reverse()) await s().catch(() => {});
	}
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
