'use strict';
/*
 * e2e part `fileExport`: Receipt → Export with Output "One File" in a real n8n: every shop of center
 * 1002 over three days into one CSV (semicolon, BOM). The file, fetched back from n8n, holds exactly
 * the sandbox's true set (ids, Σ total_sum), every row with its shop; the summary item agrees.
 */
const assert = require('node:assert/strict');
const { runWorkflow, nodeErrorText, binaryContent, parseCsv } = require('../lib/workflows');
const { PRO, PKG } = require('../lib/operations');

const START = '2025-03-01';
const END = '2025-03-03';

function workflow(credentialId) {
	return {
		name: 'e2e file export',
		nodes: [
			{
				id: 'fx-start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'fx-export',
				name: 'Export',
				type: `${PKG}shoppingCenterReceipts`,
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					resource: 'receipt',
					operation: 'export',
					center: { __rl: true, mode: 'id', value: PRO },
					shopScope: 'all',
					periodBy: 'created',
					createdStartDate: START,
					createdEndDate: END,
					returnAll: true,
					output: 'file',
					fileFormat: 'csv',
					fileOptions: { delimiter: ';', bom: true, fileName: 'receipts.csv' },
				},
				credentials: {
					shoppingCenterApi: { id: String(credentialId), name: 'Shopping Center API' },
				},
			},
		],
		connections: { Start: { main: [[{ node: 'Export', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

module.exports = async function fileExportPart({ n8n, sb, step, cred }) {
	await step(
		'Receipt → Export, all shops of 1002, Output "One File" (CSV ;, BOM) = the sandbox truth',
		async () => {
			const { ex, log } = await runWorkflow(n8n, sb, workflow(cred.id));
			assert.equal(ex.status, 'success', nodeErrorText(ex, 'Export'));
			const out = ex.runData.Export.at(-1).data.main[0];
			assert.equal(out.length, 1, 'one item: the file and its summary');
			const { json, binary } = out[0];
			assert.equal(binary.data.mimeType, 'text/csv');
			assert.equal(binary.data.fileName, 'receipts.csv');
			const text = (await binaryContent(n8n, binary.data)).toString('utf8');
			assert.ok(text.startsWith('\uFEFF'), 'the file starts with a BOM');
			const rows = parseCsv(text, ';');
			const truth = await sb.control.truth('receipts', {
				sc_id: PRO,
				start_created_date: START,
				end_created_date: END,
			});
			assert.equal(rows.length, truth.count);
			assert.deepEqual(rows.map((r) => r.id).sort(), [...truth.ids].sort());
			assert.equal(
				rows.reduce((s, r) => s + Number(r.total_sum), 0),
				truth.sum,
			);
			for (const r of rows) assert.ok(r.id.startsWith(`${r.shop_id}-`), `${r.id} in ${r.shop_id}`);
			const receiptCalls = log.filter((e) => e.route === 'receipts');
			assert.equal(json.records, truth.count);
			assert.equal(json.sumsInKopecks.total_sum, truth.sum);
			assert.equal(json.requests, receiptCalls.length + 1, 'the receipt pages + the shop list');
			assert.equal(log.filter((e) => e.route === 'shops').length, 1);
		},
	);
};
