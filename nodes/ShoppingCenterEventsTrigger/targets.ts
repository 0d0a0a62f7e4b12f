/**
 * The centers one poll reads (with their time zones), which refusals skip a center of "All My
 * Centers", and the fingerprint of a ticket that Ticket Changed compares between polls.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { listCenters, zoneOfCenter } from '../shared/center';
import { fail } from '../shared/input';
import { errorShape } from '../shared/transport';
import type { TriggerConfig } from './config';

export interface Target {
	id: string;
	zone: string;
	/** from "All My Centers": a center that cannot answer is skipped, not an error */
	optional: boolean;
}

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

export function ticketFingerprint(row: IDataObject): string {
	return `${String(row.status ?? '')}|${row.resolution_created_at === null || row.resolution_created_at === undefined ? '' : String(row.resolution_created_at)}`;
}

export function splitFingerprint(fp: string): { status: string | null; resolution: string | null } {
	const i = fp.indexOf('|');
	const status = i < 0 ? fp : fp.slice(0, i);
	const resolution = i < 0 ? '' : fp.slice(i + 1);
	return { status: status || null, resolution: resolution || null };
}

export function ms(value: unknown): number {
	return typeof value === 'string' ? Date.parse(value) : NaN;
}
