/**
 * Declared Turnover, a resource of Shopping Center Intake:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as submit from './submit.operation';

export const resource = defineResource(
	{
		name: 'Declared Turnover',
		description: 'Monthly turnover declared for a shop without online cash registers',
	},
	{ submit },
	{
		submit: {
			name: 'Submit',
			action: 'Declare the monthly turnover of a shop',
			description:
				'Write the turnover of a month for a shop, in kopecks or currency units (a repeat overwrites the month)',
		},
	},
);
