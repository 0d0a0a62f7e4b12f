'use strict';
/*
 * The replica inside a receipts leg (issue 36): examples/center-to-postgres.json activated beside the
 * receipts example in the same n8n, writing into the same PostgreSQL (its tables from its note's DDL),
 * and the stretch of a center's life the leg plays between its rounds (a ticket created and moved
 * through its statuses, a declared turnover submitted through the API, a shop opened and one closed).
 *
 * Its credential is the sandbox's second key, given the demo key's centers: the sandbox's log then
 * tells the two workflows' requests apart by client_id (the receipts' per-poll split counts the demo
 * key's only), while the trigger's budget stays one per center (n8n's pool counts per center id).
 * The checker's own API calls (the declared turnover, the truth read at the end) go through a third key.
 */
const { bindExample, loadExamples } = require('../../../../scripts/lib/examples');
const { addDays, dayIn } = require('../poll-cost');
const { sleep } = require('../../../../scripts/lib/processes');

/** The sandbox fixture's keys (sandbox/fixtures/centers.ts): the replica's, the checker's. */
const REPLICA_KEY = { clientId: 'second-client', clientSecret: 'second-secret-77b2e0' };
const CHECKER_KEY = 'bulk-client';
/** The demo key's centers, given to both keys (1003 is blocked: its reads answer 402). */
const KEY_CENTERS = ['1001', '1002', '1003', '1004'];
/**
 * The replica's centers (Centers: selected): the receipts legs' PRO ones. Basic's day (5,000) shared by
 * two nodes at 100 % reads a shop's daily rows about every 10 minutes, longer than a leg waits.
 */
const CENTERS = ['1002', '1004'];
const TRIGGER = 'Center changes';
/** Every table of the trigger (the example's eleven branches), all picked. */
const ALL_TABLES = [
	'shops',
	'daily_sales',
	'monthly',
	'zones',
	'tickets',
	'attendance',
	'cash_registers',
	'turnover_settings',
	'passes',
	'anomalies',
	'receipts',
];
/**
 * History From this many days before 1002's today: the backfill of two centers' 20 shops (two daily
 * and two monthly pages a shop, a dozen ticket pages a center, about 9,000 rows) takes more than one
 * poll's 5,000 rows, so the SIGKILL during a poll comes while it is under way (steps/kill-poll.js).
 */
const HISTORY_DAYS = 400;
/** The restart that moves the clocks this far on: the directory and the zones are read again (4 h). */
const JUMP_MS = 4 * 3600e3 + 5 * 60e3;
/** The shop opened (archived in the fixture, no receipts) and the one closed (no receipts). */
const OPENED = ['1002', '1002-09'];
const CLOSED = ['1002', '1002-05'];

/** The stretch's events, one a round in turn (rounds.js and the later steps' rounds): [what, fn(leg)]. */
const EVENTS = [
	['ticket created (1002, new_request)', async (leg) => newTicket(leg)],
	['declared turnover submitted (1002-06, this month)', async (leg) => declare(leg, '1002-06')],
	['ticket in_progress', async (leg) => moveTicket(leg, 'in_progress')],
	[
		'ticket agreed; declared turnover (1004-06)',
		async (leg) => {
			await moveTicket(leg, 'agreed');
			await declare(leg, '1004-06');
		},
	],
];

/**
 * A call of the checker's, tried again (three times at most) when it failed in transport: on a loaded
 * machine the sandbox's server may close a kept-alive socket just as the next request takes it
 * (`fetch failed`, the sandbox still running).
 */
async function transient(call) {
	for (let attempt = 0; ; attempt++) {
		try {
			return await call();
		} catch (e) {
			if (e.message !== 'fetch failed' || attempt >= 2) throw e;
			await sleep(500);
		}
	}
}

/**
 * The checker's API call through the third key (its token from the control API; a new one when the
 * clocks' jump expired it); a 429 (the center's minute shared with n8n's reads) waits and tries again.
 */
async function apiCall(leg, method, route, body) {
	const sb = leg.sb();
	const r = leg.replica;
	for (let attempt = 0; ; attempt++) {
		r.token ??= (
			await transient(() => sb.control.call('POST', '/token', { client_id: CHECKER_KEY }))
		).access_token;
		const res = await transient(() =>
			fetch(`${sb.baseUrl}${route}`, {
				method,
				headers: { authorization: `Bearer ${r.token}`, 'content-type': 'application/json' },
				body: body && JSON.stringify(body),
			}),
		);
		const json = await res.json().catch(() => ({}));
		if (res.status === 401 && attempt < 1) r.token = null;
		else if (res.status === 429 && attempt < 30) await sleep(2000);
		else return { status: res.status, json };
	}
}

async function newTicket(leg) {
	const { ids } = await leg.sb().control.insert({
		kind: 'ticket',
		sc_id: '1002',
		count: 1,
		shop_id: '1002-02',
	});
	leg.replica.ticket = ids[0];
}

const moveTicket = (leg, status) =>
	leg.sb().control.call('POST', '/tickets/status', {
		sc_id: '1002',
		ticket_uid: leg.replica.ticket,
		status,
	});

/** A declared turnover of the shop's current month, through the route the Intake node uses. */
async function declare(leg, shop) {
	const sc = shop.slice(0, 4);
	const zones = { 1002: 'Asia/Yekaterinburg', 1004: 'Asia/Vladivostok' };
	const now = Date.parse((await leg.sb().control.clock()).now);
	const month = dayIn(zones[sc], now).slice(0, 7);
	const r = await apiCall(leg, 'POST', `/sc/${sc}/shops/${shop}/turnover`, {
		month: `${month}-01`,
		turnover: 123_456_00 + leg.replica.events.length,
	});
	if (r.status !== 200)
		throw new Error(`declare ${shop} ${month}: ${r.status} ${JSON.stringify(r.json)}`);
}

/** The next event of the stretch (none left: nothing). */
async function stretchEvent(leg) {
	const next = EVENTS[leg.replica.next];
	if (!next) return;
	leg.replica.next++;
	await next[1](leg);
	leg.replica.events.push(next[0]);
}

/** At the restart that moves the clocks: a shop opened, one closed (seen at the directory's next read). */
async function openAndClose(leg) {
	for (const [[sc, shop], archived] of [
		[OPENED, false],
		[CLOSED, true],
	])
		await leg.sb().control.call('POST', '/shops/archived', { sc_id: sc, shop_id: shop, archived });
	leg.replica.events.push(`shop ${OPENED[1]} opened, ${CLOSED[1]} closed`);
}

/**
 * The replica activated: its tables from the note, the second key's credential (given the demo
 * key's centers; the checker's key too), Day Budget Share 100 % like the receipts node, Read Quiet
 * Tables at Least Every 1 minute, Lookback 2 days and Emit Everything at the first poll (so that every
 * table holds the sandbox's whole current truth), a poll every 30 s, the PRO centers 1002 and 1004,
 * every table, History From HISTORY_DAYS back (leg.replica.historyFrom).
 */
async function activateReplica(leg, { ddlOf, pollTimes, postgres }) {
	const sb = leg.sb();
	const n8n = leg.n8n();
	for (const client_id of [REPLICA_KEY.clientId, CHECKER_KEY])
		await sb.control.call('POST', '/roles', { client_id, centers: KEY_CENTERS });
	const example = loadExamples().find((e) => e.key === 'center-to-postgres').workflow;
	leg.pg.psql(ddlOf(example));
	const now = Date.parse((await sb.control.clock()).now);
	leg.replica.historyFrom = addDays(dayIn('Asia/Yekaterinburg', now), -HISTORY_DAYS);
	const sc = await n8n.api.createCredential({
		name: 'Shopping Center API (replica)',
		type: 'shoppingCenterApi',
		data: { baseUrl: sb.baseUrl, ...REPLICA_KEY, allowInsecure: false },
	});
	const bound = bindExample(example, {
		credentials: { shoppingCenterApi: sc, postgres },
		patch: (node) => {
			if (node.name !== TRIGGER) return;
			Object.assign(node.parameters, {
				pollTimes: { item: pollTimes },
				dayBudgetShare: 100,
				quietMaxWaitMinutes: 1,
				lookbackDays: 2,
				firstPoll: 'emitAll',
				centerScope: 'selected',
				centerIds: CENTERS,
				centerTables: ALL_TABLES,
				historyFrom: leg.replica.historyFrom,
			});
		},
	});
	leg.replica.wf = await n8n.api.importWorkflow(bound);
	leg.replica.node = bound.nodes.find((n) => n.name === TRIGGER).parameters;
	await n8n.api.activate(leg.replica.wf.id);
}

/** The replica's state in a leg (leg.js): off for the @midnight leg. */
const newReplica = () => ({
	wf: null,
	node: null,
	events: [],
	next: 0,
	ticket: null,
	token: null,
	historyFrom: null,
	/** per center: the month and the day its first poll read from (steps/activate.js) */
	firstMonth: null,
	firstDay: null,
	/** the backfill's progress when n8n was killed (steps/kill-poll.js) */
	killedAt: null,
});

module.exports = {
	REPLICA_KEY,
	CENTERS,
	ALL_TABLES,
	JUMP_MS,
	OPENED,
	CLOSED,
	newReplica,
	activateReplica,
	stretchEvent,
	openAndClose,
	apiCall,
	transient,
};
