'use strict';
/*
 * A local OpenAI-compatible chat-completions endpoint that plays a scripted model, for n8n's OpenAI
 * Chat Model (credential Base URL → this server). It stands in for the model only: the tools it asks
 * for are run by n8n against the sandbox.
 *
 *   const stub = await startOpenAiStub({ script });   // stub.baseUrl = http://127.0.0.1:<port>/v1
 *   script(body, n) → { toolCall: { name, arguments } } | { content: 'final text' }
 *   stub.requests  every request body received (tools, messages), in order
 *
 * Answers POST /v1/chat/completions, plain or streamed (stream: true, server-sent events), and
 * GET /v1/models.
 */
const http = require('node:http');
const { freePort } = require('../../../scripts/lib/processes');

function completion(reply, model, n) {
	const message = reply.toolCall
		? {
				role: 'assistant',
				content: null,
				tool_calls: [
					{
						id: `call_${n}`,
						type: 'function',
						function: {
							name: reply.toolCall.name,
							arguments: JSON.stringify(reply.toolCall.arguments),
						},
					},
				],
			}
		: { role: 'assistant', content: reply.content };
	return {
		id: `chatcmpl-stub-${n}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model,
		choices: [
			{ index: 0, message, logprobs: null, finish_reason: reply.toolCall ? 'tool_calls' : 'stop' },
		],
		usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
	};
}

function streamed(res, full) {
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	const choice = full.choices[0];
	const base = {
		id: full.id,
		object: 'chat.completion.chunk',
		created: full.created,
		model: full.model,
	};
	const delta = choice.message.tool_calls
		? {
				role: 'assistant',
				content: null,
				tool_calls: choice.message.tool_calls.map((t, index) => ({ index, ...t })),
			}
		: { role: 'assistant', content: choice.message.content };
	const send = (o) => res.write(`data: ${JSON.stringify(o)}\n\n`);
	send({ ...base, choices: [{ index: 0, delta, finish_reason: null }] });
	send({
		...base,
		choices: [{ index: 0, delta: {}, finish_reason: choice.finish_reason }],
		usage: full.usage,
	});
	res.end('data: [DONE]\n\n');
}

async function startOpenAiStub({ script }) {
	const requests = [];
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (c) => (raw += c));
		req.on('end', () => {
			const json = (status, body) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(body));
			};
			if (req.method === 'GET' && /\/models$/.test(req.url))
				return json(200, {
					object: 'list',
					data: [{ id: 'gpt-4o-mini', object: 'model', owned_by: 'stub' }],
				});
			if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url))
				return json(404, { error: { message: `the stub has no ${req.method} ${req.url}` } });
			let body;
			try {
				body = JSON.parse(raw);
			} catch {
				return json(400, { error: { message: 'body is not JSON' } });
			}
			requests.push(body);
			let reply;
			try {
				reply = script(body, requests.length);
			} catch (e) {
				return json(500, { error: { message: `stub script: ${e.message}` } });
			}
			const full = completion(reply, body.model || 'gpt-4o-mini', requests.length);
			if (body.stream) return streamed(res, full);
			return json(200, full);
		});
	});
	const port = await freePort();
	await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		stop: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

module.exports = { startOpenAiStub };
