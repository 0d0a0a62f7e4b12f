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
 * The poll keeps to n8n's poll budget (budget.ts): no wait of the transport goes past it; when it ends,
 * the centers read completely are emitted and saved, the others keep their state for the next poll.
 * A raised lookback reads dates no poll read before: their records that existed at the last poll are
 * remembered, not emitted. The state of a poll that emitted nothing is carried in this process
 * (carry.ts) for when n8n does not save it (the test poll at publishing under durable cursors).
 * Manual mode ("Fetch Test Event") returns the latest matching record of each center and saves nothing.
 */
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';
import { featureRefusal } from '../shared/plan';
import {
	asNodeError,
	collectPages,
	getApiCredentials,
	isDeadlineError,
	knownPlan,
	type EncodableRecord,
} from '../shared/transport';
import { addDays, toCenterDate, todayIn } from '../shared/walk/dateWindows';
import type { TriggerConfig } from './config';
import { isCenterRefusal, ms, resolveTargets, type Target } from './targets';
import { EVENTS, keyOf } from './events';
import { ReceiptPoll } from './newReceipt/poll';
import { commitState, nextKeys, readState, type CenterState, type TriggerState } from './state';
import { byLastPoll, pollDeadline } from './budget';
import { afterPoll, awaitingSave, withCarried } from './carry';
import { diffChanged, latestRecord } from './changed';

/** Manual mode looks at least this far back for a test record. */
const MANUAL_MIN_LOOKBACK_DAYS = 30;
/** The field whose date (center zone) the window filters on, where it is not created_at. */
const WINDOW_FIELD: Partial<Record<string, string>> = { newAnomaly: 'date' };

export class ShoppingCenterPoller {
	private readonly startedAt = new Date();
	private readonly deadlineMs: number;
	private creds?: Awaited<ReturnType<typeof getApiCredentials>>;

	constructor(
		private readonly ctx: IPollFunctions,
		private readonly cfg: TriggerConfig,
	) {
		this.deadlineMs = pollDeadline(ctx, this.startedAt);
	}

	/** The records of one center for the window (every page, largest page size), locally filtered. */
	private async readWindow(
		target: Target,
		start: string,
		end: string,
		singleCenter: boolean,
	): Promise<IDataObject[]> {
		const { ctx, cfg } = this;
		const params = { sc_id: target.id };
		const deadlineMs = this.deadlineMs;
		const def = EVENTS[cfg.event];
		const query = def.query(start, end) as EncodableRecord;
		if (cfg.event === 'newAnomaly') {
			// one value of a filter goes to the API (fewer rows); several are applied here
			if (cfg.levels.length === 1) query.level = cfg.levels[0];
			if (cfg.statuses.length === 1) query.status = cfg.statuses[0];
			// a shop belongs to one center: with several centers the API would answer 404 for the others
			if (cfg.shopIds.length === 1 && singleCenter) query.shop_id = cfg.shopIds[0];
			const rows = await collectPages(ctx, def.route, {
				params,
				query,
				operation: def.operation,
				deadlineMs,
			});
			return rows.filter(
				(r) =>
					(cfg.levels.length === 0 || cfg.levels.includes(String(r.level))) &&
					(cfg.statuses.length === 0 || cfg.statuses.includes(String(r.status))) &&
					(cfg.shopIds.length === 0 || cfg.shopIds.includes(String(r.shop_id))),
			);
		}
		return await collectPages(ctx, def.route, {
			params,
			query,
			operation: def.operation,
			deadlineMs,
		});
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

	/**
	 * New records: what the saved keys do not hold, oldest first. Where the window starts before the
	 * last poll's (a raised lookback), a record dated before that start is emitted only when it was
	 * created since the last poll; the others existed already and are only remembered.
	 */
	private diffNew(
		target: Target,
		rows: IDataObject[],
		previous: CenterState | undefined,
		window: { start: string; today: string },
	): { items: INodeExecutionData[]; state: CenterState } {
		const key = (r: IDataObject) => keyOf(this.cfg.event, r);
		const known = new Set(previous?.keys ?? []);
		const inWindow = new Set(rows.map(key));
		const fresh = rows.filter((r) => !known.has(key(r))).reverse();
		let emit = previous || this.cfg.firstPoll === 'emitAll' ? fresh : [];
		const readBefore = previous?.start;
		if (previous && readBefore !== undefined && window.start < readBefore) {
			const field = WINDOW_FIELD[this.cfg.event] ?? 'created_at';
			const since = Date.parse(previous.at);
			emit = fresh.filter((r) => {
				const date = toCenterDate(r[field], target.zone);
				return date === undefined || date >= readBefore || ms(r.created_at) >= since;
			});
		}
		return {
			items: emit.map((r) => this.item(target, r)),
			state: {
				day: window.today,
				at: this.startedAt.toISOString(),
				start: window.start,
				keys: nextKeys(previous?.keys ?? [], inWindow, fresh.map(key)),
			},
		};
	}

	async run(): Promise<INodeExecutionData[][] | null> {
		const { ctx, cfg } = this;
		const manual = ctx.getMode() === 'manual';
		const staticData = ctx.getWorkflowStaticData('node');
		const stored = readState(staticData, cfg.event);
		const carryKey = `${ctx.getWorkflow().id ?? ''}|${ctx.getNode().id}`;
		// every Event, New Receipt too: no records handed over twice while n8n saves the last ones
		if (!manual && awaitingSave(carryKey, stored)) {
			ctx.logger.warn(
				`Shopping Center Trigger: n8n has not saved the state of the previous poll of "${ctx.getNode().name}" yet; this tick is skipped`,
			);
			return null;
		}
		if (cfg.event === 'newReceipt')
			return await new ReceiptPoll(ctx, cfg).run(
				await resolveTargets(ctx, cfg),
				stored,
				staticData,
			);
		const saved = manual ? stored : withCarried(carryKey, stored, cfg.event);
		const targets = byLastPoll(await resolveTargets(ctx, cfg), saved);
		const next: TriggerState = { version: saved.version, event: cfg.event, centers: {} };
		const items: INodeExecutionData[] = [];
		const leftOver: string[] = [];

		for (const target of targets) {
			const previous = saved.centers[target.id];
			const keep = () => {
				if (previous) next.centers[target.id] = previous;
			};
			// the budget is spent: left for the next poll (a center whose own wait would pass the
			// deadline, a long 429, is left over below while the others are still read)
			if (Date.now() >= this.deadlineMs) {
				leftOver.push(target.id);
				keep();
				continue;
			}
			const refusal = await this.planRefusal(target);
			if (refusal) {
				if (!target.optional) throw new NodeOperationError(ctx.getNode(), refusal);
				keep();
				continue;
			}
			const window = this.window(target, previous, manual);
			let rows: IDataObject[];
			try {
				rows = await this.readWindow(
					target,
					window.start,
					window.end,
					cfg.scope === 'selected' && cfg.centerIds.length === 1,
				);
			} catch (error) {
				// the poll's budget ended: this center and the rest keep their state for the next poll
				if (isDeadlineError(error)) {
					leftOver.push(target.id);
					keep();
					continue;
				}
				// a plan_required answer is remembered by the transport (the center is Basic for a while)
				if (!target.optional || !isCenterRefusal(error)) throw asNodeError(ctx.getNode(), error);
				ctx.logger.warn(
					`Shopping Center Trigger: center ${target.id} skipped: ${(error as Error).message}`,
				);
				keep();
				continue;
			}
			if (manual) {
				items.push(
					...latestRecord((row, extra) => this.item(target, row, extra), cfg.event, rows, previous),
				);
				continue;
			}
			const result =
				EVENTS[cfg.event].news === 'changed'
					? diffChanged(
							(row, extra) => this.item(target, row, extra),
							cfg.firstPoll,
							rows,
							previous,
							window.today,
							this.startedAt,
						)
					: this.diffNew(target, rows, previous, window);
			items.push(...result.items);
			next.centers[target.id] = result.state;
		}
		if (leftOver.length)
			ctx.logger.warn(
				`Shopping Center Trigger: the poll's time budget ended; center(s) ${leftOver.join(', ')} are left for the next poll`,
			);

		// only now, every center read having answered, does the saved state move (never in manual mode)
		if (!manual) {
			commitState(staticData, next);
			afterPoll(carryKey, next, items.length > 0, this.startedAt);
		}
		return items.length ? [items] : null;
	}
}
