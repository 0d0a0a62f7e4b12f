#!/usr/bin/env node
'use strict';
/*
 * Smoke test of the real-n8n harness (plain node, not jest):
 *   installs n8n (default 1.123.81, cached), builds a throwaway community package (one node +
 *   one credential) in a temp dir, `npm pack`s it, starts n8n with the .tgz installed into
 *   <N8N_USER_FOLDER>/.n8n/nodes (and the same package via N8N_CUSTOM_EXTENSIONS), checks the
 *   node and credential types are loaded, creates a credential, runs a one-node workflow via
 *   REST and via `n8n execute`, imports one via `n8n import:workflow`, activates a webhook
 *   workflow and calls it, then stops.  Prints timings and "N passed, N failed".
 *
 *   node test/e2e/harness/smoke.js [--version 1.123.81] [--keep] [--verbose]
 */
const path = require('node:path');
const fs = require('node:fs');
const assert = require('node:assert/strict');
const { ensureN8n } = require('../../../scripts/n8n/install');
const { startN8n, packPackage } = require('../../../scripts/n8n/instance');
const { isAlive } = require('../../../scripts/lib/processes');
const {
	makeTinyPackage,
	tinyWorkflow,
	NODE_TYPE,
	CREDENTIAL_TYPE,
	PACKAGE_NAME,
} = require('./tiny-package');

const args = process.argv.slice(2);
const version = args.includes('--version')
	? args[args.indexOf('--version') + 1]
	: process.env.N8N_E2E_VERSION || '1.123.81';
const keep = args.includes('--keep');
const verbose = args.includes('--verbose');

const timings = {};
const results = [];
async function step(name, fn) {
	const t = Date.now();
	try {
		const r = await fn();
		timings[name] = Date.now() - t;
		results.push({ name, ok: true });
		console.log(`ok   ${name} (${timings[name]} ms)`);
		return r;
	} catch (e) {
		timings[name] = Date.now() - t;
		results.push({ name, ok: false, error: e });
		console.log(
			`FAIL ${name} (${timings[name]} ms)\n${String(e.stack || e).replace(/^/gm, '     ')}`,
		);
		return undefined;
	}
}

(async () => {
	const tAll = Date.now();
	await step('install n8n', async () => {
		const r = await ensureN8n({ version });
		timings.installFresh = r.fresh;
	});
	const pkgDir = makeTinyPackage();
	const tgz = await step('npm pack tiny package', () => packPackage(pkgDir));
	if (!tgz) return finish(tAll);

	let n8n;
	await step('start n8n (package in .n8n/nodes + N8N_CUSTOM_EXTENSIONS)', async () => {
		n8n = await startN8n({
			version,
			packageTgz: tgz,
			customExtensions: true,
			keep,
			onLog: verbose ? (l) => process.stderr.write(`[n8n] ${l}\n`) : undefined,
		});
		Object.assign(timings, { startup: n8n.timings });
		console.log(`     ${n8n.url} user folder ${n8n.userFolder}`);
	});
	if (!n8n) return finish(tAll);

	try {
		await step('node + credential types loaded', async () => {
			const nodes = await n8n.api.nodeTypes();
			const creds = await n8n.api.credentialTypes();
			const node = nodes.find((n) => n.name === NODE_TYPE);
			assert.ok(node, `${NODE_TYPE} missing among ${nodes.length} node types`);
			assert.equal(node.displayName, 'SC Tiny Echo');
			assert.ok(
				creds.find((c) => c.name === CREDENTIAL_TYPE),
				`${CREDENTIAL_TYPE} missing among ${creds.length} credential types`,
			);
			// Loaded a second time through N8N_CUSTOM_EXTENSIONS, as CUSTOM.<name>.
			assert.ok(
				nodes.find((n) => n.name === 'CUSTOM.scTinyEcho'),
				'CUSTOM.scTinyEcho (N8N_CUSTOM_EXTENSIONS) missing',
			);
			await n8n.api.assertLoaded({ nodes: [NODE_TYPE], credentials: [CREDENTIAL_TYPE] });
			// ...and the check really fails for a missing one:
			await assert.rejects(
				() => n8n.api.assertLoaded({ nodes: [`${PACKAGE_NAME}.doesNotExist`] }),
				/not loaded/,
			);
		});

		const cred = await step('create credential (REST)', async () => {
			const c = await n8n.api.createCredential({
				name: 'tiny cred',
				type: CREDENTIAL_TYPE,
				data: { apiKey: 'secret-123', label: 'from-smoke' },
			});
			assert.ok(c && c.id, 'no credential id');
			return c;
		});

		const wf = await step('import workflow (REST)', async () => {
			const w = await n8n.api.importWorkflow(tinyWorkflow({ credentialId: cred && cred.id }));
			assert.ok(w.id);
			return w;
		});

		const check = (ex) => {
			assert.equal(
				ex.status,
				'success',
				`status ${ex.status}: ${JSON.stringify(ex.error || ex.nodeError('Echo'))}`,
			);
			const out = ex.output('Echo');
			assert.equal(out.length, 1);
			assert.equal(out[0].echo, 'hello from smoke');
			assert.equal(out[0].credentialLabel, 'from-smoke');
			assert.equal(out[0].apiKeyLength, 'secret-123'.length);
		};
		if (wf) {
			await step('run workflow (REST manual run)', async () =>
				check(await n8n.api.runWorkflow(wf.id)),
			);
			await step('run workflow (n8n execute --id)', async () =>
				check(await n8n.api.runWorkflow(wf.id, { via: 'cli' })),
			);
			await step('executions list', async () => {
				const list = await n8n.api.executions({ workflowId: wf.id });
				assert.ok(list.length >= 1, 'no executions listed');
			});
		}

		await step('import workflow (n8n import:workflow) + run', async () => {
			const w = await n8n.api.importWorkflow(
				tinyWorkflow({ name: 'tiny cli import', credentialId: cred && cred.id }),
				{ via: 'cli' },
			);
			assert.ok(w.id);
			check(await n8n.api.runWorkflow(w.id));
		});

		await step('Code node through the task runner', async () => {
			const w = await n8n.api.importWorkflow({
				name: 'code',
				nodes: [
					{
						id: 'a1',
						name: 'Start',
						type: 'n8n-nodes-base.manualTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {},
					},
					{
						id: 'a2',
						name: 'Code',
						type: 'n8n-nodes-base.code',
						typeVersion: 2,
						position: [200, 0],
						parameters: { jsCode: 'return [{ json: { sum: 20 + 22 } }];' },
					},
				],
				connections: { Start: { main: [[{ node: 'Code', type: 'main', index: 0 }]] } },
				settings: { executionOrder: 'v1' },
			});
			const ex = await n8n.api.runWorkflow(w.id);
			assert.equal(ex.status, 'success', JSON.stringify(ex.error || ex.nodeError('Code')));
			assert.equal(ex.output('Code')[0].sum, 42);
		});

		await step('activate webhook workflow + call it', async () => {
			const w = await n8n.api.importWorkflow({
				name: 'hook',
				nodes: [
					{
						id: 'b1',
						name: 'Hook',
						type: 'n8n-nodes-base.webhook',
						typeVersion: 2,
						position: [0, 0],
						webhookId: 'c0ffee00-0000-4000-8000-000000000001',
						parameters: {
							httpMethod: 'POST',
							path: 'tiny-smoke',
							responseMode: 'lastNode',
							options: {},
						},
					},
					{
						id: 'b2',
						name: 'Echo',
						type: NODE_TYPE,
						typeVersion: 1,
						position: [200, 0],
						parameters: { message: '={{ $json.body.say }}' },
						credentials: { [CREDENTIAL_TYPE]: { id: String(cred && cred.id), name: 'tiny cred' } },
					},
				],
				connections: { Hook: { main: [[{ node: 'Echo', type: 'main', index: 0 }]] } },
				settings: { executionOrder: 'v1' },
			});
			await n8n.api.activate(w.id);
			const r = await n8n.api.webhook('tiny-smoke', { body: { say: 'via webhook' } });
			assert.equal(r.status, 200, r.text);
			assert.equal(r.json.echo, 'via webhook');
			assert.equal(r.json.credentialLabel, 'from-smoke');
		});
	} finally {
		await step('stop', async () => {
			const pid = n8n.pid;
			await n8n.stop();
			assert.equal(isAlive(-pid), false, 'process group still alive after stop()');
			if (!keep) assert.equal(fs.existsSync(n8n.userFolder), false, 'temp user folder left behind');
		});
	}
	fs.rmSync(pkgDir, { recursive: true, force: true });
	fs.rmSync(path.dirname(tgz), { recursive: true, force: true });
	finish(tAll);
})().catch((e) => {
	console.error(e);
	process.exit(1);
});

function finish(tAll) {
	timings.total = Date.now() - tAll;
	console.log(`timings: ${JSON.stringify(timings)}`);
	const failed = results.filter((r) => !r.ok).length;
	console.log(`${results.length - failed} passed, ${failed} failed`);
	process.exitCode = failed ? 1 : 0;
}
