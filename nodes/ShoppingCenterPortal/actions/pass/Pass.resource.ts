/**
 * Pass, a resource of Shopping Center Portal:
 * its operations (the import name is the operation value) and its Operation selector.
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export { getMany };

export const resource = defineResource(
	{
		name: 'Pass',
		description: 'Passes (vehicle or person) issued through the tenant portal',
	},
	{ getMany },
	{
		getMany: {
			name: 'Get Many',
			action: 'Get many passes',
			description:
				'List passes by creation period, validity period and/or ticket numbers, newest first',
		},
	},
);
