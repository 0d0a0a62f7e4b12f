/**
 * What the package knows for certain about each center's plan. The Center object of the spec has no
 * plan field. A plan counts as known only when the API said it: X-RateLimit-Limit equal to a value of
 * the plan table (Basic 60, PRO 300 a minute; any other value leaves the plan unknown), a
 * plan_required answer for a PRO feature, or a refusal of a period PRO allows (walk/planWindows.ts;
 * then the center is Basic). Known plans expire after a few
 * minutes, so a center upgraded while n8n runs is not refused for long; learning a plan never costs a
 * request of its own (it is read from answers the nodes needed anyway).
 */
export type PlanName = 'basic' | 'pro';

/** How long a learned plan is trusted. */
export const PLAN_TTL_MS = 10 * 60_000;

/** X-RateLimit-Limit per plan (the spec's plan table). */
const LIMIT_OF_PLAN: Record<PlanName, number> = { basic: 60, pro: 300 };

const plans = new Map<string, { plan: PlanName; at: number }>();

function key(baseUrl: string, scId: string): string {
	return `${baseUrl}|${scId}`;
}

/** The plan whose table value the limit equals exactly; anything else: unknown. */
function planFromLimit(limit: number): PlanName | undefined {
	if (limit === LIMIT_OF_PLAN.pro) return 'pro';
	if (limit === LIMIT_OF_PLAN.basic) return 'basic';
	return undefined;
}

export function rememberPlanFromLimit(
	baseUrl: string,
	scId: string | undefined,
	header: string | undefined,
): void {
	if (!scId || header === undefined || !/^\s*\d+\s*$/.test(header)) return;
	const plan = planFromLimit(Number(header));
	if (plan) rememberPlan(baseUrl, scId, plan);
}

export function rememberPlan(baseUrl: string, scId: string, plan: PlanName): void {
	plans.set(key(baseUrl, scId), { plan, at: Date.now() });
}

export function knownPlan(baseUrl: string, scId: string | undefined): PlanName | undefined {
	if (!scId) return undefined;
	const entry = plans.get(key(baseUrl, scId));
	if (!entry) return undefined;
	if (Date.now() - entry.at > PLAN_TTL_MS) {
		plans.delete(key(baseUrl, scId));
		return undefined;
	}
	return entry.plan;
}

/**
 * Centers whose plan no answer tells that took a PRO-sized window (walk/planWindows.ts): later walks
 * use such windows at once; trusted as long as a plan. (A center that refused one is Basic: rememberPlan.)
 */
const largeWindows = new Map<string, number>();

export function rememberLargeWindows(baseUrl: string, scId: string): void {
	largeWindows.set(key(baseUrl, scId), Date.now());
}

export function takesLargeWindows(baseUrl: string, scId: string): boolean {
	const at = largeWindows.get(key(baseUrl, scId));
	return at !== undefined && Date.now() - at <= PLAN_TTL_MS;
}

export function clearPlans(): void {
	plans.clear();
	largeWindows.clear();
}
