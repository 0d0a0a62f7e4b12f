/**
 * New Receipt's reader. A center's units are its shops (the shop list is read again every
 * SHOP_LIST_MS); the poll sequence picks the shops due and affordable, and each one is read here: the
 * receipts received from (the shop's last read day − Lookback) through today (center time zone), with
 * the receipt export's paged walker (1000 a page, 30-day windows), compared with the shop's cursor
 * (cursor.ts): each receipt not emitted before is emitted once, so a receipt printed hours or days
 * before it reaches the platform is emitted when it arrives, and a shop read less often (a quiet one)
 * loses nothing. Output: one item per receipt, or one file per poll written as the receipt export
 * writes it. Manual mode ("Fetch Test Event") returns the latest receipt of the center's first shop
 * that has one.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { LIMITS } from '../../../shared/plan';
import { collectWalk, type WalkInput } from '../../../shared/walk/pageStream';
import { shopIdsOf } from '../../../shared/walk/shopChoice';
import { addDays, splitDays } from '../../../shared/walk/dateWindows';
import { readDay } from '../../pollTime';
import { writeRecordsFile } from '../../../shared/output/writeFile';
import { RECEIPT_COLUMNS } from '../../../shared/output/receiptColumns';
import type { CenterState } from '../../state';
import type { UnitSchedule } from '../../schedule';
import type {
	CenterDraft,
	EventReader,
	Found,
	PollRun,
	ReadResult,
	ReaderFactory,
	Target,
	Unit,
} from '../../types';
import {
	diffShop,
	keepFromMs,
	MAX_IDS_PER_SHOP,
	readReceiptState,
	RECEIPT_STATE_VERSION,
	receivedMs,
	type ReceiptCenterState,
} from './cursor';
import { readReceiptSettings, type ReceiptSettings } from './settings';

/** The shop list is read again after this long (a shop opened or archived since is then seen). */
export const SHOP_LIST_MS = 60 * 60_000;

/** The receipts of one shop received in [start, today], 30-day windows, every page. */
export async function readShop(
	run: PollRun,
	scId: string,
	shopId: string,
	start: string,
	today: string,
): Promise<IDataObject[]> {
	const inputs: WalkInput[] = splitDays(start, today, LIMITS.receiptsPairDays).map((w) => ({
		params: { sc_id: scId, shop_id: shopId },
		query: { start_received_date: w.start, end_received_date: w.end },
		operation: 'export receipts',
		deadlineMs: run.deadlineMs,
		counter: run.counter,
	}));
	return await collectWalk(run.ctx, 'exportReceipts', inputs, { stats: run.stats });
}

/** The center's shops as the settings choose them (the list read again when it is old). */
async function shopsOf(
	run: PollRun,
	settings: ReceiptSettings,
	target: Target,
	saved: ReceiptCenterState | undefined,
): Promise<{ shops: string[]; list: ReceiptCenterState['list'] }> {
	const now = run.startedAt.getTime();
	let list = saved?.list;
	if (
		!list ||
		list.archived !== settings.archived ||
		now - list.at >= SHOP_LIST_MS ||
		now < list.at
	) {
		const scope = settings.archived ? 'allWithArchived' : 'all';
		const ids = await shopIdsOf(run.ctx, target.id, { scope }, 0, run.stats, {
			deadlineMs: run.deadlineMs,
			counter: run.counter,
		});
		list = { ids, at: now, archived: settings.archived };
	}
	if (settings.shopScope === 'all') return { shops: list.ids, list };
	const listed = list.ids;
	if (run.singleCenter) {
		const missing = settings.shopIds.filter((id) => !listed.includes(id));
		if (missing.length)
			throw new NodeOperationError(
				run.ctx.getNode(),
				`Shop IDs: ${missing.join(', ')} ${missing.length > 1 ? 'are not shops' : 'is not a shop'} of center ${target.id}${settings.archived ? '' : ' (an archived shop is read with Include Archived Shops)'}`,
			);
	}
	return { shops: listed.filter((id) => settings.shopIds.includes(id)), list };
}

function draft(
	run: PollRun,
	settings: ReceiptSettings,
	target: Target,
	previous: CenterState | undefined,
): CenterDraft {
	const now = run.startedAt.getTime();
	const today = readDay(run, target);
	const saved = readReceiptState(previous?.receipts);
	// cursors of shops not read now (not due, archived, deselected) stay as they were
	const state: ReceiptCenterState = {
		v: RECEIPT_STATE_VERSION,
		origin: saved?.origin ?? now,
		shops: Object.assign({}, saved?.shops),
	};
	const remember = run.cfg.firstPoll === 'remember';
	const rows: IDataObject[] = [];
	let read = 0;
	let listed = false;
	return {
		async units(): Promise<Unit[]> {
			const { shops, list } = await shopsOf(run, settings, target, saved);
			listed = list !== saved?.list;
			state.list = list;
			return shops.map((id) => ({ id, sched: state.shops[id]?.sched }));
		},
		async read(unit: Unit): Promise<ReadResult> {
			const shopId = unit.id;
			const before = saved?.shops[shopId];
			const start = addDays(before?.day ?? today, -run.cfg.lookbackDays);
			const got = await readShop(run, target.id, shopId, start, today);
			// a shop read for the first time: on the center's first poll "remember" emits nothing; later
			// its receipts count from the center's first poll (a shop added since, or not reached)
			const floor = saved && remember ? saved.origin : null;
			const keepFrom = keepFromMs(today, run.cfg.lookbackDays, target.zone);
			const diff = diffShop(got, before, before ? null : floor, today, now, keepFrom);
			if (diff.dropped)
				run.ctx.logger.warn(
					`Shopping Center Trigger (New Receipt): shop ${shopId} has more than ${MAX_IDS_PER_SHOP} receipts in its re-read period; a receipt received before ${new Date(diff.cursor.since ?? now).toISOString()} that shows up later is taken as emitted`,
				);
			if (before || saved || !remember)
				for (const row of diff.fresh) {
					if (row.shop_id === undefined) row.shop_id = shopId;
					rows.push(row);
				}
			state.shops[shopId] = diff.cursor;
			read++;
			// the shop's latest receipt seen (0: none in the period: quiet for long)
			let lastMs = 0;
			for (const row of got) lastMs = Math.max(lastMs, receivedMs(row, 0));
			return { news: diff.fresh.length > 0, lastMs };
		},
		schedule(unit: Unit, next: UnitSchedule): void {
			const cursor = state.shops[unit.id];
			if (cursor) cursor.sched = next;
		},
		finish(): CenterState | undefined {
			if (read === 0 && !listed) return previous;
			const receipts = state as unknown as IDataObject;
			if (read === 0 && previous) return Object.assign({}, previous, { receipts });
			return { day: today, at: run.startedAt.toISOString(), receipts };
		},
		found: () => rows,
	};
}

/** One item per receipt, or one file of the poll's receipts (as the receipt export writes it). */
async function output(
	run: PollRun,
	settings: ReceiptSettings,
	found: Found[],
): Promise<INodeExecutionData[][] | null> {
	const file = settings.file;
	if (!found.length || !file) return null;
	async function* batches(): AsyncGenerator<IDataObject[]> {
		for (const f of found) yield f.rows.map((row) => Object.assign({ sc_id: f.scId }, row));
	}
	const ctx = run.ctx as unknown as Parameters<typeof writeRecordsFile>[0];
	return [[await writeRecordsFile(ctx, 0, RECEIPT_COLUMNS, file, () => batches(), run.stats)]];
}

export const newReceiptReader: ReaderFactory = (ctx) => {
	const settings = readReceiptSettings(ctx);
	const reader: EventReader = {
		begin: (run, target, previous) => draft(run, settings, target, previous),
		async latest(run, target) {
			const today = readDay(run, target);
			const start = addDays(today, -Math.max(run.cfg.lookbackDays, 1));
			const { shops } = await shopsOf(run, settings, target, undefined);
			for (const shopId of shops) {
				const rows = await readShop(run, target.id, shopId, start, today);
				if (!rows.length) continue;
				const latest = rows.reduce((a, b) => (receivedMs(b, 0) > receivedMs(a, 0) ? b : a));
				if (latest.shop_id === undefined) latest.shop_id = shopId;
				return latest;
			}
			return undefined;
		},
	};
	if (settings.file) reader.output = (run, found) => output(run, settings, found);
	// a center not reached yet: its origin now (an empty `at` keeps it first in the next poll's order)
	reader.unreached = (run, target) => {
		if (run.cfg.firstPoll !== 'remember') return undefined;
		const origin = { v: RECEIPT_STATE_VERSION, origin: run.startedAt.getTime(), shops: {} };
		return { day: readDay(run, target), at: '', receipts: origin };
	};
	return reader;
};
