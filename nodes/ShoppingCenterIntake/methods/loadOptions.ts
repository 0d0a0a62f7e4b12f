/**
 * Options for the multi-select of shops (calendar event): the shops of the selected center,
 * archived ones included and marked.
 */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';
import { collectPages } from '../../shared/transport';

export async function getShops(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const value = this.getCurrentNodeParameter('center', { extractValue: true }) as unknown;
	const scId =
		typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
	if (!scId) return [];
	const shops = await collectPages(this, 'listShops', {
		params: { sc_id: scId },
		query: { archived: true },
		operation: 'list shops',
	});
	return shops
		.map((s) => ({
			name: `${String(s.name)} · ${String(s.id)}${s.is_archived ? ' (archived)' : ''}`,
			value: String(s.id),
			description: `ID ${String(s.id)}`,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

export const loadOptions = { getShops };
