'use strict';
/*
 * The receipt-sync row's workflow and table, both from examples/receipts-to-postgres.json:
 * - the table: the DDL of the example's note, plus two bench-only columns the example's writes never set
 *   (`loaded_at` = the moment the row was first written, for the lag; `writes` = how often it was written,
 *   raised by a trigger on every update, so a receipt handed over twice shows);
 * - the poll interval: Custom poll times, one a minute at each of the seconds 0, S, 2S, … (n8n refuses one
 *   expression that polls more often than once a minute: a '*' in the seconds field);
 * - the sink: "upsert" = the example as it is (Postgres → Insert or Update, one statement per row, all in
 *   one transaction); "batch" = the same table written the way an n8n user moves thousands of rows a poll:
 *   Aggregate (all items into one list) → Postgres → Execute Query, ONE insert … on conflict (id) do update
 *   of the whole poll from json_populate_recordset($1), the list (as JSON text) as the query parameter;
 * - the credentials the example needs (also the dayBudget row's, scenarios/day-budget.js).
 */
const assert = require('node:assert/strict');

const COLUMNS = [
	'id',
	'sc_id',
	'shop_id',
	'document_type',
	'operation_type',
	'created_datetime',
	'received_datetime',
	'kkt_reg_id',
	'fiscal_document_number',
	'total_sum',
	'cash_sum',
	'ecash_sum',
	'items_count',
];

function tableDdl(example) {
	const note = example.nodes.find((n) => n.type === 'n8n-nodes-base.stickyNote').parameters.content;
	const m = /```sql\n([\s\S]*?)\n```/.exec(note);
	assert.ok(m, "the example's note holds no ```sql block");
	return `${m[1]}
ALTER TABLE receipts ADD COLUMN loaded_at timestamptz NOT NULL DEFAULT clock_timestamp();
ALTER TABLE receipts ADD COLUMN writes integer NOT NULL DEFAULT 1;
CREATE FUNCTION receipts_rewritten() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.writes := OLD.writes + 1; NEW.loaded_at := OLD.loaded_at; RETURN NEW; END $$;
CREATE TRIGGER receipts_rewritten BEFORE UPDATE ON receipts FOR EACH ROW EXECUTE FUNCTION receipts_rewritten();`;
}

const BATCH_SQL = `INSERT INTO receipts (${COLUMNS.join(', ')})
SELECT ${COLUMNS.join(', ')} FROM json_populate_recordset(NULL::receipts, $1::json)
ON CONFLICT (id) DO UPDATE SET ${COLUMNS.slice(1)
	.map((c) => `${c} = EXCLUDED.${c}`)
	.join(', ')}`;

/** The example with the bench's poll interval and sink. */
function syncWorkflow(example, { pollSeconds, sink }) {
	if (60 % pollSeconds !== 0) throw new Error('the poll interval must divide a minute');
	const wf = JSON.parse(JSON.stringify(example));
	const trigger = wf.nodes.find((n) => n.name === 'New receipt');
	trigger.parameters.pollTimes = {
		item: Array.from({ length: 60 / pollSeconds }, (_, i) => ({
			mode: 'custom',
			cronExpression: `${i * pollSeconds} * * * * *`,
		})),
	};
	if (sink === 'upsert') return wf;
	if (sink !== 'batch') throw new Error(`unknown sink ${sink} (upsert, batch)`);
	const upsert = wf.nodes.find((n) => n.name === 'Upsert receipts');
	wf.nodes.push({
		id: 'b2b2b2b2-0000-4000-8000-0000000000a1',
		name: 'All receipts of the poll',
		type: 'n8n-nodes-base.aggregate',
		typeVersion: 1,
		position: [130, 0],
		parameters: { aggregate: 'aggregateAllItemData', destinationFieldName: 'receipts' },
	});
	upsert.parameters = {
		operation: 'executeQuery',
		query: BATCH_SQL,
		// a string: n8n's Postgres node takes an expression that gives an array as the list of parameters
		options: { queryReplacement: '={{ JSON.stringify($json.receipts) }}' },
	};
	upsert.position = [390, 0];
	wf.connections = {
		'New receipt': { main: [[{ node: 'All receipts of the poll', type: 'main', index: 0 }]] },
		'All receipts of the poll': { main: [[{ node: 'Upsert receipts', type: 'main', index: 0 }]] },
	};
	return wf;
}

/** The example's two credentials in `n8n`: the center's API key (named `name`) and the warehouse. */
async function exampleCredentials(n8n, { name, baseUrl, clientId, clientSecret, pg }) {
	return {
		shoppingCenterApi: await n8n.api.createCredential({
			name,
			type: 'shoppingCenterApi',
			data: { baseUrl, clientId, clientSecret, allowInsecure: true },
		}),
		postgres: await n8n.api.createCredential({
			name: 'Warehouse',
			type: 'postgres',
			data: pg.credential,
		}),
	};
}

module.exports = { syncWorkflow, tableDdl, exampleCredentials, COLUMNS, BATCH_SQL };
