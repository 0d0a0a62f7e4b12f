/**
 * Test harness: runs the package's nodes and credentials through n8n-core's own execution
 * engine in-process. See README.md in this folder.
 */
import './env';

export { runNode, type RunNodeOptions, type RunNodeResult } from './run-node';
export { runPoll, type RunPollOptions, type RunPollResult } from './run-poll';
export {
	runListSearch,
	runLoadOptions,
	type ListSearchOptions,
	type ListSearchResult,
	type LoadOptionsResult,
	type MethodOptions,
} from './methods';
export {
	testCredential,
	type TestCredentialOptions,
	type TestCredentialResult,
} from './credential-test';
export type { HarnessOptions, HarnessResultBase } from './engine';
export { PACKAGE_NAME, START_NODE_NAME, withClock } from './engine';
export type { CapturedLog, ExpressionEngine } from './env';
export { isolatedVmAvailable, setExpressionEngine, stringifyForLog } from './env';
export type { CredentialUpdate } from './credentials';
export { asTool } from './tool';
