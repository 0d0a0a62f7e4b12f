/**
 * One poll of New Receipt. Per center (PRO only), per shop in a rotating order, the receipts received
 * from (the shop's last poll day − Lookback) through today (center time zone) are read with the
 * receipt export's paged walker (1000 a page, 30-day windows) and compared with the shop's cursor
 * (cursor.ts): each receipt not emitted before is emitted once, so a receipt printed hours or days
 * before it reaches the platform is emitted when it arrives.
 *
 * A poll keeps within its time budget: a shop is started only while the budget is expected to hold
 * it; the shops not reached keep their cursors and are read first by the next poll. The new state is
 * saved only when the poll ends without an error (all-or-nothing, as the other events); manual mode
 * ("Fetch Test Event") returns the latest receipt of each center's first shop that has one.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { featureRefusal, LIMITS } from '../../shared/plan';
import { asNodeError, getApiCredentials, isDeadlineError, knownPlan } from '../../shared/transport';
import { collectWalk, type WalkInput, type WalkStats } from '../../shared/walk/pageStream';
import { shopIdsOf } from '../../shared/walk/shopChoice';
import { addDays, splitDays, todayIn } from '../../shared/walk/dateWindows';
import { writeRecordsFile } from '../../shared/output/writeFile';
import { fileColumns } from '../../ShoppingCenterReceipts/actions/receipt/export.operation';
import type { TriggerConfig } from '../config';
import { commitState, type TriggerState } from '../state';
import { isCenterRefusal, type Target } from '../targets';
import { pollDeadline } from '../budget';
import { afterPoll, withCarried } from '../carry';
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

interface Fresh {
	scId: string;
	rows: IDataObject[];
}

export class ReceiptPoll {
	private readonly startedAt = new Date();
	/** no request of this poll goes past it (the transport's waits included) */
	private readonly deadlineMs: number;
	/** a request stopped at the deadline: nothing more is read in this poll */
	private cut = false;
	private readonly settings: ReceiptSettings;
	/** the longest a shop took in this poll (the estimate for the next one) */
	private slowestShopMs = 0;
	private shopsRead = 0;
	readonly stats: WalkStats = { requests: 0, windows: 0 };

	constructor(
		private readonly ctx: IPollFunctions,
		private readonly cfg: TriggerConfig,
	) {
		this.settings = readReceiptSettings(ctx);
		this.deadlineMs = pollDeadline(ctx, this.startedAt);
	}

	/** The first shop of a poll is always read (progress); another only if it should fit. */
	private hasTimeFor(): boolean {
		if (this.cut) return false;
		return this.shopsRead === 0 || Date.now() + this.slowestShopMs <= this.deadlineMs;
	}

	private async shopsOf(target: Target, single: boolean): Promise<string[]> {
		const { ctx, settings } = this;
		const scope = settings.archived ? 'allWithArchived' : 'all';
		const listed = await shopIdsOf(ctx, target.id, { scope }, 0, this.stats);
		if (settings.shopScope === 'all') return listed;
		const picked = listed.filter((id) => settings.shopIds.includes(id));
		if (single) {
			const missing = settings.shopIds.filter((id) => !listed.includes(id));
			if (missing.length)
				throw new NodeOperationError(
					ctx.getNode(),
					`Shop IDs: ${missing.join(', ')} ${missing.length > 1 ? 'are not shops' : 'is not a shop'} of center ${target.id}${settings.archived ? '' : ' (an archived shop is read with Include Archived Shops)'}`,
				);
		}
		return picked;
	}

	/** The receipts of one shop received in [start, today], 30-day windows, every page. */
	private async readShop(scId: string, shopId: string, start: string, today: string) {
		const inputs: WalkInput[] = splitDays(start, today, LIMITS.receiptsPairDays).map((w) => ({
			params: { sc_id: scId, shop_id: shopId },
			query: { start_received_date: w.start, end_received_date: w.end },
			operation: 'export receipts',
			deadlineMs: this.deadlineMs,
		}));
		return await collectWalk(this.ctx, 'exportReceipts', inputs, { stats: this.stats });
	}

	private async refusal(target: Target): Promise<string | null> {
		const creds = await getApiCredentials(this.ctx);
		const refusal = featureRefusal(knownPlan(creds.baseUrl, target.id), 'receipts');
		return refusal && `Center ${target.id}: ${refusal}`;
	}

	/** One center: its shops from the rotation's start, as far as the budget goes. */
	private async center(
		target: Target,
		saved: ReceiptCenterState | undefined,
		single: boolean,
		out: Fresh[],
	): Promise<ReceiptCenterState | undefined> {
		const now = this.startedAt.getTime();
		const today = todayIn(target.zone, this.startedAt);
		const shops = await this.shopsOf(target, single);
		const state: ReceiptCenterState = {
			v: RECEIPT_STATE_VERSION,
			origin: saved?.origin ?? now,
			next: saved?.next ?? null,
			// cursors of shops not read now (not reached, archived, deselected) stay as they were
			shops: { ...saved?.shops },
		};
		const first = saved?.next ? shops.indexOf(saved.next) : 0;
		const n = shops.length;
		let read = 0;
		for (; read < n; read++) {
			if (!this.hasTimeFor()) break;
			const shopId = shops[(Math.max(first, 0) + read) % n];
			const began = Date.now();
			const previous = saved?.shops[shopId];
			const start = addDays(previous?.day ?? today, -this.cfg.lookbackDays);
			let rows: IDataObject[];
			try {
				rows = await this.readShop(target.id, shopId, start, today);
			} catch (error) {
				// the budget ended inside this shop: it and the rest are read by the next poll
				if (!isDeadlineError(error)) throw asNodeError(this.ctx.getNode(), error);
				this.cut = true;
				break;
			}
			// a shop read for the first time: on the center's first poll "remember" emits nothing;
			// later its receipts count from the center's first poll (a shop added since, or not reached)
			const remember = this.cfg.firstPoll === 'remember';
			const floor = saved && remember ? saved.origin : null;
			const keepFrom = keepFromMs(today, this.cfg.lookbackDays, target.zone);
			const diff = diffShop(rows, previous, previous ? null : floor, today, now, keepFrom);
			if (diff.dropped)
				this.ctx.logger.warn(
					`Shopping Center Trigger (New Receipt): shop ${shopId} has more than ${MAX_IDS_PER_SHOP} receipts in its re-read period; a receipt received before ${new Date(diff.cursor.since ?? now).toISOString()} that shows up later is taken as emitted`,
				);
			if (previous || saved || !remember) {
				for (const row of diff.fresh) if (row.shop_id === undefined) row.shop_id = shopId;
				if (diff.fresh.length) out.push({ scId: target.id, rows: diff.fresh });
			}
			state.shops[shopId] = diff.cursor;
			this.shopsRead++;
			this.slowestShopMs = Math.max(this.slowestShopMs, Date.now() - began);
		}
		// no shop read (the budget ended first): the center stays as it was, first in the next poll
		if (read === 0 && n > 0) return undefined;
		const start = Math.max(first, 0);
		// the next poll starts with the first shop not reached, or one further than this one did
		state.next = n === 0 ? null : shops[read < n ? (start + read) % n : (start + 1) % n];
		return state;
	}

	/** Manual mode: the latest receipt of the first shop of each center that has one; nothing saved. */
	private async manual(targets: Target[]): Promise<INodeExecutionData[][] | null> {
		const items: INodeExecutionData[] = [];
		for (const target of targets) {
			try {
				const item = await this.latest(target, targets.length === 1);
				if (item) items.push(item);
			} catch (error) {
				if (!target.optional || !isCenterRefusal(error))
					throw asNodeError(this.ctx.getNode(), error);
			}
		}
		return items.length ? [items] : null;
	}

	private async latest(target: Target, single: boolean): Promise<INodeExecutionData | undefined> {
		const refusal = await this.refusal(target);
		if (refusal) {
			if (!target.optional) throw new NodeOperationError(this.ctx.getNode(), refusal);
			return undefined;
		}
		const today = todayIn(target.zone, this.startedAt);
		const start = addDays(today, -Math.max(this.cfg.lookbackDays, 1));
		for (const shopId of await this.shopsOf(target, single)) {
			const rows = await this.readShop(target.id, shopId, start, today);
			if (!rows.length) continue;
			const latest = rows.reduce((a, b) => (receivedMs(b, 0) > receivedMs(a, 0) ? b : a));
			if (latest.shop_id === undefined) latest.shop_id = shopId;
			return this.item(target.id, latest);
		}
		return undefined;
	}

	private item(scId: string, row: IDataObject): INodeExecutionData {
		return { json: Object.assign({ event: 'newReceipt', sc_id: scId }, row) };
	}

	async run(
		targets: Target[],
		stored: TriggerState,
		staticData: IDataObject,
	): Promise<INodeExecutionData[][] | null> {
		const { ctx, cfg } = this;
		if (ctx.getMode() === 'manual') return await this.manual(targets);
		// the state of an empty poll n8n did not save (the test poll at publishing): carry.ts
		const carryKey = `${ctx.getWorkflow().id ?? ''}|${ctx.getNode().id}`;
		const saved = withCarried(carryKey, stored, cfg.event);
		const next: TriggerState = { version: saved.version, event: cfg.event, centers: {} };
		const single = cfg.scope === 'selected' && cfg.centerIds.length === 1;
		const found: Fresh[] = [];
		// the center polled longest ago goes first, so no center waits behind another's shops
		const order = [...targets].sort((a, b) =>
			(saved.centers[a.id]?.at ?? '') < (saved.centers[b.id]?.at ?? '') ? -1 : 1,
		);
		for (const target of order) {
			const previous = saved.centers[target.id];
			if (!this.hasTimeFor()) {
				if (previous) next.centers[target.id] = previous;
				continue;
			}
			const refusal = await this.refusal(target);
			const before = readReceiptState(previous?.receipts);
			try {
				if (refusal) throw new NodeOperationError(ctx.getNode(), refusal);
				const receipts = await this.center(target, before, single, found);
				if (!receipts) {
					if (previous) next.centers[target.id] = previous;
					continue;
				}
				next.centers[target.id] = {
					day: todayIn(target.zone, this.startedAt),
					at: this.startedAt.toISOString(),
					receipts: receipts as unknown as IDataObject,
				};
			} catch (error) {
				const skip = refusal ? target.optional : target.optional && isCenterRefusal(error);
				if (!skip) throw asNodeError(ctx.getNode(), error);
				ctx.logger.warn(
					`Shopping Center Trigger: center ${target.id} skipped: ${(error as Error).message}`,
				);
				if (previous) next.centers[target.id] = previous;
			}
		}
		const output = await this.output(found);
		commitState(staticData, next);
		afterPoll(carryKey, next, output !== null, this.startedAt);
		ctx.logger.info(
			`Shopping Center Trigger (New Receipt): ${this.shopsRead} shop(s) read, ${this.stats.requests} request(s), ${output ? output[0].length : 0} item(s)${this.cut ? '; the budget ended, the rest is read next poll' : ''}`,
		);
		return output;
	}

	/** One item per receipt, or one file of the poll's receipts (as the receipt export writes it). */
	private async output(found: Fresh[]): Promise<INodeExecutionData[][] | null> {
		if (!found.length) return null;
		const file = this.settings.file;
		if (!file) {
			const items: INodeExecutionData[] = [];
			for (const f of found) for (const row of f.rows) items.push(this.item(f.scId, row));
			return [items];
		}
		async function* batches(): AsyncGenerator<IDataObject[]> {
			for (const f of found) yield f.rows.map((row) => Object.assign({ sc_id: f.scId }, row));
		}
		const ctx = this.ctx as unknown as Parameters<typeof writeRecordsFile>[0];
		return [[await writeRecordsFile(ctx, 0, fileColumns, file, () => batches(), this.stats)]];
	}
}
