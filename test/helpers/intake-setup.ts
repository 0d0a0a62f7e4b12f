/**
 * Shared by the Shopping Center Intake tests (intake, intake-calendar, intake-turnover, intake-upload):
 * the sandbox of each test file (faults, clock and request log reset before each test), a run of the
 * Intake node through n8n-core's engine (test/harness), and readers of its output and the request log.
 * Each test file calls useIntakeSandbox() once to register its own hooks.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { ShoppingCenterApi } from '../../credentials/ShoppingCenterApi.credentials';
import { ShoppingCenterIntake } from '../../nodes/ShoppingCenterIntake/ShoppingCenterIntake.node';
import { runNode, type RunNodeResult } from '../harness';
import { sb, useSandbox } from './sandbox';
import { sandboxCredentials } from './sandboxCredentials';

export const NOW = '2026-11-20T09:00:00Z';
export const BASIC = '1001';
export const PRO = '1002';

export { sb } from './sandbox';

/**
 * Registers the calling test file's hooks: its own sandbox (no rate limits), started before and closed
 * after its tests; before each test no faults, the clock at NOW and an empty request log.
 */
export function useIntakeSandbox(): void {
	useSandbox({ now: NOW, rateLimits: false });
	beforeEach(() => {
		sb.faults.clear();
		sb.clock.set(NOW);
		sb.log.clear();
	});
}

export const rl = (value: string) => ({ __rl: true, mode: 'id', value });

export async function run(
	parameters: INodeParameters,
	opts: { items?: INodeExecutionData[]; continueOnFail?: boolean; now?: string } = {},
): Promise<RunNodeResult> {
	return await runNode({
		nodeType: new ShoppingCenterIntake(),
		parameters,
		credentials: sandboxCredentials(sb.baseUrl),
		credentialTypes: [new ShoppingCenterApi()],
		inputItems: opts.items,
		continueOnFail: opts.continueOnFail,
		now: opts.now ?? NOW,
	});
}

export const out = (r: RunNodeResult): IDataObject[] => (r.items[0] ?? []).map((i) => i.json);
export const routeCalls = (route: string) => sb.log.list({ route });
/** The request log's writes (every Intake route). */
export const intakeCalls = () =>
	sb.log
		.list()
		.filter((e) =>
			['attendance.submit', 'counter.submit', 'events.create', 'turnover.declare'].includes(
				e.route ?? '',
			),
		);

export function errorMessage(r: RunNodeResult): string {
	expect(r.error).toBeDefined();
	return String(r.error?.message);
}
