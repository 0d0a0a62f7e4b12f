/**
 * The centers one poll reads (with their time zones), which refusals skip a center of "All My
 * Centers".
 */
import type { IPollFunctions } from 'n8n-workflow';
import { listCenters, zoneOfCenter } from '../shared/center';
import { fail } from '../shared/input';
import { errorShape } from '../shared/transport';
import type { Target, TriggerConfig } from './types';

export type { Target };

/** The centers of this poll with their time zones (one GET /sc, cached a few minutes per credential). */
export async function resolveTargets(ctx: IPollFunctions, cfg: TriggerConfig): Promise<Target[]> {
	const centers = await listCenters(ctx);
	if (cfg.scope === 'all')
		return centers.map((c) => ({ id: String(c.id), zone: zoneOfCenter(c), optional: true }));
	return cfg.centerIds.map((id) => {
		const c = centers.find((x) => String(x.id) === id);
		if (!c)
			fail(
				ctx,
				undefined,
				'Center Names or IDs',
				`center ${id} is not among the centers your key has a role in`,
			);
		return { id, zone: zoneOfCenter(c), optional: false };
	});
}

/** Errors after which a center of "All My Centers" is skipped: facts about the center, not outages. */
export function isCenterRefusal(error: unknown): boolean {
	const { code, httpCode } = errorShape(error);
	return (
		httpCode === '402' ||
		code === 'plan_required' ||
		code === 'payment_required' ||
		code === 'not_found'
	);
}
