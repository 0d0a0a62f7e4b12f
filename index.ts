// n8n loads the package through the "n8n" block of package.json; this entry point re-exports the
// credential and every node class for programmatic use.
export { ShoppingCenterApi } from './credentials/ShoppingCenterApi.credentials';
export { ShoppingCenter } from './nodes/ShoppingCenter/ShoppingCenter.node';
export { ShoppingCenterRevenue } from './nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
export { ShoppingCenterReceipts } from './nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
export { ShoppingCenterAttendance } from './nodes/ShoppingCenterAttendance/ShoppingCenterAttendance.node';
export { ShoppingCenterPortal } from './nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
export { ShoppingCenterAnomalies } from './nodes/ShoppingCenterAnomalies/ShoppingCenterAnomalies.node';
export { ShoppingCenterIntake } from './nodes/ShoppingCenterIntake/ShoppingCenterIntake.node';
export { ShoppingCenterEventsTrigger } from './nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';
