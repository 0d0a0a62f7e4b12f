/**
 * Center Changes, the shops table: the center's shop list (active shops, the largest page) read as one
 * unit every DIRECTORY_MS and compared with its last known rows: a shop new to the list or whose row
 * changed is an upsert, a shop gone from it (closed, archived) a delete carrying its last known row.
 * The list is also what the daily and monthly tables read shop by shop.
 */
import type { IDataObject } from 'n8n-workflow';
import { collectPages } from '../../../shared/transport';
import type { PollRun, Target } from '../../types';
import { changeRecord, contentHash, MAX_SHOPS, type ChangeRecord } from './changesState';

/** The directory is read again after this long (a few times a day). */
export const DIRECTORY_MS = 4 * 60 * 60_000;

export async function readShopList(run: PollRun, target: Target): Promise<IDataObject[]> {
	return await collectPages(run.ctx, 'listShops', {
		params: { sc_id: target.id },
		operation: 'list shops',
		deadlineMs: run.deadlineMs,
		counter: run.counter,
	});
}

export const shopKey = (scId: string, shopId: string): IDataObject => ({
	sc_id: scId,
	shop_id: shopId,
});

export interface DirectoryDiff {
	records: ChangeRecord[];
	rows: Record<string, IDataObject>;
	news: boolean;
}

/**
 * The shop list against the last known rows. `emit` false: a baseline (the first read remembers).
 * Shops beyond MAX_SHOPS are listed but not remembered (their rows are upserted at each read).
 */
export function diffDirectory(
	scId: string,
	list: IDataObject[],
	known: Record<string, IDataObject> | undefined,
	emit: boolean,
): DirectoryDiff {
	const records: ChangeRecord[] = [];
	const rows: Record<string, IDataObject> = {};
	const listed = new Set<string>();
	for (const row of list) {
		const id = String(row.id);
		listed.add(id);
		const last = known?.[id];
		if (emit && (!last || contentHash(last) !== contentHash(row)))
			records.push(changeRecord('shops', shopKey(scId, id), 'upsert', row));
		if (Object.keys(rows).length < MAX_SHOPS) rows[id] = row;
	}
	for (const [id, last] of Object.entries(known ?? {}))
		if (!listed.has(id) && emit)
			records.push(changeRecord('shops', shopKey(scId, id), 'delete', last));
	const changed = !known || records.length > 0 || Object.keys(known).length !== listed.size;
	return { records, rows, news: changed };
}
