/**
 * Shared by the reliability tests (bad input, security, intake under faults): the package's nodes run
 * through the in-process n8n-core harness (test/harness) against a sandbox, with the package's
 * module-level caches (token, center list, plans, pacing) reset on demand so a case starts cold.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodeParameters,
	INodeType,
} from 'n8n-workflow';
import { ShoppingCenterApi } from '../../../credentials/ShoppingCenterApi.credentials';
import { ShoppingCenter } from '../../../nodes/ShoppingCenter/ShoppingCenter.node';
import { ShoppingCenterAnomalies } from '../../../nodes/ShoppingCenterAnomalies/ShoppingCenterAnomalies.node';
import { ShoppingCenterAttendance } from '../../../nodes/ShoppingCenterAttendance/ShoppingCenterAttendance.node';
import { ShoppingCenterIntake } from '../../../nodes/ShoppingCenterIntake/ShoppingCenterIntake.node';
import { ShoppingCenterPortal } from '../../../nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
import { ShoppingCenterReceipts } from '../../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterRevenue } from '../../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { ShoppingCenterEventsTrigger } from '../../../nodes/ShoppingCenterEventsTrigger/ShoppingCenterEventsTrigger.node';
import { forgetCenters } from '../../../nodes/shared/center';
import { pacer, tokenCache } from '../../../nodes/shared/transport';
import { clearPlans } from '../../../nodes/shared/transport/planCache';
import { runNode, type RunNodeOptions, type RunNodeResult } from '../../harness';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, type Sandbox } from '../../../sandbox';
import type { LogEntry } from '../../../sandbox/server/log';

export const NOW = '2026-11-20T09:00:00Z';

/** The seven action nodes, by the folder name under nodes/. */
export const ACTION_NODES = {
	ShoppingCenter: () => new ShoppingCenter(),
	ShoppingCenterRevenue: () => new ShoppingCenterRevenue(),
	ShoppingCenterReceipts: () => new ShoppingCenterReceipts(),
	ShoppingCenterAttendance: () => new ShoppingCenterAttendance(),
	ShoppingCenterPortal: () => new ShoppingCenterPortal(),
	ShoppingCenterAnomalies: () => new ShoppingCenterAnomalies(),
	ShoppingCenterIntake: () => new ShoppingCenterIntake(),
} as const;

export type ActionNodeName = keyof typeof ACTION_NODES;

export const triggerNode = (): INodeType => new ShoppingCenterEventsTrigger();

/** A resource locator "By ID". */
export function rl(value: string | number): INodeParameterResourceLocator {
	return { __rl: true, mode: 'id', value };
}

/** Forgets what the package learned in earlier runs: token, center lists, plans, rate windows. */
export function resetCaches(): void {
	tokenCache.clear();
	pacer.clear();
	forgetCenters();
	clearPlans();
}

export function credentialsFor(
	sb: Sandbox,
	clientId = DEMO_CLIENT_ID,
	clientSecret = DEMO_CLIENT_SECRET,
	extra: IDataObject = {},
): Record<string, ICredentialDataDecryptedObject> {
	return { shoppingCenterApi: { baseUrl: sb.baseUrl, clientId, clientSecret, ...extra } };
}

export function lastSeq(sb: Sandbox): number {
	const all = sb.log.list();
	return all.length ? all[all.length - 1].seq : 0;
}

export interface CaseRun extends RunNodeResult {
	/** the node's first output, as JSON */
	json: IDataObject[];
	/** every API request the run made (token calls included) */
	requests: LogEntry[];
}

export interface RunOptions extends Partial<Omit<RunNodeOptions, 'nodeType' | 'parameters'>> {
	inputItems?: INodeExecutionData[];
}

/** One node run through the engine; the sandbox's log entries of that run come back with it. */
export async function runOn(
	sb: Sandbox,
	nodeType: INodeType,
	parameters: INodeParameters,
	options: RunOptions = {},
): Promise<CaseRun> {
	const since = lastSeq(sb);
	const result = await runNode({
		nodeType,
		parameters,
		credentials: credentialsFor(sb),
		credentialTypes: [new ShoppingCenterApi()],
		now: NOW,
		...options,
	});
	return {
		...result,
		json: (result.items[0] ?? []).map((i) => i.json),
		requests: sb.log.list({ since }),
	};
}

/** Routes a rejected input may cost: the token call and the center list (for the center's time zone). */
export const LOOKUP_ROUTES = new Set(['token', 'centers']);

export const dataRequests = (requests: LogEntry[]): LogEntry[] =>
	requests.filter((e) => !LOOKUP_ROUTES.has(e.route ?? ''));

export const describeRequests = (requests: LogEntry[]): string =>
	requests
		.map((e) => `${e.method} ${e.path} → ${e.status}${e.code ? ` ${e.code}` : ''}`)
		.join('; ');
