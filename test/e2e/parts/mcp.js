'use strict';
/*
 * e2e part `mcp`: examples/mcp-server.json (n8n's MCP Server Trigger + the package's nodes as tools,
 * parameters filled by the model with $fromAI) activated in the running n8n; a real MCP client
 * (@modelcontextprotocol/sdk, Streamable HTTP) lists the tools (names, descriptions, JSON schemas),
 * calls each and compares the answers with the sandbox's true sets; a bad argument gives a readable
 * error result (and the session goes on); the declared-turnover tool writes its value once.
 * The listing the client saw is written to test/e2e/results/mcp-tools.json (quoted in the README).
 */
const fs = require('node:fs');
const path = require('node:path');
const assert = require('node:assert/strict');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const {
	StreamableHTTPClientTransport,
} = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { bindExample } = require('../../../scripts/lib/examples');
const { toolTables } = require('../../../scripts/lib/tool-descriptions');
const { day, lastMonth, PRO } = require('../lib/operations');

const RESULTS = path.join(__dirname, '..', 'results');
const TOOL_MAX_CHARS = 20000;

/** From the built package: the model-facing texts (what the example must carry), the Simplify sets. */
function fromPackage(packageDir) {
	const { TOOL_DESCRIPTIONS, SIMPLE_FIELDS } = toolTables({ packageDir });
	return {
		descriptions: TOOL_DESCRIPTIONS,
		simpleReceipt: SIMPLE_FIELDS['receipt.export'].map(([name]) => name),
	};
}

/** A tool result's records (the text content is the JSON of the items n8n returned). */
function recordsOf(result) {
	assert.ok(!result.isError, `tool error: ${JSON.stringify(result.content).slice(0, 600)}`);
	const text = result.content.map((c) => c.text).join('');
	assert.ok(text.length < TOOL_MAX_CHARS + 1000, `answer of ${text.length} characters`);
	const rows = JSON.parse(text);
	assert.ok(Array.isArray(rows), text.slice(0, 300));
	const more = rows.find((r) => r.more_records === true);
	return { rows: rows.filter((r) => r.more_records !== true), more, chars: text.length };
}

/** The listed ids equal the truth, or (with a more_records note) are the first of it. */
function assertAgainstTruth(label, ids, more, truth) {
	if (!more) {
		assert.deepEqual([...ids].sort(), truth.ids.map(String).sort(), `${label}: ids differ`);
		return;
	}
	assert.ok(truth.count > ids.length, `${label}: a note although all ${truth.count} are shown`);
	assert.ok(more.at_least > ids.length && more.at_least <= truth.count, JSON.stringify(more));
	for (const id of ids) assert.ok(truth.ids.map(String).includes(id), `${label}: ${id} not true`);
	assert.match(more.note, /To get the rest, call again with the same arguments and offset \d+/);
}

module.exports = async function mcpPart({ n8n, sb, step, credentials, examples, packageDir }) {
	const { descriptions, simpleReceipt } = fromPackage(packageDir);
	const wf = await step(
		'import and activate examples/mcp-server.json (MCP Server Trigger + 7 tools)',
		async () => {
			const created = await n8n.api.importWorkflow(
				bindExample(examples['mcp-server'].workflow, { credentials }),
			);
			await n8n.api.activate(created.id);
			return created;
		},
	);
	if (!wf) return;

	const client = new Client({ name: 'e2e-mcp-client', version: '1.0.0' });
	const url = new URL(`${n8n.url}/mcp/shopping-center`);
	const connected = await step(
		`MCP client connects (Streamable HTTP, ${url.pathname})`,
		async () => {
			// n8n registers an activated workflow's webhooks a moment after activate answers
			let last;
			for (let i = 0; i < 20; i++) {
				try {
					await client.connect(new StreamableHTTPClientTransport(url));
					return true;
				} catch (e) {
					last = e;
					await new Promise((r) => setTimeout(r, 500));
				}
			}
			throw last;
		},
	);
	if (!connected) return;
	const call = (name, args) => client.callTool({ name, arguments: args });
	// [description key, required parameters, optional ones (with a default: offset, 0 at first)]
	const expected = {
		List_Centers: ['shoppingCenter.center.getMany', []],
		List_Shops: ['shoppingCenter.shop.getMany', ['center_id'], ['offset']],
		Daily_Sales: [
			'shoppingCenterRevenue.dailySalesAggregate.getMany',
			['center_id', 'shop_id', 'start_date', 'end_date'],
			['offset'],
		],
		Receipts: [
			'shoppingCenterReceipts.receipt.export',
			['center_id', 'shop_id', 'start_date', 'end_date'],
			['offset'],
		],
		Anomalies: [
			'shoppingCenterAnomalies.anomaly.getMany',
			['center_id', 'start_date', 'end_date'],
			['offset'],
		],
		Tickets: [
			'shoppingCenterPortal.ticket.getMany',
			['center_id', 'start_date', 'end_date'],
			['offset'],
		],
		Declare_Turnover: [
			'shoppingCenterIntake.declaredTurnover.submit',
			['center_id', 'shop_id', 'month', 'turnover'],
		],
	};

	try {
		await step(
			'tools/list: 7 tools, each with its description for a model and a JSON schema of what the model fills',
			async () => {
				const { tools } = await client.listTools();
				fs.mkdirSync(RESULTS, { recursive: true });
				fs.writeFileSync(
					path.join(RESULTS, 'mcp-tools.json'),
					`${JSON.stringify(tools, null, 2)}\n`,
				);
				assert.deepEqual(tools.map((t) => t.name).sort(), Object.keys(expected).sort());
				for (const tool of tools) {
					const [key, props, optional = []] = expected[tool.name];
					assert.equal(tool.description, descriptions[key], `${tool.name}: description`);
					const schema = tool.inputSchema;
					assert.equal(schema.type, 'object');
					assert.deepEqual(
						Object.keys(schema.properties || {}).sort(),
						[...props, ...optional].sort(),
						tool.name,
					);
					assert.deepEqual([...(schema.required || [])].sort(), [...props].sort(), tool.name);
					for (const p of [...props, ...optional]) {
						const s = schema.properties[p];
						const numeric = p === 'turnover' || p === 'offset';
						assert.equal(s.type, numeric ? 'number' : 'string', `${tool.name}.${p}`);
						if (p === 'offset') assert.equal(s.default, 0, `${tool.name}.offset: default`);
						assert.ok(s.description && s.description.length > 10, `${tool.name}.${p}: description`);
						if (/date|month/.test(p)) assert.match(s.description, /YYYY-MM-DD/);
					}
				}
				console.log(`       ${tools.map((t) => t.name).join(', ')}`);
			},
		);

		await step('List_Centers → the 4 centers of the key', async () => {
			const { rows } = recordsOf(await call('List_Centers', {}));
			assert.deepEqual(rows.map((c) => String(c.id)).sort(), ['1001', '1002', '1003', '1004']);
		});

		await step('List_Shops {center_id: "1002"} → the 11 shops that are not archived', async () => {
			const { rows } = recordsOf(await call('List_Shops', { center_id: PRO }));
			assert.equal(rows.length, 11);
			assert.ok(rows.every((s) => s.is_archived === false));
		});

		await step(
			'Daily_Sales (10 days of 1002-01) → dates and Σ income = the sandbox truth, simplified',
			async () => {
				const q = { center_id: PRO, shop_id: '1002-01', start_date: day(-10), end_date: day(-1) };
				const { rows } = recordsOf(await call('Daily_Sales', q));
				const truth = await sb.control.truth('daily', {
					sc_id: PRO,
					shop_id: '1002-01',
					start_date: q.start_date,
					end_date: q.end_date,
				});
				assert.deepEqual(
					rows.map((r) => r.date),
					truth.ids,
				);
				assert.equal(
					rows.reduce((s, r) => s + r.income_sum, 0),
					truth.sum,
				);
				assert.ok(
					!('nds_20_sum' in rows[0]) && 'income_sum' in rows[0],
					Object.keys(rows[0]).join(),
				);
			},
		);

		await step(
			'Receipts (3 days of 1002-02) → the first receipts of the truth, simplified; more_records with how to get the rest',
			async () => {
				const q = { center_id: PRO, shop_id: '1002-02', start_date: day(-3), end_date: day(-1) };
				const { rows, more, chars } = recordsOf(await call('Receipts', q));
				const truth = await sb.control.truth('receipts', {
					sc_id: PRO,
					shop_id: '1002-02',
					start_created_date: q.start_date,
					end_created_date: q.end_date,
				});
				assert.ok(
					truth.count > 50,
					`the sandbox has ${truth.count} receipts: the test needs more than 50`,
				);
				assert.ok(more, 'no more_records note');
				assert.equal(more.at_least, 51);
				assertAgainstTruth(
					'Receipts',
					rows.map((r) => r.id),
					more,
					truth,
				);
				for (const r of rows)
					assert.deepEqual(
						Object.keys(r).filter((k) => !simpleReceipt.includes(k)),
						[],
					);
				console.log(
					`       ${rows.length} of ${truth.count} receipts shown (${chars} characters): "${more.note}"`,
				);
				// following the notes: the same call with offset = next_offset, until no note
				const ids = rows.map((r) => String(r.id));
				let next = more;
				let calls = 1;
				while (next) {
					const page = recordsOf(await call('Receipts', { ...q, offset: next.next_offset }));
					assert.equal(page.more ? page.more.offset : next.next_offset, next.next_offset);
					ids.push(...page.rows.map((r) => String(r.id)));
					next = page.more;
					assert.ok(++calls < 50, 'more than 50 answers');
				}
				assert.equal(new Set(ids).size, ids.length, 'a receipt twice');
				assert.deepEqual([...ids].sort(), truth.ids.map(String).sort(), 'not the true set');
				console.log(`       following next_offset: all ${ids.length} receipts in ${calls} answers`);
			},
		);

		/** A center list of a period through its tool = the sandbox's truth (or its first records, with a note). */
		const periodList = (tool, kind, days, idOf, check) =>
			step(`${tool} (${days} days of 1002) → the sandbox truth (newest first)`, async () => {
				const q = { center_id: PRO, start_date: day(-days), end_date: day(0) };
				const { rows, more } = recordsOf(await call(tool, q));
				const truth = await sb.control.truth(kind, {
					sc_id: PRO,
					start_date: q.start_date,
					end_date: q.end_date,
				});
				assert.ok(truth.count > 0);
				assertAgainstTruth(tool, rows.map(idOf), more, truth);
				if (check) check(rows);
			});
		await periodList('Anomalies', 'anomalies', 60, (a) => String(a.id));
		await periodList(
			'Tickets',
			'tickets',
			30,
			(t) => String(t.ticket_uid),
			(rows) =>
				// simplified: no custom fields or comments, the title and a flat shop name
				assert.ok(!('custom_fields' in rows[0]) && 'title' in rows[0], Object.keys(rows[0]).join()),
		);

		await step(
			'a bad argument (start_date "2025-13-45") → an error answer naming the field and the format, no request spent; a Basic center for receipts → PRO named; the session goes on',
			async () => {
				// the answer is one item { error } a model reads and corrects (not a failed call)
				const errorOf = async (tool, args) => {
					const { rows } = recordsOf(await call(tool, args));
					assert.equal(rows.length, 1, JSON.stringify(rows).slice(0, 300));
					assert.equal(typeof rows[0].error, 'string', JSON.stringify(rows[0]));
					return rows[0].error;
				};
				const since = await sb.control.lastSeq();
				const bad = await errorOf('Daily_Sales', {
					center_id: PRO,
					shop_id: '1002-01',
					start_date: '2025-13-45',
					end_date: day(-1),
				});
				assert.match(bad, /^Start Date: "2025-13-45" is not a valid date \(YYYY-MM-DD\)/);
				const spent = (await sb.control.log({ since })).filter((e) => e.route === 'sales.daily');
				assert.equal(spent.length, 0, 'a request was spent on a bad date');
				console.log(`       error answer: "${bad}"`);
				const basic = await errorOf('Receipts', {
					center_id: '1001',
					shop_id: '1001-01',
					start_date: day(-3),
					end_date: day(-1),
				});
				assert.match(basic, /PRO/);
				console.log(`       error answer: "${basic}"`);
				const { rows } = recordsOf(await call('List_Centers', {}));
				assert.equal(rows.length, 4, 'the session works after the errors');
			},
		);

		await step(
			'Declare_Turnover (1002-05, last month, 1234550 kopecks) → stored once, value as sent',
			async () => {
				const month = `${lastMonth()}-15`;
				const since = await sb.control.lastSeq();
				const { rows } = recordsOf(
					await call('Declare_Turnover', {
						center_id: PRO,
						shop_id: '1002-05',
						month,
						turnover: 1234550,
					}),
				);
				assert.equal(rows.length, 1);
				assert.equal(rows[0].manual_turnover, 1234550);
				const posts = (await sb.control.log({ since })).filter(
					(e) => e.route === 'turnover.declare',
				);
				assert.equal(posts.length, 1, `${posts.length} POST …/turnover`);
				const { declaredTurnover } = await sb.control.intake();
				const mine = declaredTurnover.filter((d) => JSON.stringify(d).includes('1002-05'));
				assert.equal(mine.length, 1, JSON.stringify(mine));
				assert.ok(JSON.stringify(mine[0]).includes('1234550'), JSON.stringify(mine[0]));
			},
		);
	} finally {
		await client.close().catch(() => {});
		await n8n.api.deactivate(wf.id).catch(() => {});
	}
};
