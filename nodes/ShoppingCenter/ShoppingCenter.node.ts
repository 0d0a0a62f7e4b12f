/**
 * Shopping Center: the node names itself, its resource modules
 * (actions/<resource>/<Resource>.resource.ts), its default resource and its description; the rest
 * is the family's (shared/actionNode.ts).
 */
import { actionNode } from '../shared/actionNode';
import * as center from './actions/center/Center.resource';
import * as shop from './actions/shop/Shop.resource';

/** The resource keys are the Resource values, in the editor's order. */
export class ShoppingCenter extends actionNode(
	'shoppingCenter',
	{ center, shop },
	'center',
	'Directory of the Shopping-center API: the centers your key sees and their shops',
) {}
