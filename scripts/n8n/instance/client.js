'use strict';
/*
 * The REST client of a running n8n (cookie login, workflows, credentials, executions, webhooks) and
 * its CLI (`n8n import:workflow`, `n8n execute`) against the same user folder.
 */
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawnSync } = require('node:child_process');
const { createRequire } = require('node:module');
const { freePort, sleep } = require('../../lib/processes');
const { OWNER } = require('./env');
const { extractJson, decorateExecution } = require('./executions');

class N8nError extends Error {}

function makeClient({ url, inst, env, userFolder, loadErrors = () => [] }) {
	const browserId = crypto.randomUUID();
	const state = { cookie: '' };
	let flatted = null;
	const n8nRequire = createRequire(path.join(inst.dir, 'node_modules', 'n8n', 'package.json'));
	const parseFlatted = (s) => {
		flatted = flatted || n8nRequire('flatted');
		return flatted.parse(s);
	};

	async function request(method, p, body, { raw = false, headers = {}, ok = true } = {}) {
		const init = () => ({
			method,
			headers: {
				'content-type': 'application/json',
				accept: 'application/json',
				'browser-id': browserId,
				...(state.cookie ? { cookie: state.cookie } : {}),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		let res;
		try {
			res = await fetch(url + p, init());
		} catch (e) {
			// A kept-alive socket closed by the server just as it was reused: the request never
			// reached n8n, so sending it again is safe.  Anything else is an error.
			const code = e.cause && e.cause.code;
			if (!['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE', 'UND_ERR_CLOSED'].includes(code)) {
				e.message += ` (${method} ${p}${code ? `, ${code}` : ''}${e.cause ? `: ${e.cause.message}` : ''})`;
				throw e;
			}
			res = await fetch(url + p, init());
		}
		const setCookies =
			typeof res.headers.getSetCookie === 'function' ? res.headers.getSetCookie() : [];
		for (const c of setCookies) {
			const m = /^n8n-auth=([^;]*)/.exec(c);
			if (m) state.cookie = m[1] ? `n8n-auth=${m[1]}` : '';
		}
		// the bytes as sent (res.text() would drop a leading BOM of a file download)
		const bytes = Buffer.from(await res.arrayBuffer());
		const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
		let json;
		try {
			json = text ? JSON.parse(text) : undefined;
		} catch {
			json = undefined;
		}
		if (ok && !res.ok) throw new N8nError(`${method} ${p} → ${res.status}: ${text.slice(0, 800)}`);
		if (raw) return { status: res.status, headers: res.headers, text, json, bytes };
		return json && typeof json === 'object' && 'data' in json ? json.data : json;
	}

	/** Run an n8n CLI command against the same user folder/DB (own task broker port). */
	async function cli(args, { timeoutMs = 120000, input, logLevel = 'warn' } = {}) {
		const brokerPort = await freePort();
		const r = spawnSync(inst.nodeBin, [inst.n8nBin, ...args], {
			cwd: userFolder,
			env: { ...env, N8N_RUNNERS_BROKER_PORT: String(brokerPort), N8N_LOG_LEVEL: logLevel },
			encoding: 'utf8',
			input,
			timeout: timeoutMs,
			maxBuffer: 256 * 1024 * 1024,
		});
		return { code: r.status, stdout: r.stdout || '', stderr: r.stderr || '', signal: r.signal };
	}

	const api = {
		async setupOwner(o = OWNER) {
			return request('POST', '/rest/owner/setup', o);
		},
		async login(email = OWNER.email, password = OWNER.password) {
			return request('POST', '/rest/login', { emailOrLdapLoginId: email, email, password });
		},
		async me() {
			return request('GET', '/rest/login');
		},
		/** { name, type, data } → created credential ({ id, name, type, ... }) */
		async createCredential({ name, type, data, projectId }) {
			return request('POST', '/rest/credentials', {
				name,
				type,
				data,
				...(projectId ? { projectId } : {}),
			});
		},
		async credentials() {
			return request('GET', '/rest/credentials');
		},
		/**
		 * Import a workflow.  via 'rest' (default): POST /rest/workflows → { id, versionId, ... }.
		 * via 'cli': `n8n import:workflow --input=file` (the file gets an id if it has none).
		 */
		async importWorkflow(workflow, { via = 'rest' } = {}) {
			if (via === 'cli') {
				const wf = { active: false, settings: {}, ...workflow };
				if (!wf.id)
					wf.id = crypto
						.randomBytes(12)
						.toString('base64url')
						.replace(/[^a-zA-Z0-9]/g, 'x')
						.slice(0, 16);
				const file = path.join(userFolder, `import-${wf.id}.json`);
				fs.writeFileSync(file, JSON.stringify(wf));
				const r = await cli(['import:workflow', `--input=${file}`]);
				if (r.code !== 0)
					throw new N8nError(`import:workflow failed (${r.code}):\n${r.stdout}\n${r.stderr}`);
				return request('GET', `/rest/workflows/${wf.id}`);
			}
			const { id: _id, active: _active, ...body } = workflow;
			// `active` must be sent (false): n8n 1.12x fails with a NOT NULL error without it.
			return request('POST', '/rest/workflows', {
				settings: {},
				connections: {},
				...body,
				active: false,
			});
		},
		async getWorkflow(id) {
			return request('GET', `/rest/workflows/${id}`);
		},
		async workflows() {
			return request('GET', '/rest/workflows');
		},
		/** Activate (publish) a workflow: POST /rest/workflows/:id/activate (1.12x+), PATCH {active:true} on older. */
		async activate(id) {
			const wf = await request('GET', `/rest/workflows/${id}`);
			const r = await request(
				'POST',
				`/rest/workflows/${id}/activate`,
				{ versionId: wf.versionId },
				{ raw: true, ok: false },
			);
			if (r.status === 404)
				return request('PATCH', `/rest/workflows/${id}`, { active: true, versionId: wf.versionId });
			if (r.status >= 400)
				throw new N8nError(`activate ${id} → ${r.status}: ${r.text.slice(0, 800)}`);
			return r.json && 'data' in r.json ? r.json.data : r.json;
		},
		async deactivate(id) {
			const r = await request(
				'POST',
				`/rest/workflows/${id}/deactivate`,
				{},
				{ raw: true, ok: false },
			);
			if (r.status === 404) {
				const wf = await request('GET', `/rest/workflows/${id}`);
				return request('PATCH', `/rest/workflows/${id}`, {
					active: false,
					versionId: wf.versionId,
				});
			}
			if (r.status >= 400)
				throw new N8nError(`deactivate ${id} → ${r.status}: ${r.text.slice(0, 800)}`);
			return r.json && 'data' in r.json ? r.json.data : r.json;
		},
		/**
		 * Run a workflow and return its execution:
		 *   { id, status, finished, data (IRunExecutionData), resultData, lastNode, output(nodeName) }
		 * via 'rest' (default): a manual run (POST /rest/workflows/:id/run from its trigger) + polling
		 *   the execution; via 'cli': `n8n execute --id --rawOutput` in a second process (same DB).
		 */
		async runWorkflow(id, { via = 'rest', trigger, timeoutMs = 120000 } = {}) {
			if (via === 'cli') {
				// `execute` prints the run (IRun) as indented JSON through the logger at level info,
				// between other log lines; on failure it prints it too and exits 1.
				const r = await cli(['execute', `--id=${id}`, '--rawOutput'], {
					timeoutMs,
					logLevel: 'info',
				});
				const run = extractJson(r.stdout);
				if (!run)
					throw new N8nError(
						`n8n execute printed no run data (exit ${r.code}):\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`,
					);
				const ok = r.code === 0 && !run.data?.resultData?.error;
				return decorateExecution({
					id: null,
					status: run.status || (ok ? 'success' : 'error'),
					finished: run.finished ?? ok,
					mode: run.mode,
					cli: r,
					data: run.data,
					runData: run.data?.resultData?.runData || {},
				});
			}
			const wf = await request('GET', `/rest/workflows/${id}`);
			const triggerNode =
				trigger ||
				(
					wf.nodes.find((n) => /manualTrigger$/i.test(n.type)) ||
					wf.nodes.find((n) => /trigger$/i.test(n.type)) ||
					{}
				).name;
			const body = { workflowData: wf };
			if (triggerNode) body.triggerToStartFrom = { name: triggerNode };
			else {
				const last = wf.nodes[wf.nodes.length - 1];
				body.destinationNode = { nodeName: last.name, mode: 'inclusive' };
			}
			const started = await request('POST', `/rest/workflows/${id}/run`, body);
			if (started?.waitingForWebhook)
				throw new N8nError(
					`workflow ${id} waits for a webhook: activate it and call the webhook instead`,
				);
			const executionId = started.executionId;
			const deadline = Date.now() + timeoutMs;
			for (;;) {
				const ex = await api.execution(executionId).catch(() => null);
				if (
					ex &&
					ex.finished !== undefined &&
					['success', 'error', 'crashed', 'canceled'].includes(ex.status)
				)
					return ex;
				if (ex && ex.stoppedAt && ex.status !== 'running' && ex.status !== 'new') return ex;
				if (Date.now() > deadline)
					throw new N8nError(
						`execution ${executionId} did not finish in ${timeoutMs} ms (last: ${ex && ex.status})`,
					);
				await sleep(150);
			}
		},
		/** One execution with its data parsed (n8n stores it "flatted"). */
		async execution(executionId) {
			const ex = await request('GET', `/rest/executions/${executionId}`);
			if (!ex) return ex;
			const data = typeof ex.data === 'string' ? parseFlatted(ex.data) : ex.data;
			return decorateExecution({ ...ex, data, runData: data?.resultData?.runData || {} });
		},
		/** List executions (optionally of one workflow). */
		async executions({ workflowId, limit = 50 } = {}) {
			const filter = workflowId
				? `&filter=${encodeURIComponent(JSON.stringify({ workflowId: String(workflowId) }))}`
				: '';
			const r = await request('GET', `/rest/executions?limit=${limit}${filter}`);
			return r?.results || r;
		},
		/** All node type descriptions the instance loaded (GET /types/nodes.json). */
		async nodeTypes() {
			return request('GET', '/types/nodes.json');
		},
		/** All credential type descriptions (GET /types/credentials.json). */
		async credentialTypes() {
			return request('GET', '/types/credentials.json');
		},
		/** Throws unless every given node type / credential type is loaded. */
		async assertLoaded({ nodes = [], credentials = [] } = {}) {
			const nt = new Set((await api.nodeTypes()).map((n) => n.name));
			const ct = new Set((await api.credentialTypes()).map((c) => c.name));
			const missing = [
				...nodes.filter((n) => !nt.has(n)).map((n) => `node ${n}`),
				...credentials.filter((c) => !ct.has(c)).map((c) => `credential ${c}`),
			];
			if (missing.length) {
				const why = loadErrors();
				throw new N8nError(
					`not loaded by n8n: ${missing.join(', ')}${why.length ? `\nn8n said:\n${[...new Set(why)].slice(0, 10).join('\n')}` : ''}`,
				);
			}
			return true;
		},
		/**
		 * Call a production webhook of an active workflow.  n8n 2.40 registers an activated workflow's
		 * webhooks a few hundred ms after `activate` answers, so a 404 "not registered" (which runs
		 * nothing) is retried for up to `waitMs`.
		 */
		async webhook(
			pathPart,
			{ method = 'POST', body, headers = {}, test = false, waitMs = 10000 } = {},
		) {
			const deadline = Date.now() + waitMs;
			let res;
			let text;
			for (;;) {
				res = await fetch(`${url}/${test ? 'webhook-test' : 'webhook'}/${pathPart}`, {
					method,
					headers: { 'content-type': 'application/json', ...headers },
					body: body === undefined || method === 'GET' ? undefined : JSON.stringify(body),
				});
				text = await res.text();
				if (!(res.status === 404 && /not registered/.test(text)) || Date.now() > deadline) break;
				await sleep(200);
			}
			let json;
			try {
				json = JSON.parse(text);
			} catch {
				json = undefined;
			}
			return { status: res.status, text, json };
		},
	};

	return {
		api,
		request,
		cli,
		setupOwner: api.setupOwner,
		login: async (email, password) => api.login(email, password),
		get cookie() {
			return state.cookie;
		},
	};
}

module.exports = { makeClient, N8nError };
