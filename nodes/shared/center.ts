/**
 * What a node needs to know of a center before it asks for data: its time zone (day boundaries,
 * windows, "future") and its plan (windows, features). The zone comes from the center list, the plan
 * from the X-RateLimit-Limit of the answers for the center (never from a request of its own).
 */
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequest,
	getApiCredentials,
	knownPlan,
	rememberTitle,
	rememberZone,
	rowsOf,
	type ApiContext,
	type PlanName,
} from './transport';
import { FURTHEST_AHEAD_ZONE } from './walk/dateWindows';

export interface CenterInfo {
	id: string;
	time_zone: string;
	title?: string;
	/** false when the key's center list does not hold the id (the API will answer for it) */
	listed: boolean;
	/**
	 * The zone for "is this day in the future / fresh yet": the center's own, or, when the list does not
	 * hold the center (its zone unknown), the zone where days begin first (UTC+14), so no day the API
	 * would still accept is refused or clipped.
	 */
	boundaryZone: string;
}

const LIST_TTL_MS = 5 * 60_000;
const lists = new Map<string, { at: number; centers: IDataObject[] }>();

/**
 * The key's centers (GET /sc), kept for a few minutes per credential; `{ fresh: true }` asks the API
 * again (the pickers, Center → Get Many, the trigger's center picker).
 */
export async function listCenters(
	ctx: ApiContext,
	options: { fresh?: boolean } = {},
): Promise<IDataObject[]> {
	const fresh = options.fresh === true;
	const creds = await getApiCredentials(ctx);
	const cached = lists.get(creds.cacheKey);
	if (!fresh && cached && Date.now() - cached.at < LIST_TTL_MS) return cached.centers;
	const res = await apiRequest(ctx, 'listCenters', { operation: 'list centers' });
	const centers = rowsOf(ctx, res.data, {});
	for (const c of centers) {
		if (c.id === undefined) continue;
		rememberZone(creds.baseUrl, String(c.id), zoneOfCenter(c));
		rememberTitle(creds.cacheKey, String(c.id), c.title);
	}
	lists.set(creds.cacheKey, { at: Date.now(), centers });
	return centers;
}

export async function centerInfo(ctx: ApiContext, scId: string): Promise<CenterInfo> {
	const centers = await listCenters(ctx);
	const c = centers.find((x) => String(x.id) === scId);
	if (!c) return { id: scId, time_zone: 'UTC', listed: false, boundaryZone: FURTHEST_AHEAD_ZONE };
	return {
		id: scId,
		time_zone: zoneOfCenter(c),
		boundaryZone: zoneOfCenter(c),
		title: c.title as string,
		listed: true,
	};
}

/**
 * The center's plan as far as it is known (an earlier answer's X-RateLimit-Limit or plan_required);
 * undefined otherwise. No request is spent to learn it: walks that depend on it start with windows
 * valid on both plans and learn it from their first answer (planWindows.ts).
 */
export async function centerPlan(ctx: ApiContext, scId: string): Promise<PlanName | undefined> {
	const creds = await getApiCredentials(ctx);
	await listCenters(ctx);
	return knownPlan(creds.baseUrl, scId);
}

/** The center's IANA zone, from the key's center list (cached for a few minutes); UTC when unknown. */
export async function centerZone(ctx: ApiContext, scId: string): Promise<string> {
	return (await centerInfo(ctx, scId)).time_zone;
}

export function forgetCenters(): void {
	lists.clear();
}

/** The center's zone as the center list gives it (or its city's), UTC when missing. */
export function zoneOfCenter(c: IDataObject): string {
	return String(c.time_zone || (c.city as IDataObject | undefined)?.time_zone || 'UTC');
}
