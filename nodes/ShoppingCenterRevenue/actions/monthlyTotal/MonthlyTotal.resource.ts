/**
 * Monthly Total, a resource of Shopping Center Revenue:
 * its operations (the import name is the operation value) and its Operation selector.
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export { getMany };

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
