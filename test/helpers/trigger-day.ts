/**
 * The trigger over a simulated day (issue 29): runDay() polls the Shopping Center Trigger through
 * n8n-core's PollContext (test/harness runPoll) every `intervalMs` of the sandbox's frozen clock from
 * `start` to `start + durationMs`, hands each poll the static data as n8n keeps it, can restart "n8n"
 * once (or more) on the way, and returns what a day-budget test checks: each receipt emitted (once?),
 * the requests per poll and per center day (the sandbox's request log), each receipt's lag from its
 * reception to the poll that emitted it, and the sandbox's true set of receipts received meanwhile.
 * The trigger's parameters are passed through untouched (e.g. dayBudgetShare, quietMaxWaitMinutes).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { runPoll } from '../harness';
import type { Sandbox } from '../../sandbox';
import { centerById } from '../../sandbox/fixtures/centers';
import { dateOfIndex, dayOfMs } from '../../sandbox/data/calendar';
import type { ReceivedReceipt } from '../../sandbox/data/truth-received';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';
import { ShoppingCenterEventsTrigger } from '../../nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';
import { forgetNodeMemory } from '../../nodes/ShoppingCenterEventsTrigger/memory';
import { pacer, tokenCache } from '../../nodes/shared/transport';
import { clearPlans } from '../../nodes/shared/transport/planCache';
import { forgetPageSizes } from '../../nodes/shared/transport/pagination';
import { forgetCenters } from '../../nodes/shared/center';
import { dayCredentials, type sandboxCredentials } from './sandboxCredentials';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

type Moment = string | number | Date;

export interface DayRunOptions {
	/** the test's sandbox, its clock frozen (startSandbox({ now }) freezes it) */
	sb: Sandbox;
	/** the trigger's parameters, passed through (event, centerScope, centerIds, dayBudgetShare, …) */
	parameters: INodeParameters;
	/** the first poll's moment (the sandbox clock is set to it) */
	start: Moment;
	/** polls at start, start + interval, … up to start + durationMs: durationMs / intervalMs + 1 polls */
	durationMs?: number;
	/**
	 * polls go on this long after durationMs (default 0), so that what was received by the end and
	 * waits (a quiet shop read later) is emitted too; the true set stays that of the duration, the
	 * receipts received in the settling time are emitted or not without counting as unexpected
	 */
	settleMs?: number;
	/** default 60 s (n8n's Poll Times default: every minute) */
	intervalMs?: number;
	/**
	 * "n8n restarts" before the first poll at or after each moment: what the package keeps in the
	 * process is cleared (restartProcess) and the poll gets the static data n8n last SAVED
	 */
	restartAt?: Moment | Moment[];
	/** default: the day key (it sees 1008 and 1009 only) */
	credentials?: ReturnType<typeof sandboxCredentials>;
	/** fixed for the whole run (n8n's key of the node's poll state, and of carry.ts); default 'trigger-day' */
	workflowId?: string;
	/** the poll budget n8n 2.x's durable scheduler gives (getPollBudgetMs); default none (n8n 1.x) */
	pollBudgetMs?: number;
	/**
	 * What the next poll gets: 'memory' (default; n8n's active workflow keeps its Workflow object, so
	 * every poll's static data carries to the next in memory) or 'saved' (only what n8n saved: after a
	 * poll that emitted and changed it, as the database holds it). In both, a restart gets the saved one.
	 */
	staticData?: 'memory' | 'saved';
	/** the static data n8n holds before the first poll (default none: a new trigger) */
	initialStaticData?: IDataObject;
	/** centers whose true set is returned; default parameters.centerIds, else those the requests named */
	centers?: string[];
	/** the truth starts after this moment (default: the first poll's, which remembers what exists) */
	truthAfter?: Moment;
	/** called after each poll (progress, or a check per poll) */
	onPoll?: (poll: DayPoll, run: DayRunProgress) => void;
}

/** One poll of the run. */
export interface DayPoll {
	index: number;
	/** the poll's moment (sandbox clock), epoch ms */
	at: number;
	/** n8n was restarted just before this poll */
	restarted: boolean;
	/** items the poll emitted (receipts) */
	emitted: number;
	/** API requests the poll made (every entry of the sandbox's log: token, center list, receipts, …) */
	requests: number;
	/** … by center ('' = no center: token, center list) */
	byCenter: Record<string, number>;
	/** … by route name */
	byRoute: Record<string, number>;
	/** … by HTTP status of the answer */
	byStatus: Record<string, number>;
	/** answers 429 */
	rateLimited: number;
	/** answers other than 2xx (e.g. 401 token_expired once an hour, then a new token) */
	failed: number;
	/** n8n saved the static data after this poll (it emitted and changed it) */
	saved: boolean;
	/** the poll's error (n8n logs it; the static data stays as it was) */
	error?: string;
	/** real time the poll took */
	wallMs: number;
}

/** One emission of a receipt. */
export interface EmittedReceipt {
	id: string;
	sc_id: string;
	shop_id: string;
	/** received_datetime, epoch ms */
	received: number;
	/** the emitting poll's index (DayRunResult.polls) and moment, epoch ms */
	poll: number;
	at: number;
	/** at − received */
	lagMs: number;
}

export interface DayRunProgress {
	emitted: readonly EmittedReceipt[];
	polls: readonly DayPoll[];
}

export interface DayRunResult {
	polls: DayPoll[];
	/** every emission, in order (a duplicate appears twice) */
	emitted: EmittedReceipt[];
	/** ids emitted more than once (each once) */
	duplicates: string[];
	/** requests per center and center day (the center's zone, at the poll's moment): sc_id → date → n */
	requestsPerCenterDay: Record<string, Record<string, number>>;
	/** first emission's lag per receipt id, ms */
	lagMs: Map<string, number>;
	/** per center: the receipts received after truthAfter and by start + durationMs (the true set) */
	truth: Record<string, ReceivedReceipt[]>;
	/** true ids never emitted, and emitted ids outside the true set */
	missing: string[];
	unexpected: string[];
	/** the static data after the last poll (in memory) and as n8n last saved it */
	staticData: IDataObject;
	savedStaticData: IDataObject;
	wallMs: number;
}

const trigger = new ShoppingCenterEventsTrigger();
const credentialTypes = [new ShoppingCenterApi()];

/**
 * As after a restart of n8n: everything the package keeps in the process between polls is gone
 * (the trigger's node memory: memory.ts; learned plans and window sizes, center lists, page sizes,
 * tokens, pacing).
 * A module that starts keeping something in memory adds its reset here.
 */
export function restartProcess(): void {
	forgetNodeMemory();
	clearPlans();
	forgetCenters();
	forgetPageSizes();
	tokenCache.clear();
	pacer.clear();
}

const ms = (m: Moment): number => (typeof m === 'number' ? m : new Date(m).getTime());

function centersOf(parameters: INodeParameters): string[] | undefined {
	const ids = parameters.centerIds;
	if (parameters.centerScope !== 'selected' || ids === undefined) return undefined;
	const list = Array.isArray(ids) ? ids.map(String) : String(ids).split(',');
	return list.map((s) => s.trim()).filter((s) => s !== '');
}

/** The requests of one poll, counted into the poll record and the per-center-day table. */
function countRequests(
	sb: Sandbox,
	since: number,
	p: DayPoll,
	perDay: Record<string, Record<string, number>>,
): void {
	for (const e of sb.log.since(since)) {
		const sc = e.sc_id ?? '';
		p.requests++;
		p.byCenter[sc] = (p.byCenter[sc] ?? 0) + 1;
		const route = e.route ?? 'unknown';
		p.byRoute[route] = (p.byRoute[route] ?? 0) + 1;
		p.byStatus[e.status] = (p.byStatus[e.status] ?? 0) + 1;
		if (e.status === 429) p.rateLimited++;
		if (e.status < 200 || e.status > 299) p.failed++;
		const zone = centerById(sc)?.time_zone;
		const day = zone ? dateOfIndex(dayOfMs(zone, Date.parse(e.clock))) : '';
		const row = (perDay[sc] ??= {});
		row[day] = (row[day] ?? 0) + 1;
	}
}

/** The p-quantile (0..1) of numbers (nearest rank); undefined for none. */
export function quantile(values: Iterable<number>, p: number): number | undefined {
	const sorted = Float64Array.from(values).sort();
	if (sorted.length === 0) return undefined;
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Runs the trigger over the simulated span; see DayRunOptions. */
export async function runDay(o: DayRunOptions): Promise<DayRunResult> {
	const { sb } = o;
	if (sb.clock.mode !== 'frozen') throw new Error('runDay needs the sandbox clock frozen');
	const wall = Date.now();
	const start = ms(o.start);
	const interval = o.intervalMs ?? MIN;
	const count = Math.floor(((o.durationMs ?? DAY) + (o.settleMs ?? 0)) / interval) + 1;
	const restarts = (Array.isArray(o.restartAt) ? o.restartAt : o.restartAt ? [o.restartAt] : [])
		.map(ms)
		.sort((a, b) => a - b);
	const credentials = o.credentials ?? dayCredentials(sb.baseUrl);
	const workflowId = o.workflowId ?? 'trigger-day';
	let live: IDataObject | undefined = o.initialStaticData;
	let saved: IDataObject | undefined = o.initialStaticData;
	const polls: DayPoll[] = [];
	const emitted: EmittedReceipt[] = [];
	const perDay: Record<string, Record<string, number>> = {};
	const progress: DayRunProgress = { emitted, polls };

	for (let i = 0; i < count; i++) {
		const at = start + i * interval;
		sb.clock.set(new Date(at));
		const restarted = restarts.length > 0 && restarts[0] <= at;
		while (restarts.length > 0 && restarts[0] <= at) restarts.shift();
		if (restarted) {
			restartProcess();
			live = saved;
		}
		const since = sb.log.lastSeq();
		const began = Date.now();
		const r = await runPoll({
			nodeType: trigger,
			credentialTypes,
			credentials,
			parameters: o.parameters,
			staticData: o.staticData === 'saved' ? saved : live,
			pollBudgetMs: o.pollBudgetMs,
			workflowId,
			now: new Date(at),
		});
		const rows = r.items?.[0] ?? [];
		const p: DayPoll = {
			index: i,
			at,
			restarted,
			emitted: rows.length,
			requests: 0,
			byCenter: {},
			byRoute: {},
			byStatus: {},
			rateLimited: 0,
			failed: 0,
			saved: r.items !== null && r.staticDataChanged,
			wallMs: Date.now() - began,
		};
		if (r.error) p.error = r.error.message;
		countRequests(sb, since, p, perDay);
		for (const { json } of rows) {
			const received = Date.parse(String(json.received_datetime));
			if (json.id === undefined || Number.isNaN(received))
				throw new Error('runDay reads one item per receipt (Output: One Item per Receipt)');
			emitted.push({
				id: String(json.id),
				sc_id: String(json.sc_id),
				shop_id: String(json.shop_id),
				received,
				poll: i,
				at,
				lagMs: at - received,
			});
		}
		live = r.staticData;
		if (p.saved) saved = r.staticData;
		polls.push(p);
		o.onPoll?.(p, progress);
	}

	const end = start + (o.durationMs ?? DAY);
	const last = start + (count - 1) * interval;
	const after = o.truthAfter === undefined ? start : ms(o.truthAfter);
	const centers =
		o.centers ??
		centersOf(o.parameters) ??
		Object.keys(perDay).filter((sc) => centerById(sc) !== undefined);
	const truth: Record<string, ReceivedReceipt[]> = {};
	const settling = new Set<string>();
	for (const sc of centers) {
		truth[sc] = sb.store.receivedBetween(sc, after + 1, end + 1);
		if (last > end)
			for (const r of sb.store.receivedBetween(sc, end + 1, last + 1)) settling.add(r.id);
	}
	return {
		...compare(emitted, truth, settling),
		polls,
		emitted,
		requestsPerCenterDay: perDay,
		truth,
		staticData: live ?? {},
		savedStaticData: saved ?? {},
		wallMs: Date.now() - wall,
	};
}

/** Duplicates, first lags, and the differences against the true set. */
function compare(
	emitted: EmittedReceipt[],
	truth: Record<string, ReceivedReceipt[]>,
	settling: Set<string>,
): Pick<DayRunResult, 'duplicates' | 'lagMs' | 'missing' | 'unexpected'> {
	const lagMs = new Map<string, number>();
	const duplicates = new Set<string>();
	for (const e of emitted) {
		if (lagMs.has(e.id)) duplicates.add(e.id);
		else lagMs.set(e.id, e.lagMs);
	}
	const trueIds = new Set<string>();
	for (const rows of Object.values(truth)) for (const r of rows) trueIds.add(r.id);
	return {
		duplicates: [...duplicates],
		lagMs,
		missing: [...trueIds].filter((id) => !lagMs.has(id)),
		unexpected: [...lagMs.keys()].filter((id) => !trueIds.has(id) && !settling.has(id)),
	};
}
