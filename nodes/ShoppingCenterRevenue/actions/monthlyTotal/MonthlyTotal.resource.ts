/**
 * Monthly Total, a resource of Shopping Center Revenue:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export const resource = defineResource(
	{
		name: 'Monthly Total',
		description:
			'Revenue of a shop per month, with declared turnover and visitors (money in integer kopecks)',
	},
	{ getMany },
	{
		getMany: {
			name: 'Get Many',
			action: 'Get monthly totals of a shop',
			description:
				'Get one row per month (YYYY-MM) of a period: revenue, declared turnover, visitors (money in integer kopecks)',
		},
	},
);
