/**
 * Failures as n8n errors a workflow builder understands. Branches on error.code (one HTTP status
 * carries several codes), never on the status alone; unknown codes pass through unchanged.
 */
import { DateTime } from 'luxon';
import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';
import type { ApiFailure } from './envelope';

export interface FailureContext {
	itemIndex?: number;
	/** what was asked, in words: "list anomalies", "export receipts" */
	operation?: string;
	/** the center's plan when known, for plan_required */
	plan?: 'basic' | 'pro';
	/** retries spent before giving up */
	attempts?: number;
	waitedMs?: number;
	/** when a spent budget returns (a wait longer than the request may make) */
	budgetBackAtMs?: number;
	/** the center's IANA zone, for times in messages */
	zone?: string;
	/** the center as "Mega PRO (1002)" (or its id), for not_found */
	center?: string;
	/** the shop the request was about, for not_found */
	shopId?: string;
	/**
	 * The names of the parameters the request had (path, query, body). A name in `details` is said as a
	 * parameter only when it is one of these: the spec leaves details' shape open, so its keys may be
	 * anything ({plan: "basic", required: "pro"}). Without it every name counts.
	 */
	sent?: ReadonlySet<string>;
}

/** Whether `name` is a parameter the request had: itself or its root (data[0][in], data.0.in → data). */
function wasSent(name: string, sent: ReadonlySet<string> | undefined): boolean {
	if (!sent) return true;
	if (sent.has(name)) return true;
	const root = /^[^.[]+/.exec(name)?.[0];
	return root !== undefined && sent.has(root);
}

/** A moment as the center's local time ("2026-11-21 00:00 Asia/Yekaterinburg"), UTC when the zone is unknown. */
export function localTime(ms: number, zone: string | undefined): string {
	const at = DateTime.fromMillis(ms, { zone: zone ?? 'UTC' });
	const shown = at.isValid ? at : DateTime.fromMillis(ms, { zone: 'UTC' });
	return `${shown.toFormat('yyyy-MM-dd HH:mm')} ${shown.zoneName}`;
}

const MAX_DETAILS = 300;

function clip(text: string, max = MAX_DETAILS): string {
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function words(value: unknown): string {
	if (typeof value === 'string') return value.trim();
	if (Array.isArray(value)) return value.map(words).filter(Boolean).join('; ');
	if (value && typeof value === 'object') {
		const o = value as Record<string, unknown>;
		if (typeof o.message === 'string') return o.message.trim();
		return JSON.stringify(value);
	}
	return value === undefined || value === null ? '' : String(value);
}

/**
 * `error.details` in the user's words, whatever its shape (the spec does not show it): an object of
 * message arrays or strings ({per_page: ["must be at most 100"]}), an array of {field, message}, a
 * {field} / {fields} naming, a plain string. Each rejected parameter with the API's words, capped.
 */
export function describeDetails(
	details: unknown,
	sent?: ReadonlySet<string>,
): { fields: string[]; text: string } {
	if (details === undefined || details === null) return { fields: [], text: '' };
	if (typeof details === 'string') {
		// "per_page: must be at most 100" names its parameter
		const named = /^([a-z_][a-z0-9_.[\]]*):\s/i.exec(details.trim());
		const isParam = named !== null && wasSent(named[1], sent);
		return { fields: isParam ? [named[1]] : [], text: clip(details.trim()) };
	}
	const parts: Array<[string, string]> = [];
	if (Array.isArray(details)) {
		for (const entry of details) {
			if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
				const e = entry as Record<string, unknown>;
				const name =
					typeof e.field === 'string'
						? e.field
						: typeof e.param === 'string'
							? e.param
							: typeof e.name === 'string'
								? e.name
								: '';
				parts.push([name, words(e.message ?? e.messages ?? e.error ?? (name ? '' : entry))]);
			} else parts.push(['', words(entry)]);
		}
	} else if (typeof details === 'object') {
		const d = details as Record<string, unknown>;
		if (typeof d.field === 'string' || Array.isArray(d.fields)) {
			const names = typeof d.field === 'string' ? [d.field] : (d.fields as unknown[]).map(String);
			for (const n of names) parts.push([n, words(d.message ?? d.reason ?? '')]);
		} else {
			for (const [k, v] of Object.entries(d)) parts.push([k, words(v)]);
		}
	} else {
		parts.push(['', String(details)]);
	}
	// a key the request did not have is not a parameter: it stays as the API's words ("plan: basic")
	const fields = parts.map(([n]) => n).filter((n) => n && wasSent(n, sent));
	const text = parts
		.map(([n, w]) => (n && w ? `${n}: ${w}` : n || w))
		.filter(Boolean)
		.join('; ');
	return { fields: [...new Set(fields)], text: clip(text) };
}

function field(details: unknown, sent?: ReadonlySet<string>): string | undefined {
	const { fields } = describeDetails(details, sent);
	return fields.length ? fields.join(', ') : undefined;
}

/** The API's message without a closing full stop (the caller adds its own punctuation). */
function bare(message: string | undefined): string {
	return (message ?? '').trim().replace(/[.。]+$/, '');
}

function planName(plan: FailureContext['plan']): string {
	return plan === 'pro' ? ' (PRO)' : plan === 'basic' ? ' (Basic)' : '';
}

const UNAVAILABLE: Record<string, string> = {
	rights_unavailable: "The API's rights service did not answer",
	traffic_unavailable: 'The visitor counting subsystem did not answer',
	portal_unavailable: 'The tenant portal did not answer',
	query_timeout: 'The API timed out on this query',
	internal_error: 'The API had an internal failure',
};

/** A message in the user's words for each code the spec names. */
export function describeFailure(f: ApiFailure, c: FailureContext = {}): string {
	const what = c.operation ? ` to ${c.operation}` : '';
	const f1 = field(f.details, c.sent);
	if (f.status === 402)
		return 'This center is blocked for non-payment: the API lists it but answers no data requests for it until the bill is paid.';
	if (f.code in UNAVAILABLE) {
		const tries = c.attempts
			? ` (gave up after ${c.attempts} attempts${c.waitedMs ? ` and ${Math.round(c.waitedMs / 1000)} s of waiting` : ''})`
			: '';
		return `${UNAVAILABLE[f.code]}${tries}. Try again later.`;
	}
	switch (f.code) {
		case 'plan_required':
			return planRequired(f, c, what, f1);
		case 'not_found':
			return notFound(f, c, f1);
		case 'traffic_not_configured':
			return 'No visitor counting system is configured in this center.';
		case 'already_exists_in_sc':
			return 'An identical calendar event (same name, type and both dates) already exists in this center; it was left unchanged.';
		case 'validation_error':
			return validationMessage(f, c.sent);
		case 'period_too_long':
			return `The period is too long for the API${f.message ? `: ${f.message}` : ''}`;
		case 'rate_limited':
			if (c.budgetBackAtMs !== undefined)
				return `The center's request budget is used up until ${localTime(c.budgetBackAtMs, c.zone)} (it is shared by every client of the center); this run does not wait that long. Runs for this center fail at once until then.`;
			return `The center's request budget is used up (it is shared by every client of the center)${c.waitedMs ? `; gave up after waiting ${Math.round(c.waitedMs / 1000)} s` : ''}.`;
		case 'token_expired':
			return 'The access token expired and the API refused the fresh one as well. Check the credential.';
		case 'malformed_response':
			return f.message;
		default:
			if (f.status === 401)
				return `The API refused the credentials (${f.code}${f.message ? `: ${f.message}` : ''}). Check the Client ID and Client Secret.`;
			return f.message || `The API answered ${f.code} (HTTP ${f.status}).`;
	}
}

/** not_found in the user's words: what is missing, and in which center (no internal field names). */
function notFound(f: ApiFailure, c: FailureContext, fields: string | undefined): string {
	const center = c.center ? `center ${c.center}` : 'this center';
	if (fields === 'sc_id')
		return `${c.center ? `Center ${c.center}` : 'The center'} was not found: it is not among the centers your key has a role in.`;
	if ((fields === 'shop_id' || !fields) && c.shopId && (fields || /shop/i.test(f.message)))
		return `Shop ${c.shopId} is not in ${center}.`;
	const said = bare(f.message);
	return `Not found in ${center}${said ? `: ${said}` : ''}.`;
}

/**
 * plan_required: the parameter when the API named one the request had (granularity=hour on Basic),
 * otherwise the API's own words; either way that it needs PRO (the spec's plans are Basic and PRO, and
 * only PRO has what Basic lacks).
 */
function planRequired(f: ApiFailure, c: FailureContext, what: string, f1?: string): string {
	const said = bare(f.message);
	const head = `This center's plan${planName(c.plan)} does not allow the request${what}`;
	if (f1) return `${head} (parameter ${f1}); it needs PRO.`;
	return clip(`${head}; it needs PRO.${said ? ` The API: ${said}.` : ''}`, 400);
}

function validationMessage(f: ApiFailure, sent?: ReadonlySet<string>): string {
	const { fields, text } = describeDetails(f.details, sent);
	const what = fields.length
		? `the parameter${fields.length > 1 ? 's' : ''} ${fields.join(', ')}`
		: 'a parameter';
	const message = bare(f.message);
	// details that only name the fields: the API's message says what is wrong with them
	const onlyNames = fields.length > 0 && text === fields.join('; ');
	const said =
		onlyNames || !text
			? message
			: text.startsWith(`${fields[0]}: `)
				? text.slice(fields[0].length + 2)
				: text;
	return clip(`The API rejected ${what}${said ? `: ${said}` : ''}`, 400);
}

export type ApiError = NodeApiError & { context: { code?: string; details?: unknown } };

/** `error.details` in words for the description (the JSON stays in the context, an error item's `details`). */
function detailsInWords(details: unknown): string {
	const { fields, text } = describeDetails(details);
	if (!text) return '';
	if (fields.length > 0 && text === fields.join('; '))
		return ` The API names the field${fields.length > 1 ? 's' : ''} ${fields.join(', ')}.`;
	return ` The API's details: ${bare(text)}.`;
}

export function toNodeApiError(node: INode, f: ApiFailure, c: FailureContext = {}): ApiError {
	const detailText = detailsInWords(f.details);
	const error = new NodeApiError(
		node,
		{
			code: f.code,
			message: f.message,
			details: f.details as JsonObject,
			status: f.status,
		} as JsonObject,
		{
			message: describeFailure(f, c),
			description: `API error ${f.code} (HTTP ${f.status})${f.message ? `: ${bare(f.message)}` : ''}.${detailText}`,
			httpCode: String(f.status),
			itemIndex: c.itemIndex,
		},
	) as ApiError;
	error.context.code = f.code;
	error.context.details = f.details;
	// the moment a spent budget is back (a caller that keeps state, the trigger, waits it out)
	if (c.budgetBackAtMs !== undefined) error.context.budgetBackAtMs = c.budgetBackAtMs;
	return error;
}

/** A problem found before any request (bad input, credential, connection): names the field and item. */
export function inputError(
	node: INode,
	message: string,
	itemIndex?: number,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(node, message, { itemIndex, description });
}

/** Any failure as an n8n error of the node: NodeApiError / NodeOperationError pass as they are. */
export function asNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError) return error;
	if (error instanceof NodeOperationError) {
		if (itemIndex !== undefined && error.context.itemIndex === undefined)
			error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(node, error as Error, { itemIndex });
}

/** What a node error carries of the API's answer (read once here; absent parts undefined). */
export interface ErrorShape {
	/** the API's error code (plan_required, validation_error, …) */
	code?: string;
	/** the API's details, as it sent them */
	details?: unknown;
	/** the HTTP status as text ("402") */
	httpCode?: string;
}

/** The API's side of any error: code, details and HTTP status, from a NodeApiError's context. */
export function errorShape(error: unknown): ErrorShape {
	const e = error as { context?: { code?: unknown; details?: unknown }; httpCode?: unknown } | null;
	const code = e?.context?.code;
	const details = e?.context?.details;
	return {
		code: typeof code === 'string' && code ? code : undefined,
		details: details === null ? undefined : details,
		httpCode: typeof e?.httpCode === 'string' && e.httpCode ? e.httpCode : undefined,
	};
}
