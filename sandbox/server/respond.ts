/**
 * Writing answers: the envelope, error bodies and the broken bodies of faults.malformedNext.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { ServerResponse } from 'node:http';
import type { MalformedKind } from './faults';
import type { ApiError } from '../core/types';

export interface Answer {
	status: number;
	/** the JSON body as the API sends it */
	body: unknown;
	headers: Record<string, string>;
}

export function envelope(
	data: unknown,
	meta: Record<string, unknown> | undefined,
	status = 200,
	headers: Record<string, string> = {},
): Answer {
	return { status, body: { success: true, data, meta: meta ?? {} }, headers };
}

export function errorAnswer(e: ApiError, extraHeaders: Record<string, string> = {}): Answer {
	return {
		status: e.status,
		body: {
			success: false,
			error: { code: e.code, message: e.message, details: e.details ?? null },
		},
		headers: { ...extraHeaders, ...e.headers },
	};
}

const HTML_PAGE =
	'<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** Writes an answer, broken in the way `malformed` says when set. */
export function writeAnswer(res: ServerResponse, answer: Answer, malformed?: MalformedKind): void {
	if (res.headersSent || res.destroyed) return;
	let status = answer.status;
	let type = 'application/json; charset=utf-8';
	let text = JSON.stringify(answer.body);
	if (malformed === 'html') {
		status = 502;
		type = 'text/html';
		text = HTML_PAGE;
	} else if (malformed === 'truncated') {
		text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
	} else if (malformed === 'non-json') {
		text = 'upstream connect error or disconnect/reset before headers. reset reason: overflow';
	} else if (malformed === 'no-success') {
		// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the named fields are left out of the rest
		const { success: _s, ...rest } = answer.body as Record<string, unknown>;
		text = JSON.stringify(rest);
	}
	const body = Buffer.from(text, 'utf8');
	res.writeHead(status, {
		...answer.headers,
		'Content-Type': type,
		'Content-Length': String(body.length),
	});
	res.end(body);
}
