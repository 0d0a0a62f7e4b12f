/**
 * The trigger's fields: event, centers, lookback, first-poll behaviour, anomaly filters.
 */
import type { INodeProperties } from 'n8n-workflow';
import { ANOMALY_LEVELS, ANOMALY_STATUSES } from '../shared/allowedValues';
import { newReceiptProperties } from './newReceipt/description';

const anomaly = { show: { event: ['newAnomaly'] } };

/**
 * What a poll costs, said in the panel for each event. Poll Times is n8n's own field (its loader puts it
 * first, default every minute, for every polling node; a package cannot change that default).
 */
const POLL_TIMES =
	"Poll Times (above) is n8n's: every minute by default, 1,440 polls a day for each center, against a center's day budget of 5,000 requests on Basic and 50,000 on PRO (shared with every other client of the center). Every 5 to 15 minutes is enough for most workflows (the examples poll every 15 minutes).";
const POLL_COSTS: Record<'newAnomaly' | 'newTicket' | 'newPass' | 'ticketChanged', string> = {
	newAnomaly: `PRO centers only. Each poll costs per center ⌈anomalies dated in the lookback / 500⌉ requests (at least 1), plus the center list once per 5 minutes. ${POLL_TIMES}`,
	newTicket: `Each poll costs per center ⌈tickets created since (the last poll's day − Lookback) / 100⌉ requests (at least 1), plus the center list once per 5 minutes. ${POLL_TIMES}`,
	newPass: `Each poll costs per center ⌈passes created since (the last poll's day − Lookback) / 100⌉ requests (at least 1), plus the center list once per 5 minutes. ${POLL_TIMES}`,
	ticketChanged: `Each poll reads every ticket created in the lookback: ⌈tickets created in the last Lookback days / 100⌉ requests per center (at least 1; a 30-day lookback of a busy center is several), plus the center list once per 5 minutes. ${POLL_TIMES}`,
};

const costNotices: INodeProperties[] = (
	Object.keys(POLL_COSTS) as Array<keyof typeof POLL_COSTS>
).map((event) => ({
	displayName: POLL_COSTS[event],
	name: `${event}CostNotice`,
	type: 'notice',
	default: '',
	displayOptions: { show: { event: [event] } },
}));

export const properties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'New Anomaly',
				value: 'newAnomaly',
				description:
					'A sales anomaly the platform found (PRO centers only), including anomalies found days after their date',
			},
			{
				name: 'New Pass',
				value: 'newPass',
				description: 'A pass created in the tenant portal (any plan)',
			},
			{
				name: 'New Receipt',
				value: 'newReceipt',
				description:
					'A receipt (fiscal document) that reached the platform, each once, late arrivals included (PRO centers only)',
			},
			{
				name: 'New Ticket',
				value: 'newTicket',
				description: 'A tenant request (ticket) created in the tenant portal (any plan)',
			},
			{
				name: 'Ticket Changed',
				value: 'ticketChanged',
				description: 'The status or the decision time of a recent ticket changed (any plan)',
			},
		],
		default: 'newTicket',
	},
	...costNotices,
	{
		displayName: 'Centers',
		name: 'centerScope',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'All My Centers',
				value: 'all',
				description:
					'Every center the key has a role in, as listed at each poll. Centers that cannot answer (blocked for non-payment; Basic centers for anomalies) are skipped and logged.',
			},
			{
				name: 'Selected Centers',
				value: 'selected',
				description:
					'Only the centers chosen below; a center that cannot answer makes the poll fail',
			},
		],
		default: 'all',
		hint: 'A poll costs its requests once per center it reads: watching all centers multiplies the cost',
	},
	{
		displayName: 'Center Names or IDs',
		name: 'centerIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getCenters' },
		required: true,
		default: [],
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		hint: 'The centers to watch (their sc_id): the list shows the centers your key has a role in',
		displayOptions: { show: { centerScope: ['selected'] } },
	},
	{
		displayName: 'Lookback (Days)',
		name: 'lookbackDays',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 365, numberPrecision: 0 },
		default: 3,
		description:
			"How many days before the day of the last successful poll each poll reads again (dates of the anomaly, in each center's time zone). The platform finds an anomaly up to a few days after its date, so an anomaly is seen when it is found at most this many days after its date. Anomalies are emitted once, by ID.",
		hint: 'Days re-read by each poll (anomaly dates): 3 catches anomalies found up to 3 days after their date',
		displayOptions: anomaly,
	},
	{
		displayName: 'Lookback (Days)',
		name: 'lookbackDays',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 365, numberPrecision: 0 },
		default: 1,
		description:
			'Safety margin: each poll reads the records created from this many days before the day of the last successful poll through today (center time zone). Records are emitted once, by ID.',
		hint: 'Days before the last poll re-read as a safety margin; 1 is enough unless polls stop for longer',
		displayOptions: { show: { event: ['newTicket', 'newPass'] } },
	},
	{
		displayName: 'Lookback (Days)',
		name: 'lookbackDays',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 3660, numberPrecision: 0 },
		default: 30,
		description:
			"Tickets created in the last this many days (center time zone) are watched: each poll reads all of them and reports those whose status or resolution_created_at differs from the last poll's, with previous_status. A ticket created before this window is invisible, whatever happens to it; a change and its reversal between two polls are not seen; a ticket created and decided between two polls is reported with previous_status null; archiving alone is not a change.",
		hint: 'Tickets created in these days are watched; each poll reads them all (⌈tickets / 100⌉ requests a center)',
		displayOptions: { show: { event: ['ticketChanged'] } },
	},
	...newReceiptProperties,
	{
		displayName: 'On First Poll',
		name: 'firstPoll',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Emit Everything in the Lookback',
				value: 'emitAll',
				description: 'The first poll of a center emits every record of the lookback window',
			},
			{
				name: 'Emit Nothing, Remember What Exists',
				value: 'remember',
				description:
					'The first poll of a center only remembers what exists; later polls emit what is new',
			},
		],
		default: 'remember',
		description: 'What the first poll of each center does (also for a center added later)',
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: anomaly,
		options: [
			{
				displayName: 'Levels',
				name: 'levels',
				type: 'multiOptions',
				options: ANOMALY_LEVELS.options,
				default: [],
				description: 'Only anomalies of these levels (anomalies without a level never match)',
			},
			{
				displayName: 'Shop IDs',
				name: 'shopIds',
				type: 'string',
				default: '',
				placeholder: '1002-01, 1002-04',
				description:
					'Only anomalies of these shops (comma-separated shop IDs); center-wide anomalies never match',
			},
			{
				displayName: 'Statuses',
				name: 'statuses',
				type: 'multiOptions',
				options: ANOMALY_STATUSES.options,
				default: [],
				description: 'Only anomalies in these statuses when a poll first sees them',
			},
		],
	},
];
