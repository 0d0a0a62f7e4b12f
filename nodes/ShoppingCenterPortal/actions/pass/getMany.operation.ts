import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { listPortal, portalFields } from '../portal';

export const description: INodeProperties[] = portalFields('pass');

/** GET /sc/{sc_id}/portal/passes: by creation period, validity period and/or ticket numbers (500 a call). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await listPortal(this, itemIndex, 'pass');
}
