/**
 * Counting Zone, a resource of Shopping Center Attendance:
 * its operations (the import name is the operation value) and its Operation selector.
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export { getMany };

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
