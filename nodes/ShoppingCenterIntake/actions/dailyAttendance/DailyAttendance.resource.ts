/**
 * Daily Attendance, a resource of Shopping Center Intake:
 * its operations (the import name is the operation value) and its Operation selector.
 */
import { defineResource } from '../../../shared/actions';
import * as submit from './submit.operation';

export { submit };

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
