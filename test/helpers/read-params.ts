/**
 * The node parameters of reads that many tests run, built in one place: Portal tickets or passes
 * picked by creation date, anomalies over a period, daily sales over a period. A test names the center
 * (a resource locator, `rl` or `locator`), the period, and what it sets beyond them in `more`.
 */
import type { INodeParameters, NodeParameterValueType } from 'n8n-workflow';

/** Portal → Ticket or Pass → Get Many, picked by creation date from `startDate` to `endDate`. */
export const portalByCreated = (
	resource: 'ticket' | 'pass',
	center: NodeParameterValueType,
	startDate: string,
	endDate: string,
	more: INodeParameters = {},
): INodeParameters => ({
	resource,
	operation: 'getMany',
	center,
	selectBy: 'createdPeriod',
	startDate,
	endDate,
	...more,
});

/** Anomalies → Anomaly → Get Many from `startDate` to `endDate`. */
export const anomaliesBetween = (
	center: NodeParameterValueType,
	startDate: string,
	endDate: string,
	more: INodeParameters = {},
): INodeParameters => ({
	resource: 'anomaly',
	operation: 'getMany',
	center,
	startDate,
	endDate,
	...more,
});

/** Revenue → Daily Sales Aggregate → Get Many from `startDate` to `endDate` (the shop, or shopScope, in `more`). */
export const dailySalesBetween = (
	center: NodeParameterValueType,
	startDate: string,
	endDate: string,
	more: INodeParameters = {},
): INodeParameters => ({
	resource: 'dailySalesAggregate',
	operation: 'getMany',
	center,
	startDate,
	endDate,
	...more,
});
