/**
 * The list walker in streaming form: several selections of one paged route (one per window, or per
 * shop and window) as one ordered flow of record batches, each record once. Batches leave as pages
 * arrive, so a caller that writes them away (file output) never holds the whole list; the item
 * output collects the same flow into an array (windowedPaging.ts).
 *
 * De-duplication is bounded by what can repeat: records shift between the pages of ONE selection
 * (records arrive or leave while it is paged), so each selection keeps the ids it returned while it
 * is walked and drops them when it ends. Selections of one walk do not overlap (date windows split a
 * period, shops split a center, the two date pairs of receipts give disjoint intersections), so no
 * set over the whole walk is kept: the walk's memory does not grow with the number of windows or
 * shops. A caller whose selections can return the same record merges them itself (portal ticket
 * numbers, portalList.ts).
 */
import type { IDataObject } from 'n8n-workflow';
import { paginate, type ApiContext, type RequestInput } from '../transport';

type PagedRoute = Parameters<typeof paginate>[1];

/**
 * How many windows a Return All walks at once. The API's serve time then overlaps instead of adding up;
 * the pacer counts requests in flight against X-RateLimit-Remaining, so the budget still holds.
 */
export const PARALLEL_WINDOWS = 3;

export interface WalkInput extends RequestInput {
	/** fields each record of this selection gets when it does not carry them (the shop of a center walk) */
	tag?: IDataObject;
}

function tagged(rows: IDataObject[], tag: IDataObject | undefined): IDataObject[] {
	if (!tag) return rows;
	const keys = Object.keys(tag);
	for (const row of rows) for (const k of keys) if (row[k] === undefined) row[k] = tag[k];
	return rows;
}

export interface WalkStats {
	/** data answers (one per page) */
	requests: number;
	/** selections walked (windows; per shop and window) */
	windows: number;
	/** the most ids the walk held at once for de-duplication (the selections being walked) */
	peakIdsHeld?: number;
}

export interface WalkOptions<T = IDataObject[]> {
	/** stop after this many records (Return All: undefined) */
	limit?: number;
	stats?: WalkStats;
	/**
	 * What each page's new records become as the page arrives (file output: the page's encoded bytes).
	 * A selection walked ahead of the one being handed on then holds that instead of parsed records, so
	 * it may hold more pages (PREPARED_PAGES_AHEAD) and keep its requests going.
	 */
	prepare?: (rows: IDataObject[]) => T;
}

interface Lane<T> {
	pages: T[];
	done: boolean;
	/** the reader waits for a page of this lane */
	wake?: () => void;
}

/**
 * Pages of parsed records a selection may hold before its walk pauses until the reader takes one (a
 * selection ahead of the one being handed on waits until the reader reaches it): the parallel walk
 * overlaps requests without holding whole windows, and a slow reader (a file being written) holds
 * it back (flat memory).
 */
export const PAGES_AHEAD = 2;

/**
 * The same for prepared pages (a page of 1000 receipts as CSV is ~0.25 MB): enough for a busy shop's
 * 30-day window (~18 pages), so the selections ahead are walked at the API's pace while the reader is
 * on an earlier one.
 */
export const PREPARED_PAGES_AHEAD = 20;

/** A selection handed on completely (its pages are gone). */
const DONE: Lane<never> = { pages: [], done: true };

const asRows = <T>(rows: IDataObject[]) => rows as unknown as T;

/**
 * Ordered batches of new records (or what `prepare` makes of each page). With a limit the selections
 * are walked one after another (stopping as soon as it is reached); Return All walks up to
 * PARALLEL_WINDOWS at once and hands on each selection's pages in order. The pages held for the
 * selections ahead of the one being handed on are bounded over all of them (PARALLEL_WINDOWS × the
 * pages ahead), not per selection: a worker that finished a selection does not race on through many
 * small ones while the reader waits on a large one.
 */
export function walkPages(
	ctx: ApiContext,
	route: PagedRoute,
	inputs: WalkInput[],
	options?: WalkOptions,
): AsyncGenerator<IDataObject[]>;
export function walkPages<T>(
	ctx: ApiContext,
	route: PagedRoute,
	inputs: WalkInput[],
	options: WalkOptions<T> & { prepare: (rows: IDataObject[]) => T },
): AsyncGenerator<T>;
export async function* walkPages<T>(
	ctx: ApiContext,
	route: PagedRoute,
	inputs: WalkInput[],
	options: WalkOptions<T> = {},
): AsyncGenerator<T> {
	const stats = options.stats;
	// without `prepare` T is the records themselves (the first signature)
	const prepare = options.prepare ?? asRows<T>;
	if (stats) stats.windows += inputs.length;
	// the id sets of the selections being walked (one each, dropped when the selection ends)
	const held = new Set<Set<string>>();
	const hold = () => {
		const seen = new Set<string>();
		held.add(seen);
		return seen;
	};
	const counted = () => {
		if (!stats) return;
		stats.requests++;
		let ids = 0;
		for (const seen of held) ids += seen.size;
		if (ids > (stats.peakIdsHeld ?? 0)) stats.peakIdsHeld = ids;
	};
	if (options.limit !== undefined) {
		let left = options.limit;
		for (const input of inputs) {
			if (left <= 0) return;
			const seen = hold();
			try {
				for await (const page of paginate(ctx, route, input, { limit: left, seen })) {
					counted();
					left -= page.rows.length;
					if (page.rows.length) yield prepare(tagged(page.rows, input.tag));
				}
			} finally {
				held.delete(seen);
			}
		}
		return;
	}
	const perLane = options.prepare ? PREPARED_PAGES_AHEAD : PAGES_AHEAD;
	const total = perLane * PARALLEL_WINDOWS;
	const lanes: Lane<T>[] = inputs.map(() => ({ pages: [], done: false }));
	let next = 0;
	// the lane the reader hands on; pages held in the lanes after it
	let reading = 0;
	let ahead = 0;
	let failure: { error: unknown } | undefined;
	let stopped = false;
	// workers waiting for room (the reader took a page or moved on)
	let waiting: Array<() => void> = [];
	const room = () => {
		const resume = waiting;
		waiting = [];
		for (const r of resume) r();
	};
	const wakeAll = () => {
		lanes.forEach((l) => l.wake?.());
		room();
	};
	const full = (index: number, lane: Lane<T>) =>
		lane.pages.length >= perLane || (index > reading && ahead >= total);
	const worker = async () => {
		while (next < inputs.length && !stopped && !failure) {
			const index = next++;
			const lane = lanes[index];
			const input = inputs[index];
			const seen = hold();
			try {
				for await (const page of paginate(ctx, route, input, { seen })) {
					counted();
					if (page.rows.length) {
						lane.pages.push(prepare(tagged(page.rows, input.tag)));
						if (index > reading) ahead++;
						lane.wake?.();
					}
					// a reader slower than the API (a file being written) holds the walk back
					while (!stopped && !failure && full(index, lane))
						await new Promise<void>((resolve) => waiting.push(resolve));
					if (stopped || failure) return;
				}
			} catch (error) {
				failure = { error };
				wakeAll();
				return;
			} finally {
				held.delete(seen);
			}
			lane.done = true;
			lane.wake?.();
		}
	};
	const running = Promise.all(
		Array.from({ length: Math.min(PARALLEL_WINDOWS, inputs.length) }, worker),
	);
	try {
		for (let i = 0; i < lanes.length; i++) {
			const lane = lanes[i];
			// the pages this lane holds were counted as ahead; now they are the reader's
			reading = i;
			ahead -= lane.pages.length;
			room();
			for (;;) {
				if (failure) throw failure.error;
				if (lane.pages.length) {
					const batch = lane.pages.shift() as T;
					room();
					yield batch;
					continue;
				}
				if (lane.done) break;
				await new Promise<void>((resolve) => (lane.wake = resolve));
				lane.wake = undefined;
			}
			lanes[i] = DONE;
		}
	} finally {
		stopped = true;
		wakeAll();
		await running;
	}
	if (failure) throw failure.error;
}

/** The whole flow as one array (item output). */
export async function collectWalk(
	ctx: ApiContext,
	route: PagedRoute,
	inputs: WalkInput[],
	options: WalkOptions = {},
): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	for await (const rows of walkPages(ctx, route, inputs, options))
		for (const r of rows) out.push(r);
	return out;
}
