/**
 * Pass, a resource of Shopping Center Portal:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

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
