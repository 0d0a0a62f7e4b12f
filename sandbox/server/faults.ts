/**
 * Fault switches (docs/sandbox.md "Fault switches"): injected errors, token expiry, header formats,
 * inserts between pages, latency and broken bodies. Set in-process (sb.faults.set) or via /__sandbox/faults.
 */
import { mulberry32 } from '../core/random';
import { ApiError, type RouteName } from '../core/types';

export type MalformedKind = 'html' | 'truncated' | 'non-json' | 'no-success';
export type PagedRoute = 'tickets' | 'passes' | 'anomalies' | 'receipts';

export interface FaultSettings {
	errorRate?: number;
	errorCodes?: string[];
	failNext?: { count: number; code: string; routes?: RouteName[]; status?: number };
	tokenExpireAfterRequests?: number;
	tokenExpiredStatus?: 401 | 403 | 200;
	retryAfterFormat?: 'seconds' | 'http-date';
	resetFormat?: 'epoch' | 'delta' | 'iso';
	insertBetweenPages?: { route: PagedRoute; count: number };
	latencyMs?: number | [number, number];
	malformedNext?: { count: number; kind: MalformedKind; routes?: RouteName[] };
	seed?: number;
}

/** HTTP status per error code (the sandbox's answers for the spec's gaps included). */
export const STATUS_OF_CODE: Record<string, number> = {
	bad_request: 400,
	unauthorized: 401,
	invalid_client: 401,
	invalid_token: 401,
	payment_required: 402,
	plan_required: 403,
	not_found: 404,
	traffic_not_configured: 404,
	already_exists_in_sc: 409,
	validation_error: 422,
	period_too_long: 422,
	rate_limited: 429,
	internal_error: 500,
	rights_unavailable: 503,
	traffic_unavailable: 503,
	portal_unavailable: 503,
	query_timeout: 504,
};

export const RETRYABLE_FAULT_CODES = [
	'rights_unavailable',
	'traffic_unavailable',
	'portal_unavailable',
	'query_timeout',
	'internal_error',
];
const TRAFFIC_ROUTES: RouteName[] = [
	'zones',
	'attendance.read',
	'attendance.submit',
	'counter.submit',
];
const PORTAL_ROUTES: RouteName[] = ['tickets', 'passes'];
export const PAGED_ROUTE_KIND: Record<PagedRoute, 'ticket' | 'pass' | 'anomaly' | 'receipt'> = {
	tickets: 'ticket',
	passes: 'pass',
	anomalies: 'anomaly',
	receipts: 'receipt',
};

/** Whether an injected code fits a route (traffic_unavailable only on traffic routes, ...). */
export function codeFitsRoute(code: string, route: RouteName): boolean {
	if (code === 'traffic_unavailable') return TRAFFIC_ROUTES.includes(route);
	if (code === 'portal_unavailable') return PORTAL_ROUTES.includes(route);
	return true;
}

const MESSAGES: Record<string, string> = {
	rights_unavailable: 'The rights service did not answer.',
	traffic_unavailable: 'The counting subsystem did not answer.',
	portal_unavailable: 'The tenant portal did not answer.',
	query_timeout: 'The query timed out.',
	internal_error: 'Internal failure.',
	rate_limited: 'The request budget of the center is exceeded.',
	token_expired: 'The token has expired.',
};

const KNOWN_KEYS = new Set([
	'errorRate',
	'errorCodes',
	'failNext',
	'tokenExpireAfterRequests',
	'tokenExpiredStatus',
	'retryAfterFormat',
	'resetFormat',
	'insertBetweenPages',
	'latencyMs',
	'malformedNext',
	'seed',
]);

function check(ok: boolean, message: string): void {
	if (!ok) throw new Error(message);
}

function validate(s: FaultSettings): void {
	for (const k of Object.keys(s)) check(KNOWN_KEYS.has(k), `Unknown fault switch: ${k}`);
	if (s.errorRate !== undefined)
		check(
			typeof s.errorRate === 'number' && s.errorRate >= 0 && s.errorRate <= 1,
			'errorRate must be a number in [0, 1]',
		);
	if (s.errorCodes !== undefined)
		check(
			Array.isArray(s.errorCodes) && s.errorCodes.every((c) => typeof c === 'string'),
			'errorCodes must be an array of codes',
		);
	if (s.failNext !== undefined)
		check(
			Number.isInteger(s.failNext.count) && typeof s.failNext.code === 'string',
			'failNext needs {count, code}',
		);
	if (s.tokenExpireAfterRequests !== undefined)
		check(
			Number.isInteger(s.tokenExpireAfterRequests) && s.tokenExpireAfterRequests >= 0,
			'tokenExpireAfterRequests must be an integer >= 0',
		);
	if (s.tokenExpiredStatus !== undefined)
		check(
			[401, 403, 200].includes(s.tokenExpiredStatus),
			'tokenExpiredStatus must be 401, 403 or 200',
		);
	if (s.retryAfterFormat !== undefined)
		check(
			['seconds', 'http-date'].includes(s.retryAfterFormat),
			'retryAfterFormat must be seconds or http-date',
		);
	if (s.resetFormat !== undefined)
		check(
			['epoch', 'delta', 'iso'].includes(s.resetFormat),
			'resetFormat must be epoch, delta or iso',
		);
	if (s.insertBetweenPages !== undefined) {
		check(
			s.insertBetweenPages.route in PAGED_ROUTE_KIND &&
				Number.isInteger(s.insertBetweenPages.count),
			'insertBetweenPages needs {route: tickets|passes|anomalies|receipts, count}',
		);
	}
	if (s.latencyMs !== undefined) {
		const l = s.latencyMs;
		check(
			typeof l === 'number'
				? l >= 0
				: Array.isArray(l) && l.length === 2 && l[0] >= 0 && l[1] >= l[0],
			'latencyMs must be a number or [min, max]',
		);
	}
	if (s.malformedNext !== undefined) {
		check(
			Number.isInteger(s.malformedNext.count) &&
				['html', 'truncated', 'non-json', 'no-success'].includes(s.malformedNext.kind),
			'malformedNext needs {count, kind: html|truncated|non-json|no-success}',
		);
	}
	if (s.seed !== undefined) check(Number.isInteger(s.seed), 'seed must be an integer');
}

export class Faults {
	private settings: FaultSettings = {};
	private rng: () => number;
	private latencyRng: () => number;

	constructor(
		private readonly defaultSeed: number,
		initial: FaultSettings = {},
	) {
		this.rng = mulberry32(defaultSeed);
		this.latencyRng = mulberry32(defaultSeed ^ 0x9e3779b9);
		this.set(initial);
	}

	/** Merges switches in (throws on an unknown switch or a bad value). */
	set(partial: FaultSettings): FaultSettings {
		validate(partial);
		const copy = JSON.parse(JSON.stringify(partial)) as FaultSettings;
		this.settings = { ...this.settings, ...copy };
		if (copy.seed !== undefined) {
			this.rng = mulberry32(copy.seed);
			this.latencyRng = mulberry32(copy.seed ^ 0x9e3779b9);
		}
		return this.get();
	}

	clear(): void {
		this.settings = {};
		this.rng = mulberry32(this.defaultSeed);
		this.latencyRng = mulberry32(this.defaultSeed ^ 0x9e3779b9);
	}

	get(): FaultSettings {
		return JSON.parse(JSON.stringify(this.settings)) as FaultSettings;
	}

	get tokenExpiredStatus(): number {
		return this.settings.tokenExpiredStatus ?? 401;
	}

	get tokenExpireAfterRequests(): number | undefined {
		return this.settings.tokenExpireAfterRequests;
	}

	get resetFormat(): 'epoch' | 'delta' | 'iso' {
		return this.settings.resetFormat ?? 'epoch';
	}

	get retryAfterFormat(): 'seconds' | 'http-date' {
		return this.settings.retryAfterFormat ?? 'seconds';
	}

	/**
	 * The error to inject into this request, if any (failNext first, then errorRate). The token call is
	 * only hit by failNext when its routes name 'token'.
	 */
	injectedError(route: RouteName): ApiError | undefined {
		const next = this.settings.failNext;
		if (next && next.count > 0 && (next.routes ? next.routes.includes(route) : route !== 'token')) {
			next.count -= 1;
			if (next.count === 0) delete this.settings.failNext;
			return this.errorFor(next.code, next.status);
		}
		const rate = this.settings.errorRate ?? 0;
		if (rate > 0 && route !== 'token' && this.rng() < rate) {
			const codes = (this.settings.errorCodes ?? RETRYABLE_FAULT_CODES).filter((c) =>
				codeFitsRoute(c, route),
			);
			if (codes.length === 0) return undefined;
			return this.errorFor(codes[Math.floor(this.rng() * codes.length)]);
		}
		return undefined;
	}

	errorFor(code: string, status?: number): ApiError {
		const s =
			status ??
			(code === 'token_expired' ? this.tokenExpiredStatus : (STATUS_OF_CODE[code] ?? 500));
		return new ApiError(s, code, MESSAGES[code] ?? `Injected failure: ${code}.`, {
			injected: true,
		});
	}

	/** The broken-body kind for this answer, if any (consumes one of malformedNext.count). */
	takeMalformed(route: RouteName | undefined): MalformedKind | undefined {
		const m = this.settings.malformedNext;
		if (!m || m.count <= 0) return undefined;
		if (m.routes ? !route || !m.routes.includes(route) : !route || route === 'token')
			return undefined;
		m.count -= 1;
		const kind = m.kind;
		if (m.count === 0) delete this.settings.malformedNext;
		return kind;
	}

	/** Records to insert before this page is served, if the switch is on for this route. */
	insertBeforePage(
		route: RouteName,
		page: number,
	): { kind: 'ticket' | 'pass' | 'anomaly' | 'receipt'; count: number } | undefined {
		const ins = this.settings.insertBetweenPages;
		if (!ins || ins.route !== route || page <= 1 || ins.count <= 0) return undefined;
		return { kind: PAGED_ROUTE_KIND[ins.route], count: ins.count };
	}

	/** Delay for this answer in ms. */
	latency(): number {
		const l = this.settings.latencyMs;
		if (l === undefined) return 0;
		if (typeof l === 'number') return l;
		return l[0] + Math.floor(this.latencyRng() * (l[1] - l[0] + 1));
	}
}
