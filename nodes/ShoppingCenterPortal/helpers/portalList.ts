/**
 * What the ticket and pass lists (their operation files) share: the selection (one period pair or
 * ticket numbers; for passes both), the status filter, ticket numbers in batches of what one call
 * takes, pages at the largest size, newest first. No period or freshness limit applies to the portal.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { PASS_STATUSES, TICKET_STATUSES } from '../../shared/allowedValues';
import { centerInfo } from '../../shared/center';
import { periodFields } from '../../shared/descriptions/common';
import { centerLocator } from '../../shared/descriptions/locators';
import {
	fail,
	precheckPeriod,
	readChoice,
	readId,
	readLimit,
	readPeriod,
} from '../../shared/input';
import { LIMITS } from '../../shared/plan';
import { ROUTES, type EncodableRecord } from '../../shared/transport';
import { collectWalk, walkPages, type WalkStats } from '../../shared/walk/pageStream';
import { readFileSettings } from '../../shared/output/fileOptions';
import { deliver } from '../../shared/output/deliver';
import type { KindColumns } from '../../shared/output/columns';
import type { OperationOutput } from '../../shared/router';
import type { FieldSet } from '../../shared/actions';
import { chunk } from '../../shared/walk/dateWindows';

export type PortalKind = 'ticket' | 'pass';

/** How records are selected; the combined ones exist for passes only. */
const SELECT_BY = [
	'createdPeriod',
	'activePeriod',
	'ticketNumbers',
	'ticketNumbersCreated',
	'ticketNumbersActive',
] as const;
type SelectBy = (typeof SELECT_BY)[number];

const PERIOD_OF: Record<SelectBy, 'created' | 'active' | undefined> = {
	createdPeriod: 'created',
	activePeriod: 'active',
	ticketNumbers: undefined,
	ticketNumbersCreated: 'created',
	ticketNumbersActive: 'active',
};

const SETTINGS = {
	ticket: {
		route: 'listTickets',
		batch: LIMITS.ticketUidsPerCall,
		words: 'tickets',
		operation: 'list tickets',
		statuses: TICKET_STATUSES.options,
		statusesText:
			'Only tickets in these statuses. None selected: every status, archived tickets included.',
	},
	pass: {
		route: 'listPasses',
		batch: LIMITS.passTicketUidsPerCall,
		words: 'passes',
		operation: 'list passes',
		statuses: PASS_STATUSES.options,
		statusesText:
			'Only passes in these statuses (with Other Statuses). None given: every status, archived passes included.',
	},
} as const;

/** The selection fields both lists share: center, Select By, the period pair, ticket numbers, statuses. */
export function selectionFields(kind: PortalKind): INodeProperties[] {
	const { words, batch, statuses, statusesText } = SETTINGS[kind];
	const selectOptions = [
		{
			name: 'Creation Period',
			value: 'createdPeriod',
			description: `The ${words} created in the period`,
		},
		{
			name: 'Ticket Numbers',
			value: 'ticketNumbers',
			description:
				kind === 'ticket'
					? 'The tickets with the given numbers'
					: 'The passes of the tickets with the given numbers',
		},
		...(kind === 'pass'
			? [
					{
						name: 'Ticket Numbers Within Creation Period',
						value: 'ticketNumbersCreated',
						description: 'The passes of the given tickets that were created in the period',
					},
					{
						name: 'Ticket Numbers Within Validity Period',
						value: 'ticketNumbersActive',
						description: 'The passes of the given tickets whose validity overlaps the period',
					},
				]
			: []),
		{
			name: 'Validity Period',
			value: 'activePeriod',
			description: `The ${words} whose validity overlaps the period (finds ${words} issued in advance)`,
		},
	];
	const withPeriod =
		kind === 'pass'
			? ['createdPeriod', 'activePeriod', 'ticketNumbersCreated', 'ticketNumbersActive']
			: ['createdPeriod', 'activePeriod'];
	const withNumbers =
		kind === 'pass'
			? ['ticketNumbers', 'ticketNumbersCreated', 'ticketNumbersActive']
			: ['ticketNumbers'];
	return [
		centerLocator(),
		{
			displayName: 'Select By',
			name: 'selectBy',
			type: 'options',
			options: selectOptions,
			default: 'createdPeriod',
			description: `Which ${words} to return`,
		},
		...periodFields({
			start:
				"First day of the period (inclusive, in the center's time zone). Any period length and future days are allowed.",
			end: "Last day of the period (inclusive, in the center's time zone)",
			displayOptions: { show: { selectBy: withPeriod } },
		}),
		{
			displayName: 'Ticket Numbers',
			name: 'ticketNumbers',
			type: 'string',
			default: '',
			required: true,
			placeholder: '1001000101, 1001000102',
			description: `Comma-separated ticket numbers (digits only), or an expression returning an array of them. Duplicates are dropped; more than ${batch} numbers are sent in several requests and the results merged.`,
			displayOptions: { show: { selectBy: withNumbers } },
		},
		{
			displayName: 'Statuses',
			name: 'statuses',
			type: 'multiOptions',
			options: [...statuses],
			default: [],
			description: statusesText,
		},
	];
}

/** Ticket numbers from a comma list or an array: trimmed, de-duplicated, each digits only. */
function readTicketNumbers(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const value = ctx.getNodeParameter('ticketNumbers', itemIndex, '') as unknown;
	let raw: unknown[];
	if (Array.isArray(value)) raw = value;
	else if (typeof value === 'string') raw = value.split(/[,;\n]/);
	else if (typeof value === 'number') raw = [value];
	else raw = [];
	const out: string[] = [];
	const seen = new Set<string>();
	for (const entry of raw) {
		const s =
			typeof entry === 'number' && Number.isSafeInteger(entry)
				? String(entry)
				: typeof entry === 'string'
					? entry.trim()
					: undefined;
		if (s === '') continue;
		if (s === undefined || !/^\d+$/.test(s)) {
			const shown = typeof entry === 'string' ? entry.trim() : JSON.stringify(entry);
			fail(
				ctx,
				itemIndex,
				'Ticket Numbers',
				`"${String(shown).slice(0, 60)}" is not a ticket number (digits only)`,
			);
		}
		if (s.length > 20) {
			fail(
				ctx,
				itemIndex,
				'Ticket Numbers',
				`"${s.slice(0, 24)}…" has ${s.length} digits; a ticket number has at most 20`,
			);
		}
		if (seen.has(s)) continue;
		seen.add(s);
		out.push(s);
	}
	if (!out.length)
		fail(ctx, itemIndex, 'Ticket Numbers', 'is required (at least one ticket number)');
	return out;
}

function createdMs(row: IDataObject): number {
	const t = typeof row.created_at === 'string' ? Date.parse(row.created_at) : NaN;
	return Number.isNaN(t) ? -Infinity : t;
}

function compareIds(a: unknown, b: unknown): number {
	const x = String(a ?? '');
	const y = String(b ?? '');
	if (/^\d+$/.test(x) && /^\d+$/.test(y) && x.length !== y.length) return x.length - y.length;
	return x < y ? -1 : x > y ? 1 : 0;
}

/** Newest first (created_at descending, then id descending), as the API sorts one list. */
export function newestFirst(rows: IDataObject[], idField: string): IDataObject[] {
	return rows
		.map((row, index) => ({ row, index, at: createdMs(row) }))
		.sort((a, b) => b.at - a.at || -compareIds(a.row[idField], b.row[idField]) || a.index - b.index)
		.map((x) => x.row);
}

/** The list as items or as one file (Output), the file's options read before any request. */
export async function listPortal(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: PortalKind,
	statuses: string[],
	columns: KindColumns,
	simple: FieldSet,
): Promise<OperationOutput> {
	const file = readFileSettings(ctx, itemIndex);
	const batches = await portalBatches(ctx, itemIndex, kind, statuses);
	const name = { of: readId(ctx, 'center', 'Center', itemIndex) };
	return await deliver(ctx, itemIndex, { columns, file, name, simple }, batches);
}

/**
 * A ticket or pass list for one item: selection read and checked (before any data request), then the
 * records as a flow of batches: pages as they arrive, or, for several batches of ticket numbers, all
 * of them merged newest first.
 */
async function portalBatches(
	ctx: IExecuteFunctions,
	itemIndex: number,
	kind: PortalKind,
	statuses: string[],
): Promise<(stats: WalkStats) => AsyncIterable<IDataObject[]>> {
	const { route, batch, operation } = SETTINGS[kind];
	const scId = readId(ctx, 'center', 'Center', itemIndex);
	const allowed = kind === 'ticket' ? SELECT_BY.slice(0, 3) : SELECT_BY;
	const selectBy = readChoice(
		ctx,
		'selectBy',
		'Select By',
		itemIndex,
		allowed,
		'createdPeriod',
		(value) => `${JSON.stringify(value)} is not one of ${allowed.join(', ')}`,
	);
	const periodKind = PERIOD_OF[selectBy];
	const numbers = selectBy.startsWith('ticketNumbers')
		? readTicketNumbers(ctx, itemIndex)
		: undefined;
	const limit = readLimit(ctx, itemIndex);
	if (periodKind) precheckPeriod(ctx, itemIndex);

	const query: EncodableRecord = { statuses: statuses.length ? statuses : undefined };
	if (periodKind) {
		const { time_zone: zone } = await centerInfo(ctx, scId);
		const period = readPeriod(ctx, itemIndex, zone);
		query[`start_${periodKind}_date`] = period.start;
		query[`end_${periodKind}_date`] = period.end;
	}
	const input = (uids?: string[]) => ({
		params: { sc_id: scId },
		query: { ...query, ticket_uids: uids },
		itemIndex,
		operation,
	});
	if (!numbers || numbers.length <= batch)
		return (stats) => walkPages(ctx, route, [input(numbers)], { limit, stats });
	// each batch is newest first; the newest `limit` of all are among the newest `limit` of each
	const idField = ROUTES[route].paging.idField;
	return async function* (stats) {
		const all: IDataObject[] = [];
		for (const uids of chunk(numbers, batch))
			all.push(...(await collectWalk(ctx, route, [input(uids)], { limit, stats })));
		const seen = new Set<string>();
		const merged = newestFirst(all, idField).filter((row) => {
			const id = String(row[idField] ?? JSON.stringify(row));
			return seen.has(id) ? false : (seen.add(id), true);
		});
		yield limit === undefined ? merged : merged.slice(0, limit);
	};
}
