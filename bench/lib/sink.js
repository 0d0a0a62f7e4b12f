'use strict';
/** A tiny HTTP listener the "not saved" workflow reports its summary to (its execution data is not kept by n8n). */
const http = require('node:http');

async function startSink() {
	const received = [];
	const waiters = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (d) => (body += d));
		req.on('end', () => {
			let json;
			try {
				json = JSON.parse(body);
			} catch {
				json = { raw: body };
			}
			received.push({ at: Date.now(), json });
			for (const w of waiters.splice(0)) w();
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"ok":true}');
		});
	});
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	const url = `http://127.0.0.1:${server.address().port}/summary`;
	return {
		url,
		received,
		async next(timeoutMs) {
			const n = received.length;
			const deadline = Date.now() + timeoutMs;
			while (received.length === n) {
				if (Date.now() > deadline)
					throw new Error(`no summary reached the bench in ${timeoutMs} ms`);
				await new Promise((r) => {
					waiters.push(r);
					setTimeout(r, 200);
				});
			}
			return received[received.length - 1];
		},
		close: () => new Promise((r) => server.close(r)),
	};
}

module.exports = { startSink };
