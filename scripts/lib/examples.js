'use strict';
/*
 * The example workflows shipped in examples/*.json, bound to the credentials and files of a running
 * n8n (used by the demo, scripts/n8n/demo.js, and by the e2e, test/e2e/run.js).
 *
 * The files reference credentials by name ("Shopping Center API", "Slack") with placeholder ids;
 * bindExample() puts in the ids of the credentials created in that n8n. The counter example reads
 * its CSV from /home/node/.n8n-files/counter-hours.csv (where n8n 2.x in Docker reads files from);
 * bindExample() points it at examples/data/counter-hours.csv.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const EXAMPLES_DIR = path.join(root, 'examples');
const DATA_DIR = path.join(EXAMPLES_DIR, 'data');

const CREDENTIAL_NAMES = {
	shoppingCenterApi: 'Shopping Center API',
	slackApi: 'Slack',
	postgres: 'Postgres',
};

/** [{ file, key, workflow }] for every examples/*.json (key = file name without .json). */
function loadExamples(dir = EXAMPLES_DIR) {
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => ({
			file: path.join(dir, file),
			key: file.replace(/\.json$/, ''),
			workflow: JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')),
		}));
}

/**
 * A copy of the workflow with credential ids set (credentials: { shoppingCenterApi: {id, name}, slackApi: {id, name} })
 * and local files in place (dataDir: where counter-hours.csv etc. are).  patch(node) may change nodes further.
 */
function bindExample(workflow, { credentials = {}, dataDir = DATA_DIR, patch } = {}) {
	const wf = JSON.parse(JSON.stringify(workflow));
	for (const node of wf.nodes) {
		for (const [type, ref] of Object.entries(node.credentials || {})) {
			if (credentials[type])
				node.credentials[type] = { id: String(credentials[type].id), name: credentials[type].name };
			else if (!ref.name) ref.name = CREDENTIAL_NAMES[type] || type;
		}
		if (
			node.type === 'n8n-nodes-base.readWriteFile' &&
			typeof node.parameters.fileSelector === 'string' &&
			!node.parameters.fileSelector.startsWith('=')
		) {
			node.parameters.fileSelector = path.join(
				dataDir,
				path.basename(node.parameters.fileSelector),
			);
		}
		if (patch) patch(node, wf);
	}
	return wf;
}

module.exports = { loadExamples, bindExample, EXAMPLES_DIR, DATA_DIR, CREDENTIAL_NAMES };
