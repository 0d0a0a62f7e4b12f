/**
 * Attendance, a resource of Shopping Center Attendance:
 * its operations (the import name is the operation value) and its Operation selector.
 */
import { defineResource } from '../../../shared/actions';
import * as get from './get.operation';

export { get };

export const resource = defineResource(
	{
		name: 'Attendance',
		description: 'Visitor counts of a center, a counting zone or a shop',
	},
	{ get },
	{
		get: {
			name: 'Get',
			action: 'Get attendance',
			description:
				'Read visitors in and out per day, week, month or hour for a period, for the center, a zone or a shop',
		},
	},
);
