/**
 * Shared by the Shopping Center Trigger tests (trigger, trigger-month, trigger-fields-portal, trigger-midnight): the
 * centers, the sandbox of each test, polls through n8n-core's PollContext (test/harness runPoll) with
 * the harness clock at the sandbox's "now", the sandbox's truth and the parameter builders.
 * Each test file calls useTriggerSandbox() once to register its own hooks.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { runPoll, type RunPollResult } from '../harness';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';
import { ShoppingCenterEventsTrigger } from '../../nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';
import { forgetNodeMemory } from '../../nodes/ShoppingCenterEventsTrigger/memory';
import { forgetPools } from '../../nodes/ShoppingCenterEventsTrigger/budgetPool';
import { DEFAULT_RETRY_POLICY } from '../../nodes/shared/transport/retry';
import { Container } from '@n8n/di';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import { sandboxCredentials } from './sandboxCredentials';

export const H = 3_600_000;
export const PRO = '1002'; // Asia/Yekaterinburg, UTC+5
export const PRO_FAR = '1004'; // Asia/Vladivostok, UTC+10
export const BASIC = '1001'; // Europe/Moscow
export const BLOCKED = '1003'; // 402

export const trigger = new ShoppingCenterEventsTrigger();
export const credentialTypes = [new ShoppingCenterApi()];

/** The sandbox of the running test (a live binding: each test file has its own module instance). */
export let sb: Sandbox;

/** Starts the test's sandbox; the hooks registered by useTriggerSandbox close it after the test. */
export async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	sb = await startSandbox({ now: '2026-11-20T09:00:10Z', ...options });
	return sb;
}

/**
 * Registers the calling test file's hooks: retries as in production but without the waiting, n8n-core's
 * SSH cleanup stopped at the end, and after each test its sandbox closed and nothing carried over.
 */
export function useTriggerSandbox(): void {
	// retries as in production, but without the waiting (6 attempts of the retryable codes)
	const savedPolicy = { ...DEFAULT_RETRY_POLICY };
	beforeAll(() =>
		Object.assign(DEFAULT_RETRY_POLICY, { baseDelayMs: 1, maxDelayMs: 2, maxTotalWaitMs: 200 }),
	);
	afterAll(() => {
		Object.assign(DEFAULT_RETRY_POLICY, savedPolicy);
		// n8n-core's LoadOptionsContext (runLoadOptions) starts SSHClientsManager, whose 60 s cleanup
		// interval would keep this process alive; n8n stops it at shutdown, so do we
		Container.get(SSHClientsManager).onShutdown();
	});
	afterEach(async () => {
		// each test is a trigger of its own: nothing carried over from another test's polls
		forgetNodeMemory();
		await sb?.close();
	});
}

export interface PollOptions {
	staticData?: IDataObject;
	mode?: 'trigger' | 'manual';
	/** false: the harness leaves the clock alone (for a poll started while another one runs) */
	clock?: boolean;
	/**
	 * Default: a workflow id of its own per poll, so that what a trigger carries in the process between
	 * polls (carry.ts, test/nodes/trigger/durable.test.ts) plays no part: these tests hand each poll the
	 * static data n8n saved, as the classic mode does
	 */
	workflowId?: string;
	/** other credentials than the sandbox's default key (e.g. the bulk center's) */
	credentials?: ReturnType<typeof sandboxCredentials>;
	/** the poll's budget as n8n 2.x's durable scheduler gives it (getPollBudgetMs) */
	pollBudgetMs?: number;
	/** n8n's moment when it is not the sandbox's (the two clocks apart) */
	at?: Date;
}
let polls = 0;

export async function poll(
	parameters: INodeParameters,
	o: PollOptions = {},
): Promise<RunPollResult> {
	// a workflow of its own per poll stands for "nothing carried in the process": the triggers' counts
	// per center (budgetPool.ts) neither, or each poll would count the same saved requests again
	if (o.workflowId === undefined) forgetPools();
	return await runPoll({
		nodeType: trigger,
		credentialTypes,
		credentials: o.credentials ?? sandboxCredentials(sb.baseUrl),
		parameters,
		staticData: o.staticData,
		pollBudgetMs: o.pollBudgetMs,
		mode: o.mode,
		workflowId: o.workflowId ?? `trigger-test-${++polls}`,
		now: o.clock === false ? undefined : (o.at ?? sb.clock.now()),
	});
}

/** A poll that must succeed. */
export async function ok(parameters: INodeParameters, o: PollOptions = {}): Promise<RunPollResult> {
	const r = await poll(parameters, o);
	if (r.error) throw r.error;
	return r;
}

export const items = (r: RunPollResult): INodeExecutionData[] => r.items?.[0] ?? [];
export const keyOf = (j: IDataObject) =>
	String(j.ticket_uid !== undefined && j.event !== 'newPass' ? j.ticket_uid : j.id);
export const ids = (r: RunPollResult): string[] => items(r).map((i) => keyOf(i.json));
export const now = () => sb.clock.now();
export const lastSeq = () => sb.log.list().at(-1)?.seq ?? 0;

export function truthIds(
	kind: 'anomalies' | 'tickets' | 'passes',
	scId: string,
	q: Record<string, string> = {},
): string[] {
	return sb.store.truth(kind, { sc_id: scId, start_date: '2026-01-01', ...q }, now()).ids;
}

/**
 * The saved centers without their day budget (the request count moves with every poll that sends a
 * request, also one whose reads were cut: those requests were spent).
 */
export function withoutBudget(staticData: IDataObject): IDataObject {
	const centers: IDataObject = {};
	for (const [id, c] of Object.entries((staticData.centers as IDataObject) ?? {})) {
		const rest = Object.assign({}, c as IDataObject);
		delete rest.budget;
		centers[id] = rest;
	}
	return { ...staticData, centers };
}

export function sorted<T>(xs: Iterable<T>): T[] {
	return [...xs].map(String).sort() as T[];
}

export function without(all: string[], known: Iterable<string>): string[] {
	const k = new Set(known);
	return all.filter((x) => !k.has(x));
}

/** An Event's parameters on selected centers (and more). */
const selectedCenters =
	(event: string) =>
	(centerIds: string[] = [PRO], extra: INodeParameters = {}): INodeParameters => ({
		event,
		centerScope: 'selected',
		centerIds,
		...extra,
	});

export const anomalyParams = selectedCenters('newAnomaly');
export const receiptParams = selectedCenters('newReceipt');
