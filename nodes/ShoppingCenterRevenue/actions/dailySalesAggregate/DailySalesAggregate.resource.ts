/**
 * Daily Sales Aggregate, a resource of Shopping Center Revenue:
 * its operations (the import name is the operation value) and its Operation selector.
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export { getMany };

export const resource = defineResource(
	{
		name: 'Daily Sales Aggregate',
		description:
			'Revenue per day of a shop or of all shops of a center, with payment types and VAT rates (money in integer kopecks)',
	},
	{ getMany },
	{
		getMany: {
			name: 'Get Many',
			action: 'Get daily sales of a shop or all shops',
			description:
				'Get one row per day of a period: receipts counts, income and refund sums, payment types, VAT rates (money in integer kopecks)',
		},
	},
);
