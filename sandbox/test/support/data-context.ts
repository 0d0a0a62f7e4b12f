/**
 * Direct calls of the data handlers with a hand-built RequestContext (no HTTP).
 */
/* eslint-disable @n8n/community-nodes/require-node-api-error -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { SandboxClock } from '../../server/clock';
import { DataStore } from '../../data/store';
import { API_KEYS, centerById } from '../../fixtures/centers';
import { IntakeStore } from '../../data/intake-store';
import { ApiError, type RouteName } from '../../core/types';
import type { HandlerResult } from '../../handlers/context';
import { handlers as receipts } from '../../handlers/receipts';
import { handlers as sales } from '../../handlers/sales';
import { handlers as anomalies } from '../../handlers/anomalies';
import { handlers as portal } from '../../handlers/portal';

export const NOW = new Date('2026-11-20T09:00:00Z'); // 14:00 in Yekaterinburg, 12:00 in Moscow

const HANDLERS = { ...receipts, ...sales, ...anomalies, ...portal };

export interface World {
	store: DataStore;
	intake: IntakeStore;
	now: Date;
	periodRule: 'strict' | 'lenient';
}

export function world(seed = 42, now = NOW): World {
	return {
		store: new DataStore({ seed, clock: new SandboxClock(now, 'frozen') }),
		intake: new IntakeStore(),
		now,
		periodRule: 'strict',
	};
}

export type Query = Record<string, string | string[]>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Rows = Array<Record<string, any>>;

export interface Reply extends HandlerResult {
	data: Rows;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	meta: Record<string, any>;
}

export function call(
	w: World,
	route: RouteName,
	centerId: string,
	query: Query = {},
	params: Record<string, string> = {},
): Reply {
	const center = centerById(centerId);
	if (!center) throw new Error(`no center ${centerId}`);
	const handler = HANDLERS[route];
	if (!handler) throw new Error(`no handler for ${route}`);
	return handler({
		method: 'GET',
		route,
		params: { sc_id: centerId, ...params },
		query,
		body: {},
		center,
		key: API_KEYS[0],
		now: w.now,
		intake: w.intake,
		store: w.store,
		options: { periodRule: w.periodRule },
	}) as Reply;
}

/** Calls and expects an ApiError; returns it. */
export function failure(fn: () => unknown): ApiError {
	try {
		fn();
	} catch (e) {
		if (e instanceof ApiError) return e;
		throw e;
	}
	throw new Error('expected an ApiError, the call succeeded');
}

export function expectError(
	fn: () => unknown,
	status: number,
	code: string,
	field?: string,
): ApiError {
	const e = failure(fn);
	expect({ status: e.status, code: e.code }).toEqual({ status, code });
	if (field !== undefined) expect((e.details as { field?: string }).field).toBe(field);
	return e;
}

/** Walks every page of a paged route and returns all rows. */
export function walk(
	w: World,
	route: RouteName,
	centerId: string,
	query: Query,
	params: Record<string, string> = {},
	perPage?: number,
): Rows {
	const rows: Rows = [];
	for (let page = 1; ; page++) {
		const r = call(
			w,
			route,
			centerId,
			{ ...query, page: String(page), ...(perPage ? { per_page: String(perPage) } : {}) },
			params,
		);
		rows.push(...r.data);
		const { total, per_page } = r.meta.pagination;
		if (page * per_page >= total) {
			expect(rows.length).toBe(total);
			return rows;
		}
	}
}
