/**
 * Center → Get Many: the shopping centers the API key can read (GET /sc).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { listCenters } from '../../../shared/center';
import { returnAllAndLimit } from '../../../shared/descriptions/common';
import { readLimit } from '../../../shared/input';
import type { ListFacts } from '../../../shared/actions';

/** The tool description ("Set Manually") of this operation as an AI tool. */
export const toolDescription = `Lists the shopping centers this API key can read: id (the sc_id every other tool needs), title, address, time_zone (IANA), areas. No input needed. Call it first to learn center ids.`;

/** The list it returns (the tool's "more exist" note). */
export const list: ListFacts = { noun: 'centers' };

export const description: INodeProperties[] = [...returnAllAndLimit()];

/** GET /sc: the centers the key owner has a role in (no pagination on the API side). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const centers = await listCenters(this, true);
	return limit === undefined ? centers : centers.slice(0, limit);
}
