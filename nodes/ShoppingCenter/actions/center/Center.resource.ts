/**
 * Center, a resource of Shopping Center:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export const resource = defineResource(
	{
		name: 'Center',
		description: 'The shopping centers your key has a role in',
	},
	{ getMany },
	{
		getMany: {
			name: 'Get Many',
			action: 'Get many centers',
			description: 'List the centers the key owner has a role in (with time zone and address)',
		},
	},
);
