'use strict';
/*
 * e2e part `examples`: examples/*.json as shipped (credentials bound), their effects checked in the
 * sandbox and in the execution output (the CSV file's content too).
 */
const fs = require('node:fs');
const path = require('node:path');
const assert = require('node:assert/strict');
const { bindExample, DATA_DIR } = require('../../../scripts/lib/examples');
const { PRO } = require('../lib/operations');
const {
	runWorkflow,
	itemsOf,
	nodeErrorText,
	binaryContent,
	parseCsv,
	lastMonthOf,
} = require('../lib/workflows');

module.exports = async function examplesPart({ n8n, sb, step, credentials, examples }) {
	await step(
		'examples/: the seven example workflows are there (mcp-server runs in the part mcp, receipts-to-postgres and center-to-postgres (beside it) in npm run e2e:receipts; center-to-postgres also checked by test/docs/examples.test.ts)',
		() => {
			assert.deepEqual(Object.keys(examples).sort(), [
				'anomaly-to-slack',
				'center-to-postgres',
				'counter-upload',
				'mcp-server',
				'receipts-to-postgres',
				'revenue-export',
				'spreadsheet-to-declared-turnover',
			]);
		},
	);

	await step(
		'example "revenue export": a year of daily sales of every shop of 1002 → one CSV = the sandbox truth',
		async () => {
			const { ex, log } = await runWorkflow(
				n8n,
				sb,
				bindExample(examples['revenue-export'].workflow, { credentials }),
			);
			assert.equal(ex.status, 'success', nodeErrorText(ex, ex.lastNodeExecuted));
			const shops = itemsOf(ex)('Shops');
			assert.equal(shops.length, 11, 'Mega PRO has 11 shops that are not archived');
			assert.equal(itemsOf(ex)('CSV file').length, 1, 'one file');
			const binary = ex.runData['CSV file'].at(-1).data.main[0][0].binary.data;
			assert.equal(binary.mimeType, 'text/csv');
			// named by what it holds (the center's shops, the period read), not by the day it ran
			const named =
				/^daily-sales-1002-all-shops-(\d{4}-\d{2}-\d{2})-(\d{4}-\d{2}-\d{2})\.csv$/.exec(
					binary.fileName,
				);
			assert.ok(named, `file name ${binary.fileName}`);
			assert.equal((Date.parse(named[2]) - Date.parse(named[1])) / 86400000, 364, binary.fileName);
			const rows = parseCsv((await binaryContent(n8n, binary)).toString('utf8'));
			assert.deepEqual(Object.keys(rows[0]), [
				'shop_id',
				'shop_name',
				'date',
				'receipts',
				'income_rub',
				'refund_rub',
				'turnover_rub',
			]);
			const byShop = new Map();
			for (const r of rows) byShop.set(r.shop_id, [...(byShop.get(r.shop_id) || []), r]);
			assert.deepEqual([...byShop.keys()].sort(), shops.map((s) => s.id).sort());
			for (const [shop, list] of byShop) {
				const dates = list.map((r) => r.date);
				const first = dates[0];
				const last = dates[dates.length - 1];
				assert.equal(
					(Date.parse(last) - Date.parse(first)) / 86400e3,
					364,
					`${shop}: ${first}..${last} is not 365 days`,
				);
				const truth = await sb.control.truth('daily', {
					sc_id: PRO,
					shop_id: shop,
					start_date: first,
					end_date: last,
				});
				assert.deepEqual(dates, truth.ids, `${shop}: dates differ from the truth`);
				const kopecks = list.reduce((s, r) => s + Math.round(Number(r.income_rub) * 100), 0);
				assert.equal(kopecks, truth.sum, `${shop}: Σ income differs from the truth`);
			}
			const daily = log.filter((e) => e.route === 'sales.daily');
			assert.equal(
				daily.length,
				11,
				`PRO: one 366-day window per shop, saw ${daily.length} requests`,
			);
			assert.ok(daily.every((e) => e.status === 200));
			console.log(`       ${rows.length} CSV rows, ${byShop.size} shops`);
		},
	);

	await step(
		'example "spreadsheet → declared turnover": rubles with decimal commas → kopecks stored; Monthly Totals shows manual_turnover',
		async () => {
			const { ex, log } = await runWorkflow(
				n8n,
				sb,
				bindExample(examples['spreadsheet-to-declared-turnover'].workflow, { credentials }),
			);
			assert.equal(ex.status, 'success', nodeErrorText(ex, ex.lastNodeExecuted));
			// the month the workflow declared ("last month" in n8n's time zone; may differ from UTC's for a few hours)
			const { month } = itemsOf(ex)('Tenant spreadsheet')[0];
			assert.equal(month, lastMonthOf(month));
			const expected = { '1002-02': 125430050, '1002-03': 98765432, '1002-04': 241000000 };
			const declared = itemsOf(ex)('Declare turnover');
			assert.deepEqual(
				Object.fromEntries(declared.map((d) => [d.shop_id, d.manual_turnover])),
				expected,
			);
			assert.equal(log.filter((e) => e.route === 'turnover.declare' && e.status === 200).length, 3);
			const { declaredTurnover } = await sb.control.intake();
			for (const [shop, kopecks] of Object.entries(expected)) {
				const rec = declaredTurnover.find(
					(d) => JSON.stringify(d).includes(`"${shop}"`) && JSON.stringify(d).includes(month),
				);
				assert.ok(
					rec && JSON.stringify(rec).includes(String(kopecks)),
					`sandbox has no ${kopecks} for ${shop} ${month}: ${JSON.stringify(declaredTurnover).slice(0, 600)}`,
				);
			}
			const monthly = itemsOf(ex)('Monthly totals');
			assert.equal(monthly.length, 3);
			monthly.forEach((m, i) => {
				assert.equal(m.date, month);
				assert.equal(m.is_manual, true);
				assert.equal(m.manual_turnover, Object.values(expected)[i]);
			});
			assert.equal(monthly[2].visitors, 15230, 'declared visitors should replace counted ones');
			assert.equal(ex.output('Rows not stored'), undefined, 'no row should be on the error output');
		},
	);

	// the two bad rows under each of n8n's On Error choices: the example's error output, and plain
	// "Continue" (error items on the main output, where Stored? must send them to Rows not stored)
	for (const onError of ['continueErrorOutput', 'continueRegularOutput']) {
		await step(
			`example "spreadsheet → declared turnover" with two bad rows, On Error ${onError}: the good rows stored and read back, each bad row in Rows not stored with its row`,
			async () => {
				const wf = bindExample(examples['spreadsheet-to-declared-turnover'].workflow, {
					credentials,
					// a typo in an amount (refused before any request) and a shop not in the center (the API's 404)
					patch: (node) => {
						if (node.name === 'Declare turnover') node.onError = onError;
						if (node.name !== 'Tenant spreadsheet') return;
						const code = node.parameters.jsCode;
						const last = '  `1002-04;${month};2 410 000;6702;15230`,';
						assert.ok(code.includes(last), 'the sample rows changed: update this test');
						node.parameters.jsCode = code.replace(
							last,
							`  \`1002-05;\${month};12 3OO,00;1;0\`,\n  \`9999-99;\${month};100;1;0\`,\n${last}`,
						);
					},
				});
				const { ex, log } = await runWorkflow(n8n, sb, wf);
				assert.equal(ex.status, 'success', nodeErrorText(ex, ex.lastNodeExecuted));
				const { month } = itemsOf(ex)('Tenant spreadsheet')[0];
				const stored = itemsOf(ex)('Stored?');
				assert.deepEqual(
					stored.map((d) => d.shop_id),
					['1002-02', '1002-03', '1002-04'],
				);
				const bad = itemsOf(ex)('Rows not stored');
				assert.deepEqual(
					bad.map((b) => [b.shop_id, b.month]),
					[
						['1002-05', month],
						['9999-99', month],
					],
				);
				assert.match(bad[0].error, new RegExp(`\\[row 3 of 5: shop 1002-05, month ${month}\\]$`));
				assert.match(bad[1].error, new RegExp(`\\[row 4 of 5: shop 9999-99, month ${month}\\]$`));
				assert.match(bad[1].details, /not_found/);
				// nothing was sent for the typo; the unknown shop was refused by the API
				const calls = log.filter((e) => e.route === 'turnover.declare');
				assert.deepEqual(
					calls.map((e) => e.status),
					[200, 200, 404, 200],
				);
				// only stored rows are read back
				assert.deepEqual(
					itemsOf(ex)('Monthly totals').map((m) => m.shop_id),
					['1002-02', '1002-03', '1002-04'],
				);
			},
		);
	}

	await step(
		'example "counter upload": 2,400 hourly rows from a file → 3 calls of ≤ 1000 records, all stored',
		async () => {
			const { ex, log } = await runWorkflow(
				n8n,
				sb,
				bindExample(examples['counter-upload'].workflow, { credentials }),
			);
			assert.equal(ex.status, 'success', nodeErrorText(ex, ex.lastNodeExecuted));
			const [summary] = itemsOf(ex)('Submit counter hours');
			assert.equal(summary.records, 2400);
			assert.equal(summary.batches, 3);
			assert.equal(summary.written, 2400);
			const calls = log.filter((e) => e.route === 'counter.submit');
			assert.equal(calls.length, 3);
			assert.ok(calls.every((e) => e.status === 200 && /entrance-north-1/.test(e.path)));
			const { counters } = await sb.control.intake();
			const mine = counters.filter(
				(c) => c.external_id === 'entrance-north-1' && c.center_id === '1001',
			);
			assert.equal(mine.length, 2400);
			const csv = parseCsv(fs.readFileSync(path.join(DATA_DIR, 'counter-hours.csv'), 'utf8'));
			const noon = csv.find((r) => r.datetime === '2025-10-15T12:00:00+03:00');
			const stored = mine.find((c) => c.hour === '2025-10-15T09:00:00.000Z');
			assert.ok(stored, 'hour 2025-10-15 12:00 Moscow not stored');
			assert.deepEqual([stored.in, stored.out], [Number(noon.in), Number(noon.out)]);
		},
	);
};
