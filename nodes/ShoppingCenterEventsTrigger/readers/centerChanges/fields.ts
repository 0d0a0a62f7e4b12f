/**
 * Center Changes: its own fields in the trigger's panel (the tables, how long tickets, passes and
 * anomalies are watched) and
 * their reading, checked before any request. Its notice, Lookback (the days every daily read covers) and budget
 * fields come from its row in EVENTS (description.ts).
 */
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import { fail, wholeNumberIn, wordList } from '../../../shared/input';
import { TABLES, type Table } from './changesState';
import { historyFromField, readHistoryFrom } from './historyField';

const show = { event: ['centerChanges'] };

/** Tickets Watched (Days): bounds and default. */
export const TICKET_DAYS = { default: 30, min: 1, max: 3660 };

/** Passes and Anomalies Watched (Days): the same bounds (anomalies: at most the API's 366 days). */
export const LIST_DAYS = TICKET_DAYS;

export interface ChangesSettings {
	tables: Table[];
	ticketDays: number;
	listDays: number;
	/** History From (YYYY-MM-DD): the backfill's oldest day; undefined: none (history.ts) */
	historyFrom?: string;
}

export const centerChangesFields: INodeProperties[] = [
	{
		displayName: 'Tables',
		name: 'centerTables',
		type: 'multiOptions',
		options: [
			{
				name: 'Anomalies',
				value: 'anomalies',
				description:
					'Anomalies dated in the last Passes and Anomalies Watched (Days) (PRO): a new anomaly and every change of one (its status) is an upsert',
			},
			{
				name: 'Attendance',
				value: 'attendance',
				description:
					'Visitors per day of the center (zone 0) and of each counting zone (PRO); a day counted again is an upsert again',
			},
			{
				name: 'Cash Registers',
				value: 'cash_registers',
				description:
					"Each shop's active cash registers: a register new or changed is an upsert, one archived or removed a delete",
			},
			{
				name: 'Counting Zones',
				value: 'zones',
				description:
					'The counting zones of the center (and the shops in each): a zone new or changed is an upsert, one removed a delete',
			},
			{
				name: 'Daily Sales',
				value: 'daily_sales',
				description:
					'One row per shop and day; a day restated by a receipt that arrived late is an upsert again',
			},
			{
				name: 'Monthly',
				value: 'monthly',
				description:
					'One row per shop and month; re-read when a day of the month changed and once a night',
			},
			{
				name: 'Passes',
				value: 'passes',
				description:
					'Passes created in the last Passes and Anomalies Watched (Days): a new pass and every change of one is an upsert',
			},
			{
				name: 'Receipts',
				value: 'receipts',
				description:
					'Every receipt once (PRO), late arrivals included, as New Receipt reads them: an upsert keyed by receipt ID',
			},
			{
				name: 'Shops',
				value: 'shops',
				description:
					'The shop directory: a shop opened or changed is an upsert, one gone from the list (closed, archived) a delete',
			},
			{
				name: 'Tickets',
				value: 'tickets',
				description: 'Tenant requests: a new ticket and every change of one is an upsert',
			},
			{
				name: 'Turnover Settings',
				value: 'turnover_settings',
				description:
					"Each shop's turnover settings (which operations enter its turnover): a change is an upsert",
			},
		],
		default: ['shops', 'daily_sales', 'monthly', 'tickets', 'zones'],
		required: true,
		description: 'The tables kept as change records: {table, key, op, row}',
		hint: 'Each table costs its own requests (docs/replica.md has a day in numbers): fewer tables, fewer requests',
		displayOptions: { show },
	},
	{
		displayName: 'Tickets Watched (Days)',
		name: 'ticketDays',
		type: 'number',
		typeOptions: { minValue: TICKET_DAYS.min, maxValue: TICKET_DAYS.max, numberPrecision: 0 },
		default: 30,
		description:
			'Tickets created in the last this many days (center time zone) are read at each read of the tickets table; a change of one of them is an upsert. An older ticket is not watched.',
		hint: 'Each read of the tickets costs ⌈tickets created in these days / 100⌉ requests',
		displayOptions: { show: { ...show, centerTables: ['tickets'] } },
	},
	{
		displayName: 'Passes and Anomalies Watched (Days)',
		name: 'listDays',
		type: 'number',
		typeOptions: { minValue: LIST_DAYS.min, maxValue: LIST_DAYS.max, numberPrecision: 0 },
		default: 30,
		description:
			'Passes created, and anomalies dated, in the last this many days (center time zone) are read at each read of their table; a change of one of them is an upsert. Anomalies: at most 366 days.',
		hint: 'Each read costs ⌈passes created in these days / 100⌉ and ⌈anomalies / 500⌉ requests',
		displayOptions: { show: { ...show, centerTables: ['passes', 'anomalies'] } },
	},
	historyFromField,
];

export function readChangesSettings(ctx: IPollFunctions): ChangesSettings {
	const tables = wordList(
		ctx,
		ctx.getNodeParameter('centerTables', [...TABLES]),
		'Tables',
		undefined,
		TABLES,
	) as Table[];
	if (tables.length === 0) fail(ctx, undefined, 'Tables', 'choose at least one table');
	const ticketDays = tables.includes('tickets')
		? wholeNumberIn(
				ctx,
				ctx.getNodeParameter('ticketDays', TICKET_DAYS.default),
				'Tickets Watched (Days)',
				undefined,
				TICKET_DAYS.min,
				TICKET_DAYS.max,
			)
		: TICKET_DAYS.default;
	const listDays =
		tables.includes('passes') || tables.includes('anomalies')
			? wholeNumberIn(
					ctx,
					ctx.getNodeParameter('listDays', LIST_DAYS.default),
					'Passes and Anomalies Watched (Days)',
					undefined,
					LIST_DAYS.min,
					LIST_DAYS.max,
				)
			: LIST_DAYS.default;
	return { tables, ticketDays, listDays, historyFrom: readHistoryFrom(ctx) };
}
