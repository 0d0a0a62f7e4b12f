'use strict';
/*
 * The workflows the queue-mode e2e activates: production (webhook- or poll-started) executions only,
 * since those are the ones n8n hands to its workers.
 */
const crypto = require('node:crypto');
const { PKG, PRO, BASIC, day, lastMonth } = require('../lib/operations');

const byId = (value) => ({ __rl: true, mode: 'id', value });

function node(name, type, parameters, position, credentialId, extra = {}) {
	return {
		id: crypto.randomUUID(),
		name,
		type: type.includes('.') ? type : PKG + type,
		typeVersion: 1,
		position,
		parameters,
		...(credentialId
			? {
					credentials: {
						shoppingCenterApi: { id: String(credentialId), name: 'Shopping Center API' },
					},
				}
			: {}),
		...extra,
	};
}

function webhook(pathPart, responseMode) {
	return {
		...node(
			'Webhook',
			'n8n-nodes-base.webhook',
			{
				httpMethod: 'POST',
				path: pathPart,
				responseMode,
				...(responseMode === 'lastNode' ? { responseData: 'allEntries' } : {}),
				options: {},
			},
			[0, 0],
		),
		typeVersion: 2,
		webhookId: crypto.randomUUID(),
	};
}

/** A chain of nodes, each feeding the next. */
function chain(name, nodes) {
	const connections = {};
	for (let i = 0; i + 1 < nodes.length; i++)
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	return { name, nodes, connections, settings: { executionOrder: 'v1' } };
}

function exportNode(credentialId, { shop, start, end }, position = [240, 0]) {
	return node(
		'Export',
		'shoppingCenterReceipts',
		{
			resource: 'receipt',
			operation: 'export',
			center: byId(PRO),
			shop: byId(shop),
			periodBy: 'created',
			createdStartDate: start,
			createdEndDate: end,
			returnAll: true,
		},
		position,
		credentialId,
	);
}

/** Webhook (answers with every item of the last node) → Receipts → Export. */
function exportByWebhook(credentialId, pathPart, selection) {
	return chain(`queue e2e: export ${selection.shop} (webhook ${pathPart})`, [
		webhook(pathPart, 'lastNode'),
		exportNode(credentialId, selection),
	]);
}

/** Webhook (answers with the last node's items) → Receipts → Export, all shops of 1002, Output "One File" CSV. */
function fileExportByWebhook(credentialId, pathPart, { start, end }) {
	const exporter = node(
		'Export',
		'shoppingCenterReceipts',
		{
			resource: 'receipt',
			operation: 'export',
			center: byId(PRO),
			shopScope: 'all',
			periodBy: 'created',
			createdStartDate: start,
			createdEndDate: end,
			returnAll: true,
			output: 'file',
			fileFormat: 'csv',
			fileOptions: {},
		},
		[240, 0],
		credentialId,
	);
	return chain(`queue e2e: one-file export (webhook ${pathPart})`, [
		webhook(pathPart, 'lastNode'),
		exporter,
	]);
}

/**
 * Webhook (answers at once) → intake calls (daily attendance, a calendar event with "Treat Existing As
 * Success", declared turnover) → a long Receipts export, where the test kills the worker.
 */
function intakeThenExport(credentialId, pathPart, { eventName, visitors, turnover, selection }) {
	const intake = (name, parameters, x) =>
		node(name, 'shoppingCenterIntake', parameters, [x, 0], credentialId);
	return chain(`queue e2e: intake then export (webhook ${pathPart})`, [
		webhook(pathPart, 'onReceived'),
		intake(
			'Attendance',
			{
				resource: 'dailyAttendance',
				operation: 'submit',
				center: byId(BASIC),
				date: day(-1),
				visitors,
				scope: 'sc',
			},
			240,
		),
		intake(
			'Event',
			{
				resource: 'calendarEvent',
				operation: 'create',
				center: byId(PRO),
				name: eventName,
				description: 'Queue-mode crash test',
				eventType: 'marketing',
				startDate: day(10),
				endDate: day(12),
				additionalFields: {},
				options: { treatExistingAsSuccess: true },
			},
			480,
		),
		intake(
			'Turnover',
			{
				resource: 'declaredTurnover',
				operation: 'submit',
				center: byId(BASIC),
				shop: byId('1001-03'),
				month: lastMonth(),
				turnover: String(turnover),
				amountUnit: 'kopecks',
				additionalFields: {},
			},
			720,
		),
		exportNode(credentialId, selection, [960, 0]),
	]);
}

/** The trigger alone, polling 1002 every 5 s (twelve once-a-minute times, see e2e/parts/activation.js). */
function pollingTrigger(credentialId, event) {
	const pollTimes = {
		item: Array.from({ length: 12 }, (_, i) => ({
			mode: 'custom',
			cronExpression: `${i * 5} * * * * *`,
		})),
	};
	return chain(`queue e2e: trigger ${event}`, [
		node(
			'Trigger',
			'shoppingCenterEventsTrigger',
			{ pollTimes, event, centerScope: 'selected', centerIds: [PRO], firstPoll: 'remember' },
			[0, 0],
			credentialId,
		),
	]);
}

module.exports = {
	exportByWebhook,
	fileExportByWebhook,
	intakeThenExport,
	pollingTrigger,
	PRO,
	BASIC,
	day,
	lastMonth,
};
