/**
 * Fault soak of Return All walks (fast form: 100 seeded runs; `npm run soak` runs more):
 * 10 % retryable failures, token expiry every few requests at 401/403/200, another client spending
 * the shared budget, slow answers, records inserted between pages. Every run must return the true set:
 * 0 lost, 0 duplicated. A failing run prints its seed.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { startSandbox, type Sandbox } from '../../sandbox';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, PRO_CENTER } from '../../sandbox/fixtures/centers';
import { apiContext } from '../helpers/apiContext';
import { collectPages, pacer, tokenCache } from '../../nodes/shared/transport';
import { collectWalk } from '../../nodes/shared/walk/pageStream';
import { splitDays } from '../../nodes/shared/walk/dateWindows';

const RUNS = Number(process.env.SOAK_RUNS ?? 100);
const NOW = '2026-11-20T09:00:00Z';
const SHOP = '1002-03';
const retry = { baseDelayMs: 1, maxDelayMs: 4, maxAttempts: 10 };

type Scenario = 'receipts' | 'tickets' | 'anomalies';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({ now: NOW, rateWindowMs: 100 });
});
afterAll(async () => sb.close());

function rng(seed: number): () => number {
	let s = seed >>> 0;
	return () => {
		s = (s + 0x6d2b79f5) >>> 0;
		let t = s;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

async function walk(kind: Scenario, start: string, end: string): Promise<string[]> {
	const ctx = apiContext({
		baseUrl: sb.baseUrl,
		clientId: DEMO_CLIENT_ID,
		clientSecret: DEMO_CLIENT_SECRET,
	});
	if (kind === 'receipts') {
		const rows = await collectWalk(
			ctx,
			'exportReceipts',
			splitDays(start, end, 30).map((w) => ({
				params: { sc_id: PRO_CENTER, shop_id: SHOP },
				query: { start_created_date: w.start, end_created_date: w.end },
				retry,
			})),
		);
		return rows.map((r) => String(r.id));
	}
	if (kind === 'tickets') {
		const rows = await collectPages(ctx, 'listTickets', {
			params: { sc_id: PRO_CENTER },
			query: { start_created_date: start, end_created_date: end },
			retry,
		});
		return rows.map((r) => String(r.ticket_uid));
	}
	const rows = await collectWalk(
		ctx,
		'listAnomalies',
		splitDays(start, end, 366)
			.reverse()
			.map((w) => ({
				params: { sc_id: PRO_CENTER },
				query: { start_date: w.start, end_date: w.end },
				retry,
			})),
	);
	return rows.map((r) => String(r.id));
}

function truthQuery(kind: Scenario, start: string, end: string) {
	return kind === 'receipts'
		? { sc_id: PRO_CENTER, shop_id: SHOP, start_created_date: start, end_created_date: end }
		: kind === 'tickets'
			? { sc_id: PRO_CENTER, start_created_date: start, end_created_date: end }
			: { sc_id: PRO_CENTER, start_date: start, end_date: end };
}

const ROUTE_OF: Record<Scenario, 'receipts' | 'tickets' | 'anomalies'> = {
	receipts: 'receipts',
	tickets: 'tickets',
	anomalies: 'anomalies',
};

describe(`fault soak (${RUNS} seeded runs)`, () => {
	it('returns exactly the true set under every fault mix', async () => {
		const failures: string[] = [];
		for (let seed = 1; seed <= RUNS; seed++) {
			const r = rng(seed);
			const kind = (['receipts', 'tickets', 'anomalies'] as const)[seed % 3];
			const days = kind === 'receipts' ? 20 + Math.floor(r() * 30) : 60 + Math.floor(r() * 300);
			const end = '2026-11-19';
			const start = splitDays('2024-01-01', end, 1).slice(-days)[0].start;
			tokenCache.clear();
			pacer.clear();
			sb.faults.clear();
			sb.faults.set({
				seed,
				errorRate: 0.1,
				errorCodes: ['rights_unavailable', 'portal_unavailable', 'internal_error', 'query_timeout'],
				tokenExpireAfterRequests: 2 + Math.floor(r() * 4),
				tokenExpiredStatus: ([401, 403, 200] as const)[seed % 3],
				retryAfterFormat: seed % 2 ? 'seconds' : 'http-date',
				resetFormat: (['delta', 'iso', 'epoch'] as const)[seed % 3],
				insertBetweenPages: { route: ROUTE_OF[kind], count: 1 + Math.floor(r() * 3) },
				latencyMs: [0, 3],
			});
			if (r() < 0.3) sb.spendBudget(PRO_CENTER, 300);
			const q = truthQuery(kind, start, end);
			const before = new Set(sb.store.truth(kind, q, sb.clock.now()).ids);
			let got: string[];
			try {
				got = await walk(kind, start, end);
			} catch (error) {
				failures.push(`seed ${seed} (${kind}): threw ${(error as Error).message}`);
				continue;
			}
			const after = new Set(sb.store.truth(kind, q, sb.clock.now()).ids);
			const dup = got.length - new Set(got).size;
			const lost = [...before].filter((id) => !got.includes(id)).length;
			const foreign = got.filter((id) => !after.has(id)).length;
			if (dup || lost || foreign)
				failures.push(
					`seed ${seed} (${kind}): ${lost} lost, ${dup} duplicated, ${foreign} not in the true set`,
				);
		}
		sb.faults.clear();
		if (failures.length) console.error(`Soak failures:\n${failures.join('\n')}`);
		expect(failures).toEqual([]);
	}, 600_000);
});
