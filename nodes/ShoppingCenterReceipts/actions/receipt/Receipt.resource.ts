/**
 * Receipt, a resource of Shopping Center Receipts:
 * its Operation selector and the operation module of each option (the key is the operation value).
 */
import { defineResource } from '../../../shared/actions';
import * as exportReceipts from './export.operation';

export const resource = defineResource(
	{
		name: 'Receipt',
		description:
			'Fiscal documents of a shop or of all shops of a center (receipts, deliveries, strict-accountability forms)',
	},
	{ export: exportReceipts },
	{
		export: {
			name: 'Export',
			action: 'Export receipts of a shop or all shops',
			description:
				'Export the fiscal documents of a shop or of all shops of the center created and/or received in a period, one item per receipt or one file, sums in integer kopecks (PRO centers only)',
		},
	},
);
