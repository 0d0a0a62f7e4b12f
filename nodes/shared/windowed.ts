/**
 * A long period as one list: the windows a plan allows, walked in order, each paged completely (or up
 * to what the limit still needs), de-duplicated across windows and pages.
 */
import type { IDataObject } from 'n8n-workflow';
import { apiRequest, collectPages, rowsOf, type ApiContext, type RequestInput } from './transport';
import type { DayWindow } from './windows';

type PagedRoute = Parameters<typeof collectPages>[1];
type PlainRoute = Parameters<typeof apiRequest>[1];

export async function collectPagedWindows(
	ctx: ApiContext,
	route: PagedRoute,
	windows: DayWindow[],
	inputFor: (w: DayWindow) => RequestInput,
	limit?: number,
): Promise<IDataObject[]> {
	const seen = new Set<string>();
	const out: IDataObject[] = [];
	for (const w of windows) {
		const remaining = limit === undefined ? undefined : limit - out.length;
		if (remaining !== undefined && remaining <= 0) break;
		out.push(...(await collectPages(ctx, route, inputFor(w), { limit: remaining, seen })));
	}
	return out;
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
