/**
 * Shop, a resource of Shopping Center:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export const resource = defineResource(
	{
		name: 'Shop',
		description: 'Shops (trading points) of a center',
	},
	{ getMany },
	{
		getMany: {
			name: 'Get Many',
			action: 'Get many shops',
			description: 'List the shops of a center, optionally with archived ones',
		},
	},
);
