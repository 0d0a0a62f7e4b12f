/**
 * What the package has learned about each center's plan. The Center object of the spec has no plan
 * field, but every answer for a center carries X-RateLimit-Limit, whose per-minute value is the plan's
 * (Basic 60, PRO 300, per the plan table). A `plan` field in the center list, if a server sends one,
 * is taken as well.
 */
export type PlanName = 'basic' | 'pro';

const plans = new Map<string, PlanName>();

function key(baseUrl: string, scId: string): string {
	return `${baseUrl}|${scId}`;
}

export function planFromLimit(limit: number): PlanName | undefined {
	if (limit >= 300) return 'pro';
	if (limit > 0 && limit <= 60) return 'basic';
	return undefined;
}

export function rememberPlanFromLimit(
	baseUrl: string,
	scId: string | undefined,
	header: string | undefined,
): void {
	if (!scId || header === undefined || !/^\s*\d+\s*$/.test(header)) return;
	const plan = planFromLimit(Number(header));
	if (plan) plans.set(key(baseUrl, scId), plan);
}

export function rememberPlan(baseUrl: string, scId: string, plan: PlanName): void {
	plans.set(key(baseUrl, scId), plan);
}

export function knownPlan(baseUrl: string, scId: string | undefined): PlanName | undefined {
	return scId ? plans.get(key(baseUrl, scId)) : undefined;
}

export function clearPlans(): void {
	plans.clear();
}
