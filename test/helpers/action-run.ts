/**
 * Shared by the Attendance, Portal and Anomalies node tests: a sandbox at a fixed moment, the node run
 * through the in-process n8n-core harness with the package's credential, the sandbox's request log, and
 * the daily-sales parameters the freshest-day and plan tests (test/spec-gaps) walk with.
 */
import type { INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';
import { runNode, type RunNodeOptions, type RunNodeResult } from '../harness';
import { startSandbox, type Sandbox } from '../../sandbox';
import type { LogEntry } from '../../sandbox/server/log';
import { sandboxCredentials } from './sandboxCredentials';

export const NOW = '2026-11-20T09:00:00Z';

export async function startTestSandbox(): Promise<Sandbox> {
	// real budgets (the plan is learned from X-RateLimit-Limit) over a shorter window, so long walks do not wait
	return await startSandbox({ now: NOW, rateWindowMs: 10_000 });
}

export function locator(value: string, mode: 'id' | 'list' = 'id') {
	return { __rl: true, mode, value };
}

export interface Run extends RunNodeResult {
	/** the node's first output, as JSON */
	json: Array<Record<string, unknown>>;
	/** the API requests the run made (token calls excluded) */
	requests: LogEntry[];
}

/** The demo key's credential against this sandbox, at the test moment: what every harness call takes. */
export function harnessBase(sb: Sandbox) {
	return {
		credentials: sandboxCredentials(sb.baseUrl),
		credentialTypes: [new ShoppingCenterApi()],
		now: NOW,
	};
}

export async function run(
	sb: Sandbox,
	nodeType: INodeType,
	parameters: INodeParameters,
	options: Partial<RunNodeOptions> & { inputItems?: INodeExecutionData[] } = {},
): Promise<Run> {
	const since = lastSeq(sb);
	const result = await runNode({ nodeType, parameters, ...harnessBase(sb), ...options });
	return {
		...result,
		json: (result.items[0] ?? []).map((i) => i.json as Record<string, unknown>),
		requests: sb.log.list({ since }).filter((e) => e.route !== 'token'),
	};
}

export function lastSeq(sb: Sandbox): number {
	const all = sb.log.list();
	return all.length ? all[all.length - 1].seq : 0;
}

export function ofRoute(requests: LogEntry[], route: string): LogEntry[] {
	return requests.filter((e) => e.route === route);
}

/** A query value of a logged request as one string (or undefined). */
export function q(entry: LogEntry, key: string): string | undefined {
	const v = entry.query[key];
	return Array.isArray(v) ? v.join(',') : v;
}

export function qList(entry: LogEntry, key: string): string[] {
	const v = entry.query[key];
	return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** Days from start to end inclusive (YYYY-MM-DD). */
export function daysOf(start: string, end: string): string[] {
	const out: string[] = [];
	for (
		let t = Date.parse(`${start}T00:00:00Z`);
		t <= Date.parse(`${end}T00:00:00Z`);
		t += 86_400_000
	)
		out.push(new Date(t).toISOString().slice(0, 10));
	return out;
}

/** Daily Sales Aggregate → Get Many: one shop of a center over a period, Return All. */
export const daily = (
	sc: string,
	shop: string,
	startDate: string,
	endDate: string,
): INodeParameters => ({
	resource: 'dailySalesAggregate',
	operation: 'getMany',
	center: locator(sc),
	shop: locator(shop),
	startDate,
	endDate,
	returnAll: true,
});
