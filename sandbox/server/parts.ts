/**
 * The parts of one running sandbox, shared by the API pipeline and the control API.
 */
import type { DetailsShape } from './details';
import type { Auth } from './auth';
import type { SandboxClock } from './clock';
import type { DataStore } from '../data/store';
import type { Faults } from './faults';
import type { IntakeStore } from '../data/intake-store';
import type { RequestLog } from './log';
import type { RateLimiter } from './ratelimit';
import type { Plan } from '../core/types';
import type { RuleOptions } from '../handlers/context';

export interface SandboxParts {
	clock: SandboxClock;
	faults: Faults;
	log: RequestLog;
	store: DataStore;
	intake: IntakeStore;
	auth: Auth;
	limiter: RateLimiter;
	/** the rule options handlers read, and the seed and details shape the pipeline reads */
	options: RuleOptions & {
		seed: number;
		detailsShape?: DetailsShape;
		shopTimeZones: Record<string, string>;
	};
	/** plans changed while running (POST /__sandbox/plan), over the fixtures' */
	plans: Map<string, Plan>;
}
