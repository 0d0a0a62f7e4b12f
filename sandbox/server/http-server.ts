/**
 * The HTTP server (Node's own http): dispatches to the API (under API_PREFIX) or the control API
 * (under CONTROL_PREFIX), applies latency and broken-body faults, logs API requests, never crashes.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { handleApi, type ApiOutcome } from './api';
import { handleControl } from './control';
import { readBody } from './parsing';
import type { SandboxParts } from './parts';
import { errorAnswer, writeAnswer, type Answer } from './respond';
import { API_PREFIX, CONTROL_PREFIX } from './routes';
import { ApiError } from '../core/types';

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

function codeOf(answer: Answer): string | null {
	const body = answer.body as { success?: boolean; error?: { code?: string } } | null;
	return body && body.success === false ? (body.error?.code ?? null) : null;
}

function fallback(res: ServerResponse, e: unknown): void {
	try {
		writeAnswer(
			res,
			errorAnswer(
				new ApiError(500, 'internal_error', 'Internal failure.', {
					exception: (e as Error)?.message ?? String(e),
				}),
			),
		);
	} catch {
		res.destroy();
	}
}

async function serveApi(
	parts: SandboxParts,
	req: IncomingMessage,
	res: ServerResponse,
	method: string,
	fullPath: string,
	search: string,
): Promise<void> {
	const relative = fullPath.startsWith(`${API_PREFIX}/`) ? fullPath.slice(API_PREFIX.length) : null;
	const outcome: ApiOutcome = await handleApi(parts, req, method, relative, fullPath, search);
	const delay = parts.faults.latency();
	if (delay > 0) await sleep(delay);
	const malformed = parts.faults.takeMalformed(outcome.route ?? undefined);
	writeAnswer(res, outcome.answer, malformed);
	parts.log.add({
		time: new Date().toISOString(),
		clock: parts.clock.now().toISOString(),
		method,
		path: fullPath,
		route: outcome.route,
		sc_id: outcome.scId,
		client_id: outcome.clientId,
		...(outcome.tokenId ? { token_id: outcome.tokenId } : {}),
		...(outcome.rateWindow !== undefined ? { rate_window: outcome.rateWindow } : {}),
		status: outcome.answer.status,
		code: codeOf(outcome.answer),
		query: outcome.query,
		...(malformed ? { malformed } : {}),
	});
}

async function dispatch(
	parts: SandboxParts,
	req: IncomingMessage,
	res: ServerResponse,
): Promise<void> {
	const method = (req.method ?? 'GET').toUpperCase();
	let url: URL;
	try {
		url = new URL(req.url ?? '/', 'http://sandbox.local');
	} catch {
		await readBody(req).catch(() => undefined);
		writeAnswer(
			res,
			errorAnswer(new ApiError(400, 'bad_request', 'The request target is malformed.')),
		);
		return;
	}
	const path = url.pathname;
	if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
		writeAnswer(
			res,
			await handleControl(parts, req, method, path.slice(CONTROL_PREFIX.length), url.search),
		);
		return;
	}
	await serveApi(parts, req, res, method, path, url.search);
}

export function createSandboxServer(parts: SandboxParts): Server {
	const server = createServer((req, res) => {
		dispatch(parts, req, res).catch((e) => fallback(res, e));
	});
	server.on('clientError', (_err, socket) => {
		if (socket.writable)
			socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
		else socket.destroy();
	});
	return server;
}
