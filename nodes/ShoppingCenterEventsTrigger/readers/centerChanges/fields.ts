/**
 * Center Changes: its own fields in the trigger's panel (the tables, how long tickets are watched) and
 * their reading, checked before any request. Its notice, Lookback (the night's slow net) and budget
 * fields come from its row in EVENTS (description.ts).
 */
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import { fail, wholeNumberIn, wordList } from '../../../shared/input';
import { TABLES, type Table } from './changesState';
import { historyFromField, readHistoryFrom } from './historyField';

const show = { event: ['centerChanges'] };

/** Tickets Watched (Days): bounds and default. */
export const TICKET_DAYS = { default: 30, min: 1, max: 3660 };

export interface ChangesSettings {
	tables: Table[];
	ticketDays: number;
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
	return { tables, ticketDays, historyFrom: readHistoryFrom(ctx) };
}
