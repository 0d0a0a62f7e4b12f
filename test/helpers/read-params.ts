/**
 * The node parameters of reads that many tests run, built in one place: Portal tickets or passes
 * picked by creation date, anomalies over a period, daily sales over a period. A test names the center
 * (a resource locator, `rl` or `locator`), the period, and what it sets beyond them in `more`.
 */
import type { INodeParameters, NodeParameterValueType } from 'n8n-workflow';

/** A builder of `resource` → Get Many from `startDate` to `endDate`, with `fixed` parameters of its own. */
const periodRead =
	(resource: string, fixed: INodeParameters = {}) =>
	(
		center: NodeParameterValueType,
		startDate: string,
		endDate: string,
		more: INodeParameters = {},
	): INodeParameters => ({
		resource,
		operation: 'getMany',
		center,
		...fixed,
		startDate,
		endDate,
		...more,
	});

/** Portal → Ticket → Get Many, picked by creation date. */
export const ticketsByCreated = periodRead('ticket', { selectBy: 'createdPeriod' });
/** Portal → Pass → Get Many, picked by creation date. */
export const passesByCreated = periodRead('pass', { selectBy: 'createdPeriod' });
/** Anomalies → Anomaly → Get Many. */
export const anomaliesBetween = periodRead('anomaly');
/** Revenue → Daily Sales Aggregate → Get Many (the shop, or shopScope, in `more`). */
export const dailySalesBetween = periodRead('dailySalesAggregate');
