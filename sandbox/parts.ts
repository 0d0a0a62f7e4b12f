/**
 * The parts of one running sandbox, shared by the API pipeline and the control API.
 */
import type { DetailsShape } from './details';
import type { Auth } from './auth';
import type { SandboxClock } from './clock';
import type { DataStore } from './data/store';
import type { Faults } from './faults';
import type { IntakeStore } from './intake';
import type { RequestLog } from './log';
import type { RateLimiter } from './ratelimit';
import type { Plan } from './types';

export interface SandboxParts {
	clock: SandboxClock;
	faults: Faults;
	log: RequestLog;
	store: DataStore;
	intake: IntakeStore;
	auth: Auth;
	limiter: RateLimiter;
	options: {
		periodRule: 'strict' | 'lenient';
		seed: number;
		detailsShape?: DetailsShape;
		passesPerPageMax?: number;
		shopTimeZones: Record<string, string>;
		afterFreshest?: 'reject' | 'empty';
	};
	/** plans changed while running (POST /__sandbox/plan), over the fixtures' */
	plans: Map<string, Plan>;
}
