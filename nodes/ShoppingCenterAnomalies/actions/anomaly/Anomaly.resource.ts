/**
 * Anomaly, a resource of Shopping Center Anomalies:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as getMany from './getMany.operation';

export const resource = defineResource(
	{
		name: 'Anomaly',
		description: 'Sales deviations the platform found (PRO centers only)',
	},
	{ getMany },
	{
		getMany: {
			name: 'Get Many',
			action: 'Get many anomalies',
			description:
				'List the sales anomalies of a PRO center for a period, newest first, optionally by shop, status and level',
		},
	},
);
