import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { listCenters } from '../../../shared/center';
import { returnAllAndLimit } from '../../../shared/descriptions/common';
import { readLimit } from '../../../shared/input';

const show = { resource: ['center'], operation: ['getMany'] };

export const description: INodeProperties[] = [...returnAllAndLimit({ show })];

/** GET /sc: the centers the key owner has a role in (no pagination on the API side). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const limit = readLimit(this, itemIndex);
	const centers = await listCenters(this, true);
	return limit === undefined ? centers : centers.slice(0, limit);
}
