/**
 * Cash Register, a resource of Shopping Center Revenue:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export const resource = defineResource(
	{
		name: 'Cash Register',
		description: 'Cash registers (KKT) of a shop and their connection state',
	},
	{ getMany },
	{
		getMany: {
			name: 'Get Many',
			action: 'Get cash registers of a shop',
			description:
				'List the cash registers of a shop with connection state, fiscal drive and last document times',
		},
	},
);
