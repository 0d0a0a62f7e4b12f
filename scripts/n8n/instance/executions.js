'use strict';
/** Execution data of n8n as the client hands it out: the run printed by `n8n execute`, output(node), nodeError(node). */

/** The first multi-line JSON object printed alone in a log (a line "{" ... a line "}"). */
function extractJson(text) {
	const lines = text.split('\n');
	for (let i = 0; i < lines.length; i++) {
		if (lines[i].trim() !== '{') continue;
		for (let j = i + 1; j < lines.length; j++) {
			if (lines[j].trimEnd() !== '}') continue;
			try {
				return JSON.parse(lines.slice(i, j + 1).join('\n'));
			} catch {
				/* not yet the closing brace */
			}
		}
	}
	return null;
}

/** Adds helpers: output(nodeName) → json items of the node's first main output of its last run; error. */
function decorateExecution(ex) {
	const runData = ex.runData || ex.data?.resultData?.runData || {};
	ex.runData = runData;
	ex.error = ex.data?.resultData?.error || null;
	ex.lastNodeExecuted = ex.data?.resultData?.lastNodeExecuted || null;
	ex.output = (nodeName, { output = 0, run = -1 } = {}) => {
		const runs = runData[nodeName];
		if (!runs || !runs.length) return undefined;
		const r = runs[run < 0 ? runs.length + run : run];
		if (r.error) return { error: r.error };
		return (r.data?.main?.[output] || []).map((i) => i.json);
	};
	ex.nodeError = (nodeName) => {
		const runs = runData[nodeName];
		return runs && runs.length ? runs[runs.length - 1].error || null : null;
	};
	return ex;
}

module.exports = { extractJson, decorateExecution };
