/**
 * The ONE route table of the package (paths relative to the base URL that ends with
 * /api/external/v2). The spec shows four paths; for the others ("Method and path: not shown") the path
 * here is the package's answer, the same in the sandbox. docs/routes.md is generated from this table
 * (test/docs/routes-doc.test.ts); it also says which key here is which route name in the sandbox's log
 * and faults (the two are joined by method and path). A path learned later changes one line here.
 */
export interface RouteDefinition {
	/** the call as the spec names it */
	call: string;
	/** whether the spec shows the method and path ('shown') or this table answers its open point */
	spec: 'shown' | 'not shown';
	method: 'GET' | 'POST';
	path: string;
	/** page size limits of paged lists (maximum is what Return All asks for) */
	paging?: { defaultPerPage: number; maxPerPage: number; idField: string };
	/** request body encoding of intake calls */
	body?: 'form' | 'json';
}

export const ROUTES = {
	token: {
		call: 'Token',
		spec: 'shown',
		method: 'POST',
		path: '/auth/token',
		body: 'json',
	},
	listCenters: {
		call: 'List centers',
		spec: 'not shown',
		method: 'GET',
		path: '/sc',
	},
	listShops: {
		call: 'List shops of a center',
		spec: 'not shown',
		method: 'GET',
		path: '/sc/{sc_id}/shops',
		paging: { defaultPerPage: 100, maxPerPage: 500, idField: 'id' },
	},
	listZones: {
		call: 'List counting zones',
		spec: 'not shown',
		method: 'GET',
		path: '/sc/{sc_id}/traffic/zones',
	},
	readAttendance: {
		call: 'Read attendance',
		spec: 'not shown',
		method: 'GET',
		path: '/sc/{sc_id}/traffic',
	},
	submitAttendance: {
		call: 'Submit daily attendance',
		spec: 'not shown',
		method: 'POST',
		path: '/sc/{sc_id}/traffic',
		body: 'form',
	},
	submitCounterHours: {
		call: 'Submit hourly counts from a third-party counter',
		spec: 'not shown',
		method: 'POST',
		path: '/sc/{sc_id}/traffic/counters/{external_id}',
		body: 'form',
	},
	// the one call that is not idempotent: see calendarEvent/create.operation.ts
	createEvent: {
		call: 'Create calendar event',
		spec: 'not shown',
		method: 'POST',
		path: '/sc/{sc_id}/events',
		body: 'form',
	},
	listCashRegisters: {
		call: 'List cash registers of a shop',
		spec: 'not shown',
		method: 'GET',
		path: '/sc/{sc_id}/shops/{shop_id}/kkts',
	},
	listPasses: {
		call: 'List passes',
		spec: 'not shown',
		method: 'GET',
		path: '/sc/{sc_id}/portal/passes',
		paging: { defaultPerPage: 50, maxPerPage: 100, idField: 'id' },
	},
	listTickets: {
		call: 'List tickets',
		spec: 'shown',
		method: 'GET',
		path: '/sc/{sc_id}/portal/tickets',
		paging: { defaultPerPage: 50, maxPerPage: 100, idField: 'ticket_uid' },
	},
	exportReceipts: {
		call: 'Receipt export',
		spec: 'not shown',
		method: 'GET',
		path: '/sc/{sc_id}/shops/{shop_id}/receipts',
		paging: { defaultPerPage: 500, maxPerPage: 1000, idField: 'id' },
	},
	dailySales: {
		call: 'Daily aggregates of a shop',
		spec: 'not shown',
		method: 'GET',
		path: '/sc/{sc_id}/shops/{shop_id}/sales/daily',
		paging: { defaultPerPage: 100, maxPerPage: 366, idField: 'date' },
	},
	monthlySales: {
		call: 'Monthly totals of a shop',
		spec: 'not shown',
		method: 'GET',
		path: '/sc/{sc_id}/shops/{shop_id}/sales/monthly',
	},
	turnoverSettings: {
		call: 'Turnover settings of a shop',
		spec: 'not shown',
		method: 'GET',
		path: '/sc/{sc_id}/shops/{shop_id}/turnover/settings',
	},
	declareTurnover: {
		call: 'Submit declared monthly turnover',
		spec: 'shown',
		method: 'POST',
		path: '/sc/{sc_id}/shops/{shop_id}/turnover',
		body: 'form',
	},
	listAnomalies: {
		call: 'List anomalies',
		spec: 'shown',
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
