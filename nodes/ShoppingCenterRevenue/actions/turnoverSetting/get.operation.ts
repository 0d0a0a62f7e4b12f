/**
 * Turnover Setting → Get: which operation types enter a shop's calculated turnover.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { centerLocator, shopLocator } from '../../../shared/descriptions/locators';
import { readId } from '../../../shared/input';
import { apiRequest, toNodeApiError } from '../../../shared/transport';
import { withShopIds } from '../../../shared/walk/rowIds';

export const description: INodeProperties[] = [centerLocator(), shopLocator()];

/** GET /sc/{sc_id}/shops/{shop_id}/turnover/settings: one object (source tells shop / shopping_center / default). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const scId = readId(this, 'center', 'Center', itemIndex);
	const shopId = readId(this, 'shop', 'Shop', itemIndex);
	const res = await apiRequest(this, 'turnoverSettings', {
		params: { sc_id: scId, shop_id: shopId },
		itemIndex,
		operation: 'get turnover settings',
	});
	if (!res.data || typeof res.data !== 'object' || Array.isArray(res.data)) {
		throw toNodeApiError(
			this.getNode(),
			{
				status: 200,
				code: 'malformed_response',
				message: 'The API answered without an object in "data".',
				details: null,
				headers: res.headers,
			},
			{ itemIndex, operation: 'get turnover settings' },
		);
	}
	return withShopIds([res.data as IDataObject], scId, shopId);
}
