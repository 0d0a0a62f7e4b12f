/**
 * The security test's representative workflows: one success and one failure per action node, with
 * the words the failure must carry (test/reliability/security.test.ts runs them and scans the output).
 */
import type { INodeParameters } from 'n8n-workflow';
import { BASIC, PRO, VLADIVOSTOK } from './operations';
import { rl, type ActionNodeName } from './run';
import { anomaliesBetween, ticketsByCreated, passesByCreated } from '../read-params';

/** Receipts → Export of shop 1002-03's receipts created on 19 Nov (the receipts workflow's two runs). */
const RECEIPTS_OF_A_DAY: INodeParameters = {
	resource: 'receipt',
	operation: 'export',
	center: rl(PRO),
	shop: rl('1002-03'),
	periodBy: 'created',
	createdStartDate: '2026-11-19',
	createdEndDate: '2026-11-19',
};

/** A center blocked for non-payment. */
export const BLOCKED = '1003';

/** One representative success and one failure per action node. */
export const WORKFLOWS: Array<{
	name: string;
	node: ActionNodeName;
	ok: INodeParameters;
	fail: INodeParameters;
	failCode: RegExp;
}> = [
	{
		name: 'centers and shops',
		node: 'ShoppingCenter',
		ok: { resource: 'shop', operation: 'getMany', center: rl(PRO), returnAll: true },
		fail: { resource: 'shop', operation: 'getMany', center: rl(BLOCKED), returnAll: true },
		failCode: /blocked for non-payment/,
	},
	{
		name: 'daily sales',
		node: 'ShoppingCenterRevenue',
		ok: {
			resource: 'dailySalesAggregate',
			operation: 'getMany',
			center: rl(PRO),
			shop: rl('1002-03'),
			startDate: '2026-11-01',
			endDate: '2026-11-19',
			returnAll: true,
		},
		fail: { resource: 'turnoverSetting', operation: 'get', center: rl(PRO), shop: rl('1002-99') },
		failCode: /Shop 1002-99 is not in center Mega PRO \(1002\)\./,
	},
	{
		name: 'receipts',
		node: 'ShoppingCenterReceipts',
		ok: { ...RECEIPTS_OF_A_DAY, limit: 30 },
		fail: { ...RECEIPTS_OF_A_DAY, otherDocumentTypes: 'bogus_type' },
		failCode: /The API rejected the parameter document_types/,
	},
	{
		name: 'attendance',
		node: 'ShoppingCenterAttendance',
		ok: {
			resource: 'attendance',
			operation: 'get',
			center: rl(PRO),
			startDate: '2026-11-01',
			endDate: '2026-11-19',
			granularity: 'day',
		},
		fail: {
			resource: 'countingZone',
			operation: 'getMany',
			center: rl(VLADIVOSTOK),
			returnAll: true,
		},
		failCode: /No visitor counting system/,
	},
	{
		name: 'portal',
		node: 'ShoppingCenterPortal',
		ok: ticketsByCreated(rl(BASIC), '2026-09-01', '2026-11-19', { returnAll: true }),
		fail: passesByCreated(rl(BLOCKED), '2026-09-01', '2026-11-19'),
		failCode: /blocked for non-payment/,
	},
	{
		name: 'anomalies',
		node: 'ShoppingCenterAnomalies',
		ok: anomaliesBetween(rl(PRO), '2026-10-01', '2026-11-19', { returnAll: true }),
		fail: anomaliesBetween(rl(BASIC), '2026-10-01', '2026-11-19'),
		failCode: /plan( \(Basic\))? does not allow (anomalies|the request to list anomalies)/,
	},
	{
		name: 'intake',
		node: 'ShoppingCenterIntake',
		ok: {
			resource: 'dailyAttendance',
			operation: 'submit',
			center: rl(BASIC),
			date: '2026-11-19',
			visitors: 1234,
			scope: 'sc',
		},
		fail: {
			resource: 'calendarEvent',
			operation: 'create',
			center: rl(PRO),
			name: 'Leak check',
			description: 'd',
			eventType: 'other',
			startDate: '2026-12-01',
			endDate: '2026-12-01',
			additionalFields: { shopIds: '1002-77' },
		},
		failCode: /The API rejected the parameter shop_ids/,
	},
];
