/**
 * The ONE route table of the package (paths of shared/routes.md, relative to the base URL that ends
 * with /api/external/v2). A path learned later changes one line here.
 */
export interface RouteDefinition {
	method: 'GET' | 'POST';
	path: string;
	/** page size limits of paged lists (maximum is what Return All asks for) */
	paging?: { defaultPerPage: number; maxPerPage: number; idField: string };
	/** request body encoding of intake calls */
	body?: 'form' | 'json';
}

export const ROUTES = {
	token: { method: 'POST', path: '/auth/token', body: 'json' },
	listCenters: { method: 'GET', path: '/sc' },
	listShops: {
		method: 'GET',
		path: '/sc/{sc_id}/shops',
		paging: { defaultPerPage: 100, maxPerPage: 500, idField: 'id' },
	},
	listZones: { method: 'GET', path: '/sc/{sc_id}/traffic/zones' },
	readAttendance: { method: 'GET', path: '/sc/{sc_id}/traffic' },
	submitAttendance: { method: 'POST', path: '/sc/{sc_id}/traffic', body: 'form' },
	submitCounterHours: {
		method: 'POST',
		path: '/sc/{sc_id}/traffic/counters/{external_id}',
		body: 'form',
	},
	// the one call that is not idempotent: see calendarEvent/create.operation.ts
	createEvent: { method: 'POST', path: '/sc/{sc_id}/events', body: 'form' },
	listCashRegisters: { method: 'GET', path: '/sc/{sc_id}/shops/{shop_id}/kkts' },
	listPasses: {
		method: 'GET',
		path: '/sc/{sc_id}/portal/passes',
		paging: { defaultPerPage: 50, maxPerPage: 100, idField: 'id' },
	},
	listTickets: {
		method: 'GET',
		path: '/sc/{sc_id}/portal/tickets',
		paging: { defaultPerPage: 50, maxPerPage: 100, idField: 'ticket_uid' },
	},
	exportReceipts: {
		method: 'GET',
		path: '/sc/{sc_id}/shops/{shop_id}/receipts',
		paging: { defaultPerPage: 500, maxPerPage: 1000, idField: 'id' },
	},
	dailySales: {
		method: 'GET',
		path: '/sc/{sc_id}/shops/{shop_id}/sales/daily',
		paging: { defaultPerPage: 100, maxPerPage: 366, idField: 'date' },
	},
	monthlySales: {
		method: 'GET',
		path: '/sc/{sc_id}/shops/{shop_id}/sales/monthly',
	},
	turnoverSettings: {
		method: 'GET',
		path: '/sc/{sc_id}/shops/{shop_id}/turnover/settings',
	},
	declareTurnover: {
		method: 'POST',
		path: '/sc/{sc_id}/shops/{shop_id}/turnover',
		body: 'form',
	},
	listAnomalies: {
		method: 'GET',
		path: '/sc/{sc_id}/anomalies',
		paging: { defaultPerPage: 100, maxPerPage: 500, idField: 'id' },
	},
} as const satisfies Record<string, RouteDefinition>;

export type RouteKey = keyof typeof ROUTES;

export type PathParams = Partial<Record<'sc_id' | 'shop_id' | 'external_id', string>>;

/** Fills the path template; every value is URI-encoded, a missing one is a programming error. */
export function routePath(key: RouteKey, params: PathParams): string {
	return ROUTES[key].path.replace(/\{(\w+)\}/g, (_m, name: string) => {
		const value = params[name as keyof PathParams];
		if (value === undefined || value === '')
			throw new Error(`Route ${key} needs the path parameter ${name}`);
		return encodeURIComponent(value);
	});
}
