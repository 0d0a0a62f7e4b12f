/** A tiny HTTP server on 127.0.0.1 for the harness's own tests: routes + a request log. */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: IncomingHttpHeaders;
	body: string;
}

export interface Reply {
	status?: number;
	json?: unknown;
	headers?: Record<string, string>;
}

export type Handler = (req: SeenRequest) => Reply | Promise<Reply>;

export interface LocalServer {
	baseUrl: string;
	requests: SeenRequest[];
	/** Routes by "METHOD /path" (no query string). */
	routes: Map<string, Handler>;
	on(route: string, handler: Handler): void;
	close(): Promise<void>;
}

export async function startLocalServer(): Promise<LocalServer> {
	const requests: SeenRequest[] = [];
	const routes = new Map<string, Handler>();
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			const seen: SeenRequest = {
				method: req.method ?? 'GET',
				path: url.pathname,
				query: Object.fromEntries(url.searchParams),
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			requests.push(seen);
			const handler = routes.get(`${seen.method} ${seen.path}`);
			Promise.resolve(handler ? handler(seen) : { status: 404, json: { error: 'route_not_found' } })
				.then((reply) => {
					res.writeHead(reply.status ?? 200, {
						'content-type': 'application/json',
						...reply.headers,
					});
					res.end(reply.json === undefined ? '' : JSON.stringify(reply.json));
				})
				.catch((error: Error) => {
					res.writeHead(500, { 'content-type': 'application/json' });
					res.end(JSON.stringify({ error: error.message }));
				});
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}`,
		requests,
		routes,
		on: (route, handler) => routes.set(route, handler),
		close: async () =>
			await new Promise<void>((resolve, reject) => {
				server.closeAllConnections();
				server.close((err) => (err ? reject(err) : resolve()));
			}),
	};
}
