/**
 * Shopping Center Portal: the node names itself, its resource modules
 * (actions/<resource>/<Resource>.resource.ts), its default resource and its description; the rest
 * is the family's (shared/actionNode.ts).
 */
import { actionNode } from '../shared/actionNode';
import * as pass from './actions/pass/Pass.resource';
import * as ticket from './actions/ticket/Ticket.resource';

/** The resource keys are the Resource values, in the editor's order. */
export class ShoppingCenterPortal extends actionNode(
	'shoppingCenterPortal',
	{ pass, ticket },
	'ticket',
	'Tenant-portal tickets and passes of a shopping center, for a security-company register',
) {}
