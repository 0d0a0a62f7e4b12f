/**
 * THE route table (docs/routes.md): method + path template → RouteName; the same method and path for
 * every route as the package's table (test/docs/routes-doc.test.ts holds the two together).
 * Paths are relative to API_PREFIX. A path learned later changes one line here.
 */
import type { RouteName } from '../core/types';

export const API_PREFIX = '/api/external/v2';
export const CONTROL_PREFIX = '/__sandbox';

export interface RouteDef {
	name: RouteName;
	method: 'GET' | 'POST';
	path: string;
}

export const ROUTES: RouteDef[] = [
	{ name: 'token', method: 'POST', path: '/auth/token' },
	{ name: 'centers', method: 'GET', path: '/sc' },
	{ name: 'shops', method: 'GET', path: '/sc/{sc_id}/shops' },
	{ name: 'zones', method: 'GET', path: '/sc/{sc_id}/traffic/zones' },
	{ name: 'attendance.read', method: 'GET', path: '/sc/{sc_id}/traffic' },
	{ name: 'attendance.submit', method: 'POST', path: '/sc/{sc_id}/traffic' },
	{ name: 'counter.submit', method: 'POST', path: '/sc/{sc_id}/traffic/counters/{external_id}' },
	{ name: 'events.create', method: 'POST', path: '/sc/{sc_id}/events' },
	{ name: 'kkts', method: 'GET', path: '/sc/{sc_id}/shops/{shop_id}/kkts' },
	{ name: 'passes', method: 'GET', path: '/sc/{sc_id}/portal/passes' },
	{ name: 'tickets', method: 'GET', path: '/sc/{sc_id}/portal/tickets' },
	{ name: 'receipts', method: 'GET', path: '/sc/{sc_id}/shops/{shop_id}/receipts' },
	{ name: 'sales.daily', method: 'GET', path: '/sc/{sc_id}/shops/{shop_id}/sales/daily' },
	{ name: 'sales.monthly', method: 'GET', path: '/sc/{sc_id}/shops/{shop_id}/sales/monthly' },
	{
		name: 'turnover.settings',
		method: 'GET',
		path: '/sc/{sc_id}/shops/{shop_id}/turnover/settings',
	},
	{ name: 'turnover.declare', method: 'POST', path: '/sc/{sc_id}/shops/{shop_id}/turnover' },
	{ name: 'anomalies', method: 'GET', path: '/sc/{sc_id}/anomalies' },
];
