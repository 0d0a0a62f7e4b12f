/**
 * The control API under /__sandbox (JSON in, {success, data} out). Not logged, spends no budget.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { IncomingMessage } from 'node:http';
import { parseBody, parseQuery, readBody } from './parsing';
import type { SandboxParts } from './parts';
import { envelope, errorAnswer, type Answer } from './respond';
import { scalar } from '../core/rules';
import { setPlan } from './plans';
import { ApiError, type Plan } from '../core/types';
import type { InsertKind, TruthQuery } from '../data/store';
import type { FaultSettings } from './faults';
import { receiptTruthSummary } from '../data/truth-summary';

type ControlHandler = (
	parts: SandboxParts,
	body: Record<string, unknown>,
	query: Record<string, string | string[]>,
	arg: string,
) => unknown;

const INSERT_KINDS: InsertKind[] = ['ticket', 'pass', 'anomaly', 'receipt'];
const TRUTH_KINDS = ['receipts', 'anomalies', 'tickets', 'passes', 'daily'] as const;

function bad(message: string): ApiError {
	return new ApiError(400, 'bad_request', message);
}

function str(body: Record<string, unknown>, field: string): string {
	const v = body[field];
	if (typeof v !== 'string' && typeof v !== 'number') throw bad(`${field} is required.`);
	return String(v);
}

function int(body: Record<string, unknown>, field: string): number {
	const v = Number(body[field]);
	if (!Number.isInteger(v)) throw bad(`${field} must be an integer.`);
	return v;
}

/** A truth selection from the query string (sc_id required; lists joined with commas). */
function truthQuery(q: Record<string, string | string[]>): TruthQuery {
	const tq: TruthQuery = { sc_id: scalar(q, 'sc_id') ?? '' };
	for (const k of Object.keys(q))
		tq[k] = Array.isArray(q[k]) ? (q[k] as string[]).join(',') : (q[k] as string);
	if (!tq.sc_id) throw bad('sc_id is required.');
	return tq;
}

/** `at` (ISO): the set as it was at that moment of the sandbox clock (what had been received by then); default now. */
function truthMoment(p: SandboxParts, q: Record<string, string | string[]>): Date {
	const at = scalar(q, 'at');
	if (at === undefined) return p.clock.now();
	const moment = new Date(at);
	if (Number.isNaN(moment.getTime())) throw bad('at must be an ISO 8601 moment.');
	return moment;
}

const ROUTES: Record<string, ControlHandler> = {
	'GET /log': (p, _b, q) => {
		const since = scalar(q, 'since');
		return p.log.list({
			since: since === undefined ? undefined : Number(since),
			route: scalar(q, 'route'),
		});
	},
	'DELETE /log': (p) => {
		p.log.clear();
		return { cleared: true };
	},
	'GET /stats': (p) => p.log.getStats(),
	'GET /faults': (p) => p.faults.get(),
	'POST /faults': (p, b) => {
		try {
			return p.faults.set(b as FaultSettings);
		} catch (e) {
			throw bad((e as Error).message);
		}
	},
	'DELETE /faults': (p) => {
		p.faults.clear();
		return p.faults.get();
	},
	'GET /clock': (p) => p.clock.toJSON(),
	'POST /clock': (p, b) => {
		try {
			if (b.mode !== undefined) {
				if (b.mode !== 'frozen' && b.mode !== 'running')
					throw new Error('mode must be frozen or running');
				p.clock.setMode(b.mode);
			}
			if (b.rateMode !== undefined) {
				if (b.rateMode !== 'frozen' && b.rateMode !== 'running')
					throw new Error('rateMode must be frozen or running');
				p.clock.setRateMode(b.rateMode);
			}
			if (b.set !== undefined) p.clock.set(String(b.set));
			if (b.advanceMs !== undefined) p.clock.advance(int(b, 'advanceMs'));
		} catch (e) {
			throw e instanceof ApiError ? e : bad((e as Error).message);
		}
		return p.clock.toJSON();
	},
	'POST /budget': (p, b) => {
		p.limiter.spend(str(b, 'sc_id'), int(b, 'spend'));
		return { sc_id: str(b, 'sc_id'), spent: int(b, 'spend') };
	},
	'POST /plan': (p, b) => {
		try {
			setPlan(p, str(b, 'sc_id'), str(b, 'plan') as Plan);
		} catch (e) {
			throw bad((e as Error).message);
		}
		return { sc_id: str(b, 'sc_id'), plan: str(b, 'plan') };
	},
	'POST /insert': (p, b) => {
		const kind = str(b, 'kind') as InsertKind;
		if (!INSERT_KINDS.includes(kind)) throw bad(`kind must be one of: ${INSERT_KINDS.join(', ')}.`);
		// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the named fields are left out of the rest
		const { kind: _k, sc_id: _s, count: _c, ...extra } = b;
		return { ids: p.store.insert(kind, str(b, 'sc_id'), int(b, 'count'), p.clock.now(), extra) };
	},
	// many inserts at one moment (the receipt-sync bench issues a live day): batches [{count, ...extra}]
	'POST /insert-batches': (p, b) => {
		const kind = str(b, 'kind') as InsertKind;
		if (!INSERT_KINDS.includes(kind)) throw bad(`kind must be one of: ${INSERT_KINDS.join(', ')}.`);
		if (!Array.isArray(b.batches) || !b.batches.every((x) => x && typeof x === 'object'))
			throw bad('batches must be an array of objects.');
		const now = p.clock.now();
		const ids: string[] = [];
		for (const batch of b.batches as Record<string, unknown>[]) {
			// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the count is left out of the rest
			const { count: _c, ...extra } = batch;
			ids.push(...p.store.insert(kind, str(b, 'sc_id'), int(batch, 'count'), now, extra));
		}
		return { ids };
	},
	'POST /tickets/status': (p, b) => {
		p.store.setTicketStatus(str(b, 'sc_id'), str(b, 'ticket_uid'), str(b, 'status'), p.clock.now());
		return { sc_id: str(b, 'sc_id'), ticket_uid: str(b, 'ticket_uid'), status: str(b, 'status') };
	},
	// a shop opened (archived false) or closed (true) from now on, as the shop list then shows it
	'POST /shops/archived': (p, b) => {
		if (typeof b.archived !== 'boolean') throw bad('archived must be true or false.');
		p.store.setShopArchived(str(b, 'sc_id'), str(b, 'shop_id'), b.archived);
		return { sc_id: str(b, 'sc_id'), shop_id: str(b, 'shop_id'), archived: b.archived };
	},
	'GET /truth': (p, _b, q, kind) => {
		if (!(TRUTH_KINDS as readonly string[]).includes(kind))
			throw bad(`truth kind must be one of: ${TRUTH_KINDS.join(', ')}.`);
		return p.store.truth(kind as (typeof TRUTH_KINDS)[number], truthQuery(q), truthMoment(p, q));
	},
	'GET /truth-summary/receipts': (p, _b, q) =>
		receiptTruthSummary(p.store, truthQuery(q), truthMoment(p, q)),
	'GET /truth-received/receipts': (p, _b, q) => {
		const [from, to] = ['from', 'to'].map((k) => Date.parse(scalar(q, k) ?? ''));
		if (Number.isNaN(from) || Number.isNaN(to)) throw bad('from and to must be ISO 8601 moments.');
		const rows = p.store.receivedBetween(truthQuery(q).sc_id, from, to);
		return { count: rows.length, receipts: rows };
	},
	'GET /intake': (p) => p.intake.snapshot(),
	'POST /token': (p, b) => {
		const clientId = str(b, 'client_id');
		if (!p.auth.keyById(clientId)) throw bad(`Unknown client_id: ${clientId}`);
		const ttl = b.ttl_seconds === undefined ? undefined : int(b, 'ttl_seconds');
		return {
			access_token: p.auth.mint(clientId, {
				ver: b.ver === undefined ? 2 : int(b, 'ver'),
				ttlSeconds: ttl,
			}),
		};
	},
	'POST /roles': (p, b) => {
		const centers = b.centers;
		if (!Array.isArray(centers) || !centers.every((c) => typeof c === 'string'))
			throw bad('centers must be an array of center ids.');
		try {
			p.auth.setRoles(str(b, 'client_id'), centers as string[]);
		} catch (e) {
			throw bad((e as Error).message);
		}
		return { client_id: str(b, 'client_id'), centers };
	},
};

export const CONTROL_ROUTES = Object.keys(ROUTES).map((k) =>
	k === 'GET /truth' ? 'GET /truth/{kind}' : k,
);

export async function handleControl(
	parts: SandboxParts,
	req: IncomingMessage,
	method: string,
	path: string,
	search: string,
): Promise<Answer> {
	try {
		const raw = await readBody(req);
		if (path === '' || path === '/') return envelope({ routes: CONTROL_ROUTES }, undefined);
		const m = /^\/truth\/([^/]+)$/.exec(path);
		const key = `${method} ${m ? '/truth' : path}`;
		const handler = ROUTES[key];
		if (!handler) {
			const known = Object.keys(ROUTES).some((k) => k.endsWith(` ${m ? '/truth' : path}`));
			throw known
				? new ApiError(405, 'method_not_allowed', `Method ${method} is not allowed here.`)
				: new ApiError(404, 'route_not_found', `No control route ${method} ${path}.`, {
						routes: CONTROL_ROUTES,
					});
		}
		const body =
			method === 'GET' || method === 'DELETE'
				? {}
				: parseBody(raw, req.headers['content-type'] ?? 'application/json');
		return envelope(
			handler(parts, body, parseQuery(search), m ? decodeURIComponent(m[1]) : ''),
			undefined,
		);
	} catch (e) {
		if (e instanceof ApiError) return errorAnswer(e);
		const message = (e as Error)?.message ?? String(e);
		return errorAnswer(
			new ApiError(
				message === 'not implemented' ? 501 : 500,
				message === 'not implemented' ? 'not_implemented' : 'internal_error',
				message,
			),
		);
	}
}
