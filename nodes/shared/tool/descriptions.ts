/**
 * The tables derived from the operation files: the tool description of every operation used as an AI
 * tool (n8n's "Set Automatically" text is only "<action> in <node>"; these are the texts for "Set
 * Manually": examples/mcp-server.json uses them, the README lists them, tests keep both equal), keyed
 * "<node type name>.<resource>.<operation>", and the Simplify field sets, keyed "<resource>.<operation>".
 * Only tests and scripts read them; the nodes read each operation's own facts.
 */
import { operationsOf, type FieldSet, type ResourceModule } from '../actions';
import { ShoppingCenterAnomalies } from '../../ShoppingCenterAnomalies/ShoppingCenterAnomalies.node';
import { ShoppingCenterAttendance } from '../../ShoppingCenterAttendance/ShoppingCenterAttendance.node';
import { ShoppingCenter } from '../../ShoppingCenter/ShoppingCenter.node';
import { ShoppingCenterIntake } from '../../ShoppingCenterIntake/ShoppingCenterIntake.node';
import { ShoppingCenterPortal } from '../../ShoppingCenterPortal/ShoppingCenterPortal.node';
import { ShoppingCenterReceipts } from '../../ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterRevenue } from '../../ShoppingCenterRevenue/ShoppingCenterRevenue.node';

/** Node type name → its resource modules. */
const NODES: Record<string, Record<string, ResourceModule>> = {
	shoppingCenter: ShoppingCenter.resources,
	shoppingCenterRevenue: ShoppingCenterRevenue.resources,
	shoppingCenterReceipts: ShoppingCenterReceipts.resources,
	shoppingCenterAnomalies: ShoppingCenterAnomalies.resources,
	shoppingCenterPortal: ShoppingCenterPortal.resources,
	shoppingCenterIntake: ShoppingCenterIntake.resources,
	shoppingCenterAttendance: ShoppingCenterAttendance.resources,
};

export const TOOL_DESCRIPTIONS: Record<string, string> = {};
export const SIMPLE_FIELDS: Record<string, FieldSet> = {};

for (const [node, resources] of Object.entries(NODES))
	for (const [resource, operation, module] of operationsOf(resources)) {
		if (module.toolDescription)
			TOOL_DESCRIPTIONS[`${node}.${resource}.${operation}`] = module.toolDescription;
		if (module.simpleFields) SIMPLE_FIELDS[`${resource}.${operation}`] = module.simpleFields;
	}
