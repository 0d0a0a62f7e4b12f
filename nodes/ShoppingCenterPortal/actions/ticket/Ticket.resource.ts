/**
 * Ticket, a resource of Shopping Center Portal:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export const resource = defineResource(
	{
		name: 'Ticket',
		description: 'Tenant requests of the tenant portal',
	},
	{ getMany },
	{
		getMany: {
			name: 'Get Many',
			action: 'Get many tickets',
			description:
				'List tenant tickets by creation period, validity period or ticket numbers, newest first',
		},
	},
);
