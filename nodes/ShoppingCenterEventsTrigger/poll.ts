/**
 * One poll of the Shopping Center Trigger.
 *
 * For each center (in its own time zone) one date window is read completely, with the largest page
 * the list allows, and compared with what the node-scoped static data remembers:
 * - New Anomaly: anomaly dates from (day of the last successful poll − Lookback) through today; each
 *   anomaly ID is emitted once. An anomaly found late (its date days before created_at) is in the
 *   window as long as it was found at most Lookback days after its date.
 * - New Ticket / New Pass: creation dates from (day of the last successful poll − Lookback, default 1)
 *   through today; each ticket_uid / pass id is emitted once.
 * - Ticket Changed: tickets created in the last Lookback days (default 30); a ticket is emitted when its
 *   status or resolution_created_at differs from what the last poll saw (with previous_status).
 *
 * The new state is built in memory and saved only after every center answered: any error (503 or 429
 * after the transport's retries, 402, a refused plan, a broken answer) is thrown and the saved state
 * stays as it was, so the next poll emits what this one missed, and nothing twice.
 * Manual mode ("Fetch Test Event") returns the latest matching record of each center and saves nothing.
 */
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';
import { featureRefusal } from '../shared/plan';
import { asNodeError, collectPages, knownPlan } from '../shared/transport';
import { getApiCredentials } from '../shared/transport/credentials';
import type { EncodableRecord } from '../shared/transport/encoding';
import { addDays, todayIn } from '../shared/walk/dateWindows';
import type { TriggerConfig } from './config';
import {
	isCenterRefusal,
	ms,
	resolveTargets,
	splitFingerprint,
	ticketFingerprint,
	type Target,
} from './targets';
import { EVENTS, keyOf } from './events';
import { ReceiptPoll } from './newReceipt/poll';
import {
	capEntries,
	commitState,
	nextKeys,
	readState,
	type CenterState,
	type TriggerState,
} from './state';

/** Manual mode looks at least this far back for a test record. */
const MANUAL_MIN_LOOKBACK_DAYS = 30;
/**
 * Ticket Changed: an unknown ticket created less than this before the previous poll started is taken
 * as born since that poll (clocks of n8n and of the API a little apart).
 */
const BORN_MARGIN_MS = 60 * 60_000;

export class ShoppingCenterPoller {
	private readonly startedAt = new Date();
	private creds?: Awaited<ReturnType<typeof getApiCredentials>>;

	constructor(
		private readonly ctx: IPollFunctions,
		private readonly cfg: TriggerConfig,
	) {}

	/** The records of one center for the window (every page, largest page size), locally filtered. */
	private async readWindow(
		target: Target,
		start: string,
		end: string,
		singleCenter: boolean,
	): Promise<IDataObject[]> {
		const { ctx, cfg } = this;
		const params = { sc_id: target.id };
		const def = EVENTS[cfg.event];
		const query = def.query(start, end) as EncodableRecord;
		if (cfg.event === 'newAnomaly') {
			// one value of a filter goes to the API (fewer rows); several are applied here
			if (cfg.levels.length === 1) query.level = cfg.levels[0];
			if (cfg.statuses.length === 1) query.status = cfg.statuses[0];
			// a shop belongs to one center: with several centers the API would answer 404 for the others
			if (cfg.shopIds.length === 1 && singleCenter) query.shop_id = cfg.shopIds[0];
			const rows = await collectPages(ctx, def.route, { params, query, operation: def.operation });
			return rows.filter(
				(r) =>
					(cfg.levels.length === 0 || cfg.levels.includes(String(r.level))) &&
					(cfg.statuses.length === 0 || cfg.statuses.includes(String(r.status))) &&
					(cfg.shopIds.length === 0 || cfg.shopIds.includes(String(r.shop_id))),
			);
		}
		return await collectPages(ctx, def.route, { params, query, operation: def.operation });
	}

	/** A Basic center known as such is refused before any request (anomalies are PRO only). */
	private async planRefusal(target: Target): Promise<string | null> {
		const feature = EVENTS[this.cfg.event].feature;
		if (!feature) return null;
		this.creds ??= await getApiCredentials(this.ctx);
		const refusal = featureRefusal(knownPlan(this.creds.baseUrl, target.id), feature);
		return refusal && `Center ${target.id}: ${refusal}`;
	}

	/** The window of this poll for a center: [start, today] in its zone. */
	private window(
		target: Target,
		previous: CenterState | undefined,
		manual: boolean,
	): { start: string; end: string; today: string } {
		const today = todayIn(target.zone, this.startedAt);
		const { event, lookbackDays } = this.cfg;
		if (event === 'ticketChanged')
			return { start: addDays(today, -lookbackDays), end: today, today };
		if (manual)
			return {
				start: addDays(today, -Math.max(lookbackDays, MANUAL_MIN_LOOKBACK_DAYS)),
				end: today,
				today,
			};
		const base = previous && previous.day < today ? previous.day : today;
		let start = addDays(base, -lookbackDays);
		const maxSpan = EVENTS[event].maxSpanDays;
		if (maxSpan) {
			const earliest = addDays(today, -(maxSpan - 1));
			if (start < earliest) start = earliest;
		}
		return { start, end: today, today };
	}

	private item(target: Target, row: IDataObject, extra: IDataObject = {}): INodeExecutionData {
		return { json: { event: this.cfg.event, sc_id: target.id, ...extra, ...row } };
	}

	/** New records: what the saved keys do not hold, oldest first. */
	private diffNew(
		target: Target,
		rows: IDataObject[],
		previous: CenterState | undefined,
		today: string,
	): { items: INodeExecutionData[]; state: CenterState } {
		const key = (r: IDataObject) => keyOf(this.cfg.event, r);
		const known = new Set(previous?.keys ?? []);
		const inWindow = new Set(rows.map(key));
		const fresh = rows.filter((r) => !known.has(key(r))).reverse();
		const emit = previous || this.cfg.firstPoll === 'emitAll' ? fresh : [];
		return {
			items: emit.map((r) => this.item(target, r)),
			state: {
				day: today,
				at: this.startedAt.toISOString(),
				keys: nextKeys(previous?.keys ?? [], inWindow, fresh.map(key)),
			},
		};
	}

	/** Changed tickets: status or resolution_created_at other than last seen, oldest ticket first. */
	private diffChanged(
		target: Target,
		rows: IDataObject[],
		previous: CenterState | undefined,
		today: string,
	): { items: INodeExecutionData[]; state: CenterState } {
		const seen = new Map(previous?.seen ?? []);
		const bornAfter = previous ? Date.parse(previous.at) - BORN_MARGIN_MS : Infinity;
		const items: INodeExecutionData[] = [];
		const next: Array<[string, string]> = [];
		for (const row of [...rows].reverse()) {
			const uid = keyOf('ticketChanged', row);
			const fp = ticketFingerprint(row);
			const last = seen.get(uid);
			if (!previous) {
				if (this.cfg.firstPoll === 'emitAll')
					items.push(
						this.item(target, row, { previous_status: null, previous_resolution_created_at: null }),
					);
			} else if (last === undefined) {
				// not seen before: reported only when it was created since the last poll and has moved on already
				if (ms(row.created_at) >= bornAfter && row.status !== 'new_request') {
					items.push(
						this.item(target, row, { previous_status: null, previous_resolution_created_at: null }),
					);
				}
			} else if (last !== fp) {
				const p = splitFingerprint(last);
				items.push(
					this.item(target, row, {
						previous_status: p.status,
						previous_resolution_created_at: p.resolution,
					}),
				);
			}
			next.push([uid, fp]);
		}
		return {
			items,
			state: { day: today, at: this.startedAt.toISOString(), seen: capEntries(next) },
		};
	}

	/** Manual mode: the latest record of the center (for Ticket Changed the latest decided or created). */
	private latest(
		target: Target,
		rows: IDataObject[],
		previous: CenterState | undefined,
	): INodeExecutionData[] {
		if (rows.length === 0) return [];
		if (this.cfg.event !== 'ticketChanged') return [this.item(target, rows[0])];
		const when = (r: IDataObject) =>
			Math.max(ms(r.resolution_created_at) || 0, ms(r.created_at) || 0);
		const row = rows.reduce((a, b) => (when(b) > when(a) ? b : a));
		const last = new Map(previous?.seen ?? []).get(keyOf('ticketChanged', row));
		const p = last === undefined ? { status: null, resolution: null } : splitFingerprint(last);
		return [
			this.item(target, row, {
				previous_status: p.status,
				previous_resolution_created_at: p.resolution,
			}),
		];
	}

	async run(): Promise<INodeExecutionData[][] | null> {
		const { ctx, cfg } = this;
		const manual = ctx.getMode() === 'manual';
		const staticData = ctx.getWorkflowStaticData('node');
		const saved = readState(staticData, cfg.event);
		const targets = await resolveTargets(ctx, cfg);
		if (cfg.event === 'newReceipt')
			return await new ReceiptPoll(ctx, cfg).run(targets, saved, staticData);
		const next: TriggerState = { version: saved.version, event: cfg.event, centers: {} };
		const items: INodeExecutionData[] = [];

		for (const target of targets) {
			const previous = saved.centers[target.id];
			const refusal = await this.planRefusal(target);
			if (refusal) {
				if (!target.optional) throw new NodeOperationError(ctx.getNode(), refusal);
				if (previous) next.centers[target.id] = previous;
				continue;
			}
			const { start, end, today } = this.window(target, previous, manual);
			let rows: IDataObject[];
			try {
				rows = await this.readWindow(
					target,
					start,
					end,
					cfg.scope === 'selected' && cfg.centerIds.length === 1,
				);
			} catch (error) {
				// a plan_required answer is remembered by the transport (the center is Basic for a while)
				if (!target.optional || !isCenterRefusal(error)) throw asNodeError(ctx.getNode(), error);
				ctx.logger.warn(
					`Shopping Center Trigger: center ${target.id} skipped: ${(error as Error).message}`,
				);
				if (previous) next.centers[target.id] = previous;
				continue;
			}
			if (manual) {
				items.push(...this.latest(target, rows, previous));
				continue;
			}
			const result =
				EVENTS[cfg.event].news === 'changed'
					? this.diffChanged(target, rows, previous, today)
					: this.diffNew(target, rows, previous, today);
			items.push(...result.items);
			next.centers[target.id] = result.state;
		}

		// only now, every center having answered, does the saved state move (never in manual mode)
		if (!manual) commitState(staticData, next);
		return items.length ? [items] : null;
	}
}
