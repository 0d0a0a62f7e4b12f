#!/usr/bin/env node
'use strict';
/*
 * Screenshot of the package's nodes in the n8n editor → docs/screenshot-editor.png.
 *
 *   node test/e2e/screenshot.js [--version 1.123.81] [--out docs/screenshot-editor.png] [--package-dir .]
 *                               [--url http://localhost:5678 --email E --password P]   (an n8n already running, e.g. npm start)
 *
 * Needs a Chromium (Debian: `apt-get install -y chromium`; or $CHROMIUM) and playwright-core, which is
 * NOT a dependency of this package: install it anywhere (`npm i --prefix /tmp/pw playwright-core`) and
 * pass that folder as $PLAYWRIGHT_CORE_DIR (default /tmp/pw).  Without --url it starts the sandbox and
 * n8n itself (as the demo does), imports the examples, and stops them afterwards.
 */
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const { startN8n } = require('../../scripts/n8n/instance');
const { startSandboxProcess } = require('./lib/sandbox');
const { loadExamples, bindExample, DATA_DIR } = require('./lib/examples');

const root = path.resolve(__dirname, '..', '..');

function arg(name, dflt) {
	const a = process.argv.slice(2);
	const i = a.indexOf(`--${name}`);
	return i >= 0 ? a[i + 1] : dflt;
}

function loadPlaywright() {
	const dirs = [process.env.PLAYWRIGHT_CORE_DIR, '/tmp/pw', root].filter(Boolean);
	for (const d of dirs) {
		try {
			return createRequire(path.join(path.resolve(d), 'package.json'))('playwright-core');
		} catch {
			/* next */
		}
	}
	throw new Error(`playwright-core not found in ${dirs.join(', ')}: npm i --prefix /tmp/pw playwright-core`);
}

function chromiumPath() {
	for (const p of [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']) if (p && fs.existsSync(p)) return p;
	throw new Error('no Chromium found: apt-get install -y chromium, or set $CHROMIUM');
}

async function main() {
	const out = path.resolve(arg('out', path.join(root, 'docs', 'screenshot-editor.png')));
	const { chromium } = loadPlaywright();
	const stops = [];
	let url = arg('url');
	let email = arg('email');
	let password = arg('password');
	let workflowId = arg('workflow');
	try {
		if (!url) {
			const sb = await startSandboxProcess({});
			stops.push(() => sb.stop());
			const n8n = await startN8n({ version: arg('version', '1.123.81'), packageDir: arg('package-dir', root), env: { N8N_RESTRICT_FILE_ACCESS_TO: DATA_DIR } });
			stops.push(() => n8n.stop());
			const sc = await n8n.api.createCredential({
				name: 'Shopping Center API',
				type: 'shoppingCenterApi',
				data: { baseUrl: sb.baseUrl, clientId: sb.clientId, clientSecret: sb.clientSecret, allowInsecure: false },
			});
			const slack = await n8n.api.createCredential({ name: 'Slack', type: 'slackApi', data: { accessToken: 'xoxb-screenshot' } });
			for (const ex of loadExamples()) {
				const wf = await n8n.api.importWorkflow(bindExample(ex.workflow, { credentials: { shoppingCenterApi: sc, slackApi: slack } }));
				if (ex.key === 'revenue-export') workflowId = wf.id;
			}
			url = n8n.url.replace('127.0.0.1', 'localhost');
			email = n8n.login.email;
			password = n8n.login.password;
		}
		const browser = await chromium.launch({
			executablePath: chromiumPath(),
			headless: true,
			args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
		});
		stops.push(() => browser.close());
		const context = await browser.newContext({ viewport: { width: 1600, height: 900 }, deviceScaleFactor: 1 });
		const page = await context.newPage();
		await page.goto(`${url}/signin`, { waitUntil: 'networkidle' });
		await page.locator('input[type="email"], input[name="email"], input[name="emailOrLdapLoginId"]').first().fill(email);
		await page.locator('input[type="password"]').first().fill(password);
		await page.keyboard.press('Enter');
		await page.waitForURL((u) => !/signin/.test(String(u)), { timeout: 30000 });
		await page.goto(`${url}/workflow/${workflowId}`, { waitUntil: 'networkidle' });
		await page.waitForSelector('[data-test-id="canvas-node"], .vue-flow__node', { timeout: 30000 });
		await page.waitForTimeout(1500);
		// the node panel, searched for the package's nodes, over the example workflow
		await page.keyboard.press('Tab');
		await page.waitForTimeout(800);
		await page.keyboard.type('Shopping Center', { delay: 30 });
		await page.waitForTimeout(2000);
		fs.mkdirSync(path.dirname(out), { recursive: true });
		await page.screenshot({ path: out });
		console.log(`saved ${path.relative(process.cwd(), out) || out}`);
	} finally {
		for (const s of stops.reverse()) await s().catch(() => {});
	}
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
