'use strict';
/*
 * The tables derived from the action nodes' operation files, for tests and scripts (the nodes read
 * each operation's own facts; nothing of this ships): the tool description of every operation used as
 * an AI tool (n8n's "Set Automatically" text is only "<action> in <node>"; these are the texts for "Set
 * Manually": examples/mcp-server.json uses them, the README lists them, tests keep both equal), keyed
 * "<node type name>.<resource>.<operation>", and the Simplify field sets, keyed "<resource>.<operation>".
 *
 *   toolTables({ packageDir, source }) → { TOOL_DESCRIPTIONS, SIMPLE_FIELDS }
 *     packageDir: the package folder (default: this repository); its package.json `n8n.nodes` names
 *     the node files. source: false → the built dist/ (plain Node, after `npm run build`); true → the
 *     TypeScript under nodes/ (under jest or ts-node).
 */
const path = require('node:path');

const repository = path.resolve(__dirname, '..', '..');

function toolTables({ packageDir = repository, source = false } = {}) {
	const pkg = require(path.join(packageDir, 'package.json'));
	const load = (built) =>
		require(
			path.join(packageDir, source ? built.replace(/^dist\//, '').replace(/\.js$/, '') : built),
		);
	const { operationsOf } = load('dist/nodes/shared/actions.js');
	const TOOL_DESCRIPTIONS = {};
	const SIMPLE_FIELDS = {};
	for (const file of pkg.n8n.nodes) {
		const NodeClass = load(file)[path.basename(file, '.node.js')];
		// the action nodes list their resource modules; the trigger has none
		if (!NodeClass.resources) continue;
		const node = new NodeClass().description.name;
		for (const [resource, operation, module] of operationsOf(NodeClass.resources)) {
			if (module.toolDescription)
				TOOL_DESCRIPTIONS[`${node}.${resource}.${operation}`] = module.toolDescription;
			if (module.simpleFields) SIMPLE_FIELDS[`${resource}.${operation}`] = module.simpleFields;
		}
	}
	return { TOOL_DESCRIPTIONS, SIMPLE_FIELDS };
}

module.exports = { toolTables };
