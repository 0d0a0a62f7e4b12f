// n8n loads the package through the "n8n" block of package.json; this entry point re-exports the
// credential and every node class for programmatic use.
export * from './credentials/ShoppingCenterApi.credentials';
export * from './nodes/ShoppingCenter/ShoppingCenter.node';
export * from './nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
export * from './nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
export * from './nodes/ShoppingCenterAttendance/ShoppingCenterAttendance.node';
export * from './nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
export * from './nodes/ShoppingCenterAnomalies/ShoppingCenterAnomalies.node';
export * from './nodes/ShoppingCenterIntake/ShoppingCenterIntake.node';
export * from './nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';
