/**
 * Shopping Center Trigger's fields (the live center list, the settings read before any request) and
 * its ticket and pass events, through n8n-core's PollContext against the sandbox (as trigger.test.ts).
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { runLoadOptions } from '../../harness';
import { centerById } from '../../../sandbox/fixtures/centers';
import { addDays, todayIn } from '../../../nodes/shared/walk/dateWindows';
import { sandboxCredentials } from '../../helpers/sandboxCredentials';
import {
	anomalyParams,
	BASIC,
	BLOCKED,
	credentialTypes,
	H,
	ids,
	items,
	lastSeq,
	now,
	ok,
	poll,
	PRO,
	PRO_FAR,
	sandbox,
	sb,
	sorted,
	trigger,
	truthIds,
	useTriggerSandbox,
	without,
} from '../../helpers/trigger-setup';

useTriggerSandbox();

describe('fields', () => {
	test('the center list is loaded live for the multi-select', async () => {
		await sandbox();
		const r = await runLoadOptions({
			nodeType: trigger,
			credentialTypes,
			credentials: sandboxCredentials(sb.baseUrl),
			method: 'getCenters',
			parameters: { event: 'newTicket', centerScope: 'selected' },
		});
		expect(r.error).toBeUndefined();
		expect(r.options?.map((o) => o.value)).toEqual([BASIC, PRO, BLOCKED, PRO_FAR]);
		expect(r.options?.[1].name).toBe('Mega PRO · 1002');
	});

	test('bad input is refused before any data request, naming the field', async () => {
		await sandbox();
		const since = lastSeq();
		const bad = async (parameters: INodeParameters) => (await poll(parameters)).error?.message;
		expect(await bad(anomalyParams([PRO], { lookbackDays: 2.5 }))).toMatch(
			/^Lookback \(Days\): .*2\.5.* is not a whole number from 0 to 365/,
		);
		expect(await bad(anomalyParams([PRO], { lookbackDays: -1 }))).toMatch(/^Lookback \(Days\)/);
		expect(await bad(anomalyParams([]))).toMatch(
			/^Center Names or IDs: choose at least one center/,
		);
		expect(await bad(anomalyParams(['10 02']))).toMatch(
			/^Center Names or IDs: .* is not a valid ID/,
		);
		expect(await bad(anomalyParams([PRO], { filters: { levels: ['severe'] } }))).toMatch(
			/^Levels: "severe" is not one of high, medium, low/,
		);
		expect(
			sb.log.list({ since }).filter((e) => e.route !== 'centers' && e.route !== 'token'),
		).toEqual([]);
	});

	test('centers from an expression (comma-separated); a shop filter goes to the API only for one center', async () => {
		await sandbox();
		const shop = '1002-01';
		let since = lastSeq();
		const one = await ok(
			anomalyParams([PRO], { firstPoll: 'emitAll', lookbackDays: 60, filters: { shopIds: shop } }),
		);
		expect(sb.log.list({ since, route: 'anomalies' })[0].query.shop_id).toBe(shop);
		expect(items(one).length).toBeGreaterThan(0);
		expect(items(one).every((i) => i.json.shop_id === shop)).toBe(true);

		since = lastSeq();
		const two = await ok(
			anomalyParams([], {
				centerIds: `={{ "${PRO}, ${PRO_FAR}" }}`,
				firstPoll: 'emitAll',
				lookbackDays: 60,
				filters: { shopIds: `${shop}, 1004-02` },
			}),
		);
		const asked = sb.log.list({ since, route: 'anomalies' });
		expect(asked.map((e) => e.sc_id)).toEqual([PRO, PRO_FAR]);
		expect(asked.every((e) => e.query.shop_id === undefined)).toBe(true);
		expect(sorted(ids(two))).toEqual(
			sorted([
				...sb.store.truth(
					'anomalies',
					{
						sc_id: PRO,
						start_date: addDays(todayIn('Asia/Yekaterinburg', now()), -60),
						shop_id: shop,
					},
					now(),
				).ids,
				...sb.store.truth(
					'anomalies',
					{
						sc_id: PRO_FAR,
						start_date: addDays(todayIn('Asia/Vladivostok', now()), -60),
						shop_id: '1004-02',
					},
					now(),
				).ids,
			]),
		);
	});

	test('a tick while the previous poll of the same node still runs emits nothing (no double emission)', async () => {
		await sandbox();
		const first = await ok({ event: 'newTicket', centerScope: 'selected', centerIds: [PRO] });
		sb.clock.advance(H);
		const [uid] = sb.store.insert('ticket', PRO, 1, now());
		sb.faults.set({ latencyMs: 300 });
		const slow = poll(
			{ event: 'newTicket', centerScope: 'selected', centerIds: [PRO] },
			{ staticData: first.staticData, workflowId: 'one-workflow' },
		);
		await new Promise((resolve) => setTimeout(resolve, 50));
		const overlapping = await poll(
			{ event: 'newTicket', centerScope: 'selected', centerIds: [PRO] },
			{ staticData: first.staticData, clock: false, workflowId: 'one-workflow' },
		);
		const done = await slow;
		sb.faults.clear();
		expect(overlapping.error).toBeUndefined();
		expect(overlapping.items).toBeNull();
		expect(
			overlapping.logs.some((l) => l.level === 'warn' && /still running/.test(l.message)),
		).toBe(true);
		expect(ids(done)).toEqual([uid]);
	});
});

describe('tickets and passes', () => {
	const ticketParams = (event: string, extra: INodeParameters = {}): INodeParameters => ({
		event,
		centerScope: 'selected',
		centerIds: [BASIC, PRO],
		...extra,
	});

	test('New Ticket: first poll both ways, then each new ticket once', async () => {
		await sandbox();
		const emitAll = await ok(ticketParams('newTicket', { firstPoll: 'emitAll' }));
		const expected = [BASIC, PRO].flatMap((sc) => {
			const today = todayIn(centerById(sc)!.time_zone, now());
			return truthIds('tickets', sc, { start_date: addDays(today, -1), end_date: today });
		});
		expect(expected.length).toBeGreaterThan(0);
		expect(sorted(ids(emitAll))).toEqual(sorted(expected));
		expect(items(emitAll).every((i) => i.json.event === 'newTicket')).toBe(true);

		const remember = await ok(ticketParams('newTicket'));
		expect(remember.items).toBeNull();
		sb.clock.advance(2 * H);
		const inserted = sb.store.insert('ticket', PRO, 2, now());
		const visible = new Set([...truthIds('tickets', BASIC), ...truthIds('tickets', PRO)]);
		const r = await ok(ticketParams('newTicket'), { staticData: remember.staticData });
		expect(ids(r)).toEqual(expect.arrayContaining(inserted));
		expect(items(r).find((i) => i.json.ticket_uid === inserted[0])!.json).toMatchObject({
			event: 'newTicket',
			sc_id: PRO,
			status: 'new_request',
		});
		expect(ids(r).every((id) => visible.has(id))).toBe(true);
		const again = await ok(ticketParams('newTicket'), { staticData: r.staticData });
		expect(again.items).toBeNull();
	});

	test('Ticket Changed: a status set in the portal is emitted once with previous_status; a new ticket that moved on has previous_status null', async () => {
		await sandbox();
		const first = await ok(ticketParams('ticketChanged'));
		expect(first.items).toBeNull();
		const seen = (
			(first.staticData.centers as IDataObject)[PRO] as { seen: Array<[string, string]> }
		).seen;
		const open = seen.find(
			([, fp]) => fp.startsWith('in_progress|') || fp.startsWith('new_request|'),
		);
		expect(open).toBeDefined();
		const [uid, fp] = open!;
		sb.clock.advance(10 * 60_000);
		sb.store.setTicketStatus(PRO, uid, 'rejected', now());
		const [born] = sb.store.insert('ticket', PRO, 1, now(), { status: 'agreed' });
		const [quiet] = sb.store.insert('ticket', PRO, 1, now());
		const r = await ok(ticketParams('ticketChanged'), { staticData: first.staticData });
		const byUid = new Map(items(r).map((i) => [String(i.json.ticket_uid), i.json]));
		expect(byUid.get(uid)).toMatchObject({
			event: 'ticketChanged',
			sc_id: PRO,
			ticket_uid: uid,
			status: 'rejected',
			previous_status: fp.split('|')[0],
		});
		expect(typeof byUid.get(uid)!.resolution_created_at).toBe('string');
		expect(byUid.get(born)).toMatchObject({ status: 'agreed', previous_status: null });
		expect(byUid.has(quiet)).toBe(false);
		const again = await ok(ticketParams('ticketChanged'), { staticData: r.staticData });
		expect(ids(again).filter((x) => x === uid || x === born)).toEqual([]);

		// the same decided status again, decided anew: resolution_created_at changed
		sb.clock.advance(10 * 60_000);
		sb.store.setTicketStatus(PRO, uid, 'rejected', now());
		const re = await ok(ticketParams('ticketChanged'), { staticData: again.staticData });
		expect(items(re).find((i) => i.json.ticket_uid === uid)!.json).toMatchObject({
			status: 'rejected',
			previous_status: 'rejected',
		});
	});

	test('Ticket Changed cannot see tickets created before the lookback', async () => {
		await sandbox();
		const first = await ok(ticketParams('ticketChanged', { lookbackDays: 5 }));
		const old = truthIds('tickets', PRO, { start_date: '2026-10-01', end_date: '2026-10-31' })[0];
		sb.clock.advance(10 * 60_000);
		sb.store.setTicketStatus(PRO, old, 'revoked', now());
		const r = await ok(ticketParams('ticketChanged', { lookbackDays: 5 }), {
			staticData: first.staticData,
		});
		expect(ids(r)).not.toContain(old);
	});

	test('New Pass emits each new pass once; manual mode shows the latest and saves nothing', async () => {
		await sandbox();
		const atFirst = [...truthIds('passes', BASIC), ...truthIds('passes', PRO)];
		const first = await ok(ticketParams('newPass'));
		sb.clock.advance(H);
		const [pass] = sb.store.insert('pass', PRO, 1, now());
		const expected = without([...truthIds('passes', BASIC), ...truthIds('passes', PRO)], atFirst);
		expect(expected).toContain(pass);
		const manual = await ok(ticketParams('newPass'), {
			staticData: first.staticData,
			mode: 'manual',
		});
		expect(items(manual).find((i) => i.json.sc_id === PRO)!.json.id).toBe(Number(pass));
		expect(manual.staticData).toEqual(first.staticData);
		const r = await ok(ticketParams('newPass'), { staticData: manual.staticData });
		expect(sorted(ids(r))).toEqual(sorted(expected));
		expect(items(r).find((i) => String(i.json.id) === pass)!.json).toMatchObject({
			event: 'newPass',
			sc_id: PRO,
		});
		const again = await ok(ticketParams('newPass'), { staticData: r.staticData });
		expect(again.items).toBeNull();
	});
});
