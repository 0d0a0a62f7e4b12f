/**
 * Shopping Center Receipts: the node names itself, its resource modules
 * (actions/<resource>/<Resource>.resource.ts), its default resource and its description; the rest
 * is the family's (shared/actionNode.ts).
 */
import { actionNode } from '../shared/actionNode';
import * as receipt from './actions/receipt/Receipt.resource';

/** The resource keys are the Resource values, in the editor's order. */
export class ShoppingCenterReceipts extends actionNode(
	'shoppingCenterReceipts',
	{ receipt },
	'receipt',
	'Export the fiscal documents (receipts) of a shop, one item per receipt (Shopping-center API, PRO centers)',
) {}
