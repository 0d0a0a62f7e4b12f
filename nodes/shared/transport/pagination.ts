/**
 * Pages of a paged list: asks for the route's largest page, stops at the user's limit or the last page,
 * and returns every record once even when records arrive or leave while it pages (newest-first lists
 * shift): ids already seen are dropped, and when the total shrank the pages before are read again.
 */
import type { IDataObject } from 'n8n-workflow';
import type { ApiContext } from './context';
import { apiRequest, type RequestInput } from './request';
import { ROUTES, type RouteKey } from './routes';
import { MALFORMED } from './envelope';
import { asNodeError, errorShape, toNodeApiError } from './errors';
import { getApiCredentials } from './credentials';

/**
 * Page sizes that worked per base URL + route. The spec shows no maximum for some lists; when the API
 * refuses a page size (422 validation_error about per_page), the walk steps down — to the spec's
 * documented default, then without per_page (the API's own default) — and remembers what worked.
 * `null`: send no per_page.
 */
const workingPerPage = new Map<string, number | null>();

export function forgetPageSizes(): void {
	workingPerPage.clear();
}

function refusesPageSize(error: unknown): boolean {
	const { code, details } = errorShape(error);
	if (code !== 'validation_error') return false;
	const e = error as { message?: string; description?: string };
	return /per_page/.test(
		`${JSON.stringify(details ?? null)} ${e.message ?? ''} ${e.description ?? ''}`,
	);
}

export interface PageOptions {
	/** stop after this many records (Return All: undefined) */
	limit?: number;
	/** defaults to the route's maximum */
	perPage?: number;
	/** ids already returned by an earlier window of the same walk */
	seen?: Set<string>;
	/** the page to begin with (a list search's paginationToken); default 1 */
	firstPage?: number;
}

export interface Page {
	rows: IDataObject[];
	meta: IDataObject;
	/** the page this is (1-based) */
	page: number;
	/** whether the list goes on after this page */
	more: boolean;
}

type PagedRoute = {
	[K in RouteKey]: (typeof ROUTES)[K] extends { paging: object } ? K : never;
}[RouteKey];

export function rowsOf(ctx: ApiContext, data: unknown, input: RequestInput): IDataObject[] {
	if (Array.isArray(data)) return data as IDataObject[];
	throw toNodeApiError(
		ctx.getNode(),
		{
			status: 200,
			code: MALFORMED,
			message: 'The API answered without a list in "data".',
			details: null,
			headers: {},
		},
		{ itemIndex: input.itemIndex, operation: input.operation },
	);
}

/** How many times a shrinking list may send the walk back before it is taken as it is. */
const MAX_REWINDS = 20;

export async function* paginate(
	ctx: ApiContext,
	route: PagedRoute,
	input: RequestInput,
	options: PageOptions = {},
): AsyncGenerator<Page> {
	const paging = ROUTES[route].paging;
	const sizeKey = `${(await getApiCredentials(ctx)).baseUrl}|${route}`;
	const asked = Math.min(options.perPage ?? paging.maxPerPage, paging.maxPerPage);
	const known = workingPerPage.get(sizeKey);
	// the sizes to try, largest first: what is asked (or what worked before), the default, none
	const sizes: Array<number | null> =
		known !== undefined
			? [known === null ? null : Math.min(known, asked), null]
			: [asked, paging.defaultPerPage, null];
	let sizeIndex = 0;
	let perPage = sizes[0] ?? 0;
	const seen = options.seen ?? new Set<string>();
	let remaining = options.limit ?? Infinity;
	let page = options.firstPage ?? 1;
	let lastTotal: number | undefined;
	let rewinds = 0;
	while (remaining > 0) {
		const size = sizes[sizeIndex];
		let res;
		try {
			res = await apiRequest(ctx, route, {
				...input,
				query: { ...input.query, page, per_page: size === null ? undefined : size },
			});
		} catch (error) {
			// a refused page size on the first page: the next smaller one, same walk, nothing yielded yet
			if (page === 1 && sizeIndex < sizes.length - 1 && refusesPageSize(error)) {
				sizeIndex++;
				if (sizes[sizeIndex] !== null && sizes[sizeIndex] === size) sizeIndex++;
				continue;
			}
			throw asNodeError(ctx.getNode(), error, input.itemIndex);
		}
		if (page === 1) workingPerPage.set(sizeKey, size);
		const rows = rowsOf(ctx, res.data, input);
		const pagination = (res.meta.pagination ?? {}) as IDataObject;
		if (page === (options.firstPage ?? 1))
			perPage =
				size ??
				(typeof pagination.per_page === 'number' && pagination.per_page > 0
					? pagination.per_page
					: Math.max(rows.length, 1));
		const total = typeof pagination.total === 'number' ? pagination.total : undefined;
		const fresh: IDataObject[] = [];
		for (const row of rows) {
			const id = String(row[paging.idField] ?? JSON.stringify(row));
			if (seen.has(id)) continue;
			seen.add(id);
			fresh.push(row);
			if (fresh.length >= remaining) break;
		}
		remaining -= fresh.length;
		const more = rows.length >= perPage && (total === undefined || page * perPage < total);
		yield { rows: fresh, meta: res.meta, page, more };
		if (
			lastTotal !== undefined &&
			total !== undefined &&
			total < lastTotal &&
			page > 1 &&
			rewinds < MAX_REWINDS
		) {
			// records left the list: everything after them moved up, so re-read from where they could have been
			rewinds++;
			page = Math.max(1, page - Math.ceil((lastTotal - total) / perPage));
			lastTotal = total;
			continue;
		}
		lastTotal = total;
		if (rows.length < perPage) return;
		if (total !== undefined && page * perPage >= total) return;
		page++;
	}
}

/** All records of a paged list (up to the limit) as one array. */
export async function collectPages(
	ctx: ApiContext,
	route: PagedRoute,
	input: RequestInput,
	options: PageOptions = {},
): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	for await (const p of paginate(ctx, route, input, options)) out.push(...p.rows);
	return out;
}
