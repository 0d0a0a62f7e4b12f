/**
 * The calling test file's sandbox: useSandbox(options) registers the hooks that start it before the
 * file's tests and close it after them. `sb` is a live binding: each test file has its own module
 * instance, so its own sandbox.
 */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';

export let sb: Sandbox;

export function useSandbox(options: SandboxOptions): void {
	beforeAll(async () => {
		sb = await startSandbox(options);
	});
	afterAll(async () => {
		await sb.close();
	});
}
