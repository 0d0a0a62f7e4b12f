/**
 * What a route handler gets (one request, resolved: its route, parameters, center, key and the
 * sandbox's rule options) and what it returns. Apart from sandbox/core/types.ts so that the shared types
 * do not import the data store (which imports them).
 */
import type { DataStore } from '../data/store';
import type {
	ApiKeyFixture,
	CenterFixture,
	IntakeView,
	QueryValues,
	RouteName,
} from '../core/types';

/**
 * The code a period longer than the plan allows is refused with (the spec does not say): 422
 * validation_error, 422 period_too_long or 403 plan_required ("the center's plan does not allow the
 * request or the parameter value").
 */
export type PeriodRefusal = 'validation_error' | 'period_too_long' | 'plan_required';

/** The sandbox options that change how rules are answered (each a side of an open point of the spec). */
export interface RuleOptions {
	periodRule: 'strict' | 'lenient';
	periodRefusal?: PeriodRefusal;
	passesPerPageMax?: number;
	shopTimeZones?: Record<string, string>;
	afterFreshest?: 'reject' | 'empty';
}

export interface RequestContext {
	method: string;
	route: RouteName;
	params: Record<string, string>;
	query: QueryValues;
	body: Record<string, unknown>;
	/** resolved, visible for the key, not blocked (checked before the handler runs) */
	center: CenterFixture;
	key: ApiKeyFixture;
	now: Date;
	intake: IntakeView;
	store: DataStore;
	options: RuleOptions;
}

export interface HandlerResult {
	data: unknown;
	meta?: Record<string, unknown>;
	status?: number;
}

export type Handler = (ctx: RequestContext) => HandlerResult;
