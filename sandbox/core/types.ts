/**
 * Shared types of the sandbox (a faithful stand-in for the Shopping-center integration API v2).
 * The sandbox is test tooling: it never ships in dist/ or in npm pack.
 */

export type Plan = 'basic' | 'pro';

export interface CenterFixture {
	id: string;
	title: string;
	prefix: string;
	address: string;
	time_zone: string;
	rent_area_size: number;
	total_area_size: number;
	expected_quantity: number;
	external_id: string;
	phone: string;
	city: { id: string; name: string; time_zone: string };
	/** not part of the API's Center object: sandbox-only facts */
	plan: Plan;
	blocked: boolean;
	hasTraffic: boolean;
}

export interface ShopFixture {
	id: string;
	center_id: string;
	name: string;
	external_id: string | null;
	is_archived: boolean;
	position: { name: string };
	renter: {
		id: string;
		legal_name: string;
		inn: string;
		kpp: string;
		is_contractor: boolean;
	} | null;
	/** sandbox-only: average receipts per day (0 = no fiscal data) */
	receiptsPerDay: number;
	/** sandbox-only: shop time zone (declared-turnover boundaries); defaults to the center's */
	time_zone: string;
}

export interface ApiKeyFixture {
	clientId: string;
	clientSecret: string;
	/** the person's id in the platform (author of manual entries) */
	personId: string;
	centers: string[];
}

/** An API failure: rendered as {success:false, error:{code,message,details}} with this HTTP status. */
export class ApiError extends Error {
	constructor(
		public status: number,
		public code: string,
		message: string,
		public details: unknown = null,
		public headers: Record<string, string> = {},
	) {
		super(message);
	}
}

export function validationError(field: string, message: string): ApiError {
	return new ApiError(422, 'validation_error', message, { field, fields: [field] });
}

/** The sandbox clock: "now" for data visibility, freshest-date rules and token expiry. */
export interface Clock {
	now(): Date;
	set(iso: string | Date): void;
	advance(ms: number): void;
}

export type RouteName =
	| 'token'
	| 'centers'
	| 'shops'
	| 'zones'
	| 'attendance.read'
	| 'attendance.submit'
	| 'counter.submit'
	| 'events.create'
	| 'kkts'
	| 'passes'
	| 'tickets'
	| 'receipts'
	| 'sales.daily'
	| 'sales.monthly'
	| 'turnover.settings'
	| 'turnover.declare'
	| 'anomalies';

/** Query values as parsed: repeated keys and `key[]` keys become arrays (bracket suffix removed). */
export type QueryValues = Record<string, string | string[]>;

export interface DeclaredTurnoverRecord {
	shop_id: string;
	month: string; // YYYY-MM
	manual_turnover: number;
	manual_receipts_count: number;
	manual_visitors_count: number;
}

/** What the intake calls stored; read by data handlers (monthly totals show manual_turnover). */
export interface IntakeView {
	declaredTurnover(
		centerId: string,
		shopId: string,
		month: string,
	): DeclaredTurnoverRecord | undefined;
}
