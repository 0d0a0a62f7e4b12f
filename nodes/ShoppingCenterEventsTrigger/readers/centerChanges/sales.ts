/**
 * Center Changes, the daily_sales and monthly tables: one shop's daily rows of a period, or its
 * monthly rows of the months of a period (one request each: a daily page holds 366 days, monthly rows
 * come unpaged), compared with the hashes its state keeps. Only a row whose content changed (or that
 * is new) is emitted as an upsert; a daily row that changed marks its month to be re-read.
 */
import type { IDataObject } from 'n8n-workflow';
import { apiRequest, collectPages, rowsOf } from '../../../shared/transport';
import type { PollRun, Target } from '../../types';
import { changeRecord, contentHash, type ChangeRecord } from './changesState';

/**
 * A shop's daily rows of start..end (dates, center zone), or its monthly rows of the months of
 * start..end: one request either way.
 */
export async function readSales(
	table: 'daily_sales' | 'monthly',
	run: PollRun,
	target: Target,
	shopId: string,
	start: string,
	end: string,
): Promise<IDataObject[]> {
	const input = {
		params: { sc_id: target.id, shop_id: shopId },
		query: { start_date: start, end_date: end },
		deadlineMs: run.deadlineMs,
		counter: run.counter,
	};
	if (table === 'daily_sales')
		return await collectPages(run.ctx, 'dailySales', { ...input, operation: 'read daily sales' });
	const monthly = { ...input, operation: 'read monthly totals' };
	return rowsOf(run.ctx, (await apiRequest(run.ctx, 'monthlySales', monthly)).data, monthly);
}

export interface RowsDiff {
	records: ChangeRecord[];
	/** the hashes kept after this read */
	hashes: Record<string, string>;
	/** the months (YYYY-MM) of the rows that changed */
	months: string[];
	news: boolean;
}

/**
 * Rows keyed by their `date` (a day, or a month; attendance.ts: a zone's day) against the kept hashes. `emit` false: a baseline. A
 * row older than every kept one (the period grew: Lookback raised) existed before and is remembered
 * only. Hashes of keys before `keepFrom` are dropped (never read again).
 */
export function diffRows(
	table: 'daily_sales' | 'monthly' | 'attendance',
	key: IDataObject,
	rows: IDataObject[],
	kept: Record<string, string> | undefined,
	emit: boolean,
	keepFrom: string,
): RowsDiff {
	const hashes: Record<string, string> = Object.assign({}, kept);
	const known = Object.keys(hashes).sort();
	const oldest = known[0];
	const records: ChangeRecord[] = [];
	const months = new Set<string>();
	let news = false;
	for (const row of rows) {
		const date = String(row.date);
		const hash = contentHash(row);
		const last = hashes[date];
		hashes[date] = hash;
		if (last === hash) continue;
		news = true;
		if (!emit || (last === undefined && oldest !== undefined && date < oldest)) continue;
		const name = table === 'monthly' ? 'month' : 'date';
		records.push(changeRecord(table, Object.assign({}, key, { [name]: date }), 'upsert', row));
		months.add(date.slice(0, 7));
	}
	for (const date of Object.keys(hashes)) if (date < keepFrom) delete hashes[date];
	return { records, hashes, months: [...months].sort(), news };
}
