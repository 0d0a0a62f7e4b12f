/**
 * Attendance, a resource of Shopping Center Attendance:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as get from './get.operation';

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
