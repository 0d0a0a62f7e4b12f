/**
 * Shopping Center Trigger over a simulated month: a poll every 4 hours for 31 days emits exactly the
 * new anomalies, tickets, passes and ticket changes, with only the pages needed (n8n-core's PollContext
 * against the sandbox, as in trigger.test.ts).
 */
/* eslint-disable no-console -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { IDataObject } from 'n8n-workflow';
import { centerById } from '../../../sandbox/fixtures/centers';
import { dayOfMs } from '../../../sandbox/data/calendar';
import { selectTickets } from '../../../sandbox/data/portal-query';
import { mulberry32 } from '../../../sandbox/core/random';
import { TICKET_STATUSES } from '../../../sandbox/data/portal-catalog';
import { addDays, todayIn } from '../../../nodes/shared/walk/dateWindows';
import {
	BASIC,
	H,
	items,
	keyOf,
	lastSeq,
	now,
	ok,
	poll,
	PRO,
	PRO_FAR,
	sandbox,
	sb,
	sorted,
	truthIds,
	useTriggerSandbox,
	without,
} from '../../helpers/trigger-setup';

useTriggerSandbox();

describe('a simulated month', () => {
	test('a poll every 4 hours for 31 days emits exactly the new anomalies, tickets, passes and ticket changes, with only the pages needed', async () => {
		await sandbox({ now: '2026-10-01T00:00:10Z', seed: 4242 });
		const rng = mulberry32(99);
		const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
		const anomalyCenters = [PRO, PRO_FAR];
		const portalCenters = [BASIC, PRO, PRO_FAR];
		const PER_PAGE: Record<string, number> = { anomalies: 500, tickets: 100, passes: 100 };
		/** an event's parameters over `centerIds`, and the route its pages come from */
		const setup = (
			event: string,
			centerIds: string[],
			route: 'anomalies' | 'tickets' | 'passes',
		) => ({ params: { event, centerScope: 'selected', centerIds }, route });
		const setups = {
			newAnomaly: setup('newAnomaly', anomalyCenters, 'anomalies'),
			newTicket: setup('newTicket', portalCenters, 'tickets'),
			newPass: setup('newPass', portalCenters, 'passes'),
			ticketChanged: setup('ticketChanged', portalCenters, 'tickets'),
		};
		type Ev = keyof typeof setups;
		const events = Object.keys(setups) as Ev[];
		const zoneOf = (sc: string) => centerById(sc)!.time_zone;

		const visible = (kind: 'anomalies' | 'tickets' | 'passes', centers: string[]) =>
			centers.flatMap((sc) => truthIds(kind, sc).map((id) => `${sc}|${id}`));
		/** the sandbox's tickets of the Ticket Changed window, with their state, read from its data (not the API) */
		const ticketSnapshot = () => {
			const t = now().getTime();
			const snap = new Map<string, { status: string; fp: string; created: number }>();
			for (const sc of portalCenters) {
				const center = centerById(sc)!;
				const today = dayOfMs(center.time_zone, t);
				for (const x of selectTickets(sb.store, center, { created: [today - 30, today] }, t)) {
					snap.set(`${sc}|${x.ticket.uid}`, {
						status: x.state.status,
						fp: `${x.state.status}|${x.state.resolutionAt ?? ''}`,
						created: x.ticket.created,
					});
				}
			}
			return { at: t, snap };
		};

		const base = {
			anomalies: visible('anomalies', anomalyCenters),
			tickets: visible('tickets', portalCenters),
			passes: visible('passes', portalCenters),
		};
		const state = {} as Record<Ev, IDataObject>;
		for (const e of events) {
			const r = await ok(setups[e].params);
			expect(r.items).toBeNull();
			state[e] = r.staticData;
		}
		let previous = ticketSnapshot();
		const emitted: Record<Ev, string[]> = {
			newAnomaly: [],
			newTicket: [],
			newPass: [],
			ticketChanged: [],
		};
		const expectedChanges: string[] = [];
		const lateInserted: string[] = [];
		let lagged = 0;
		let polls = events.length;
		let failedPolls = 0;
		let maxRequests = 0;
		let multiPage = 0;

		for (let step = 1; step <= 31 * 6; step++) {
			// the world moves between two polls
			const first = Math.floor(rng() * 4 * H);
			sb.clock.advance(first);
			if (rng() < 0.2) {
				const sc = pick(anomalyCenters);
				const lag = 1 + Math.floor(rng() * 3); // found 1 to 3 days after its date: within the 3-day lookback
				lateInserted.push(
					`${sc}|${sb.store.insert('anomaly', sc, 1, now(), { date: addDays(todayIn(zoneOf(sc), now()), -lag) })[0]}`,
				);
			}
			if (step === 60) sb.store.insert('anomaly', PRO, 700, now()); // a busy day: two pages of 500 for a few days
			if (rng() < 0.25)
				sb.store.insert(
					'ticket',
					pick(portalCenters),
					1,
					now(),
					rng() < 0.3 ? { status: pick(TICKET_STATUSES) } : {},
				);
			if (rng() < 0.1) sb.store.insert('pass', pick(portalCenters), 1, now());
			if (rng() < 0.3) {
				const [key] = pick([...previous.snap.entries()]);
				const [sc, uid] = key.split('|');
				sb.store.setTicketStatus(sc, uid, pick(TICKET_STATUSES), now());
			}
			sb.clock.advance(4 * H - first);

			const failing = step === 100 || step === 101;
			if (failing) sb.faults.set({ failNext: { count: 10_000, code: 'internal_error' } });
			for (const e of events) {
				const since = lastSeq();
				const r = await poll(setups[e].params, { staticData: state[e] });
				polls++;
				if (failing) {
					failedPolls++;
					expect(r.error).toBeDefined();
					expect(r.items).toBeNull();
					expect(r.staticData).toEqual(state[e]);
					continue;
				}
				if (r.error) throw r.error;
				state[e] = r.staticData;
				for (const { json } of items(r)) {
					if (e === 'ticketChanged')
						emitted[e].push(
							`${json.sc_id}|${json.ticket_uid}|${json.previous_status ?? 'null'}>${json.status}`,
						);
					else emitted[e].push(`${json.sc_id}|${keyOf(json)}`);
					if (
						e === 'newAnomaly' &&
						String(json.created_at).slice(0, 10) > addDays(String(json.date).slice(0, 10), 1)
					)
						lagged++;
				}
				// requests: one page per 500 (anomalies) / 100 (tickets, passes) rows of each center's window, at least one
				const log = sb.log.list({ since });
				let budget = 2; // a token exchange and the center list at most
				for (const sc of setups[e].params.centerIds) {
					const pages = log.filter((x) => x.route === setups[e].route && x.sc_id === sc);
					const q = pages[0].query as Record<string, string>;
					const window =
						e === 'newAnomaly'
							? { start_date: q.start_date, end_date: q.end_date }
							: { start_date: q.start_created_date, end_date: q.end_created_date };
					const rows = sb.store.truth(setups[e].route, { sc_id: sc, ...window }, now()).count;
					expect(pages).toHaveLength(Math.max(1, Math.ceil(rows / PER_PAGE[setups[e].route])));
					expect(pages.length).toBeLessThanOrEqual(1 + Math.ceil(rows / PER_PAGE[setups[e].route]));
					if (pages.length > 1) multiPage++;
					budget += pages.length;
				}
				expect(log.length).toBeLessThanOrEqual(budget);
				expect(log.filter((x) => x.route === 'centers').length).toBeLessThanOrEqual(1);
				maxRequests = Math.max(maxRequests, log.length);
			}
			if (failing) {
				sb.faults.clear();
				continue;
			}
			// the changes a poller can see: the state at this poll against the state at the last successful one
			const current = ticketSnapshot();
			for (const [key, t] of current.snap) {
				const before = previous.snap.get(key);
				if (before ? before.fp !== t.fp : t.created > previous.at && t.status !== 'new_request') {
					expectedChanges.push(`${key}|${before ? before.status : 'null'}>${t.status}`);
				}
			}
			previous = current;
		}

		const expectNew = (
			kind: 'anomalies' | 'tickets' | 'passes',
			centers: string[],
			got: string[],
		) => {
			expect(new Set(got).size).toBe(got.length); // nothing twice
			expect(sorted(got)).toEqual(sorted(without(visible(kind, centers), base[kind])));
		};
		expectNew('anomalies', anomalyCenters, emitted.newAnomaly);
		expectNew('tickets', portalCenters, emitted.newTicket);
		expectNew('passes', portalCenters, emitted.newPass);
		expect(sorted(emitted.ticketChanged)).toEqual(sorted(expectedChanges));

		// the run exercised what it claims to
		expect(polls).toBeGreaterThanOrEqual(700);
		expect(failedPolls).toBe(8);
		expect(without(lateInserted, emitted.newAnomaly)).toEqual([]);
		expect(lagged).toBeGreaterThan(10); // generated anomalies found 2-3 days after their date
		expect(multiPage).toBeGreaterThan(0);
		expect(emitted.newAnomaly.length).toBeGreaterThan(100);
		expect(emitted.ticketChanged.length).toBeGreaterThan(100);
		expect(emitted.ticketChanged.some((c) => c.includes('|null>'))).toBe(true);
		expect(emitted.newPass.length).toBeGreaterThan(20);
		console.log(
			`simulated month: ${polls} polls (${failedPolls} failed), emitted ${emitted.newAnomaly.length} anomalies (${lagged} found 2+ days late), ` +
				`${emitted.newTicket.length} tickets, ${emitted.newPass.length} passes, ${emitted.ticketChanged.length} ticket changes; ` +
				`at most ${maxRequests} requests in one poll; ${multiPage} center-polls needed a second page`,
		);
	});
});
