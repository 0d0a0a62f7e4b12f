/**
 * The trigger's poll entry: reads the configuration, runs one poll, and never lets two polls of the
 * same node read the same saved state at once.
 */
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { readConfig } from './config';
import { ShoppingCenterPoller } from './poll';

/**
 * Polls of one trigger node in progress in this process. n8n's scheduler does not wait for a poll to
 * end before it starts the next one (a poll may wait minutes for the rate limit): two polls reading
 * the same saved state would emit the same records twice, so a tick that finds a poll of the same node
 * still running emits nothing and leaves the work to it.
 */
const running = new Set<string>();

export async function pollTrigger(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const cfg = readConfig(this);
	const poller = new ShoppingCenterPoller(this, cfg);
	if (this.getMode() === 'manual') return await poller.run();
	const key = `${this.getWorkflow().id ?? ''}|${this.getNode().id}|${this.getNode().name}`;
	if (running.has(key)) {
		this.logger.warn(
			`Shopping Center Trigger: the previous poll of "${this.getNode().name}" is still running; this tick is skipped`,
		);
		return null;
	}
	running.add(key);
	try {
		return await poller.run();
	} finally {
		running.delete(key);
	}
}
