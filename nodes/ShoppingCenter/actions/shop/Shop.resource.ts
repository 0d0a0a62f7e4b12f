/**
 * Shop, a resource of Shopping Center:
 * its operations (the import name is the operation value) and its Operation selector.
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export { getMany };

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
