/**
 * The transport's face: requests, pages, the route table, errors, token, pacing and the plan cache.
 */
export { apiRequest, type ApiResult, type RequestInput } from './request';
export { paginate, collectPages, rowsOf, type Page, type PageOptions } from './pagination';
export { ROUTES, routePath, type RouteKey } from './routes';
export { CREDENTIAL_TYPE, type ApiContext } from './context';
export {
	toNodeApiError,
	inputError,
	describeFailure,
	asNodeError,
	errorShape,
	type ErrorShape,
} from './errors';
export { tokenCache, exchangeToken } from './token';
export { pacer } from './pacing';
export { knownPlan, rememberPlan, type PlanName } from './planCache';
export { checkOnly, RequestChecked } from './checkOnly';
export { isDeadlineError } from './deadline';
