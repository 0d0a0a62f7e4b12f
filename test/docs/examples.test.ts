/**
 * The example workflows as a newcomer reads them: each one's poll interval is the same in its file,
 * its note and the README; the spreadsheet example routes bad rows to their own branch and its note
 * and the README say what happens to them. (What the demo changes and says: demo-start.test.ts; the
 * examples run in real n8n: the e2e part `examples`.)
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { TABLES } from '../../nodes/ShoppingCenterEventsTrigger/readers/centerChanges/changesState';

const root = path.resolve(__dirname, '..', '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

type Node = {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
	onError?: string;
};
type Workflow = {
	name: string;
	nodes: Node[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
};
const { loadExamples } = require('../../scripts/lib/examples.js') as {
	loadExamples(): Array<{ key: string; workflow: Workflow }>;
};
const { examplePoll } = require('../../scripts/n8n/demo-folder.js') as {
	examplePoll(workflow: Workflow): string | undefined;
};
const examples = loadExamples();

/** The README's bullet of one example (under "Example workflows"), by its file name. */
function bulletOf(file: string): string {
	const section = readme.slice(readme.indexOf('## Example workflows'));
	const start = section.indexOf(`(\`${file}\`)`);
	expect(start).toBeGreaterThan(0);
	const from = section.lastIndexOf('\n- ', start);
	const to = section.indexOf('\n- ', start);
	return section.slice(from, to < 0 ? undefined : to);
}
const noteOf = (wf: Workflow) =>
	String(wf.nodes.find((n) => n.type === 'n8n-nodes-base.stickyNote')?.parameters.content ?? '');
/** Every "every N minutes" / "every minute" a text says. */
const intervals = (text: string) =>
	[...text.matchAll(/every (\d+ minutes|minute)\b/gi)].map((m) => `every ${m[1]}`);

describe('one poll interval per example: its file, its note and the README agree', () => {
	const polling = examples.filter((e) => examplePoll(e.workflow) !== undefined);

	test('the examples with a trigger', () => {
		expect(polling.map((e) => e.key).sort()).toEqual([
			'anomaly-to-slack',
			'center-to-postgres',
			'receipts-to-postgres',
		]);
	});

	test.each(polling.map((e) => [e.key, e]))('%s', (_, { key, workflow }) => {
		const interval = examplePoll(workflow)!;
		expect(interval).toMatch(/^every \d+ minutes$/);
		expect(new Set(intervals(noteOf(workflow)))).toEqual(new Set([interval]));
		const bullet = bulletOf(`${key}.json`);
		expect(new Set(intervals(bullet))).toEqual(new Set([interval]));
	});
});

describe('the spreadsheet example: bad rows on their own branch, said in its note and the README', () => {
	const { workflow } = examples.find((e) => e.key === 'spreadsheet-to-declared-turnover')!;
	const intake = workflow.nodes.find((n) => n.type.endsWith('.shoppingCenterIntake'))!;

	test('the Intake node continues using its error output, which leads to a node of its own', () => {
		expect(intake.onError).toBe('continueErrorOutput');
		const [ok, errors] = workflow.connections[intake.name].main;
		expect(ok.map((c) => c.node)).toEqual(['Stored?']);
		expect(errors.map((c) => c.node)).toEqual(['Rows not stored']);
		expect(workflow.connections['Rows not stored']).toBeUndefined();
	});

	test('with plain Continue an error item is not read back as stored: Stored? sends it to Rows not stored', () => {
		// n8n's other On Error choice, "Continue", puts error items ({ error, … }) on the main output
		const gate = workflow.nodes.find((n) => n.name === 'Stored?')!;
		expect(gate.type).toBe('n8n-nodes-base.if');
		const conditions = (
			gate.parameters.conditions as {
				conditions: Array<{ leftValue: string; operator: { operation: string } }>;
			}
		).conditions;
		expect(conditions.map((c) => [c.leftValue, c.operator.operation])).toEqual([
			['={{ $json.error }}', 'notExists'],
		]);
		const [stored, refused] = workflow.connections['Stored?'].main;
		expect(stored.map((c) => c.node)).toEqual(['Monthly totals']);
		expect(refused.map((c) => c.node)).toEqual(['Rows not stored']);
		// an error item of either path carries no row fields of its own: the row's come from Read rows
		const set = workflow.nodes.find((n) => n.name === 'Rows not stored')!;
		const values = Object.fromEntries(
			(
				set.parameters.assignments as { assignments: Array<{ name: string; value: string }> }
			).assignments.map((a) => [a.name, a.value]),
		);
		for (const field of ['shop_id', 'month', 'turnover'])
			expect(values[field]).toBe(`={{ $('Read rows').item.json.${field} }}`);
	});

	test('its note and the README say what happens to a bad row', () => {
		for (const text of [noteOf(workflow), bulletOf('spreadsheet-to-declared-turnover.json')]) {
			const flat = text.replace(/\s+/g, ' ');
			expect(flat).toMatch(/A bad row is not stored/);
			expect(flat).toMatch(/Continue \(using error output\)/);
			expect(flat).toMatch(/Rows not stored/);
			expect(flat).toMatch(/\[row 3 of 4: /);
			expect(flat).toMatch(/Keep _?\*?Continue \(using error output\)/);
			expect(flat).toMatch(/plain _?\*?Continue\*?_? .*Stored\?.*Rows not stored/);
		}
	});
});

describe('the center example: one upsert per table on the key the trigger emits, deletes applied, its SQL in the note', () => {
	const { workflow } = examples.find((e) => e.key === 'center-to-postgres')!;
	const note = noteOf(workflow);
	type Columns = { value: Record<string, string>; matchingColumns: string[] };
	const upserts = workflow.nodes.filter(
		(n) => n.type === 'n8n-nodes-base.postgres' && n.parameters.operation === 'upsert',
	);

	test('each table: its primary key in the SQL is the upsert’s matching columns, taken from the record’s key; every column it writes is declared', () => {
		expect(upserts).toHaveLength(11);
		for (const node of upserts) {
			const table = (node.parameters.table as { value: string }).value;
			const columns = node.parameters.columns as Columns;
			const ddl = new RegExp(
				`CREATE TABLE IF NOT EXISTS ${table} \\([\\s\\S]*?PRIMARY KEY \\(([^)]*)\\)`,
			).exec(note);
			expect({ table, key: ddl?.[1].split(',').map((c) => c.trim()) }).toEqual({
				table,
				key: columns.matchingColumns,
			});
			for (const key of columns.matchingColumns)
				expect(columns.value[key]).toMatch(new RegExp(`\\$json\\.key\\.${key}\\b`));
			for (const column of Object.keys(columns.value))
				expect({ table, column, declared: new RegExp(`\\n  ${column}\\s`).test(ddl![0]) }).toEqual({
					table,
					column,
					declared: true,
				});
		}
	});

	test('the Table switch sends each table to its upsert and each delete to its Delete node', () => {
		const outputs = workflow.connections['Table'].main.map((o) => o.map((c) => c.node));
		expect(outputs).toEqual([
			['Upsert shops'],
			['Upsert daily sales'],
			['Upsert monthly'],
			['Upsert zones'],
			['Upsert tickets'],
			['Upsert attendance'],
			['Upsert cash registers'],
			['Upsert turnover settings'],
			['Upsert passes'],
			['Upsert anomalies'],
			['Upsert receipts'],
			['Delete shop'],
			['Delete zone'],
			['Delete cash register'],
			['Delete turnover settings'],
		]);
		// the Switch's own expression, evaluated: each record goes where its table and op say
		const expression = String(
			workflow.nodes.find((n) => n.name === 'Table')!.parameters.output,
		).replace(/^=\{\{([\s\S]*)\}\}$/, '$1');
		const route = ($json: object) => vm.runInNewContext(expression, { $json }) as number;
		const to = (table: string, op: string) => outputs[route({ table, op })]?.[0];
		expect(to('shops', 'upsert')).toBe('Upsert shops');
		expect(to('daily_sales', 'upsert')).toBe('Upsert daily sales');
		expect(to('monthly', 'upsert')).toBe('Upsert monthly');
		expect(to('zones', 'upsert')).toBe('Upsert zones');
		expect(to('tickets', 'upsert')).toBe('Upsert tickets');
		expect(to('attendance', 'upsert')).toBe('Upsert attendance');
		expect(to('cash_registers', 'upsert')).toBe('Upsert cash registers');
		expect(to('turnover_settings', 'upsert')).toBe('Upsert turnover settings');
		expect(to('passes', 'upsert')).toBe('Upsert passes');
		expect(to('anomalies', 'upsert')).toBe('Upsert anomalies');
		expect(to('receipts', 'upsert')).toBe('Upsert receipts');
		expect(to('cash_registers', 'delete')).toBe('Delete cash register');
		expect(to('turnover_settings', 'delete')).toBe('Delete turnover settings');
		expect(to('shops', 'delete')).toBe('Delete shop');
		expect(to('zones', 'delete')).toBe('Delete zone');
		const query = (name: string) => workflow.nodes.find((n) => n.name === name)!.parameters.query;
		expect(query('Delete shop')).toBe('DELETE FROM sc_shops WHERE sc_id = $1 AND shop_id = $2');
		expect(query('Delete zone')).toBe('DELETE FROM sc_zones WHERE sc_id = $1 AND zone_id = $2');
		expect(query('Delete cash register')).toBe(
			'DELETE FROM sc_cash_registers WHERE sc_id = $1 AND shop_id = $2 AND register_id = $3',
		);
		expect(query('Delete turnover settings')).toBe(
			'DELETE FROM sc_turnover_settings WHERE sc_id = $1 AND shop_id = $2',
		);
		// the trigger picks the node's default tables (the five run end to end in real n8n: the e2e
		// receipts legs' replica); the Switch routes every table, so adding one in Tables is enough
		const tables = workflow.nodes.find((n) => n.name === 'Center changes')!.parameters.centerTables;
		expect([...(tables as string[])].sort()).toEqual(
			['daily_sales', 'monthly', 'shops', 'tickets', 'zones'].sort(),
		);
		for (const table of TABLES) expect(to(table, 'upsert')).toMatch(/^Upsert /);
	});
});
