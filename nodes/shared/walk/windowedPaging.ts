/**
 * A long period of a list without pages as one list: the windows the plan allows (planWindows.ts),
 * one request each, in order, up to what the limit still needs, de-duplicated over the whole walk
 * (paged lists walk with pageStream.ts).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequest, rowsOf, type RequestInput } from '../transport';
import type { DayWindow } from './dateWindows';
import { walkPlanWindows, type PlanPeriod } from './planWindows';

type PlainRoute = Parameters<typeof apiRequest>[1];

/** Lists without pages (monthly totals, attendance) over a period: `keyOf` de-duplicates rows. */
export async function collectPlanWindows(
	ctx: IExecuteFunctions,
	period: PlanPeriod,
	route: PlainRoute,
	inputFor: (w: DayWindow) => RequestInput,
	keyOf: (row: IDataObject) => string,
	limit?: number,
): Promise<IDataObject[]> {
	const seen = new Set<string>();
	const out: IDataObject[] = [];
	async function* answers(windows: DayWindow[]): AsyncGenerator<IDataObject[]> {
		for (const w of windows) {
			const input = inputFor(w);
			const res = await apiRequest(ctx, route, input);
			yield rowsOf(ctx, res.data, input);
		}
	}
	for await (const rows of walkPlanWindows(ctx, period, answers)) {
		for (const row of rows) {
			const key = keyOf(row);
			if (seen.has(key)) continue;
			seen.add(key);
			out.push(row);
			if (limit !== undefined && out.length >= limit) return out;
		}
	}
	return out;
}
