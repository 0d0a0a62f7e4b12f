'use strict';
/*
 * The trigger's e2e suites: one workflow per event, run through n8n's manual path ("Fetch Test Event");
 * its real polling is tested separately (activation, run.js).
 */
const { assert, PKG } = require('./workflow');

/** One workflow per trigger event, run through n8n's manual path ("Fetch Test Event"). */
function triggerManualSuites({ credentialId }) {
	const events = [
		['newAnomaly', (it) => /^an-/.test(it.id) && ['1002', '1004'].includes(String(it.sc_id))],
		['newTicket', (it) => it.ticket_uid !== undefined],
		['ticketChanged', (it) => it.ticket_uid !== undefined],
		['newPass', (it) => it.id !== undefined],
		[
			'newReceipt',
			(it) =>
				['1002', '1004'].includes(String(it.sc_id)) &&
				typeof it.shop_id === 'string' &&
				typeof it.received_datetime === 'string',
		],
		[
			'centerChanges',
			(it) =>
				typeof it.table === 'string' &&
				['upsert', 'delete'].includes(it.op) &&
				it.key !== null &&
				typeof it.key === 'object' &&
				it.row !== null &&
				typeof it.row === 'object',
		],
	];
	return events.map(([event, shape]) => ({
		event,
		workflow: {
			name: `e2e: Shopping Center Trigger (${event}, manual)`,
			nodes: [
				{
					id: `e2e-trigger-${event}`,
					name: 'Trigger',
					type: `${PKG}shoppingCenterEventsTrigger`,
					typeVersion: 1,
					position: [0, 0],
					parameters: {
						pollTimes: { item: [{ mode: 'everyHour' }] },
						event,
						centerScope: 'all',
						firstPoll: 'remember',
					},
					credentials: {
						shoppingCenterApi: { id: String(credentialId), name: 'Shopping Center API' },
					},
				},
			],
			connections: {},
			settings: { executionOrder: 'v1' },
		},
		check: (items) => {
			assert.ok(items.length >= 1, 'no test event');
			for (const it of items) {
				assert.equal(it.event, event);
				assert.ok(shape(it), `unexpected item ${JSON.stringify(it).slice(0, 300)}`);
			}
		},
	}));
}

module.exports = { triggerManualSuites };
