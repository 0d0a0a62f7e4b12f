/**
 * Turnover Setting, a resource of Shopping Center Revenue:
 * its operations (the import name is the operation value) and its Operation selector.
 */
import { defineResource } from '../../../shared/actions';
import * as get from './get.operation';

export { get };

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
