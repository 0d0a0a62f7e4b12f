/**
 * Cash Register, a resource of Shopping Center Revenue:
 * its operations (the import name is the operation value) and its Operation selector.
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export { getMany };

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
