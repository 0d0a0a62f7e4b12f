'use strict';
/*
 * Helpers of the e2e parts: run a workflow and read its output, the content of a binary property, CSV.
 */
const { lastMonth } = require('./operations');

/** `month` itself when it is last month (UTC) or, near a month's turn, the month before or this month. */
function lastMonthOf(month) {
	const m = lastMonth();
	const shift = (k) => {
		const d = new Date(`${m}-15T00:00:00Z`);
		d.setUTCMonth(d.getUTCMonth() + k);
		return d.toISOString().slice(0, 7);
	};
	return [m, shift(-1), shift(1)].includes(month) ? month : m;
}

/** The message of a node's error in an execution (with its description). */
function nodeErrorText(ex, node) {
	const e = ex.nodeError(node) || ex.error;
	if (!e) return `execution ${ex.status}`;
	return `${e.message || e.name}${e.description ? ` — ${e.description}` : ''}${e.context && e.context.code ? ` [${e.context.code}]` : ''}`;
}

/** Import + run a workflow (manual run over REST); returns { ex, log } with the sandbox requests of the run. */
async function runWorkflow(n8n, sb, workflow, { timeoutMs = 300000 } = {}) {
	const since = await sb.control.lastSeq();
	const wf = await n8n.api.importWorkflow(workflow);
	const ex = await n8n.api.runWorkflow(wf.id, { timeoutMs });
	const log = await sb.control.log({ since });
	return { wf, ex, log };
}

function itemsOf(ex) {
	return (node) => {
		const out = ex.output(node);
		if (out === undefined)
			throw new Error(
				`node "${node}" did not run (execution ${ex.status}; ${nodeErrorText(ex, node)})`,
			);
		if (!Array.isArray(out)) throw new Error(`node "${node}" failed: ${nodeErrorText(ex, node)}`);
		return out;
	};
}

/** The content of a binary property of an output item: inline base64 (default mode) or by id (filesystem / database mode). */
async function binaryContent(n8n, bin) {
	if (bin.data && !bin.id) return Buffer.from(bin.data, 'base64');
	if (!bin.id) throw new Error(`binary without data or id: ${JSON.stringify(bin).slice(0, 200)}`);
	const r = await n8n.request(
		'GET',
		`/rest/binary-data?id=${encodeURIComponent(bin.id)}&action=download`,
		undefined,
		{ raw: true },
	);
	return r.bytes;
}

/** Minimal RFC 4180 CSV parser (quotes, doubled quotes, BOM). */
function parseCsv(text, delimiter = ',') {
	const rows = [];
	let row = [];
	let field = '';
	let q = false;
	const s = text.replace(/^\uFEFF/, '');
	for (let i = 0; i < s.length; i++) {
		const c = s[i];
		if (q) {
			if (c === '"' && s[i + 1] === '"') {
				field += '"';
				i++;
			} else if (c === '"') q = false;
			else field += c;
		} else if (c === '"') q = true;
		else if (c === delimiter) {
			row.push(field);
			field = '';
		} else if (c === '\n' || c === '\r') {
			if (c === '\r' && s[i + 1] === '\n') i++;
			row.push(field);
			rows.push(row);
			row = [];
			field = '';
		} else field += c;
	}
	if (field !== '' || row.length) {
		row.push(field);
		rows.push(row);
	}
	const [head, ...body] = rows.filter((r) => r.length > 1 || r[0] !== '');
	return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

module.exports = { runWorkflow, itemsOf, nodeErrorText, binaryContent, parseCsv, lastMonthOf };
