/**
 * Counter Hour, a resource of Shopping Center Intake:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as submit from './submit.operation';

export const resource = defineResource(
	{
		name: 'Counter Hour',
		description: "Hourly in/out counts from the center's own or a third-party counter",
	},
	{ submit },
	{
		submit: {
			name: 'Submit',
			action: 'Submit hourly counter counts',
			description:
				'Write hourly in/out counts of a counter, sent in batches of at most 1000 hours (a repeat overwrites the hour)',
		},
	},
);
