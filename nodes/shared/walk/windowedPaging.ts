/**
 * A long period of a list without pages as one list: the windows a plan allows, walked in order, up to
 * what the limit still needs, de-duplicated across windows (paged lists walk with pageStream.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { apiRequest, rowsOf, type ApiContext, type RequestInput } from '../transport';
import type { DayWindow } from './dateWindows';

type PlainRoute = Parameters<typeof apiRequest>[1];

/** Lists without pages (monthly totals, attendance), window by window: `keyOf` de-duplicates rows. */
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
