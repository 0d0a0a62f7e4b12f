/**
 * A center's budget shared by several processes (n8n workers) and another client, over real HTTP:
 * each "process" is its own copy of the transport module (own pacer, own token cache), as every n8n
 * worker loads the package once. The sandbox's log tells the processes apart by their token (one
 * exchange each). Also the unit behaviour of the pacer's contended tail and its jitter after a 429.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { startSandbox, type Sandbox } from '../../sandbox';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, PRO_CENTER } from '../../sandbox/fixtures/centers';
import { apiContext } from '../helpers/apiContext';
import { Pacer, TAIL_SHARE } from '../../nodes/shared/transport/pacing';

type Transport = typeof import('../../nodes/shared/transport');

const NOW = '2026-11-20T09:00:00Z';
const WINDOW_MS = 1000;
const LIMIT = 40;

/** A fresh copy of the transport module: what one n8n process (main or worker) holds. */
function processCopy(): Transport {
	let t: Transport | undefined;
	jest.isolateModules(() => {
		t = require('../../nodes/shared/transport') as Transport;
	});
	return t!;
}

/** `parallel` loops of single requests (like a Return All export's windows) until `total` were made. */
async function exportLike(t: Transport, sb: Sandbox, total: number, parallel = 3): Promise<void> {
	const ctx = apiContext({
		baseUrl: sb.baseUrl,
		clientId: DEMO_CLIENT_ID,
		clientSecret: DEMO_CLIENT_SECRET,
	});
	let started = 0;
	const loop = async () => {
		while (started < total) {
			started++;
			await t.apiRequest(ctx, 'listShops', {
				params: { sc_id: PRO_CENTER },
				query: { per_page: 1 },
				retry: { baseDelayMs: 5, maxDelayMs: 20 },
			});
		}
	};
	await Promise.all(Array.from({ length: parallel }, loop));
}

describe('two processes and another client sharing a tight budget', () => {
	let sb: Sandbox;
	afterEach(async () => sb?.close());

	it('gives every process its requests with at most one 429 per window each', async () => {
		sb = await startSandbox({
			now: NOW,
			rateWindowMs: WINDOW_MS,
			rateLimits: { pro: { perWindow: LIMIT } },
		});
		// the other client: one unit every 40 ms, 25 of the window's 40, all the time
		const other = setInterval(() => sb.spendBudget(PRO_CENTER, 1), 40);
		const perProcess = 45;
		try {
			await Promise.all([
				exportLike(processCopy(), sb, perProcess),
				exportLike(processCopy(), sb, perProcess),
			]);
		} finally {
			clearInterval(other);
		}
		const log = sb.log.list({ route: 'shops' });
		const tokens = [...new Set(log.map((e) => e.token_id))];
		expect(tokens).toHaveLength(2);
		expect(sb.log.getStats().tokensIssued).toBe(2);
		const perWindow = new Map<string, number>();
		for (const e of log.filter((x) => x.code === 'rate_limited')) {
			const k = `${e.token_id}|${e.rate_window}`;
			perWindow.set(k, (perWindow.get(k) ?? 0) + 1);
		}
		for (const token of tokens) {
			const mine = log.filter((e) => e.token_id === token);
			expect(mine.filter((e) => e.status === 200)).toHaveLength(perProcess);
		}
		const worst = Math.max(0, ...perWindow.values());
		if (worst > 1) throw new Error(`429s per process|window: ${JSON.stringify([...perWindow])}`);
	}, 60_000);

	it('a process alone never waits while the window has budget (no spreading without other clients)', async () => {
		sb = await startSandbox({
			now: NOW,
			rateWindowMs: 2000,
			rateLimits: { pro: { perWindow: LIMIT } },
		});
		const t = processCopy();
		let waited = 0;
		const acquire = t.pacer.acquire.bind(t.pacer);
		t.pacer.acquire = async (key: string) => {
			const ms = await acquire(key);
			waited += ms;
			return ms;
		};
		// fewer requests than a window holds: alone, none of them waits (the tail is not spread)
		await exportLike(t, sb, 30, 1);
		expect(waited).toBe(0);
		expect(sb.log.getStats().rateLimited).toBe(0);
	}, 30_000);
});

describe('Pacer on a clock of its own', () => {
	let clock = 0;
	const waits: number[] = [];
	const fakeWait = async (ms: number) => {
		waits.push(ms);
		clock += ms;
	};
	beforeEach(() => {
		clock = Date.parse(NOW);
		waits.splice(0);
		jest.spyOn(Date, 'now').mockImplementation(() => clock);
	});
	afterEach(() => jest.restoreAllMocks());
	const headers = (remaining: number, resetMs: number, limit = 100) => ({
		'x-ratelimit-limit': String(limit),
		'x-ratelimit-remaining': String(remaining),
		'x-ratelimit-reset': String(resetMs),
	});

	it('spreads the contended tail evenly up to the reset, one request at a time', async () => {
		const p = new Pacer(fakeWait);
		const reset = clock + 10_000;
		await p.acquire('k');
		// this process sent 1, yet 70 of 100 are gone: others are spending the window
		p.release('k', 200, headers(30, reset));
		expect(30).toBeLessThanOrEqual(100 * TAIL_SHARE);
		await p.acquire('k');
		// 10 s left for 30 units: the next one a third of a second after the last
		expect(waits).toHaveLength(1);
		expect(waits[0]).toBeCloseTo(10_000 / 30);
		// a second caller waits while that one is in flight
		const second = p.acquire('k');
		await Promise.resolve();
		p.release('k', 200, headers(20, reset));
		await second;
		expect(clock).toBeLessThan(reset);
		p.release('k', 200, headers(19, reset));
		// the budget left never runs out before the reset
		let remaining = 19;
		while (clock < reset - 5) {
			await p.acquire('k');
			p.release('k', 200, headers(--remaining, reset));
			if (remaining === 0) break;
		}
		expect(remaining).toBeGreaterThanOrEqual(0);
		expect(clock).toBeGreaterThanOrEqual(reset - 400);
	});

	it('does not spread when only this process spends the window', async () => {
		const p = new Pacer(fakeWait);
		const reset = clock + 10_000;
		for (let i = 0; i < 80; i++) {
			await p.acquire('k');
			p.release('k', 200, headers(99 - i, reset));
		}
		expect(waits).toEqual([]);
	});

	it('never takes a late answer of an earlier request for more budget than a later one showed', async () => {
		// a wait that gives up instead of looping when the pacer would wait for answers that never come
		const p = new Pacer(async (ms) => {
			if (waits.length > 100) throw new Error('the pacer kept waiting');
			await fakeWait(ms);
		});
		const reset = clock + 10_000;
		await p.acquire('k');
		p.release('k', 200, headers(4, reset, 5));
		// a window of 5, this process alone: four requests in flight, counted by the server in the order sent
		for (let i = 0; i < 4; i++) await p.acquire('k');
		// the last one sent answers first (0 left), then the first one sent (3 left when it came in)
		p.release('k', 200, headers(0, reset, 5));
		p.release('k', 200, headers(3, reset, 5));
		// two still in flight and nothing left: the window is spent until its reset
		expect(p.blockedUntil('k', 0)).toBe(reset);
		p.release('k', 200, headers(2, reset, 5));
		p.release('k', 200, headers(1, reset, 5));
		expect(p.blockedUntil('k', 0)).toBe(reset);
		// the next window: its first answer, then a late answer of the window before
		clock = reset + 100;
		await p.acquire('k');
		p.release('k', 200, headers(99, reset + 10_000));
		p.release('k', 200, headers(50, reset, 100));
		for (let i = 0; i < 99; i++) await p.acquire('k');
		expect(waits).toEqual([]);
		expect(p.blockedUntil('k', 0)).toBe(reset + 10_000);
	});

	it('keeps a window a 429 closed closed, whatever answers of earlier requests say', async () => {
		const p = new Pacer(fakeWait, () => 0);
		const reset = clock + 1000;
		await p.acquire('k');
		p.release('k', 200, headers(28, reset, 30));
		await p.acquire('k');
		await p.acquire('k');
		p.release('k', 429, { 'retry-after': '1' }, true);
		// the other request, sent before, answers late with the budget it saw then
		p.release('k', 200, headers(27, reset, 30));
		await p.acquire('k');
		expect(waits).toEqual([1025]);
	});

	it('after a contended window, the first request of the next one goes alone', async () => {
		// waits that take a turn of the event loop, so that the test can answer meanwhile
		const p = new Pacer(async (ms) => {
			waits.push(ms);
			clock += ms;
			await new Promise((r) => setImmediate(r));
		});
		await p.acquire('k');
		p.release('k', 200, headers(10, clock + 500, 40)); // 30 of 40 gone, 1 of them ours
		clock += 600; // the window has reset: its budget is unknown
		await p.acquire('k');
		let sent = false;
		const second = p.acquire('k').then(() => (sent = true));
		await new Promise((r) => setImmediate(r));
		await new Promise((r) => setImmediate(r));
		expect(sent).toBe(false);
		expect(waits.length).toBeGreaterThan(0);
		p.release('k', 200, headers(39, clock + 1000, 40));
		await second;
		expect(sent).toBe(true);
	});

	it('adds a random part to the wait after a 429', async () => {
		const p = new Pacer(fakeWait, () => 1);
		await p.acquire('k');
		p.release('k', 429, { 'retry-after': '4' }, true);
		await p.acquire('k');
		// 4 s to the window, plus a quarter of it (random() = 1 here), plus the small margin
		expect(waits).toEqual([4000 + 1000 + 25]);
		const q = new Pacer(fakeWait, () => 0);
		await q.acquire('k');
		q.release('k', 429, { 'retry-after': '4' }, true);
		await q.acquire('k');
		expect(waits[1]).toBe(4025);
	});
});
