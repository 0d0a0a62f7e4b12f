/**
 * A long period as one list: the windows a plan allows, walked in order, each paged completely (or up
 * to what the limit still needs), de-duplicated across windows and pages (item output; the walk
 * itself is pageStream.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { apiRequest, rowsOf, type ApiContext, type RequestInput } from './transport';
import { collectWalk } from './pageStream';
import type { DayWindow } from './dateWindows';

type PagedRoute = Parameters<typeof collectWalk>[1];
type PlainRoute = Parameters<typeof apiRequest>[1];

export { PARALLEL_WINDOWS } from './pageStream';

/**
 * Several selections of one paged route (one per window) as one list, in the order given, each record
 * once (the streaming walker of pageStream.ts, collected).
 */
export async function collectPagedInputs(
	ctx: ApiContext,
	route: PagedRoute,
	inputs: RequestInput[],
	limit?: number,
): Promise<IDataObject[]> {
	return await collectWalk(ctx, route, inputs, { limit });
}

export async function collectPagedWindows(
	ctx: ApiContext,
	route: PagedRoute,
	windows: DayWindow[],
	inputFor: (w: DayWindow) => RequestInput,
	limit?: number,
): Promise<IDataObject[]> {
	return await collectPagedInputs(ctx, route, windows.map(inputFor), limit);
}

/** The same for lists without pages (monthly totals, attendance): `keyOf` de-duplicates rows. */
export async function collectPlainWindows(
	ctx: ApiContext,
	route: PlainRoute,
	windows: DayWindow[],
	inputFor: (w: DayWindow) => RequestInput,
	keyOf: (row: IDataObject) => string,
	limit?: number,
): Promise<IDataObject[]> {
	const seen = new Set<string>();
	const out: IDataObject[] = [];
	for (const w of windows) {
		if (limit !== undefined && out.length >= limit) break;
		const input = inputFor(w);
		const res = await apiRequest(ctx, route, input);
		for (const row of rowsOf(ctx, res.data, input)) {
			const key = keyOf(row);
			if (seen.has(key)) continue;
			seen.add(key);
			out.push(row);
			if (limit !== undefined && out.length >= limit) break;
		}
	}
	return out;
}
