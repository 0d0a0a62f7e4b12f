/**
 * startSandbox(options): a running stand-in for the Shopping-center integration API v2 (docs/sandbox.md).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { DetailsShape } from './server/details';
import type { AddressInfo } from 'node:net';
import { Auth } from './server/auth';
import { SandboxClock, type ClockMode, type RateClockMode } from './server/clock';
import { DataStore } from './data/store';
import { Faults, type FaultSettings } from './server/faults';
import { API_KEYS } from './fixtures/centers';
import { IntakeStore } from './data/intake-store';
import { RequestLog } from './server/log';
import type { SandboxParts } from './server/parts';
import { RateLimiter, type RateLimitOption } from './server/ratelimit';
import { API_PREFIX, CONTROL_PREFIX } from './server/routes';
import { createSandboxServer } from './server/http-server';
import type { ApiKeyFixture, Plan } from './core/types';
import type { PeriodRefusal } from './handlers/context';
import { setPlan } from './server/plans';

export interface SandboxOptions {
	/** 0 = a free port (default) */
	port?: number;
	host?: string;
	seed?: number;
	/** ISO moment where the sandbox clock starts (default: real now) */
	now?: string;
	/** default: frozen when `now` is given, running otherwise */
	clockMode?: ClockMode;
	/**
	 * The rate windows' time (server/clock.ts rateNow), aligned to multiples of the window on it: 'running'
	 * (default: the clock's timeline from `now`, turning with real time also while dates are frozen: with
	 * the tests' NOW a sandbox begins at the start of a window), 'frozen' (a window turns only when the
	 * clock is moved: sb.clock.advance) or 'real' (real time, windows aligned like a real API's minute).
	 */
	rateClock?: RateClockMode;
	rateWindowMs?: number;
	tokenTtlSeconds?: number;
	periodRule?: 'strict' | 'lenient';
	/** replaces the fixture keys (API_KEYS) */
	keys?: ApiKeyFixture[];
	faults?: FaultSettings;
	/** false disables rate limiting; an object overrides budgets per plan */
	rateLimits?: RateLimitOption;
	/** the shape of error.details (the spec does not show it): 'object' (default, as each handler builds it) or another */
	detailsShape?: DetailsShape;
	/** the passes list's per_page maximum (the spec shows none; default 100) */
	passesPerPageMax?: number;
	/** a shop's own time zone for the declared-turnover month boundary (the spec's "shop's time zone";
	 *  the Shop object shows none): shop id → IANA zone; default: the center's */
	shopTimeZones?: Record<string, string>;
	/**
	 * Daily sales, receipts and anomalies asked past the plan's freshest date (the spec does not say what
	 * the API answers; a trigger asks through a day the API has not begun when n8n's clock runs ahead):
	 * 'reject' (default) a 422 validation_error naming the end field; 'empty' the days with data, none
	 * after.
	 */
	afterFreshest?: 'reject' | 'empty';
	/**
	 * What a period longer than the plan allows is refused with (daily, monthly, attendance; the spec
	 * does not say): 'validation_error' (default, 422), 'period_too_long' (422) or 'plan_required' (403).
	 */
	periodRefusal?: PeriodRefusal;
	/**
	 * A file that keeps the last number of the inserted records (late receipts, anomalies, tickets,
	 * passes), so that a sandbox started again with the same file never gives an id out twice (`npm start`
	 * keeps it in its user folder); default: none, numbers start at 1 at every start.
	 */
	idsFile?: string;
}

export interface Sandbox {
	/** http://HOST:PORT/api/external/v2 */
	baseUrl: string;
	/** http://HOST:PORT/__sandbox */
	controlUrl: string;
	port: number;
	close(): Promise<void>;
	clock: SandboxClock;
	faults: Faults;
	log: RequestLog;
	store: DataStore;
	intake: IntakeStore;
	auth: Auth;
	limiter: RateLimiter;
	/** "another client" of the center spends n units of its shared budget */
	spendBudget(scId: string, n: number): void;
	/** signs a token directly (e.g. { ver: 1 } for a version-1 token) */
	mintToken(clientId: string, opts?: { ver?: number; ttlSeconds?: number }): string;
	/** changes the centers a key's owner has a role in */
	setRoles(clientId: string, centers: string[]): void;
	/** changes a center's plan while the sandbox runs (an upgrade or a downgrade) */
	setPlan(scId: string, plan: Plan): void;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const seed = options.seed ?? 42;
	const clock = new SandboxClock(
		options.now,
		options.clockMode ?? (options.now ? 'frozen' : 'running'),
		options.rateClock ?? 'running',
	);
	const faults = new Faults(seed, options.faults ?? {});
	const log = new RequestLog();
	const keys: ApiKeyFixture[] = JSON.parse(JSON.stringify(options.keys ?? API_KEYS));
	const parts: SandboxParts = {
		clock,
		faults,
		log,
		store: new DataStore({ seed, clock, idsFile: options.idsFile }),
		intake: new IntakeStore(),
		auth: new Auth(keys, clock, options.tokenTtlSeconds ?? 3600, faults, log),
		limiter: new RateLimiter(options.rateWindowMs ?? 60_000, options.rateLimits ?? true, clock),
		options: {
			periodRule: options.periodRule ?? 'strict',
			seed,
			detailsShape: options.detailsShape,
			passesPerPageMax: options.passesPerPageMax,
			shopTimeZones: { ...(options.shopTimeZones ?? {}) },
			afterFreshest: options.afterFreshest,
			periodRefusal: options.periodRefusal,
		},
		plans: new Map(),
	};
	const server = createSandboxServer(parts);
	const host = options.host ?? '127.0.0.1';
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 0, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	return {
		baseUrl: `${origin}${API_PREFIX}`,
		controlUrl: `${origin}${CONTROL_PREFIX}`,
		port,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
		clock,
		faults,
		log,
		store: parts.store,
		intake: parts.intake,
		auth: parts.auth,
		limiter: parts.limiter,
		spendBudget: (scId, n) => parts.limiter.spend(scId, n),
		mintToken: (clientId, opts) => parts.auth.mint(clientId, opts),
		setRoles: (clientId, centers) => parts.auth.setRoles(clientId, centers),
		setPlan: (scId, plan) => setPlan(parts, scId, plan),
	};
}

export { API_PREFIX, CONTROL_PREFIX } from './server/routes';
export * from './fixtures/centers';
