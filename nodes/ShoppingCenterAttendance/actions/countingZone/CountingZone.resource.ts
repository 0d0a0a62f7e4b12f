/**
 * Counting Zone, a resource of Shopping Center Attendance:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export const resource = defineResource(
	{
		name: 'Counting Zone',
		description: 'Counting zones of a center (their IDs select attendance by zone)',
	},
	{ getMany },
	{
		getMany: {
			name: 'Get Many',
			action: 'Get many counting zones',
			description: 'List the counting zones of a center with the shops each covers',
		},
	},
);
