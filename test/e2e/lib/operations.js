'use strict';
/*
 * Generated workflows that run every operation of every node of the package once in a real n8n,
 * against the sandbox, with a check of each result (output items, the sandbox's request log,
 * its true sets (/__sandbox/truth) and stored intake values (/__sandbox/intake)).
 *
 * operationSuites({ credentialId, tag }) → [{ node, workflow, checks: [{ name, node, check(ctx) }] }]
 *   ctx = { items(nodeName) → json[], error(nodeName), log → request log entries of this run,
 *           control → sandbox control client, assert }
 *
 * One workflow per node: Manual Trigger → "Input" (one item; holds the counter records for
 * Counter Hours "From a Field") → one node per operation, in parallel.  The trigger's four events
 * run through n8n's manual path ("Fetch Test Event"), one workflow each; its real polling is
 * tested separately (activation, run.js).
 */
const {
	assert,
	PKG,
	BASIC,
	PRO,
	day,
	lastMonth,
	byId,
	routeCalls,
	ok,
	workflow,
} = require('./workflow');
const { intakeSuite } = require('./operations-intake');
const { triggerManualSuites } = require('./trigger-suites');

function operationSuites({ credentialId, tag = 'e2e' }) {
	const suites = [];

	// ---------------------------------------------------------------- Shopping Center
	suites.push({
		node: 'shoppingCenter',
		workflow: workflow(
			'e2e: Shopping Center',
			[
				{
					name: 'center.getMany',
					type: 'shoppingCenter',
					parameters: { resource: 'center', operation: 'getMany', returnAll: true },
				},
				{
					name: 'shop.getMany',
					type: 'shoppingCenter',
					parameters: {
						resource: 'shop',
						operation: 'getMany',
						center: byId(PRO),
						returnAll: true,
						includeArchived: true,
					},
				},
			],
			credentialId,
		),
		checks: [
			{
				name: 'Center → Get Many: the 4 centers of the demo key, with time_zone',
				node: 'center.getMany',
				check: ({ items, log }) => {
					assert.deepEqual(
						items('center.getMany')
							.map((c) => String(c.id))
							.sort(),
						['1001', '1002', '1003', '1004'],
					);
					assert.ok(items('center.getMany').every((c) => c.time_zone));
					assert.ok(routeCalls(log, 'centers').length >= 1, 'no GET /sc');
				},
			},
			{
				name: 'Shop → Get Many (Include Archived): 12 shops of 1002, 1002-09 archived',
				node: 'shop.getMany',
				check: ({ items, log }) => {
					const shops = items('shop.getMany');
					assert.equal(shops.length, 12);
					assert.equal(shops.find((s) => s.id === '1002-09').is_archived, true);
					const calls = routeCalls(log, 'shops');
					assert.ok(
						calls.some((e) => e.sc_id === PRO && String(e.query.archived) === 'true'),
						`no GET /sc/1002/shops?archived=true: ${JSON.stringify(calls.map((e) => e.query))}`,
					);
				},
			},
		],
	});

	// ---------------------------------------------------------------- Revenue
	const dailyStart = day(-40);
	const dailyEnd = day(-1);
	suites.push({
		node: 'shoppingCenterRevenue',
		workflow: workflow(
			'e2e: Shopping Center Revenue',
			[
				{
					name: 'dailySalesAggregate.getMany',
					type: 'shoppingCenterRevenue',
					parameters: {
						resource: 'dailySalesAggregate',
						operation: 'getMany',
						center: byId(BASIC),
						shop: byId('1001-02'),
						startDate: dailyStart,
						endDate: dailyEnd,
						returnAll: true,
						addRubles: true,
					},
				},
				{
					name: 'monthlyTotal.getMany',
					type: 'shoppingCenterRevenue',
					parameters: {
						resource: 'monthlyTotal',
						operation: 'getMany',
						center: byId(PRO),
						shop: byId('1002-01'),
						startDate: '2025-01-01',
						endDate: '2025-12-31',
						returnAll: true,
					},
				},
				{
					name: 'turnoverSetting.get',
					type: 'shoppingCenterRevenue',
					parameters: {
						resource: 'turnoverSetting',
						operation: 'get',
						center: byId(PRO),
						shop: byId('1002-01'),
					},
				},
				{
					name: 'cashRegister.getMany',
					type: 'shoppingCenterRevenue',
					parameters: {
						resource: 'cashRegister',
						operation: 'getMany',
						center: byId(PRO),
						shop: byId('1002-02'),
						returnAll: true,
						includeArchived: true,
					},
				},
			],
			credentialId,
		),
		checks: [
			{
				name: 'Daily Sales Aggregate → Get Many: 40 days of a Basic shop in 31-day windows, sums = the sandbox truth',
				node: 'dailySalesAggregate.getMany',
				check: async ({ items, log, control }) => {
					const rows = items('dailySalesAggregate.getMany');
					const truth = await control.truth('daily', {
						sc_id: BASIC,
						shop_id: '1001-02',
						start_date: dailyStart,
						end_date: dailyEnd,
					});
					assert.deepEqual(
						rows.map((r) => r.date),
						truth.ids,
					);
					assert.equal(
						rows.reduce((s, r) => s + r.income_sum, 0),
						truth.sum,
					);
					assert.equal(rows[0].income_sum_rub, rows[0].income_sum / 100);
					// each row says whose it is (sc_id, shop_id), beside the API's own fields
					assert.ok(rows.every((r) => r.sc_id === BASIC && r.shop_id === '1001-02'));
					const calls = routeCalls(log, 'sales.daily');
					assert.equal(calls.length, 2, `expected 2 windows (Basic: 31 days), saw ${calls.length}`);
					assert.ok(ok(calls));
				},
			},
			{
				name: 'Monthly Total → Get Many: 12 months of 2025 (PRO: one request)',
				node: 'monthlyTotal.getMany',
				check: ({ items, log }) => {
					const rows = items('monthlyTotal.getMany');
					assert.deepEqual(
						rows.map((r) => r.date),
						Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
					);
					assert.ok(rows.every((r) => 'manual_turnover' in r && 'is_manual' in r && 'ocr' in r));
					assert.equal(routeCalls(log, 'sales.monthly').length, 1);
				},
			},
			{
				name: 'Turnover Setting → Get: source "shop" for 1002-01',
				node: 'turnoverSetting.get',
				check: ({ items, log }) => {
					const rows = items('turnoverSetting.get');
					assert.equal(rows.length, 1);
					assert.equal(rows[0].source, 'shop');
					assert.equal(routeCalls(log, 'turnover.settings').length, 1);
				},
			},
			{
				name: 'Cash Register → Get Many (Include Archived): active and archived registers',
				node: 'cashRegister.getMany',
				check: ({ items, log }) => {
					const rows = items('cashRegister.getMany');
					assert.ok(rows.length >= 2, `${rows.length} registers`);
					assert.ok(
						rows.some((r) => r.connection_status === 'disconnected'),
						'no archived register',
					);
					assert.ok(routeCalls(log, 'kkts').length >= 1);
				},
			},
		],
	});

	// ---------------------------------------------------------------- Receipts
	const rStart = day(-3);
	const rEnd = day(-1);
	suites.push({
		node: 'shoppingCenterReceipts',
		workflow: workflow(
			'e2e: Shopping Center Receipts',
			[
				{
					name: 'receipt.export',
					type: 'shoppingCenterReceipts',
					parameters: {
						resource: 'receipt',
						operation: 'export',
						center: byId(PRO),
						shop: byId('1002-02'),
						periodBy: 'created',
						createdStartDate: rStart,
						createdEndDate: rEnd,
						returnAll: true,
					},
				},
			],
			credentialId,
		),
		checks: [
			{
				name: 'Receipt → Export: 3 days of 1002-02 = the sandbox truth (ids and Σ total_sum)',
				node: 'receipt.export',
				check: async ({ items, log, control }) => {
					const rows = items('receipt.export');
					const truth = await control.truth('receipts', {
						sc_id: PRO,
						shop_id: '1002-02',
						start_created_date: rStart,
						end_created_date: rEnd,
					});
					assert.equal(rows.length, truth.count);
					assert.deepEqual(rows.map((r) => r.id).sort(), [...truth.ids].sort());
					assert.equal(
						rows.reduce((s, r) => s + r.total_sum, 0),
						truth.sum,
					);
					assert.ok(ok(routeCalls(log, 'receipts')));
				},
			},
		],
	});

	// ---------------------------------------------------------------- Attendance
	const aStart = day(-7);
	const aEnd = day(-1);
	suites.push({
		node: 'shoppingCenterAttendance',
		workflow: workflow(
			'e2e: Shopping Center Attendance',
			[
				{
					name: 'countingZone.getMany',
					type: 'shoppingCenterAttendance',
					parameters: {
						resource: 'countingZone',
						operation: 'getMany',
						center: byId(PRO),
						returnAll: true,
					},
				},
				{
					name: 'attendance.get',
					type: 'shoppingCenterAttendance',
					parameters: {
						resource: 'attendance',
						operation: 'get',
						center: byId(PRO),
						startDate: aStart,
						endDate: aEnd,
						granularity: 'day',
						scope: 'zone',
						zone: byId('100201'),
					},
				},
			],
			credentialId,
		),
		checks: [
			{
				name: 'Counting Zone → Get Many: zones 100201–100205 (service zone hidden)',
				node: 'countingZone.getMany',
				check: ({ items }) => {
					assert.deepEqual(
						items('countingZone.getMany')
							.map((z) => String(z.id))
							.sort(),
						['100201', '100202', '100203', '100204', '100205'],
					);
				},
			},
			{
				name: 'Attendance → Get: 7 days of zone 100201',
				node: 'attendance.get',
				check: ({ items, log }) => {
					const rows = items('attendance.get');
					assert.equal(rows.length, 7);
					// each row says where it comes from: the center and the zone
					assert.ok(
						rows.every((r) => r.sc_id === PRO && r.zone_id === '100201'),
						JSON.stringify(rows[0]),
					);
					assert.ok(
						rows.every((r) => Number.isInteger(r.visitors_in) && r.visitors_in > 0),
						JSON.stringify(rows[0]),
					);
					const calls = routeCalls(log, 'attendance.read');
					assert.ok(
						calls.some((e) => e.query.scope === 'zone' && String(e.query.zone_id) === '100201'),
						JSON.stringify(calls.map((e) => e.query)),
					);
				},
			},
		],
	});

	// ---------------------------------------------------------------- Portal
	const pStart = day(-30);
	const pEnd = day(0);
	suites.push({
		node: 'shoppingCenterPortal',
		workflow: workflow(
			'e2e: Shopping Center Portal',
			[
				{
					name: 'ticket.getMany',
					type: 'shoppingCenterPortal',
					parameters: {
						resource: 'ticket',
						operation: 'getMany',
						center: byId(PRO),
						selectBy: 'createdPeriod',
						startDate: pStart,
						endDate: pEnd,
						returnAll: true,
					},
				},
				{
					name: 'pass.getMany',
					type: 'shoppingCenterPortal',
					parameters: {
						resource: 'pass',
						operation: 'getMany',
						center: byId(PRO),
						selectBy: 'createdPeriod',
						startDate: pStart,
						endDate: pEnd,
						returnAll: true,
					},
				},
			],
			credentialId,
		),
		checks: [
			portalTruthCheck('Ticket', 'ticket.getMany', 'tickets', 'ticket_uid', pStart, pEnd),
			portalTruthCheck('Pass', 'pass.getMany', 'passes', 'id', pStart, pEnd),
		],
	});

	// ---------------------------------------------------------------- Anomalies
	suites.push({
		node: 'shoppingCenterAnomalies',
		workflow: workflow(
			'e2e: Shopping Center Anomalies',
			[
				{
					name: 'anomaly.getMany',
					type: 'shoppingCenterAnomalies',
					parameters: {
						resource: 'anomaly',
						operation: 'getMany',
						center: byId(PRO),
						startDate: day(-60),
						endDate: day(0),
						returnAll: true,
					},
				},
			],
			credentialId,
		),
		checks: [
			{
				name: 'Anomaly → Get Many: 60 days of 1002 = the sandbox truth',
				node: 'anomaly.getMany',
				check: async ({ items, control }) => {
					const truth = await control.truth('anomalies', {
						sc_id: PRO,
						start_date: day(-60),
						end_date: day(0),
					});
					assert.ok(truth.count > 0);
					assert.deepEqual(
						items('anomaly.getMany')
							.map((a) => a.id)
							.sort(),
						[...truth.ids].sort(),
					);
				},
			},
		],
	});

	suites.push(intakeSuite({ credentialId, tag }));

	return suites;
}

/** A check of a portal list node: its records of 30 days of PRO are the sandbox's true set (by idField). */
function portalTruthCheck(label, node, kind, idField, start, end) {
	return {
		name: `${label} → Get Many: 30 days = the sandbox truth`,
		node,
		check: async ({ items, control }) => {
			const truth = await control.truth(kind, { sc_id: PRO, start_date: start, end_date: end });
			assert.ok(truth.count > 0);
			assert.deepEqual(
				items(node)
					.map((r) => String(r[idField]))
					.sort(),
				truth.ids.map(String).sort(),
			);
		},
	};
}

module.exports = { operationSuites, triggerManualSuites, day, lastMonth, PKG, BASIC, PRO };
