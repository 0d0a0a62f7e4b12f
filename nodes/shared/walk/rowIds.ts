/**
 * Rows of shop-level lists carry the center and shop they came from (sc_id, shop_id), so a result of
 * several shops needs no extra Set node. The API's own fields are never changed: a field of the same
 * name in the row (anomalies already have shop_id) wins.
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * Each row of a page with the center (and the shop, for one shop) in front, in place in the page's array.
 * The copy per row is an object literal spread once (V8's fast clone), not a spread of a spread.
 */
export function withShopIds(rows: IDataObject[], scId: string, shopId?: string): IDataObject[] {
	// all shops of a center: each row already names its shop (the walk tags it)
	if (shopId === undefined)
		for (let i = 0; i < rows.length; i++) rows[i] = { sc_id: scId, ...rows[i] };
	else for (let i = 0; i < rows.length; i++) rows[i] = { sc_id: scId, shop_id: shopId, ...rows[i] };
	return rows;
}
