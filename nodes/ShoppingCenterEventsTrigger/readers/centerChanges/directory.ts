/**
 * Center Changes, the directory tables: the center's shop list (active shops, the largest page) and its
 * counting zones, each read as one unit every DIRECTORY_MS and compared with its last known rows: a row
 * new to the list or changed is an upsert, one gone from it (a shop closed or archived, a zone removed)
 * a delete carrying its last known row. The shop list is also what the daily and monthly tables read
 * shop by shop. A center without a counting system (404 traffic_not_configured) has no zones.
 */
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequest,
	asNodeError,
	collectPages,
	errorShape,
	rowsOf,
} from '../../../shared/transport';
import type { PollRun, Target } from '../../types';
import { changeRecord, contentHash, MAX_SHOPS, type ChangeRecord } from './changesState';

/** The directory is read again after this long (a few times a day). */
export const DIRECTORY_MS = 4 * 60 * 60_000;

/** A listing table: its name in the records and its key field besides sc_id. */
export type Listing = { table: 'shops'; key: 'shop_id' } | { table: 'zones'; key: 'zone_id' };
export const SHOPS: Listing = { table: 'shops', key: 'shop_id' };
export const ZONES: Listing = { table: 'zones', key: 'zone_id' };

/** The listing's rows as the API answers now. */
export async function readListing(
	listing: Listing,
	run: PollRun,
	target: Target,
): Promise<IDataObject[]> {
	const input = {
		params: { sc_id: target.id },
		operation: `list ${listing.table}`,
		deadlineMs: run.deadlineMs,
		counter: run.counter,
	};
	if (listing.table === 'shops') return await collectPages(run.ctx, 'listShops', input);
	try {
		return rowsOf(run.ctx, (await apiRequest(run.ctx, 'listZones', input)).data, input);
	} catch (error) {
		if (errorShape(error).code === 'traffic_not_configured') return [];
		throw asNodeError(run.ctx.getNode(), error);
	}
}

export const shopKey = (scId: string, shopId: string): IDataObject => ({
	sc_id: scId,
	shop_id: shopId,
});

export interface ListingDiff {
	records: ChangeRecord[];
	rows: Record<string, IDataObject>;
	news: boolean;
}

/**
 * A listing against its last known rows. `emit` false: a baseline (the first read remembers). Rows
 * beyond MAX_SHOPS are listed but not remembered (they are upserted at each read).
 */
export function diffListing(
	listing: Listing,
	scId: string,
	list: IDataObject[],
	known: Record<string, IDataObject> | undefined,
	emit: boolean,
): ListingDiff {
	const records: ChangeRecord[] = [];
	const rows: Record<string, IDataObject> = {};
	const listed = new Set<string>();
	const record = (row: IDataObject, op: ChangeRecord['op']) =>
		changeRecord(listing.table, { sc_id: scId, [listing.key]: row.id }, op, row);
	for (const row of list) {
		const id = String(row.id);
		listed.add(id);
		const last = known?.[id];
		if (emit && (!last || contentHash(last) !== contentHash(row)))
			records.push(record(row, 'upsert'));
		if (Object.keys(rows).length < MAX_SHOPS) rows[id] = row;
	}
	for (const [id, last] of Object.entries(known ?? {}))
		if (!listed.has(id) && emit) records.push(record(last, 'delete'));
	const changed = !known || records.length > 0 || Object.keys(known).length !== listed.size;
	return { records, rows, news: changed };
}
