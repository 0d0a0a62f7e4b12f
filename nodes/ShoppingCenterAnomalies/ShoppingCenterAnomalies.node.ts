/**
 * Shopping Center Anomalies: the node names itself, its resource modules
 * (actions/<resource>/<Resource>.resource.ts), its default resource and its description; the rest
 * is the family's (shared/actionNode.ts).
 */
import { actionNode } from '../shared/actionNode';
import * as anomaly from './actions/anomaly/Anomaly.resource';

/** The resource keys are the Resource values, in the editor's order. */
export class ShoppingCenterAnomalies extends actionNode(
	'shoppingCenterAnomalies',
	{ anomaly },
	'anomaly',
	'Sales anomalies the platform found in the shops of a PRO shopping center',
) {}
