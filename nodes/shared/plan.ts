/**
 * The ONE place for plan rules (the spec's plan table and limits). Where the spec gives two answers
 * (daily data: 31 or 92 days for Basic; monthly: 12/36 months or 92/366 days) the package takes the
 * stricter one, so its requests are valid whichever way the gap falls.
 */
import type { PlanName } from './transport';

export interface PlanRules {
	label: string;
	/** days per request of daily aggregates */
	dailyWindowDays: number;
	/** whole months per request of monthly totals (3 months never exceed 92 days; 12 never 366) */
	monthlyWindowMonths: number;
	/** 1 = data up to yesterday, 0 = up to today (center time zone) */
	freshestDaysAgo: number;
	receipts: boolean;
	anomalies: boolean;
	/** attendance by hour, by zone, by shop */
	detailedAttendance: boolean;
	requestsPerMinute: number;
	requestsPerDay: number;
}

export const PLAN_RULES: Record<PlanName, PlanRules> = {
	basic: {
		label: 'Basic',
		dailyWindowDays: 31,
		monthlyWindowMonths: 3,
		freshestDaysAgo: 1,
		receipts: false,
		anomalies: false,
		detailedAttendance: false,
		requestsPerMinute: 60,
		requestsPerDay: 5000,
	},
	pro: {
		label: 'PRO',
		dailyWindowDays: 366,
		monthlyWindowMonths: 12,
		freshestDaysAgo: 0,
		receipts: true,
		anomalies: true,
		detailedAttendance: true,
		requestsPerMinute: 300,
		requestsPerDay: 50000,
	},
};

/**
 * When the plan could not be learned: windows valid on both plans, no feature refused locally (the
 * API's plan_required answer is passed on), data up to today (a Basic center answers for its own rule).
 */
export const UNKNOWN_PLAN_RULES: PlanRules = {
	...PLAN_RULES.basic,
	label: 'unknown',
	freshestDaysAgo: 0,
	receipts: true,
	anomalies: true,
	detailedAttendance: true,
};

/**
 * While the plan is being learned (the first request of a walk): windows and freshness valid on both
 * plans, no feature refused locally.
 */
export const BOTH_PLANS_RULES: PlanRules = { ...UNKNOWN_PLAN_RULES, freshestDaysAgo: 1 };

/** Limits that do not depend on the plan. */
export const LIMITS = {
	receiptsPairDays: 30,
	hourlyAttendanceDays: 31,
	anomaliesPeriodDays: 366,
	ticketUidsPerCall: 100,
	passTicketUidsPerCall: 500,
	counterRecordsPerCall: 1000,
} as const;

export function rulesFor(plan: PlanName | undefined): PlanRules {
	return plan ? PLAN_RULES[plan] : UNKNOWN_PLAN_RULES;
}

export type PlanFeature = 'receipts' | 'anomalies' | 'detailedAttendance';

const FEATURE_WORDS: Record<PlanFeature, string> = {
	receipts: 'receipt export',
	anomalies: 'anomalies',
	detailedAttendance: 'attendance by hour, by zone or by shop',
};

/** The sentence shown when a plan does not allow a feature (null when it does). */
export function featureRefusal(plan: PlanName | undefined, feature: PlanFeature): string | null {
	const rules = rulesFor(plan);
	if (rules[feature]) return null;
	return `This center's plan (${rules.label}) does not allow ${FEATURE_WORDS[feature]}; it needs PRO.`;
}
