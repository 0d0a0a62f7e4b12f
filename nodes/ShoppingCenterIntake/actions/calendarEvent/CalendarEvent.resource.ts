/**
 * Calendar Event, a resource of Shopping Center Intake:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as create from './create.operation';

export const resource = defineResource(
	{
		name: 'Calendar Event',
		description: 'Events of the center calendar (holidays, promotions, ...)',
	},
	{ create },
	{
		create: {
			name: 'Create',
			action: 'Create a calendar event',
			description:
				'Create an event in the center calendar (an identical existing event is reported, never duplicated)',
		},
	},
);
