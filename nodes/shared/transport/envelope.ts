/**
 * The API's envelope: {success:true, data, meta} or {success:false, error:{code,message,details}}.
 * Anything else (HTML from a proxy, a truncated body, success missing) is a clear `malformed_response`.
 */
import type { IDataObject } from 'n8n-workflow';
import type { RawResponse } from './http';

export interface ApiFailure {
	status: number;
	code: string;
	message: string;
	details: unknown;
	headers: Record<string, string>;
}

export type Outcome =
	| {
			ok: true;
			body: IDataObject;
			data: unknown;
			meta: IDataObject;
			status: number;
			headers: Record<string, string>;
	  }
	| { ok: false; failure: ApiFailure };

/** The code the package uses for a body that is not the API's envelope. */
export const MALFORMED = 'malformed_response';

function snippet(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

function malformed(raw: RawResponse, why: string): Outcome {
	return {
		ok: false,
		failure: {
			status: raw.status,
			code: MALFORMED,
			message: `The API answered HTTP ${raw.status} with ${why}${raw.text ? `: "${snippet(raw.text)}"` : ''}.`,
			details: null,
			headers: raw.headers,
		},
	};
}

export function interpret(raw: RawResponse): Outcome {
	let body: unknown;
	try {
		body = JSON.parse(raw.text);
	} catch {
		return malformed(
			raw,
			raw.text.trim()
				? 'a body that is not JSON (a proxy page or a cut-off answer?)'
				: 'an empty body',
		);
	}
	if (!body || typeof body !== 'object' || Array.isArray(body))
		return malformed(raw, 'JSON that is not an object');
	const b = body as IDataObject;
	if (b.success === true) {
		if (raw.status >= 400) return malformed(raw, 'success=true on an error status');
		const meta = b.meta && typeof b.meta === 'object' ? (b.meta as IDataObject) : {};
		return { ok: true, body: b, data: b.data, meta, status: raw.status, headers: raw.headers };
	}
	if (b.success === false) {
		const e = b.error;
		if (e && typeof e === 'object' && typeof (e as IDataObject).code === 'string') {
			const err = e as IDataObject;
			return {
				ok: false,
				failure: {
					status: raw.status,
					code: err.code as string,
					message: typeof err.message === 'string' ? err.message : '',
					details: err.details ?? null,
					headers: raw.headers,
				},
			};
		}
		return malformed(raw, 'success=false but no error code');
	}
	return malformed(raw, 'JSON without the "success" field');
}
