/**
 * Daily Attendance, a resource of Shopping Center Intake:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as submit from './submit.operation';

export const resource = defineResource(
	{
		name: 'Daily Attendance',
		description: 'Number of visitors of a day, for the center or a counting zone',
	},
	{ submit },
	{
		submit: {
			name: 'Submit',
			action: 'Submit daily attendance',
			description:
				'Write the number of visitors of a day for the center or a counting zone (a repeat overwrites the day)',
		},
	},
);
