/**
 * Rows of shop-level lists carry the center and shop they came from (sc_id, shop_id), so a result of
 * several shops needs no extra Set node. The API's own fields are never changed: a field of the same
 * name in the row (anomalies already have shop_id) wins.
 */
import type { IDataObject } from 'n8n-workflow';

export function withShopIds(rows: IDataObject[], scId: string, shopId?: string): IDataObject[] {
	// all shops of a center: each row already names its shop (the walk tags it)
	const ids: IDataObject =
		shopId === undefined ? { sc_id: scId } : { sc_id: scId, shop_id: shopId };
	return rows.map((row) => ({ ...ids, ...row }));
}
