/**
 * A center's plan as it is NOW: the fixture's, or the one set while the sandbox runs (an upgrade to PRO
 * or a downgrade), so tests can show what a client does when a plan changes under a running n8n.
 */
import type { SandboxParts } from './parts';
import type { CenterFixture, Plan } from '../core/types';

export function setPlan(parts: SandboxParts, scId: string, plan: Plan): void {
	if (plan !== 'basic' && plan !== 'pro') throw new Error('plan must be basic or pro');
	parts.plans.set(scId, plan);
}

/** The center with its current plan (a copy when the plan was changed). */
export function withCurrentPlan<T extends CenterFixture | undefined>(parts: SandboxParts, c: T): T {
	if (!c) return c;
	const plan = parts.plans.get(c.id);
	return plan && plan !== c.plan ? { ...c, plan } : c;
}
