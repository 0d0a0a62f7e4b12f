/**
 * The transport's face (the rest of the package imports it from here): requests, pages, the route
 * table, errors, the credential, token, pacing, the plan and zone caches, check-only runs, deadlines.
 */
export { apiRequest, type RequestCounter, type RequestInput } from './request';
export { paginate, collectPages, rowsOf } from './pagination';
export { ROUTES, type RouteKey } from './routes';
export { CREDENTIAL_TYPE, type ApiContext } from './context';
export { assertTransportAllowed, getApiCredentials, normalizeBaseUrl } from './credentials';
export type { EncodableRecord } from './encoding';
export { toNodeApiError, inputError, asNodeError, errorShape } from './errors';
export { exchangeToken, tokenCache } from './token';
export { pacer } from './pacing';
export {
	knownPlan,
	rememberLargeWindows,
	rememberPlan,
	takesLargeWindows,
	type PlanName,
} from './planCache';
export { rememberTitle, rememberZone } from './zones';
export { checkOnly, RequestChecked } from './checkOnly';
export { isDeadlineError } from './deadline';
