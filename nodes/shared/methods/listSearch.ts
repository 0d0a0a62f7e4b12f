/**
 * "From List" pickers: centers, shops of the chosen center, counting zones of the chosen center.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { listCenters } from '../center';
import { apiRequest, collectPages, rowsOf } from '../transport';

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

export async function searchCenters(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const centers = await listCenters(this, true);
	return toResults(
		centers,
		(c) =>
			`${c.title} (${c.city && (c.city as IDataObject).name ? (c.city as IDataObject).name : c.time_zone})`,
		filter,
	);
}

export async function searchShops(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const scId = selectedCenter(this);
	if (!scId) return { results: [] };
	const shops = await collectPages(this, 'listShops', {
		params: { sc_id: scId },
		query: { archived: true },
		operation: 'list shops',
	});
	return toResults(shops, (s) => `${s.name}${s.is_archived ? ' (archived)' : ''}`, filter);
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
	return toResults(rowsOf(this, res.data, {}), (z) => `${z.title}`, filter);
}

export const listSearch = { searchCenters, searchShops, searchZones };
