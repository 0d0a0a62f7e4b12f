/**
 * Turnover Setting, a resource of Shopping Center Revenue:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as get from './get.operation';

export const resource = defineResource(
	{
		name: 'Turnover Setting',
		description: 'Which operation types enter the calculated turnover of a shop',
	},
	{ get },
	{
		get: {
			name: 'Get',
			action: 'Get turnover settings of a shop',
			description:
				"Get which operation types (refunds, VAT, prepayments...) enter the shop's turnover, and where the setting comes from",
		},
	},
);
