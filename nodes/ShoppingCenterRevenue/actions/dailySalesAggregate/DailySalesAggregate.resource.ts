/**
 * Daily Sales Aggregate, a resource of Shopping Center Revenue:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

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
