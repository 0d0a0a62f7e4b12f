/**
 * Counting Zone → Get Many: the counting zones of a center (their IDs select attendance by zone).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { returnAllAndLimit } from '../../../shared/descriptions/common';
import { centerLocator } from '../../../shared/descriptions/locators';
import { readId, readLimit } from '../../../shared/input';
import { apiRequest, rowsOf } from '../../../shared/transport';
import type { ListFacts } from '../../../shared/actions';

/** a list: as an AI tool it takes an Offset and its cut answers say next_offset */
export const list: ListFacts = { noun: 'zones' };

export const description: INodeProperties[] = [centerLocator(), ...returnAllAndLimit()];

/**
 * GET /sc/{sc_id}/traffic/zones: the counting zones of a center (no pagination on the API side, so the
 * limit is applied here). A center without a counting system answers 404 traffic_not_configured.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const limit = readLimit(this, itemIndex);
	const input = { params: { sc_id: scId }, itemIndex, operation: 'list counting zones' };
	const res = await apiRequest(this, 'listZones', input);
	const zones = rowsOf(this, res.data, input);
	return limit === undefined ? zones : zones.slice(0, limit);
}
