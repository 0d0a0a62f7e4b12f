/**
 * One poll of the Shopping Center Trigger, the same sequence for every event: settings → targets → per
 * center, within the poll's deadline, the units its budget (budget.ts) says are due and may be read, read
 * by the event's reader → the new records → the new state → what n8n saves. A center whose day another
 * client spent (a 429 past the poll's deadline) is said once as the poll's error, then skipped until its
 * budget is back. The state is saved only when no error was thrown (all-or-nothing), so the next poll
 * emits what this one missed, and nothing twice; when the poll's time ends, what was read completely is
 * emitted and saved. memory.ts keeps the process's part; manual mode returns each center's latest record.
 */
import {
	NodeOperationError,
	type IDataObject,
	type INodeExecutionData,
	type IPollFunctions,
} from 'n8n-workflow';
import { featureRefusal } from '../shared/plan';
import { asNodeError, getApiCredentials, isDeadlineError, knownPlan } from '../shared/transport';
import { readConfig } from './config';
import { EVENTS } from './events';
import { isCenterRefusal, resolveTargets } from './targets';
import { commitState, keepUnreached, readState, type TriggerState } from './state';
import { apiDayBehind, byLastPoll, pollDeadline } from './pollTime';
import {
	afterPoll,
	awaitingSave,
	endPoll,
	firstInProcess,
	firstNotice,
	nodeKey,
	startPoll,
	withCarried,
} from './memory';
import { Budget } from './budget';
import { afterRead } from './schedule';
import { budgetNotice, centerLine, pausedLine, pollLine } from './pollLog';
import { budgetSpentUntil, withQuotaCause } from './quota';
import { itemsOf } from './items';
import type { CenterState, EventReader, Found, PollRun, ReadResult, Target } from './types';

/** Where a center's reading stopped. */
type CenterEnd = 'done' | 'cut' | 'skipped';

export async function runPoll(ctx: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const cfg = readConfig(ctx);
	const reader = EVENTS[cfg.event].reader(ctx);
	if (ctx.getMode() === 'manual') return await new Poll(ctx, cfg, reader).manual();
	const key = nodeKey(ctx);
	if (!startPoll(key)) {
		ctx.logger.warn(
			`Shopping Center Trigger: the previous poll of "${ctx.getNode().name}" is still running; this tick is skipped`,
		);
		return null;
	}
	try {
		return await new Poll(ctx, cfg, reader).scheduled(key);
	} finally {
		endPoll(key);
	}
}

class Poll {
	private readonly run: PollRun;
	/** the longest one unit took in this poll (whether another one should fit) */
	private slowestUnitMs = 0;
	private unitsRead = 0;
	/** the credentials' base URL, read once per poll (what tells a center's plan, knownPlan) */
	private baseUrlOnce?: Promise<string>;

	constructor(
		private readonly ctx: IPollFunctions,
		private readonly cfg: ReturnType<typeof readConfig>,
		private readonly reader: EventReader,
	) {
		const startedAt = new Date();
		this.run = {
			ctx,
			cfg,
			startedAt,
			deadlineMs: pollDeadline(ctx, startedAt),
			counter: { sent: 0 },
			singleCenter: cfg.scope === 'selected' && cfg.centerIds.length === 1,
			stats: { requests: 0, windows: 0 },
			readDays: {},
		};
	}

	private baseUrl(): Promise<string> {
		this.baseUrlOnce ??= getApiCredentials(this.ctx).then((c) => c.baseUrl);
		return this.baseUrlOnce;
	}

	/** A Basic center known as such is refused before any request (anomalies and receipts are PRO). */
	private async planRefusal(target: Target): Promise<string | null> {
		const feature = EVENTS[this.cfg.event].feature;
		if (!feature) return null;
		const refusal = featureRefusal(knownPlan(await this.baseUrl(), target.id), feature);
		return refusal && `Center ${target.id}: ${refusal}`;
	}

	/**
	 * `read` for one center; once more through the day before when the API has not begun the host's
	 * today (pollTime.ts apiDayBehind: its clock behind n8n's, right after the center's midnight).
	 */
	private async onApiDay<T>(target: Target, read: () => Promise<T>): Promise<T> {
		try {
			return await read();
		} catch (error) {
			if (!apiDayBehind(error, this.run, target)) throw asNodeError(this.ctx.getNode(), error);
			this.ctx.logger.info(
				`Shopping Center Trigger: center ${target.id} refused a read through today right after its midnight (the API's clock is behind n8n's); read through ${this.run.readDays[target.id]}`,
			);
			return await read();
		}
	}

	/** The first unit of a poll is always started (progress); another only if it should fit. */
	private hasTime(): boolean {
		return this.unitsRead === 0 || Date.now() + this.slowestUnitMs <= this.run.deadlineMs;
	}

	/**
	 * An error of a center: skipped when it is a fact about a center of "All My Centers" (tried again
	 * less and less, like a quiet unit; logged once), else the poll's error.
	 */
	private skipOrThrow(target: Target, error: unknown, budget?: Budget): void {
		if (!target.optional || !isCenterRefusal(error)) throw asNodeError(this.ctx.getNode(), error);
		const reason = (error as Error).message;
		budget?.refuse(reason);
		const notice = `Shopping Center Trigger: center ${target.id} skipped: ${reason}`;
		if (firstNotice(nodeKey(this.ctx), notice)) this.ctx.logger.warn(notice);
	}

	/** One center: its units due, as far as its budget and the poll's time go. */
	private async center(
		target: Target,
		previous: CenterState | undefined,
		budget: Budget,
		found: Found[],
	): Promise<{ state: CenterState | undefined; end: CenterEnd }> {
		const { run } = this;
		const draft = this.reader.begin(run, target, previous);
		const units = await draft.units();
		budget.learn(knownPlan(await this.baseUrl(), target.id));
		budget.sent(run.counter.sent);
		const due = budget.order(units);
		budgetNotice(run, target, budget, units.length, budget.costOf(units));
		const now = run.startedAt.getTime();
		let end: CenterEnd = 'done';
		for (const unit of due) {
			if (!budget.mayRead(unit)) break;
			if (!this.hasTime()) {
				end = 'cut';
				break;
			}
			const began = Date.now();
			const before = run.counter.sent;
			let news: ReadResult;
			try {
				news = await draft.read(unit);
			} catch (error) {
				budget.sent(run.counter.sent);
				// the poll's time ended inside this unit: it and the rest are read by the next poll
				if (!isDeadlineError(error)) throw asNodeError(this.ctx.getNode(), error);
				end = 'cut';
				break;
			}
			budget.sent(run.counter.sent);
			const cost = Math.max(run.counter.sent - before, 1);
			draft.schedule(unit, afterRead(unit.sched, now, news, cost));
			this.unitsRead++;
			this.slowestUnitMs = Math.max(this.slowestUnitMs, Date.now() - began);
		}
		if (draft.spare && (await draft.spare(budget, end === 'cut', () => this.hasTime())))
			end = 'cut';
		const rows = draft.found();
		if (rows.length) found.push({ scId: target.id, rows });
		return { state: draft.finish(), end };
	}

	async scheduled(key: string): Promise<INodeExecutionData[][] | null> {
		const { ctx, cfg, run } = this;
		const staticData = ctx.getWorkflowStaticData('node');
		const stored = readState(staticData, cfg.event);
		// every event: no records handed over twice while n8n saves the last ones
		if (awaitingSave(key, stored)) {
			ctx.logger.warn(
				`Shopping Center Trigger: n8n has not saved the state of the previous poll of "${ctx.getNode().name}" yet; this tick is skipped`,
			);
			return null;
		}
		const saved = withCarried(key, stored);
		const targets = byLastPoll(await resolveTargets(ctx, cfg), saved);
		const next: TriggerState = { version: saved.version, event: cfg.event, centers: {} };
		const found: Found[] = [];
		const leftOver: string[] = [];
		const lines: string[] = [];
		const baseUrl = await this.baseUrl();
		const restarted = firstInProcess(key);
		for (const target of targets) {
			const previous = saved.centers[target.id];
			const keep = () => {
				if (previous) next.centers[target.id] = previous;
			};
			if (Date.now() >= run.deadlineMs) {
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
			const sentBefore = run.counter.sent;
			const budget = new Budget({
				zone: target.zone,
				saved: previous?.budget,
				plan: knownPlan(baseUrl, target.id) ?? previous?.budget?.plan,
				sharePercent: cfg.dayBudgetShare,
				now: run.startedAt.getTime(),
				boundMs: cfg.quietMaxWaitMs,
				center: `${baseUrl}|${target.id}`,
				node: key,
				restarted,
				sentBefore,
			});
			if (budget.pausedUntil !== undefined) {
				// another client spent the center's day: nothing is sent before its budget is back
				if (previous)
					next.centers[target.id] = Object.assign({}, previous, { budget: budget.toState() });
				lines.push(pausedLine(target, budget));
				continue;
			}
			let result: Awaited<ReturnType<Poll['center']>>;
			try {
				result = await this.onApiDay(target, () => this.center(target, previous, budget, found));
			} catch (error) {
				if (isDeadlineError(error)) result = { state: previous, end: 'cut' };
				else {
					const until = budgetSpentUntil(error);
					if (until !== undefined && until > run.deadlineMs) {
						// said once, as this poll's error; the next polls skip the center until `until`
						budget.sent(run.counter.sent);
						budget.pause(until);
						throw withQuotaCause(this.ctx.getNode(), error, until);
					}
					this.skipOrThrow(target, error, budget);
					result = { state: previous, end: 'skipped' };
				}
			}
			if (result.end === 'cut') leftOver.push(target.id);
			if (result.end !== 'skipped') budget.answered();
			budget.sent(run.counter.sent);
			budget.learn(knownPlan(baseUrl, target.id));
			const state = budget.toState();
			const kept = result.state ?? (result.end === 'skipped' ? previous : undefined);
			if (kept) next.centers[target.id] = Object.assign({}, kept, { budget: state });
			lines.push(centerLine(run, target, budget, run.counter.sent - sentBefore));
		}
		if (leftOver.length)
			ctx.logger.warn(
				`Shopping Center Trigger: the poll's time budget ended; center(s) ${leftOver.join(', ')} are left for the next poll`,
			);
		const output = this.reader.output
			? await this.reader.output(run, found)
			: itemsOf(this.cfg.event, found);
		keepUnreached(next, leftOver, targets, (t) => this.reader.unreached?.(run, t));
		// only now, every center read having answered, does the saved state move
		commitState(staticData, next);
		afterPoll(key, next, output !== null, run.startedAt);
		const count = output ? output[0].length : 0;
		ctx.logger.info(pollLine(run, this.unitsRead, count, lines));
		return output;
	}

	/** Manual mode: the latest record of each center; nothing saved. */
	async manual(): Promise<INodeExecutionData[][] | null> {
		const { ctx, cfg, run } = this;
		const stored = readState(ctx.getWorkflowStaticData('node'), cfg.event);
		const found: Found[] = [];
		for (const target of await resolveTargets(ctx, cfg)) {
			const refusal = await this.planRefusal(target);
			if (refusal) {
				if (!target.optional) throw new NodeOperationError(ctx.getNode(), refusal);
				continue;
			}
			let row: IDataObject | undefined;
			try {
				row = await this.onApiDay(target, () =>
					this.reader.latest(run, target, stored.centers[target.id]),
				);
			} catch (error) {
				this.skipOrThrow(target, error);
			}
			if (row) found.push({ scId: target.id, rows: [row] });
		}
		return itemsOf(this.cfg.event, found);
	}
}
