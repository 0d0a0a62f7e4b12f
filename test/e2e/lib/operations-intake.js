'use strict';
/*
 * The Intake node's e2e suite (operations.js gathers every node's): each write once in a real n8n,
 * checked against what the sandbox stored (/__sandbox/intake).
 */
const { assert, BASIC, PRO, day, lastMonth, byId, workflow } = require('./workflow');

function intakeSuite({ credentialId, tag = 'e2e' }) {
	const suites = [];
	const counterRecords = [0, 1, 2].map((h) => ({
		datetime: `${day(-2)}T${String(10 + h).padStart(2, '0')}:00:00+03:00`,
		in: 10 + h,
		out: 8 + h,
	}));
	const eventName = `Black Friday ${tag}`;
	/** Calendar Event → Create of the marketing weekend, sent twice (options: the second time's) */
	const calendarEvent = (options) => ({
		resource: 'calendarEvent',
		operation: 'create',
		center: byId(PRO),
		name: eventName,
		description: 'Marketing weekend (e2e)',
		eventType: 'marketing',
		startDate: day(5),
		endDate: day(7),
		additionalFields: { color: '#FF5722', shopIds: ['1002-01', '1002-02'] },
		options,
	});
	const month = lastMonth();

	// ---------------------------------------------------------------- Intake
	suites.push({
		node: 'shoppingCenterIntake',
		workflow: workflow(
			'e2e: Shopping Center Intake',
			[
				{
					name: 'dailyAttendance.submit',
					type: 'shoppingCenterIntake',
					parameters: {
						resource: 'dailyAttendance',
						operation: 'submit',
						center: byId(BASIC),
						date: day(-1),
						visitors: 4321,
						scope: 'sc',
					},
				},
				{
					name: 'counterHour.submit',
					type: 'shoppingCenterIntake',
					parameters: {
						resource: 'counterHour',
						operation: 'submit',
						center: byId(BASIC),
						externalId: `e2e-${tag}`,
						recordsSource: 'field',
						recordsField: 'records',
					},
				},
				{
					name: 'calendarEvent.create',
					type: 'shoppingCenterIntake',
					parameters: calendarEvent({}),
				},
				{
					name: 'calendarEvent.create (again)',
					type: 'shoppingCenterIntake',
					after: true,
					parameters: calendarEvent({ treatExistingAsSuccess: true }),
				},
				{
					name: 'declaredTurnover.submit',
					type: 'shoppingCenterIntake',
					parameters: {
						resource: 'declaredTurnover',
						operation: 'submit',
						center: byId(BASIC),
						shop: byId('1001-03'),
						month,
						turnover: '987654',
						amountUnit: 'kopecks',
						additionalFields: { receiptsCount: 321 },
					},
				},
			],
			credentialId,
			{
				input: { records: counterRecords },
				chains: [['calendarEvent.create', 'calendarEvent.create (again)']],
			},
		),
		checks: [
			{
				name: 'Daily Attendance → Submit: stored in the sandbox',
				node: 'dailyAttendance.submit',
				check: async ({ items, control }) => {
					assert.equal(items('dailyAttendance.submit').length, 1);
					const { attendance } = await control.intake();
					assert.ok(
						attendance.some(
							(a) =>
								a.center_id === BASIC &&
								a.date === day(-1) &&
								a.visitors === 4321 &&
								a.scope === 'sc',
						),
						JSON.stringify(attendance),
					);
				},
			},
			{
				name: 'Counter Hour → Submit (from a field): 3 hourly records stored',
				node: 'counterHour.submit',
				check: async ({ items, control }) => {
					assert.equal(items('counterHour.submit')[0].written, 3);
					const { counters } = await control.intake();
					const mine = counters.filter((c) => c.external_id === `e2e-${tag}`);
					assert.equal(mine.length, 3);
					assert.deepEqual(mine.map((c) => c.in).sort(), [10, 11, 12]);
				},
			},
			{
				name: 'Calendar Event → Create, then again with "Treat Existing As Success": one event, already_existed',
				node: 'calendarEvent.create',
				check: async ({ items, control }) => {
					assert.equal(items('calendarEvent.create').length, 1);
					const again = items('calendarEvent.create (again)');
					assert.equal(again.length, 1);
					assert.equal(again[0].already_existed, true, JSON.stringify(again[0]));
					const { events } = await control.intake();
					const mine = events.filter((e) => e.name === eventName);
					assert.equal(mine.length, 1, JSON.stringify(events));
					assert.equal(mine[0].color, '#FF5722');
					assert.deepEqual([...mine[0].sell_location_ids].sort(), ['1002-01', '1002-02']);
				},
			},
			{
				name: 'Declared Turnover → Submit (kopecks): stored for last month',
				node: 'declaredTurnover.submit',
				check: async ({ items, control }) => {
					assert.equal(items('declaredTurnover.submit')[0].manual_turnover, 987654);
					const { declaredTurnover } = await control.intake();
					const flat = JSON.stringify(declaredTurnover);
					assert.ok(
						declaredTurnover.some(
							(d) =>
								(d.shop_id === '1001-03' || (d.record && d.record.shop_id === '1001-03')) &&
								JSON.stringify(d).includes(month) &&
								JSON.stringify(d).includes('987654'),
						),
						flat.slice(0, 800),
					);
				},
			},
		],
	});

	return suites[0];
}

module.exports = { intakeSuite };
