import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { listPortal, portalFields } from '../portal';

export const description: INodeProperties[] = portalFields('ticket');

/** GET /sc/{sc_id}/portal/tickets: by creation period, validity period or ticket numbers (100 a call). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await listPortal(this, itemIndex, 'ticket');
}
