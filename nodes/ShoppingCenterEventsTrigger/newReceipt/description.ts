/**
 * New Receipt: its fields in the trigger's panel (lookback, shops, archived shops, output) and the
 * notice that states what a poll costs.
 */
import type { INodeProperties } from 'n8n-workflow';
import { outputFields } from '../../shared/output/fileOptions';

const show = { event: ['newReceipt'] };

const POLL_COST =
	"PRO centers only. Each poll reads, per shop, the receipts received from (the shop's last poll day − Lookback) through today (center time zone), 1000 a page: Σ over shops ⌈receipts received in that period / 1000⌉ requests (at least 1 per shop), plus the shop list (1 per 100 shops), paced within the center's budget. Each receipt is emitted once, late arrivals when they arrive. Shops a poll cannot reach within n8n's poll time are read first by the next poll.";

export const newReceiptProperties: INodeProperties[] = [
	{
		displayName: POLL_COST,
		name: 'newReceiptNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	{
		displayName: 'Lookback (Days)',
		name: 'lookbackDays',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 365, numberPrecision: 0 },
		default: 1,
		description:
			"How many days before the day of each shop's last poll the next poll reads again (reception dates, center time zone). A receipt is read by its reception date, so one printed hours or days earlier is emitted when it arrives; the lookback covers receipts that show up in the API after their reception time. Receipts are emitted once, by ID.",
		displayOptions: { show },
	},
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
		displayOptions: { show: { ...show, receiptShops: ['selected'] } },
	},
	{
		displayName: 'Include Archived Shops',
		name: 'includeArchived',
		type: 'boolean',
		default: false,
		description: 'Whether archived shops are read too (late receipts of a shop closed recently)',
		displayOptions: { show },
	},
	...outputFields(show, true).map((p) =>
		p.name === 'output'
			? {
					...p,
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
				}
			: p,
	),
];
