/**
 * A long period as one list: the windows a plan allows, walked in order, each paged completely (or up
 * to what the limit still needs), de-duplicated across windows and pages.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequest,
	collectPages,
	ROUTES,
	rowsOf,
	type ApiContext,
	type RequestInput,
} from './transport';
import type { DayWindow } from './dateWindows';

type PagedRoute = Parameters<typeof collectPages>[1];
type PlainRoute = Parameters<typeof apiRequest>[1];

/**
 * How many windows a Return All walks at once. The API's serve time then overlaps instead of adding up;
 * the pacer counts requests in flight against X-RateLimit-Remaining, so the budget still holds.
 */
export const PARALLEL_WINDOWS = 3;

/**
 * Several selections of one paged route (one per window) as one list, in the order given, each record
 * once. With a limit the selections are walked one after another (stopping as soon as it is reached);
 * Return All walks up to PARALLEL_WINDOWS at once and merges them in order.
 */
export async function collectPagedInputs(
	ctx: ApiContext,
	route: PagedRoute,
	inputs: RequestInput[],
	limit?: number,
): Promise<IDataObject[]> {
	const seen = new Set<string>();
	const out: IDataObject[] = [];
	if (limit !== undefined) {
		for (const input of inputs) {
			const remaining = limit - out.length;
			if (remaining <= 0) break;
			out.push(...(await collectPages(ctx, route, input, { limit: remaining, seen })));
		}
		return out;
	}
	const results: IDataObject[][] = new Array(inputs.length);
	let next = 0;
	const worker = async () => {
		while (next < inputs.length) {
			const i = next++;
			results[i] = await collectPages(ctx, route, inputs[i]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(PARALLEL_WINDOWS, inputs.length) }, worker));
	const idField = ROUTES[route].paging.idField;
	for (const rows of results) {
		for (const row of rows) {
			const id = String(row[idField] ?? JSON.stringify(row));
			if (seen.has(id)) continue;
			seen.add(id);
			out.push(row);
		}
	}
	return out;
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
