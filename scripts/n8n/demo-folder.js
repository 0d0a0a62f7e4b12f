'use strict';
/*
 * Where `npm start` keeps the user's work: one n8n user folder that outlives the run (default
 * ~/.n8n-shopping-center-demo), so the next `npm start` resumes the same owner, credentials, workflows
 * and executions. `--fresh` moves an existing folder aside (never deletes it) and starts a clean one.
 * A small state file in the folder remembers what the demo itself made (credential ids, imported
 * examples, the n8n version whose database it is).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const DEFAULT_DEMO_FOLDER = path.join(os.homedir(), '.n8n-shopping-center-demo');
const STATE_FILE = 'shopping-center-demo.json';
/** The sandbox's last inserted number (its --ids-file): a restart of `npm start` never reuses an id. */
const SANDBOX_IDS_FILE = 'sandbox-ids.json';

function readState(folder) {
	try {
		return JSON.parse(fs.readFileSync(path.join(folder, STATE_FILE), 'utf8'));
	} catch {
		return null;
	}
}

function writeState(folder, state) {
	fs.mkdirSync(folder, { recursive: true });
	fs.writeFileSync(path.join(folder, STATE_FILE), JSON.stringify(state, null, 2));
}

/**
 * Prepares the folder: with `fresh`, an existing one is renamed to `<folder>.before-<time>`.
 * Returns { folder, state (null on a first start), movedTo }.
 */
function prepareDemoFolder({ folder = DEFAULT_DEMO_FOLDER, fresh = false, version }) {
	const resolved = path.resolve(folder);
	let movedTo = null;
	if (fresh && fs.existsSync(resolved)) {
		movedTo = `${resolved}.before-${new Date().toISOString().replace(/[:.]/g, '-')}`;
		fs.renameSync(resolved, movedTo);
	}
	const state = readState(resolved);
	if (state && state.version && version && state.version !== version)
		throw new Error(
			`${resolved} holds the work of n8n ${state.version}; start that version (--version ${state.version}), ` +
				`or use --fresh (moves it aside) or --user-folder DIR for n8n ${version}`,
		);
	fs.mkdirSync(resolved, { recursive: true });
	return { folder: resolved, state, movedTo };
}

/**
 * The demo's credential of this type: the one made on an earlier start (its data brought up to date:
 * the sandbox may run on another port now), or a new one.
 */
async function upsertCredential(api, request, knownId, { name, type, data }) {
	if (knownId) {
		const existing = ((await api.credentials()) || []).find(
			(c) => String(c.id) === String(knownId),
		);
		if (existing) {
			await request('PATCH', `/rest/credentials/${existing.id}`, {
				name: existing.name,
				type,
				data,
			});
			return { id: existing.id, name: existing.name };
		}
	}
	const created = await api.createCredential({ name, type, data });
	return { id: created.id, name: created.name };
}

/**
 * The time zone the demo's n8n runs in: the zone of the sandbox's first center (Galereya Basic,
 * Europe/Moscow), so Schedule Triggers and $today follow the centers' clock, not the machine's.
 */
const DEMO_TIME_ZONE = 'Europe/Moscow';

/**
 * The folder workflows may read and write files in: inside the user folder, outside the git working
 * tree (N8N_RESTRICT_FILE_ACCESS_TO); the example data (counter-hours.csv) is copied there once.
 */
function prepareFilesFolder(userFolder, dataDir) {
	const files = path.join(userFolder, 'files');
	fs.mkdirSync(files, { recursive: true });
	for (const f of fs.readdirSync(dataDir)) {
		const to = path.join(files, f);
		if (!fs.existsSync(to)) fs.copyFileSync(path.join(dataDir, f), to);
	}
	return files;
}

/** The demo n8n's own environment: its time zone and its files folder. */
function demoEnv(filesFolder) {
	return {
		GENERIC_TIMEZONE: DEMO_TIME_ZONE,
		N8N_RESTRICT_FILE_ACCESS_TO: filesFolder,
	};
}

/** The banner's lines about the time zone and the files folder. */
function demoBannerLines(filesFolder) {
	return [
		` Time zone: ${DEMO_TIME_ZONE} (GENERIC_TIMEZONE): Schedule Triggers and $today use it;`,
		`   each center keeps its own zone (time_zone in Center → Get Many)`,
		` Files: workflows may read and write files in ${filesFolder}`,
		`   (the counter example's CSV is there; the git working tree is not reachable)`,
	];
}

/** The example the demo activates, and how often the demo polls it (faster than its file says). */
const DEMO_ACTIVE_EXAMPLE = 'anomaly-to-slack';
const DEMO_POLL_TIMES = { item: [{ mode: 'everyMinute' }] };

const isTrigger = (node) => node.type.endsWith('.shoppingCenterEventsTrigger');

/** n8n's Poll Times in words: "every minute", "every 15 minutes". */
function pollWords(pollTimes) {
	const times = (pollTimes && pollTimes.item) || [];
	if (times.length !== 1) return `at ${times.length} set times`;
	const t = times[0];
	if (t.mode === 'everyMinute') return 'every minute';
	if (t.mode === 'everyHour') return 'every hour';
	if (t.mode === 'everyX')
		return `every ${t.value} ${t.value === 1 ? t.unit.slice(0, -1) : t.unit}`;
	return t.mode;
}

/** How often an example's trigger polls, as its file says (undefined: it has no trigger). */
function examplePoll(workflow) {
	const trigger = workflow.nodes.find(isTrigger);
	return trigger ? pollWords(trigger.parameters.pollTimes) : undefined;
}

/** Why the demo polls faster, in the active example's note and in the banner. */
function demoPollReason(workflow) {
	return (
		`In the npm start demo this workflow polls ${pollWords(DEMO_POLL_TIMES)} (its file: ${examplePoll(workflow)}), ` +
		'so that an anomaly you insert is posted within a minute.'
	);
}

/**
 * How the demo imports an example (bindExample's patch): the one it activates polls every minute and
 * its note says so and why; the others stay as their files say.
 */
function demoPatch(key, workflow) {
	if (key !== DEMO_ACTIVE_EXAMPLE) return undefined;
	const reason = demoPollReason(workflow);
	return (node) => {
		if (isTrigger(node)) node.parameters.pollTimes = JSON.parse(JSON.stringify(DEMO_POLL_TIMES));
		if (node.type === 'n8n-nodes-base.stickyNote') {
			node.parameters.content += `\n\n*${reason}*`;
			node.parameters.height += 60;
		}
	};
}

/** The banner's lines on n8n's log file: where it is, that it is kept, what the trigger writes there. */
function demoLogLines(logFile) {
	return [
		` n8n's log: ${logFile}`,
		'   (kept across starts, each start opening with a "──── n8n … started" line; the trigger logs there',
		`   what its polls spend of the centers' day budgets: tail -f ${logFile})`,
	];
}

/**
 * The nodes a saved workflow runs with: an active workflow of n8n 2.x runs its published version
 * (activeVersion), which may differ from the draft being edited; 1.x runs what is saved.
 */
function runningNodes(saved) {
	return (saved.activeVersion && saved.activeVersion.nodes) || saved.nodes || [];
}

/** Whether n8n runs a saved workflow's trigger (1.x: active; 2.x: published, activeVersionId). */
const isActive = (saved) => Boolean(saved.active || saved.activeVersionId);

/**
 * The banner's lines on how often the workflows of the user's n8n poll, as saved there (the user may
 * have changed an example's Poll Times since the demo imported it): `saved` are the workflows as the
 * REST API gives them ({ name, active, nodes }), `examples` the files ([{ key, workflow }] as
 * loadExamples gives them), named beside the saved interval where they say another.
 */
function demoPollLines(saved, examples) {
	const fileOf = (name) => examples.find((e) => e.workflow.name === name);
	const polling = saved
		.map((wf) => ({ wf, poll: examplePoll({ nodes: runningNodes(wf) }) }))
		.filter((p) => p.poll);
	/** `"name" [is active and polls ]every minute[ here (its file: every 15 minutes)]` */
	const said = ({ wf, poll }, verb = '') => {
		const file = fileOf(wf.name);
		const filePoll = file && examplePoll(file.workflow);
		const differs = filePoll && filePoll !== poll ? ` here (its file: ${filePoll})` : '';
		return `"${wf.name}" ${verb}${poll}${differs}`;
	};
	const active = polling.filter((p) => isActive(p.wf));
	const inactive = polling.filter((p) => !isActive(p.wf));
	const demo = active.find((p) => fileOf(p.wf.name)?.key === DEMO_ACTIVE_EXAMPLE);
	const activeWords = active.length
		? `${active.map((p) => said(p, 'is active and polls ')).join('; ')}.`
		: 'no workflow with the trigger is active.';
	return [
		` Polling, as saved in your n8n: ${activeWords}`,
		...(demo && demo.poll === pollWords(DEMO_POLL_TIMES)
			? [
					`   The demo set "${demo.wf.name}" to poll ${demo.poll} when it imported it, so that an anomaly you insert is posted within a minute.`,
				]
			: []),
		...(inactive.length
			? [`   Not active (they poll once activated): ${inactive.map((p) => said(p)).join('; ')}.`]
			: []),
		"   Your own workflows: every 5 to 15 minutes (each poll spends requests of the center's day budget, shared with its other clients).",
	];
}

/**
 * The same lines when n8n's saved workflows cannot be read: the files' intervals, and that the saved
 * copies may poll otherwise.
 */
function filePollLines(examples) {
	const lines = examples
		.filter((e) => examplePoll(e.workflow))
		.map((e) => `"${e.workflow.name}" ${examplePoll(e.workflow)}`);
	return [
		` Polling, as the example files say (your saved copies may poll otherwise; see each trigger's Poll Times): ${lines.join('; ')}.`,
	];
}

module.exports = {
	DEMO_ACTIVE_EXAMPLE,
	pollWords,
	examplePoll,
	demoPatch,
	demoPollLines,
	filePollLines,
	demoLogLines,
	DEMO_TIME_ZONE,
	prepareFilesFolder,
	demoEnv,
	demoBannerLines,
	DEFAULT_DEMO_FOLDER,
	STATE_FILE,
	SANDBOX_IDS_FILE,
	readState,
	writeState,
	prepareDemoFolder,
	upsertCredential,
};
