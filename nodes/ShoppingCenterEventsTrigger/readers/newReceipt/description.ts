/**
 * New Receipt's own fields in the trigger's panel (shops, archived shops, output), each with a hint.
 * Its notice, Lookback and day budget fields come from its row in EVENTS (description.ts).
 */
import type { INodeProperties } from 'n8n-workflow';
import { outputFields } from '../../../shared/output/fileOptions';

const show = { event: ['newReceipt'] };

/** Hints of the file fields, as the trigger writes one file per poll. */
const FILE_HINTS: Record<string, string> = {
	fileFormat: 'CSV: the columns of the receipt export; JSON Lines: one receipt a line',
	fileOptions: 'The binary field, file name and CSV options of each poll’s file',
};

export const newReceiptFields: INodeProperties[] = [
	{
		displayName: 'Shops',
		name: 'receiptShops',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'All Shops', value: 'all', description: 'Every shop of each center' },
			{ name: 'Selected Shops', value: 'selected', description: 'Only the shops listed below' },
		],
		default: 'all',
		hint: 'Each shop is read on its own (at least one request a read): fewer shops, fewer requests',
		displayOptions: { show },
	},
	{
		displayName: 'Shop IDs',
		name: 'receiptShopIds',
		type: 'string',
		default: '',
		placeholder: '1002-01, 1002-04',
		required: true,
		description:
			'Comma-separated shop IDs; with several centers each center reads the listed shops it has',
		hint: 'The shop IDs as the Shopping Center node lists them (Shop → Get Many)',
		displayOptions: { show: { ...show, receiptShops: ['selected'] } },
	},
	{
		displayName: 'Include Archived Shops',
		name: 'includeArchived',
		type: 'boolean',
		default: false,
		description: 'Whether archived shops are read too (late receipts of a shop closed recently)',
		hint: 'An archived shop sells nothing: it is read as a quiet shop, so it costs little',
		displayOptions: { show },
	},
	...outputFields(show, { money: true }).map((p) =>
		p.name !== 'output'
			? { ...p, hint: FILE_HINTS[p.name] ?? p.hint }
			: {
					...p,
					hint: 'One File per Poll: a CSV or JSON Lines file per poll instead of an item per receipt (for a warehouse loader)',
					options: [
						{
							name: 'One Item per Receipt',
							value: 'items',
							description: 'Each new receipt as an item, with sc_id and shop_id',
						},
						{
							name: 'One File per Poll',
							value: 'file',
							description:
								'The new receipts of a poll in one CSV or JSON Lines file, written as the receipt export writes it, plus a summary',
						},
					],
				},
	),
];
