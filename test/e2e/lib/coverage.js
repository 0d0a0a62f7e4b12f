'use strict';
/*
 * Does the e2e run every operation of the built package?  The operations are read from each node's
 * description in the built dist (package.json `n8n.nodes`: the resource options and the operation
 * options shown for each resource; the trigger's events), the cases from the workflows the e2e
 * generates (node type + its resource / operation / event parameters).  No value is written here.
 *
 *   coverage(packageDir, workflows) → { operations: [...], missing: [...], unknown: [...] }
 *     each entry '<node type> <resource>.<operation>' or '<node type> event <event>'
 */
const { loadBuilt, readPackageJson } = require('../harness/load-package');

const values = (prop) => ((prop && prop.options) || []).map((o) => o.value);

/** The keys one node's description offers, and a reader of the key a node's parameters select. */
function describeNode(type, description) {
	const props = description.properties || [];
	const resource = props.find((p) => p.name === 'resource' && p.type === 'options');
	const operations = props.filter((p) => p.name === 'operation' && p.type === 'options');
	const event = props.find((p) => p.name === 'event' && p.type === 'options');
	const opsOf = (r) =>
		operations.filter(
			(p) =>
				!resource ||
				!p.displayOptions?.show?.resource ||
				p.displayOptions.show.resource.includes(r),
		);
	const keys = [];
	for (const r of resource ? values(resource) : [undefined]) {
		for (const p of opsOf(r)) for (const o of values(p)) keys.push(`${type} ${r}.${o}`);
	}
	if (!operations.length && event) for (const e of values(event)) keys.push(`${type} event ${e}`);
	const keyOf = (params = {}) => {
		if (!operations.length)
			return event ? `${type} event ${params.event ?? event.default}` : undefined;
		const r = params.resource ?? resource?.default;
		return `${type} ${r}.${params.operation ?? opsOf(r)[0]?.default}`;
	};
	return { keys, keyOf };
}

/** Every operation (and trigger event) of the package's nodes: { '<type>': describeNode(...) }. */
function packageNodes(packageDir) {
	const pkg = readPackageJson(packageDir);
	const nodes = {};
	for (const rel of (pkg.n8n && pkg.n8n.nodes) || []) {
		const { instance, missing } = loadBuilt(packageDir, rel);
		if (missing) throw new Error(`not built: ${missing} (npm run build)`);
		const type = `${pkg.name}.${instance.description.name}`;
		nodes[type] = describeNode(type, instance.description);
	}
	return nodes;
}

function coverage(packageDir, workflows) {
	const nodes = packageNodes(packageDir);
	const operations = Object.values(nodes).flatMap((n) => n.keys);
	const covered = new Set();
	for (const wf of workflows) {
		for (const node of wf.nodes)
			if (nodes[node.type]) covered.add(nodes[node.type].keyOf(node.parameters));
	}
	return {
		operations,
		missing: operations.filter((k) => !covered.has(k)),
		unknown: [...covered].filter((k) => !operations.includes(k)),
	};
}

module.exports = { coverage, packageNodes };
