'use strict';
/*
 * Builds a throwaway n8n community package (one node + one credential, plain JS, no build
 * step) in a temp folder, to prove the harness' loading path before the real package has nodes.
 *
 *   const { makeTinyPackage } = require('./tiny-package');
 *   const dir = makeTinyPackage();           // -> /tmp/n8n-nodes-sc-tiny-XXXX
 *
 * Node type:        n8n-nodes-sc-tiny.scTinyEcho
 * Credential type:  scTinyApi
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const PACKAGE_NAME = 'n8n-nodes-sc-tiny';
const NODE_TYPE = `${PACKAGE_NAME}.scTinyEcho`;
const CREDENTIAL_TYPE = 'scTinyApi';

const credentialJs = `'use strict';
class ScTinyApi {
	constructor() {
		this.name = 'scTinyApi';
		this.displayName = 'SC Tiny API';
		this.documentationUrl = 'https://example.invalid/sc-tiny';
		this.properties = [
			{ displayName: 'API Key', name: 'apiKey', type: 'string', typeOptions: { password: true }, default: '' },
			{ displayName: 'Label', name: 'label', type: 'string', default: 'tiny' },
		];
	}
}
module.exports = { ScTinyApi };
`;

const nodeJs = `'use strict';
class ScTinyEcho {
	constructor() {
		this.description = {
			displayName: 'SC Tiny Echo',
			name: 'scTinyEcho',
			icon: 'fa:bullhorn',
			group: ['transform'],
			version: 1,
			description: 'Echoes its input with a message and facts about its credential',
			defaults: { name: 'SC Tiny Echo' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: 'scTinyApi', required: true }],
			properties: [
				{ displayName: 'Message', name: 'message', type: 'string', default: 'hello' },
			],
		};
	}
	async execute() {
		const items = this.getInputData();
		const creds = await this.getCredentials('scTinyApi');
		const out = [];
		for (let i = 0; i < items.length; i++) {
			const message = this.getNodeParameter('message', i);
			out.push({
				json: {
					...items[i].json,
					echo: message,
					credentialLabel: creds.label,
					apiKeyLength: String(creds.apiKey || '').length,
					node: 'scTinyEcho',
					item: i,
				},
				pairedItem: { item: i },
			});
		}
		return [out];
	}
}
module.exports = { ScTinyEcho };
`;

function makeTinyPackage({ dir, version = '0.0.1' } = {}) {
	const root = dir || fs.mkdtempSync(path.join(os.tmpdir(), `${PACKAGE_NAME}-`));
	fs.mkdirSync(path.join(root, 'dist', 'nodes', 'ScTinyEcho'), { recursive: true });
	fs.mkdirSync(path.join(root, 'dist', 'credentials'), { recursive: true });
	const pkg = {
		name: PACKAGE_NAME,
		version,
		description: 'Throwaway community package used by the e2e harness smoke test',
		keywords: ['n8n-community-node-package'],
		license: 'MIT',
		main: 'index.js',
		files: ['dist', 'index.js'],
		n8n: {
			n8nNodesApiVersion: 1,
			credentials: ['dist/credentials/ScTinyApi.credentials.js'],
			nodes: ['dist/nodes/ScTinyEcho/ScTinyEcho.node.js'],
		},
		peerDependencies: { 'n8n-workflow': '*' },
	};
	fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
	fs.writeFileSync(path.join(root, 'index.js'), 'module.exports = {};\n');
	fs.writeFileSync(
		path.join(root, 'dist', 'credentials', 'ScTinyApi.credentials.js'),
		credentialJs,
	);
	fs.writeFileSync(path.join(root, 'dist', 'nodes', 'ScTinyEcho', 'ScTinyEcho.node.js'), nodeJs);
	return root;
}

/** A one-node-after-trigger workflow using the tiny node with the given credential. */
function tinyWorkflow({
	name = 'tiny smoke',
	credentialId,
	credentialName = 'tiny cred',
	message = 'hello from smoke',
} = {}) {
	return {
		name,
		nodes: [
			{
				id: '0f0e2f51-0000-4000-8000-000000000001',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: '0f0e2f51-0000-4000-8000-000000000002',
				name: 'Echo',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [220, 0],
				parameters: { message },
				credentials: credentialId
					? { scTinyApi: { id: String(credentialId), name: credentialName } }
					: undefined,
			},
		],
		connections: { Start: { main: [[{ node: 'Echo', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		active: false,
	};
}

module.exports = { makeTinyPackage, tinyWorkflow, PACKAGE_NAME, NODE_TYPE, CREDENTIAL_TYPE };
