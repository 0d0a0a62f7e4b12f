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

module.exports = {
	DEFAULT_DEMO_FOLDER,
	STATE_FILE,
	readState,
	writeState,
	prepareDemoFolder,
	upsertCredential,
};
