'use strict';
/*
 * A local stand-in for Slack, so the real Slack node of n8n can run unchanged in tests and in the demo.
 *
 * n8n's Slack node has no base-URL setting (it always calls https://slack.com/api/...), but n8n sends
 * outbound HTTP(S) through the proxy named in HTTPS_PROXY / HTTP_PROXY (n8n-core's global proxy agent,
 * 1.x and 2.x; NO_PROXY exempts hosts).  This catcher is that proxy:
 *   - CONNECT slack.com:443 → TLS is terminated here with a certificate for slack.com signed by a
 *     throw-away CA (made with openssl in a temp folder; n8n trusts it through NODE_EXTRA_CA_CERTS),
 *     and the Web API call is answered like Slack would (chat.postMessage → ok, channel, ts, message);
 *   - any other host is refused (403), so nothing leaves the machine through it.
 *
 *   const slack = await startSlackCatcher();
 *   startN8n({ env: slack.n8nEnv({ noProxy: ['127.0.0.1', 'localhost'] }) })
 *   slack.messages  // [{ method: 'chat.postMessage', channel, text, body, authorization, at }]
 *   await slack.waitFor((m) => m.text.includes('x'), 60000);  await slack.stop();
 *
 * Needs `openssl` on PATH (any 1.1.1+ / 3.x); `opensslAvailable()` tells.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const https = require('node:https');
const { spawnSync } = require('node:child_process');

function opensslAvailable() {
	const r = spawnSync('openssl', ['version'], { encoding: 'utf8' });
	return r.status === 0 ? r.stdout.trim() : null;
}

/** A CA and a slack.com certificate it signed, in a new temp folder. */
function makeCertificates(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slack-catcher-'))) {
	const run = (args) => {
		const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
		if (r.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${r.stderr}`);
	};
	const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
	run([
		'req',
		'-x509',
		...ec,
		'-keyout',
		'ca.key',
		'-out',
		'ca.pem',
		'-days',
		'7',
		'-subj',
		'/CN=n8n-nodes-shopping-center test CA',
		'-addext',
		'basicConstraints=critical,CA:TRUE',
		'-addext',
		'keyUsage=critical,keyCertSign,cRLSign',
	]);
	run(['req', ...ec, '-keyout', 'slack.key', '-out', 'slack.csr', '-subj', '/CN=slack.com']);
	fs.writeFileSync(
		path.join(dir, 'ext.cnf'),
		'subjectAltName=DNS:slack.com,DNS:*.slack.com\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
	);
	run([
		'x509',
		'-req',
		'-in',
		'slack.csr',
		'-CA',
		'ca.pem',
		'-CAkey',
		'ca.key',
		'-CAcreateserial',
		'-out',
		'slack.pem',
		'-days',
		'7',
		'-extfile',
		'ext.cnf',
	]);
	return {
		dir,
		ca: path.join(dir, 'ca.pem'),
		key: path.join(dir, 'slack.key'),
		cert: path.join(dir, 'slack.pem'),
	};
}

function readBody(req) {
	return new Promise((resolve) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
	});
}

function parseBody(text, type = '') {
	if (!text) return {};
	if (/json/.test(type)) {
		try {
			return JSON.parse(text);
		} catch {
			return { _raw: text };
		}
	}
	return Object.fromEntries(new URLSearchParams(text));
}

/**
 * Start the catcher.  Options: port (default: free), onMessage(m), onRefused({host, port}), host (127.0.0.1).
 */
async function startSlackCatcher(opts = {}) {
	const certs = makeCertificates();
	const messages = [];
	const refused = [];
	const waiters = [];
	let seq = 0;

	// The Slack side: an HTTPS server that never listens; the proxy hands it the CONNECTed sockets.
	const slack = https.createServer(
		{ key: fs.readFileSync(certs.key), cert: fs.readFileSync(certs.cert) },
		async (req, res) => {
			const text = await readBody(req);
			const body = parseBody(text, req.headers['content-type']);
			const method = req.url.replace(/^\/api\//, '').split('?')[0];
			const answer = (status, json) => {
				res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
				res.end(JSON.stringify(json));
			};
			if (!/^Bearer \S+/.test(req.headers.authorization || ''))
				return answer(200, { ok: false, error: 'not_authed' });
			if (method === 'chat.postMessage') {
				const ts = `${Math.floor(Date.now() / 1000)}.${String(++seq).padStart(6, '0')}`;
				const m = {
					method,
					channel: body.channel,
					text: body.text,
					body,
					authorization: req.headers.authorization,
					at: new Date().toISOString(),
					ts,
				};
				messages.push(m);
				if (opts.onMessage) opts.onMessage(m);
				for (const w of [...waiters]) if (w.test(m)) w.resolve(m);
				return answer(200, {
					ok: true,
					channel: 'C0SANDBOX01',
					ts,
					message: {
						type: 'message',
						subtype: 'bot_message',
						text: body.text,
						ts,
						bot_id: 'B0SANDBOX01',
						username: 'n8n',
					},
				});
			}
			if (method === 'auth.test')
				return answer(200, {
					ok: true,
					url: 'https://sandbox.slack.com/',
					team: 'Sandbox',
					user: 'n8n',
					team_id: 'T0SANDBOX',
					user_id: 'U0SANDBOX',
				});
			return answer(200, { ok: false, error: 'unknown_method' });
		},
	);

	const proxy = http.createServer((req, res) => {
		// plain-http proxying (not CONNECT): nothing may leave the machine through the catcher
		refused.push({ host: req.headers.host, url: req.url });
		if (opts.onRefused) opts.onRefused({ host: req.headers.host, url: req.url });
		res.writeHead(403, { 'content-type': 'text/plain' });
		res.end('refused by the test proxy (slack-catcher)');
	});
	proxy.on('connect', (req, socket, head) => {
		const [host, port] = req.url.split(':');
		if (/(^|\.)slack\.com$/i.test(host) && (port === '443' || !port)) {
			socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			if (head && head.length) socket.unshift(head);
			slack.emit('connection', socket);
			return;
		}
		refused.push({ host, port });
		if (opts.onRefused) opts.onRefused({ host, port });
		socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
	});
	proxy.on('clientError', (_e, socket) => socket.destroy());
	slack.on('tlsClientError', () => {});

	await new Promise((resolve, reject) => {
		proxy.once('error', reject);
		proxy.listen(opts.port || 0, opts.host || '127.0.0.1', resolve);
	});
	const { port } = proxy.address();
	const proxyUrl = `http://127.0.0.1:${port}`;
	const sockets = new Set();
	proxy.on('connection', (s) => {
		sockets.add(s);
		s.on('close', () => sockets.delete(s));
	});

	return {
		port,
		proxyUrl,
		caFile: certs.ca,
		messages,
		refused,
		/** Environment for n8n: all outbound HTTP(S) through the catcher, except the hosts in noProxy. */
		n8nEnv({ noProxy = ['127.0.0.1', 'localhost', '::1'] } = {}) {
			const np = noProxy.join(',');
			return {
				HTTPS_PROXY: proxyUrl,
				HTTP_PROXY: proxyUrl,
				https_proxy: proxyUrl,
				http_proxy: proxyUrl,
				NO_PROXY: np,
				no_proxy: np,
				NODE_EXTRA_CA_CERTS: certs.ca,
			};
		},
		/** The first message (already caught or coming) for which test(m) is true. */
		waitFor(test, timeoutMs = 60000) {
			const found = messages.find(test);
			if (found) return Promise.resolve(found);
			return new Promise((resolve, reject) => {
				const w = {
					test,
					resolve: (m) => {
						clearTimeout(w.timer);
						waiters.splice(waiters.indexOf(w), 1);
						resolve(m);
					},
				};
				w.timer = setTimeout(() => {
					waiters.splice(waiters.indexOf(w), 1);
					reject(
						new Error(`no matching Slack message in ${timeoutMs} ms (caught ${messages.length})`),
					);
				}, timeoutMs);
				waiters.push(w);
			});
		},
		async stop() {
			for (const s of sockets) s.destroy();
			await new Promise((r) => proxy.close(() => r()));
			slack.close();
			fs.rmSync(certs.dir, { recursive: true, force: true });
		},
	};
}

module.exports = { startSlackCatcher, opensslAvailable, makeCertificates };
