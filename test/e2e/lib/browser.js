'use strict';
/*
 * Headless Chromium for the e2e and the screenshots: Debian's `chromium` package (installed with apt
 * when missing: `apt-get install -y chromium`, after `apt-get update` if the first try finds nothing),
 * driven by playwright-core (a devDependency; it downloads no browser of its own).
 *
 *   const { launchBrowser, signIn } = require('./browser');
 *   const browser = await launchBrowser();            // { browser, page, close() }
 *   await signIn(page, url, email, password);
 *   await searchNodePicker(page, 'Shopping Center');  // the canvas's "+", then the search
 */
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function findChromium() {
	for (const p of [process.env.CHROMIUM, ...CANDIDATES]) if (p && fs.existsSync(p)) return p;
	return null;
}

function apt(args) {
	const sudo = typeof process.getuid === 'function' && process.getuid() !== 0 ? ['sudo', '-n'] : [];
	const [cmd, ...rest] = [...sudo, 'apt-get', ...args];
	const r = spawnSync(cmd, rest, {
		encoding: 'utf8',
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		timeout: 15 * 60_000,
	});
	return { ok: r.status === 0, out: `${r.stdout || ''}${r.stderr || ''}` };
}

/** The Chromium binary; installs Debian's package when there is none. */
function ensureChromium({ log = console.log } = {}) {
	const found = findChromium();
	if (found) return found;
	log("  no Chromium: installing Debian's package (apt-get install -y chromium)…");
	let r = apt(['install', '-y', '--no-install-recommends', 'chromium']);
	if (!r.ok) {
		apt(['update']);
		r = apt(['install', '-y', '--no-install-recommends', 'chromium']);
	}
	const after = findChromium();
	if (!after)
		throw new Error(
			`could not install Chromium with apt-get:\n${r.out.split('\n').slice(-15).join('\n')}`,
		);
	return after;
}

async function launchBrowser({ viewport = { width: 1600, height: 900 } } = {}) {
	const { chromium } = require('playwright-core');
	const browser = await chromium.launch({
		executablePath: ensureChromium(),
		headless: true,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-dev-shm-usage',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
		],
	});
	const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
	const page = await context.newPage();
	return { browser, context, page, close: () => browser.close() };
}

async function signIn(page, url, email, password) {
	await page.goto(`${url}/signin`, { waitUntil: 'domcontentloaded', timeout: 90000 });
	await page
		.locator('input[type="email"], input[name="email"], input[name="emailOrLdapLoginId"]')
		.first()
		.fill(email, { timeout: 90000 });
	await page.locator('input[type="password"]').first().fill(password);
	await page.keyboard.press('Enter');
	await page.waitForURL((u) => !/signin/.test(String(u)), { timeout: 90000 });
}

/** Opens the node picker from the canvas's "+" (1.x and 2.x alike) and types `text` into its search. */
async function searchNodePicker(page, text) {
	await page.locator('[data-test-id="node-creator-plus-button"]').first().click();
	await page
		.locator(
			'[data-test-id="node-creator-search-bar"] input, input[data-test-id="node-creator-search-bar"]',
		)
		.first()
		.waitFor();
	await page.keyboard.type(text, { delay: 20 });
}

module.exports = { ensureChromium, findChromium, launchBrowser, signIn, searchNodePicker };
