'use strict';
/*
 * `npm start` keeps the user's work: the demo (scripts/n8n/demo.js) is started in a new user folder,
 * a workflow of the user's own is saved over REST, the demo is stopped with Ctrl-C (SIGINT to its
 * process group, as a terminal sends it), started again, and must show that workflow again: in its
 * banner, over REST after logging in with the same password, with the demo's two credentials and four
 * examples not made a second time, and n8n's log (named in the banner) holding both starts. Then
 * --fresh: a clean instance, the old folder moved aside.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const assert = require('node:assert/strict');
const { startProcess, freePort } = require('../../../scripts/lib/processes');
const { OWNER } = require('../../../scripts/n8n/instance/env');

const root = path.resolve(__dirname, '..', '..', '..');
const DEMO = path.join(root, 'scripts', 'n8n', 'demo.js');

async function startDemo(version, folder, extra = []) {
	const port = await freePort();
	const sandboxPort = await freePort();
	const proc = startProcess(
		process.execPath,
		[
			DEMO,
			'--version',
			version,
			'--port',
			String(port),
			'--sandbox-port',
			String(sandboxPort),
			'--user-folder',
			folder,
			...extra,
		],
		{ detached: true, keepLines: 400, env: { ...process.env, N8N_E2E_NO_SLACK_CATCHER: '1' } },
	);
	try {
		await proc.waitForLine(/is running/, 240000);
		await proc.waitForLine(/your work stays in/, 10000);
	} catch (e) {
		await proc.stop({ timeoutMs: 20000 }).catch(() => {});
		throw new Error(`${e.message}\n${proc.lines.slice(-30).join('\n')}`);
	}
	return { proc, url: `http://127.0.0.1:${port}`, banner: proc.lines.join('\n') };
}

/** Ctrl-C in a terminal: SIGINT to the whole foreground group; the demo must exit by itself. */
async function ctrlC(demo) {
	process.kill(-demo.proc.pid, 'SIGINT');
	const deadline = Date.now() + 60000;
	while (!demo.proc.exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
	assert.ok(demo.proc.exited, 'the demo did not exit within 60 s of Ctrl-C');
}

async function session(url) {
	const login = await fetch(`${url}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', 'browser-id': 'restart-test' },
		body: JSON.stringify({
			emailOrLdapLoginId: OWNER.email,
			email: OWNER.email,
			password: OWNER.password,
		}),
	});
	assert.equal(login.status, 200, `log in as ${OWNER.email}: HTTP ${login.status}`);
	const cookie = /n8n-auth=[^;]*/.exec(login.headers.get('set-cookie') || '')[0];
	const call = async (method, p, body) => {
		const res = await fetch(url + p, {
			method,
			headers: { 'content-type': 'application/json', 'browser-id': 'restart-test', cookie },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const json = await res.json();
		assert.ok(res.ok, `${method} ${p}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
		return json.data;
	};
	return call;
}

const MINE = 'My own workflow (restart test)';

async function restartPart({ step, version }) {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-demo-restart-'));
	let demo;
	try {
		demo = await step(
			'npm start (demo) in a new user folder: owner, credentials, examples',
			async () => {
				const d = await startDemo(version, folder);
				assert.match(d.banner, new RegExp(`Your work is kept in ${folder.replace(/[.]/g, '\\.')}`));
				// the zone Schedule Triggers and $today use, and the folder files may be read from and written to
				assert.match(d.banner, /Time zone: Europe\/Moscow \(GENERIC_TIMEZONE\)/);
				assert.ok(
					d.banner.includes(
						`Files: workflows may read and write files in ${path.join(folder, 'files')}`,
					),
					'the banner does not name the files folder',
				);
				assert.ok(fs.existsSync(path.join(folder, 'files', 'counter-hours.csv')));
				// a curl line for an anomaly and one for a receipt (the sandbox's own block), what the sandbox
				// issues itself, and why the active example polls faster here than its file says
				assert.match(d.banner, /curl -s -X POST \S+\/insert .*"kind":"anomaly"/);
				assert.match(d.banner, /curl -s -X POST \S+\/insert .*"kind":"receipt"/);
				assert.match(d.banner, /issues receipts by itself/);
				assert.match(d.banner, /polls every minute here \(its file: every 15 minutes\)/);
				// where n8n's log is
				assert.ok(
					d.banner.includes(`n8n's log: ${path.join(folder, 'n8n.log')}`),
					"the banner does not name n8n's log",
				);
				return d;
			},
		);
		if (!demo) return;
		const before = await step("save a workflow of the user's own, then Ctrl-C", async () => {
			const call = await session(demo.url);
			const wf = await call('POST', '/rest/workflows', {
				name: MINE,
				active: false,
				nodes: [
					{
						id: 'a1b2c3d4-0000-4000-8000-00000000000a',
						name: 'When clicking ‘Execute workflow’',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
				],
				connections: {},
				settings: {},
			});
			const creds = await call('GET', '/rest/credentials');
			const wfs = await call('GET', '/rest/workflows');
			await ctrlC(demo);
			demo = null;
			return { id: wf.id, credentials: creds.length, workflows: wfs.length };
		});
		if (!before) return;
		demo = await step(
			"npm start again: the user's workflow is back, nothing made twice",
			async () => {
				const d = await startDemo(version, folder);
				assert.match(d.banner, /your work from the last start is back/);
				assert.ok(d.banner.includes(MINE), `the banner does not list "${MINE}"`);
				const call = await session(d.url);
				const wfs = await call('GET', '/rest/workflows');
				assert.ok(
					wfs.some((w) => w.id === before.id && w.name === MINE),
					`workflow ${before.id} is not there after the restart`,
				);
				assert.equal(wfs.length, before.workflows, 'examples were imported a second time');
				const creds = await call('GET', '/rest/credentials');
				assert.equal(creds.length, before.credentials, 'credentials were created a second time');
				// n8n's log kept the first start's lines: two starts in it
				const log = fs.readFileSync(path.join(folder, 'n8n.log'), 'utf8');
				assert.equal(
					(log.match(/^──── n8n \S+ started /gm) || []).length,
					2,
					'n8n.log lost the first start',
				);
				return d;
			},
		);
		if (demo) {
			await ctrlC(demo);
			demo = null;
		}
		await step('npm start -- --fresh: a clean instance, the old folder moved aside', async () => {
			const d = await startDemo(version, folder, ['--fresh']);
			demo = d;
			const moved = /the previous folder was moved to (\S+)/.exec(d.banner);
			assert.ok(moved && fs.existsSync(moved[1]), 'the old folder was not kept');
			const call = await session(d.url);
			const wfs = await call('GET', '/rest/workflows');
			assert.ok(
				!wfs.some((w) => w.name === MINE),
				'the fresh instance still holds the old workflow',
			);
			await ctrlC(d);
			demo = null;
			fs.rmSync(moved[1], { recursive: true, force: true });
		});
	} finally {
		if (demo) await demo.proc.stop({ timeoutMs: 20000 }).catch(() => {});
		fs.rmSync(folder, { recursive: true, force: true });
	}
}

module.exports = restartPart;
