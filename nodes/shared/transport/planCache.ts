/**
 * What the package knows for certain about each center's plan. The Center object of the spec has no
 * plan field. A plan counts as known only when the API said it: X-RateLimit-Limit equal to a value of
 * the plan table (Basic 60, PRO 300 a minute; any other value leaves the plan unknown), or a
 * plan_required answer for a PRO feature (then the center is Basic). Known plans expire after a few
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
 * For a center whose plan no answer tells: whether the API took a PRO-sized window ('large') or refused
 * it ('small'), learned by the walk that tried (walk/planWindows.ts); trusted as long as a plan.
 */
export type WindowSize = 'large' | 'small';
const windowSizes = new Map<string, { size: WindowSize; at: number }>();

export function rememberWindowSize(baseUrl: string, scId: string, size: WindowSize): void {
	windowSizes.set(key(baseUrl, scId), { size, at: Date.now() });
}

export function knownWindowSize(baseUrl: string, scId: string): WindowSize | undefined {
	const entry = windowSizes.get(key(baseUrl, scId));
	if (!entry || Date.now() - entry.at > PLAN_TTL_MS) return undefined;
	return entry.size;
}

export function clearPlans(): void {
	plans.clear();
	windowSizes.clear();
}
