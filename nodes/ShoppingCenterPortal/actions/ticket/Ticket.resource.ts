/**
 * Ticket, a resource of Shopping Center Portal:
 * its operations (the import name is the operation value) and its Operation selector.
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export { getMany };

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
