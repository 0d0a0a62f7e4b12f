/**
 * Center Changes, the receipts table (PRO): a shop's new receipts as upserts keyed by receipt id, read
 * as New Receipt reads them (readers/newReceipt/: the receipts received from the shop's last read day −
 * Lookback through today, every page, and the shop's cursor, so each receipt is emitted once, a late
 * one when it arrives). One unit per shop, read as its activity says (like New Receipt's shops).
 */
import { addDays } from '../../../shared/walk/dateWindows';
import type { PollRun, Target } from '../../types';
import { diffShop, keepFromMs, receivedMs, type ShopCursor } from '../newReceipt/cursor';
import { readShop } from '../newReceipt/reader';
import { changeRecord, type ChangeRecord } from './changesState';

export interface ReceiptsRead {
	records: ChangeRecord[];
	cursor: ShopCursor;
	news: boolean;
	/** the shop's latest receipt seen (0: none in the period) */
	lastMs: number;
}

/** One shop's receipts against its cursor; `emit` false: its first read remembers. */
export async function readReceipts(
	run: PollRun,
	target: Target,
	shopId: string,
	before: ShopCursor | undefined,
	today: string,
	emit: boolean,
): Promise<ReceiptsRead> {
	const now = run.startedAt.getTime();
	const start = addDays(before?.day ?? today, -run.cfg.lookbackDays);
	const got = await readShop(run, target.id, shopId, start, today);
	const keepFrom = keepFromMs(today, run.cfg.lookbackDays, target.zone);
	const diff = diffShop(got, before, null, today, now, keepFrom);
	const records: ChangeRecord[] = [];
	if (emit)
		for (const row of diff.fresh) {
			if (row.shop_id === undefined) row.shop_id = shopId;
			records.push(
				changeRecord('receipts', { sc_id: target.id, receipt_id: row.id }, 'upsert', row),
			);
		}
	let lastMs = 0;
	for (const row of got) lastMs = Math.max(lastMs, receivedMs(row, 0));
	return { records, cursor: diff.cursor, news: diff.fresh.length > 0, lastMs };
}
