/**
 * "From List" pickers: centers (with plan and id: "Mega PRO · PRO · 1002"), shops of the chosen center
 * ("Coffee Point MEGA · 1002-01"), counting zones of the chosen center ("Entrance A · 12"). The search
 * box matches the name and the id.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { listCenters } from '../center';
import {
	apiRequest,
	errorShape,
	getApiCredentials,
	knownPlan,
	paginate,
	rowsOf,
} from '../transport';
import { PLAN_RULES } from '../plan';

/** At most this many centers get a request each to learn their plan when the list opens. */
const PLAN_LOOKUPS = 20;

function matches(filter: string | undefined, ...values: unknown[]): boolean {
	if (!filter) return true;
	const f = filter.toLowerCase();
	return values.some((v) => v !== undefined && v !== null && String(v).toLowerCase().includes(f));
}

function selectedCenter(ctx: ILoadOptionsFunctions): string {
	const value = ctx.getCurrentNodeParameter('center', { extractValue: true });
	return typeof value === 'string'
		? value.trim()
		: value === undefined || value === null
			? ''
			: String(value);
}

function toResults(
	rows: IDataObject[],
	name: (r: IDataObject) => string,
	filter?: string,
): INodeListSearchResult {
	const results: INodeListSearchItems[] = rows
		.filter((r) => matches(filter, name(r), r.id))
		.map((r) => ({ name: name(r), value: String(r.id) }));
	return { results };
}

/**
 * Each center's plan in words (PRO, Basic, blocked for non-payment). The center list has no plan field:
 * a plan not learned from an earlier answer costs one small request (the first shop) for the center,
 * whose X-RateLimit-Limit tells it; a center whose answer does not tell stays without a plan.
 */
export async function plansOf(
	ctx: ILoadOptionsFunctions,
	centers: IDataObject[],
): Promise<Map<string, string>> {
	const { baseUrl } = await getApiCredentials(ctx);
	const out = new Map<string, string>();
	const unknown = centers
		.map((c) => String(c.id))
		.filter((id) => !knownPlan(baseUrl, id))
		.slice(0, PLAN_LOOKUPS);
	const blocked = new Set<string>();
	await Promise.all(
		unknown.map(async (id) => {
			try {
				await apiRequest(ctx, 'listShops', {
					params: { sc_id: id },
					query: { page: 1, per_page: 1 },
					operation: 'look up the plan',
					retry: { maxAttempts: 1, maxTotalWaitMs: 5_000 },
				});
			} catch (error) {
				if (errorShape(error).httpCode === '402') blocked.add(id);
			}
		}),
	);
	for (const c of centers) {
		const id = String(c.id);
		const plan = knownPlan(baseUrl, id);
		if (blocked.has(id)) out.set(id, 'blocked for non-payment');
		else if (plan) out.set(id, PLAN_RULES[plan].label);
	}
	return out;
}

export async function searchCenters(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const centers = await listCenters(this, { fresh: true });
	const plans = await plansOf(this, centers);
	return toResults(
		centers,
		(c) => [c.title, plans.get(String(c.id)), c.id].filter(Boolean).join(' · '),
		filter,
	);
}

/** The shops of the chosen center, one page of the API (500) a call; n8n asks for the next with its token. */
export async function searchShops(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const scId = selectedCenter(this);
	if (!scId) return { results: [] };
	const firstPage = Number(paginationToken) >= 1 ? Math.floor(Number(paginationToken)) : 1;
	const walk = paginate(
		this,
		'listShops',
		{ params: { sc_id: scId }, query: { archived: true }, operation: 'list shops' },
		{ firstPage },
	);
	const { value: page } = await walk.next();
	await walk.return(undefined);
	const shops = toResults(
		page?.rows ?? [],
		(s) => `${s.name} · ${s.id}${s.is_archived ? ' (archived)' : ''}`,
		filter,
	);
	return page?.more ? { ...shops, paginationToken: String(page.page + 1) } : shops;
}

export async function searchZones(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const scId = selectedCenter(this);
	if (!scId) return { results: [] };
	const res = await apiRequest(this, 'listZones', {
		params: { sc_id: scId },
		operation: 'list counting zones',
	});
	return toResults(rowsOf(this, res.data, {}), (z) => `${z.title} · ${z.id}`, filter);
}

export const listSearch = { searchCenters, searchShops, searchZones };
