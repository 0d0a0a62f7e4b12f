'use strict';
/*
 * For the e2e part `durable` (parts/durable.js): the watched workflow (two Shopping Center Triggers,
 * New Anomaly and New Ticket, each followed by a Wait node so that an execution lasts a few seconds),
 * n8n started and SIGKILLed on one user folder, and the ledger: which record each execution of the
 * workflow received from its trigger (crashed executions included) and which executions finished, read
 * back from n8n's own execution store; the sandbox's truth of what was created.
 */
const { startN8n } = require('../../../scripts/n8n/instance');
const { sleep, waitUntil } = require('../../../scripts/lib/processes');

const PKG = 'n8n-nodes-shopping-center.';
const PRO = '1002';
const PRO_FAR = '1004';
const ZONE = { [PRO]: 'Asia/Yekaterinburg', [PRO_FAR]: 'Asia/Vladivostok' };
const TRIGGERS = { anomaly: 'Anomalies', ticket: 'Tickets' };

/** n8n's four settings of the durable scheduler with durable poll cursors. */
const DURABLE_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};
const CLASSIC_ENV = {
	N8N_SCHEDULER_ENABLED: 'false',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'false',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'false',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'false',
};

// Twelve "Custom" poll times, once a minute each at its own second: a poll every 5 s (n8n refuses a
// single poll time under a minute, in both schedulers, not several).
const POLL_EVERY_5_S = Array.from({ length: 12 }, (_, i) => ({
	mode: 'custom',
	cronExpression: `${i * 5} * * * * *`,
}));

function trigger(name, event, centerIds, credentialId, extra = {}) {
	return {
		id: `durable-${name.toLowerCase()}`,
		name,
		type: `${PKG}shoppingCenterEventsTrigger`,
		typeVersion: 1,
		position: [0, name === TRIGGERS.anomaly ? 0 : 300],
		parameters: {
			pollTimes: { item: POLL_EVERY_5_S },
			event,
			centerScope: 'selected',
			centerIds,
			firstPoll: 'remember',
			...extra,
		},
		credentials: { shoppingCenterApi: { id: String(credentialId), name: 'Shopping Center API' } },
	};
}

function wait(name, y, seconds) {
	return {
		id: `durable-${name.toLowerCase().replace(/\s/g, '-')}`,
		name,
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		position: [300, y],
		parameters: { resume: 'timeInterval', amount: seconds, unit: 'seconds' },
		webhookId: `durable-${y}-webhook`,
	};
}

/** The workflow as published; `o` changes the triggers (lookback, Event, centers) or the Wait nodes. */
function watchedWorkflow(credentialId, o = {}) {
	const a = trigger(TRIGGERS.anomaly, 'newAnomaly', o.anomalyCenters || [PRO], credentialId, {
		lookbackDays: o.lookbackDays || 3,
	});
	const t = trigger(TRIGGERS.ticket, o.ticketEvent || 'newTicket', [PRO], credentialId);
	const waitA = wait('Work A', 0, o.waitSeconds || 4);
	const waitT = wait('Work T', 300, o.waitSeconds || 4);
	return {
		name: 'e2e: durable poll trigger',
		nodes: [a, t, waitA, waitT],
		connections: {
			[a.name]: { main: [[{ node: waitA.name, type: 'main', index: 0 }]] },
			[t.name]: { main: [[{ node: waitT.name, type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all' },
	};
}

/** Saves the workflow's new version and publishes it (n8n 2.x: POST /activate with the versionId). */
async function republish(n8n, id, workflow) {
	const current = await n8n.api.getWorkflow(id);
	await n8n.request('PATCH', `/rest/workflows/${id}`, {
		nodes: workflow.nodes,
		connections: workflow.connections,
		versionId: current.versionId,
	});
	return n8n.api.activate(id);
}

/** n8n on the user folder, with the package installed the first time; `env`: the mode's settings. */
async function startOn(folder, { version, packageDir, env, first }) {
	const start = () =>
		startN8n({
			version,
			userFolder: folder,
			packageDir: first ? packageDir : undefined,
			setupOwner: first ? true : 'ifNeeded',
			env,
			keep: false, // the user folder is ours (not removed by stop); the packed tarball is removed
		});
	try {
		return await start();
	} catch (e) {
		if (first) throw e;
		// a start right after a SIGKILL has exited early now and then on a loaded machine: said, then once more
		console.log(
			`       (n8n did not start after the kill: ${String(e.message).split('\n')[0]}; starting it again)`,
		);
		return start();
	}
}

/** SIGKILL of n8n and its task runners (its process group), as an OOM kill or a power cut does. */
async function kill(n8n) {
	const at = Date.now();
	try {
		process.kill(-n8n.pid, 'SIGKILL');
	} catch {
		/* already gone */
	}
	await n8n.stop().catch(() => {});
	return at;
}

/** An item that is one of the trigger's records (a crashed execution's stack may hold others). */
const hasId = (json) => !!json && (json.ticket_uid !== undefined || json.id !== undefined);
/** The record's identity as the trigger keys it (ticket_uid for tickets, id otherwise). */
const idOf = (json) => String(json.event === 'newTicket' ? json.ticket_uid : json.id);

function itemsOfNode(data, name) {
	const run = data?.resultData?.runData?.[name]?.[0];
	const fromRun = run?.data?.main?.[0];
	if (fromRun) return fromRun;
	const queued = (data?.executionData?.nodeExecutionStack || []).find((s) => s.node?.name === name);
	return queued?.data?.main?.[0] || [];
}

/**
 * Every execution of the workflow: status, the record ids its triggers handed it (the first node's
 * data, also in a crashed execution) and whether its Wait node finished them.
 */
async function ledger(n8n, workflowId) {
	const list = (await n8n.api.executions({ workflowId, limit: 100 })) || [];
	const out = [];
	for (const e of list) {
		const ex = await n8n.api.execution(e.id);
		const data = ex?.data;
		const received = [];
		const finished = [];
		for (const [trig, work] of [
			[TRIGGERS.anomaly, 'Work A'],
			[TRIGGERS.ticket, 'Work T'],
		]) {
			for (const it of itemsOfNode(data, trig)) if (hasId(it.json)) received.push(idOf(it.json));
			const done = data?.resultData?.runData?.[work]?.[0]?.data?.main?.[0] || [];
			for (const it of done) if (hasId(it.json)) finished.push(idOf(it.json));
		}
		out.push({ id: String(e.id), status: ex?.status || e.status, received, finished });
	}
	return out;
}

/** Counts per record id: handed to an execution, finished by one. */
function tally(entries) {
	const received = new Map();
	const finished = new Map();
	for (const e of entries) {
		for (const id of new Set(e.received)) received.set(id, (received.get(id) || 0) + 1);
		for (const id of new Set(e.finished)) finished.set(id, (finished.get(id) || 0) + 1);
	}
	return { received, finished };
}

/** The sandbox's records of a kind for the centers over the last `days` days (center time zones). */
async function truth(sb, kind, centers, days = 6) {
	const ids = [];
	for (const sc of centers) {
		const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE[sc] }).format(new Date());
		const start = new Date(Date.parse(`${today}T00:00:00Z`) - days * 86400000)
			.toISOString()
			.slice(0, 10);
		ids.push(
			...(await sb.control.truth(kind, { sc_id: sc, start_date: start, end_date: today })).ids,
		);
	}
	return ids;
}

/** Waits until both triggers polled after sandbox log seq `since` (each a request of its list). */
/** A request of the log: of a list route (a string), or one a predicate picks. */
const matches = (r, e) => (typeof r === 'function' ? r(e) : e.route === r);

async function nextPolls(
	sb,
	since,
	routes = ['anomalies', 'tickets'],
	timeoutMs = 60000,
	everyMs = 300,
) {
	return waitUntil(
		async () => {
			const log = await sb.control.log({ since });
			return routes.every((r) => log.some((e) => matches(r, e) && e.status === 200)) ? log : null;
		},
		{ what: `polls of ${routes.map(String).join(' and ')}`, timeoutMs, everyMs },
	);
}

const OPEN = ['running', 'new', 'waiting'];

/**
 * The ledger once it has settled: no execution of the workflow running (or new, or waiting) and every
 * id of `expect` handed to some execution. A poll's answer reaches the sandbox's log before n8n has
 * made the execution it starts (under the durable scheduler n8n first saves the poll's cursor), so
 * "nothing running" alone can be read in that gap and an execution that then appears is read while its
 * Wait node still runs. On timeout the last ledger read is returned: the caller's checks say what is
 * missing or unfinished.
 */
async function settledLedger(n8n, workflowId, { expect = [], timeoutMs = 60000 } = {}) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const entries = await ledger(n8n, workflowId);
		const open = entries.some((e) => OPEN.includes(e.status));
		const { received } = tally(entries);
		if ((!open && expect.every((id) => received.has(id))) || Date.now() > deadline) return entries;
		await sleep(1000);
	}
}

module.exports = {
	PRO,
	PRO_FAR,
	ZONE,
	DURABLE_ENV,
	CLASSIC_ENV,
	watchedWorkflow,
	republish,
	startOn,
	kill,
	ledger,
	tally,
	truth,
	nextPolls,
	matches,
	settledLedger,
};
