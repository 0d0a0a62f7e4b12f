/**
 * The nodes as AI tools, through the n8n-core harness against the sandbox: run as n8n's "…Tool" variant
 * (test/harness/tool.ts), Simplify is on by default (off in a workflow, on when chosen), an answer stays
 * under 20,000 characters with a last item saying that more exist (how many at least, how to get the
 * rest), the Limit is kept, errors name the field and the allowed values; the tool descriptions say
 * what a model needs; examples/mcp-server.json carries them.
 */
/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- development tooling (tests, sandbox, bench), not shipped: it runs in plain Node, not inside n8n */
import { asTool } from '../harness';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { INodeParameters, INodeType } from 'n8n-workflow';
import { ShoppingCenterPortal } from '../../nodes/ShoppingCenterPortal/ShoppingCenterPortal.node';
import { ShoppingCenterReceipts } from '../../nodes/ShoppingCenterReceipts/ShoppingCenterReceipts.node';
import { ShoppingCenterRevenue } from '../../nodes/ShoppingCenterRevenue/ShoppingCenterRevenue.node';
import { TOOL_MAX_CHARS } from '../../nodes/shared/tool/answer';
import { TOOL_PAGE } from '../../nodes/shared/tool/mode';
import type { Sandbox } from '../../sandbox';
import { locator, NOW, run, startTestSandbox, type Run } from '../helpers/action-run';
import type { FieldSet } from '../../nodes/shared/actions';
import { ticketsByCreated, passesByCreated } from '../helpers/read-params';

const { SIMPLE_FIELDS, TOOL_DESCRIPTIONS } = (
	require('../../scripts/lib/tool-descriptions.js') as {
		toolTables(options: { source: boolean }): {
			TOOL_DESCRIPTIONS: Record<string, string>;
			SIMPLE_FIELDS: Record<string, FieldSet>;
		};
	}
).toolTables({ source: true });

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => {
	await sb.close();
});

const receipts = new ShoppingCenterReceipts();
const receiptsTool = asTool(receipts);
const RECEIPTS: INodeParameters = {
	resource: 'receipt',
	operation: 'export',
	center: locator('1002'),
	shop: locator('1002-02'),
	periodBy: 'created',
	createdStartDate: '2026-11-17',
	createdEndDate: '2026-11-19',
};
const simpleKeys = (key: string) => SIMPLE_FIELDS[key].map(([name]) => name);
const note = (r: Run) => r.json.find((row) => row.more_records === true);
const records = (r: Run) => r.json.filter((row) => row.more_records !== true);
const answerChars = (r: Run) => JSON.stringify(r.json).length;

function truthCount(start = '2026-11-17', end = '2026-11-19'): number {
	return sb.store.truth(
		'receipts',
		{ sc_id: '1002', shop_id: '1002-02', start_created_date: start, end_created_date: end },
		new Date(NOW),
	).count;
}

describe('as a tool', () => {
	test('Receipts: simplified by default, the Limit kept, a note says more exist and how to get them', async () => {
		const r = await run(sb, receiptsTool, { ...RECEIPTS, limit: 20 });
		expect(r.error).toBeUndefined();
		expect(r.node.type).toBe('n8n-nodes-shopping-center.shoppingCenterReceiptsTool');
		expect(truthCount()).toBeGreaterThan(21);
		const rows = records(r);
		expect(rows).toHaveLength(20);
		for (const row of rows)
			expect(Object.keys(row).filter((k) => !simpleKeys('receipt.export').includes(k))).toEqual([]);
		expect(rows[0]).toHaveProperty('total_sum');
		expect(rows[0]).not.toHaveProperty('nds_20_sum');
		const more = note(r)!;
		expect(more).toMatchObject({
			more_records: true,
			shown: 20,
			offset: 0,
			next_offset: 20,
			at_least: 21,
		});
		expect(more.note).toBe(
			'Receipts 1–20 of at least 21 are shown. To get the rest, call again with the same arguments and offset 20: the next receipts, none repeated, none skipped.',
		);
	});

	test('Receipts: everything shown when it fits (no note)', async () => {
		const all = truthCount('2026-11-19', '2026-11-19');
		const r = await run(sb, receiptsTool, {
			...RECEIPTS,
			createdStartDate: '2026-11-19',
			limit: all,
		});
		expect(records(r)).toHaveLength(all);
		expect(note(r)).toBeUndefined();
		expect(answerChars(r)).toBeLessThan(TOOL_MAX_CHARS);
	});

	test('Receipts with Return All and Simplify off: cut under 20,000 characters; only one answer is fetched', async () => {
		const r = await run(sb, receiptsTool, { ...RECEIPTS, returnAll: true, simplify: false });
		const rows = records(r);
		expect(rows[0]).toHaveProperty('nds_20_sum');
		expect(answerChars(r)).toBeLessThan(TOOL_MAX_CHARS);
		expect(rows.length).toBeLessThan(TOOL_PAGE);
		expect(truthCount()).toBeGreaterThan(TOOL_PAGE + 1);
		// fetched: one answer's worth (TOOL_PAGE) and the one record proving more exist
		expect(note(r)).toMatchObject({
			shown: rows.length,
			next_offset: rows.length,
			at_least: TOOL_PAGE + 1,
		});
	});

	test('Tickets: newest first, so the note says to ask again with an earlier End Date', async () => {
		const r = await run(
			sb,
			asTool(new ShoppingCenterPortal()),
			ticketsByCreated(locator('1002'), '2026-01-01', '2026-11-20', { limit: 5 }),
		);
		expect(records(r)).toHaveLength(5);
		expect(Object.keys(records(r)[0])).toEqual(
			expect.arrayContaining(['ticket_uid', 'title', 'status', 'created_at']),
		);
		expect(records(r)[0]).not.toHaveProperty('custom_fields');
		expect(note(r)).toMatchObject({ shown: 5, next_offset: 5 });
		expect(note(r)!.note).toMatch(
			/^Tickets 1–5 \(newest first\) of at least 6 are shown\. .* offset 5:/,
		);
	});

	const BAD_DAILY: INodeParameters = {
		resource: 'dailySalesAggregate',
		operation: 'getMany',
		center: locator('1002'),
		shop: locator('1002-01'),
		startDate: '2026-13-45',
		endDate: '2026-11-19',
	};
	test('Daily Sales Aggregate: a bad date is an error answer naming the field and the format', async () => {
		const r = await run(sb, asTool(new ShoppingCenterRevenue()), BAD_DAILY);
		// as a tool the error is the answer (a model reads it), not a failed execution
		expect(r.error).toBeUndefined();
		expect(r.json).toHaveLength(1);
		expect(r.json[0].error).toMatch(/^Start Date: "2026-13-45" is not a valid date \(YYYY-MM-DD\)/);
		expect(r.requests).toHaveLength(0);
		// in a workflow the same input fails the node
		const plain = await run(sb, new ShoppingCenterRevenue(), BAD_DAILY);
		expect(plain.error?.message).toMatch(/^Start Date: "2026-13-45" is not a valid date/);
	});

	test('Tickets: an unknown Select By is an error listing the allowed values', async () => {
		const r = await run(sb, asTool(new ShoppingCenterPortal()), {
			resource: 'ticket',
			operation: 'getMany',
			center: locator('1002'),
			selectBy: 'yesterday',
		});
		expect(r.json[0].error).toMatch(
			/^Select By: "yesterday" is not one of createdPeriod, activePeriod, ticketNumbers/,
		);
	});
});

describe('Simplify of passes and daily sales', () => {
	test('Passes as a tool: flat vehicle and author fields, tags by name', async () => {
		const r = await run(
			sb,
			asTool(new ShoppingCenterPortal()),
			passesByCreated(locator('1002'), '2026-01-01', '2026-11-20', { limit: 10 }),
		);
		const rows = records(r);
		expect(rows.length).toBeGreaterThan(0);
		for (const row of rows)
			expect(Object.keys(row).filter((k) => !simpleKeys('pass.getMany').includes(k))).toEqual([]);
		expect(rows.some((p) => typeof p.vehicle_plate === 'string')).toBe(true);
		expect(rows.every((p) => !('vehicle' in p) && !('author' in p))).toBe(true);
	});

	test('Daily Sales Aggregate as a tool: the dozen fields, kopecks as the API gave them', async () => {
		const params = {
			resource: 'dailySalesAggregate',
			operation: 'getMany',
			center: locator('1002'),
			shop: locator('1002-01'),
			startDate: '2026-11-01',
			endDate: '2026-11-10',
		};
		const tool = await run(sb, asTool(new ShoppingCenterRevenue()), params);
		const plain = await run(sb, new ShoppingCenterRevenue(), params);
		expect(records(tool)).toHaveLength(10);
		expect(plain.json[0]).toHaveProperty('refund_nds_20_sum');
		expect(records(tool)[0]).not.toHaveProperty('refund_nds_20_sum');
		expect(records(tool).map((d) => [d.date, d.income_sum])).toEqual(
			plain.json.map((d) => [d.date, d.income_sum]),
		);
	});

	test('Receipts: an unknown Period By names the values to give', async () => {
		const r = await run(sb, receiptsTool, { ...RECEIPTS, periodBy: 'printed' });
		expect(r.json[0].error).toMatch(
			/^Period By: "printed" is not one of created, received, both \(Creation Date, Reception Date, Both\)/,
		);
	});
});

describe('in a workflow (not a tool)', () => {
	test('Receipts: full records, exactly the Limit, no note; Simplify when chosen', async () => {
		const r = await run(sb, receipts as INodeType, { ...RECEIPTS, limit: 20 });
		expect(r.json).toHaveLength(20);
		expect(r.json[0]).toHaveProperty('nds_20_sum');
		expect(note(r)).toBeUndefined();
		const s = await run(sb, receipts, { ...RECEIPTS, limit: 20, simplify: true });
		expect(Object.keys(s.json[0])).toEqual(
			simpleKeys('receipt.export').filter((k) => k in s.json[0]),
		);
		expect(s.json.map((x) => x.id)).toEqual(r.json.map((x) => x.id));
	});
});

describe('tool descriptions', () => {
	test.each(Object.entries(TOOL_DESCRIPTIONS))('%s says what a model needs', (key, text) => {
		expect(text.length).toBeGreaterThan(150);
		if (!key.startsWith('shoppingCenter.center')) expect(text).toMatch(/center_id .*sc_id/);
		if (/Revenue|Receipts|Intake/.test(key)) expect(text).toMatch(/kopecks/);
		if (/getMany|export/.test(key) && !/center\.|shop\./.test(key))
			expect(text).toMatch(/YYYY-MM-DD/);
		if (/anomaly|ticket|pass/.test(key)) expect(text).toMatch(/newest first/);
		if (/Receipts|Anomalies/.test(key)) expect(text).toMatch(/PRO centers only/);
	});

	test('examples/mcp-server.json: every tool carries its description, parameters by $fromAI', () => {
		const file = path.join(__dirname, '..', '..', 'examples', 'mcp-server.json');
		const wf = JSON.parse(fs.readFileSync(file, 'utf8')) as {
			nodes: Array<{ type: string; parameters: Record<string, unknown> }>;
		};
		const tools = wf.nodes.filter((n) => n.type.startsWith('n8n-nodes-shopping-center.'));
		expect(tools).toHaveLength(7);
		for (const n of tools) {
			const type = n.type.replace('n8n-nodes-shopping-center.', '').replace(/Tool$/, '');
			const key = `${type}.${String(n.parameters.resource)}.${String(n.parameters.operation)}`;
			expect(n.parameters.descriptionType).toBe('manual');
			expect(n.parameters.toolDescription).toBe(TOOL_DESCRIPTIONS[key]);
		}
		expect(JSON.stringify(tools)).toMatch(/\$fromAI\('center_id'/);
	});
});
