/** The bad-input table's operations of Intake: accepted values, tested fields and their own cases. */
import type { IDataObject } from 'n8n-workflow';
import { BAD_VALUES, HUGE } from '../bad-values';
import { rl } from '../run';
import {
	fromItem,
	type BadCase,
	BASIC,
	PRO,
	VLADIVOSTOK,
	VLAD_LATE,
	VLAD_AFTER_MIDNIGHT,
	MOSCOW_LATE,
	VLAD_MONTH_END,
	VLAD_NEW_MONTH,
	DISPLAY_NOTE,
	CENTER,
	SHOP,
	START,
	END,
	type OpSpec,
} from './common';

/** Bad hourly records inside the item's records field; the label names the record. */
function recordCases(): BadCase[] {
	const good = { at: '2026-11-19T12:00:00+05:00', came: 1, left: 1 };
	const withRecord = (
		title: string,
		record: unknown,
		label: string,
		extra: Partial<BadCase> = {},
	): BadCase => ({
		title,
		item: { data: { hours: [good, record] } },
		label,
		...extra,
	});
	const zoneNote = 'the start of the hour and the future are decided in the center zone';
	return [
		withRecord('a record that is not an object', 'ten visitors', 'Record 2'),
		withRecord('a record that is null', null, 'Record 2'),
		withRecord('a record that is a list', [1, 2], 'Record 2'),
		withRecord('no datetime', { came: 1, left: 1 }, 'Record 2 "at"'),
		...[
			'',
			'   ',
			'yesterday',
			'2025-02-30T10:00:00',
			'2025-13-01T10:00:00',
			'2025-01-01T25:00:00',
			'2026-11-19',
			HUGE,
		].map((at) =>
			withRecord(
				`datetime ${JSON.stringify(at.slice(0, 20))}`,
				{ at, came: 1, left: 1 },
				'Record 2 "at"',
			),
		),
		withRecord('datetime NaN', { at: NaN, came: 1, left: 1 }, 'Record 2 "at"'),
		withRecord('datetime an object', { at: { h: 1 }, came: 1, left: 1 }, 'Record 2 "at"'),
		withRecord(
			'datetime not at the start of an hour',
			{ at: '2026-11-19T10:30:00+05:00', came: 1, left: 1 },
			'Record 2 "at"',
			{ lookup: zoneNote },
		),
		withRecord(
			'datetime on the hour in UTC+5:30, half past in the center zone (UTC+5)',
			{ at: '2026-11-19T10:00:00+05:30', came: 1, left: 1 },
			'Record 2 "at"',
			{ lookup: zoneNote },
		),
		withRecord(
			'the next hour in Vladivostok at 23:30 local',
			{ at: '2026-11-21T00:00:00', came: 1, left: 1 },
			'Record 2 "at"',
			{
				p: { center: VLADIVOSTOK },
				now: VLAD_LATE,
				lookup: zoneNote,
			},
		),
		withRecord(
			'an hour ahead given in UTC',
			{ at: '2026-11-20T14:00:00Z', came: 1, left: 1 },
			'Record 2 "at"',
			{ p: { center: VLADIVOSTOK }, now: VLAD_LATE, lookup: zoneNote },
		),
		...BAD_VALUES.count.map((b) =>
			withRecord(
				`in: ${b.title}`,
				{ at: '2026-11-19T13:00:00+05:00', came: b.value, left: 1 },
				'Record 2 "came"',
			),
		),
		...BAD_VALUES.count.map((b) =>
			withRecord(
				`out: ${b.title}`,
				{ at: '2026-11-19T13:00:00+05:00', came: 1, left: b.value },
				'Record 2 "left"',
			),
		),
		withRecord('in missing', { at: '2026-11-19T13:00:00+05:00', left: 1 }, 'Record 2 "came"'),
		withRecord(
			'out null',
			{ at: '2026-11-19T13:00:00+05:00', came: 1, left: null },
			'Record 2 "left"',
		),
	];
}

/** "From All Input Items": each item one record; the bad one is item 2 of 4 and the message names it. */
function goodRecordItems(): IDataObject[] {
	return [
		{ datetime: '2026-11-19T10:00:00+05:00', in: 1, out: 2 },
		{ datetime: '2026-11-19T11:00:00+05:00', in: 3, out: 4 },
		{ datetime: '2026-11-19T12:00:00+05:00', in: 5, out: 6 },
		{ datetime: '2026-11-19T13:00:00+05:00', in: 7, out: 8 },
	];
}

function allItemsCases(): BadCase[] {
	const at2 = (title: string, record: IDataObject, label: string, lookup?: string): BadCase => {
		const items = goodRecordItems();
		items[2] = record;
		return { title, items, label, itemIndex: 2, ...(lookup ? { lookup } : {}) };
	};
	return [
		at2('item 2 without datetime', { in: 1, out: 1 }, 'Record 3 "datetime"'),
		at2(
			'item 2 with February 30th',
			{ datetime: '2025-02-30T10:00:00', in: 1, out: 1 },
			'Record 3 "datetime"',
		),
		at2(
			'item 2 with negative in',
			{ datetime: '2026-11-19T12:00:00+05:00', in: -1, out: 1 },
			'Record 3 "in"',
		),
		at2(
			'item 2 with fractional out',
			{ datetime: '2026-11-19T12:00:00+05:00', in: 1, out: 0.5 },
			'Record 3 "out"',
		),
		at2(
			'item 2 with NaN in',
			{ datetime: '2026-11-19T12:00:00+05:00', in: NaN, out: 1 },
			'Record 3 "in"',
		),
		at2(
			'item 2 in the future',
			{ datetime: '2026-11-21T10:00:00+05:00', in: 1, out: 1 },
			'Record 3 "datetime"',
			'the future is decided after the zone is known',
		),
		at2(
			'item 2 at half past',
			{ datetime: '2026-11-19T12:30:00+05:00', in: 1, out: 1 },
			'Record 3 "datetime"',
			'the start of the hour is decided in the center zone',
		),
	];
}

export const INTAKE_OPERATIONS: OpSpec[] = [
	{
		id: 'ShoppingCenterIntake dailyAttendance.submit (scope center)',
		node: 'ShoppingCenterIntake',
		resource: 'dailyAttendance',
		operation: 'submit',
		parameters: {
			center: rl(fromItem('center')),
			date: fromItem('date'),
			visitors: fromItem('visitors'),
			scope: 'sc',
		},
		good: { center: BASIC, date: '2026-11-18', visitors: 4321 },
		fields: [
			CENTER,
			{ name: 'date', label: 'Date', kind: 'date' },
			{ name: 'visitors', label: 'Visitors', kind: 'requiredCount' },
		],
		extra: [
			{
				title: 'Scope unknown',
				params: { scope: '={{ "center" }}', zone: rl('100102') },
				label: 'Scope',
			},
			{
				title: 'Scope an object',
				params: { scope: '={{ { scope: "sc" } }}', zone: rl('100102') },
				label: 'Scope',
			},
			// "tomorrow" in the center's zone, while it is still "today" in UTC
			{
				title: 'tomorrow in Vladivostok at 23:30 local (13:30 UTC)',
				p: { center: VLADIVOSTOK, date: '2026-11-21' },
				now: VLAD_LATE,
				label: 'Date',
				lookup: 'the future is decided in the center zone',
			},
			{
				title: 'the day after tomorrow in Vladivostok just after its midnight',
				p: { center: VLADIVOSTOK, date: '2026-11-22' },
				now: VLAD_AFTER_MIDNIGHT,
				label: 'Date',
				lookup: 'the future is decided in the center zone',
			},
			{
				title: 'tomorrow in Moscow at 23:59 local',
				p: { center: BASIC, date: '2026-11-21' },
				now: MOSCOW_LATE,
				label: 'Date',
				lookup: 'the future is decided in the center zone',
			},
			{
				title: 'a moment 30 minutes ahead that is tomorrow in Vladivostok',
				p: { center: VLADIVOSTOK, date: '2026-11-20T14:00:00Z' },
				now: VLAD_LATE,
				label: 'Date',
				lookup: 'the future is decided in the center zone',
			},
			{
				title: 'a far future date',
				p: { date: '2099-01-01' },
				label: 'Date',
				lookup: 'the future is decided in the center zone',
			},
		],
		untabled: { scope: DISPLAY_NOTE, zone: 'in the (scope zone) variant' },
		controlMinItems: 1,
	},
	{
		id: 'ShoppingCenterIntake dailyAttendance.submit (scope zone)',
		node: 'ShoppingCenterIntake',
		resource: 'dailyAttendance',
		operation: 'submit',
		parameters: {
			center: rl(PRO),
			date: '2026-11-18',
			visitors: 10,
			scope: 'zone',
			zone: rl(fromItem('zone')),
		},
		good: { zone: '100202' },
		fields: [{ name: 'zone', label: 'Counting Zone', kind: 'id' }],
		controlMinItems: 1,
	},
	{
		id: 'ShoppingCenterIntake counterHour.submit (records in a field)',
		node: 'ShoppingCenterIntake',
		resource: 'counterHour',
		operation: 'submit',
		parameters: {
			center: rl(fromItem('center')),
			externalId: fromItem('externalId'),
			recordsSource: 'field',
			recordsField: fromItem('recordsField'),
			options: {
				datetimeField: fromItem('options.datetimeField'),
				inField: fromItem('options.inField'),
				outField: fromItem('options.outField'),
			},
		},
		good: {
			center: PRO,
			externalId: 'north-gate',
			recordsField: 'data.hours',
			'options.datetimeField': 'at',
			'options.inField': 'came',
			'options.outField': 'left',
		},
		itemJson: {
			data: {
				hours: [
					{ at: '2026-11-19T10:00:00+05:00', came: 12, left: 3 },
					{ at: '2026-11-19T11:00:00', came: 0, left: 0 },
				],
			},
		},
		fields: [
			CENTER,
			{ name: 'externalId', label: 'Counter External ID', kind: 'requiredText' },
			{ name: 'options.datetimeField', label: 'Datetime Field Name', kind: 'fieldName' },
			{ name: 'options.inField', label: 'In Field Name', kind: 'fieldName' },
			{ name: 'options.outField', label: 'Out Field Name', kind: 'fieldName' },
		],
		extra: [
			...['a/b', 'a?b', 'a#b', 'north gate', 'x'.repeat(201)].map((id) => ({
				title: `external ID ${JSON.stringify(id.slice(0, 12))}`,
				p: { externalId: id },
				label: 'Counter External ID',
			})),
			{
				title: 'records field missing',
				p: { recordsField: 'data.nothing' },
				label: 'Records Field',
			},
			{ title: 'records field empty', p: { recordsField: '' }, label: 'Records Field' },
			{
				title: 'records field whitespace only',
				p: { recordsField: '   ' },
				label: 'Records Field',
			},
			{ title: 'records field not a list', p: { recordsField: 'data' }, label: 'Records Field' },
			{
				title: 'records field an empty list',
				item: { data: { hours: [] } },
				label: 'Records Field',
			},
			...recordCases(),
		],
		untabled: { recordsSource: 'noDataExpression options field: the (all input items) variant' },
		controlMinItems: 1,
	},
	{
		id: 'ShoppingCenterIntake counterHour.submit (all input items)',
		node: 'ShoppingCenterIntake',
		resource: 'counterHour',
		operation: 'submit',
		parameters: {
			center: rl(PRO),
			externalId: 'south-gate',
			recordsSource: 'allItems',
			options: {},
		},
		good: {},
		fields: [],
		multiItem: false,
		controlItems: goodRecordItems(),
		extra: allItemsCases(),
		controlMinItems: 1,
	},
	{
		id: 'ShoppingCenterIntake calendarEvent.create',
		node: 'ShoppingCenterIntake',
		resource: 'calendarEvent',
		operation: 'create',
		parameters: {
			center: rl(fromItem('center')),
			name: fromItem('name'),
			description: fromItem('description'),
			eventType: fromItem('eventType'),
			startDate: fromItem('startDate'),
			endDate: fromItem('endDate'),
			additionalFields: {
				color: fromItem('additionalFields.color'),
				shopIds: fromItem('additionalFields.shopIds'),
			},
			options: { treatExistingAsSuccess: false },
		},
		good: {
			center: PRO,
			name: 'Autumn fair (control)',
			description: 'Stalls on every floor',
			eventType: 'marketing',
			startDate: '2026-12-01',
			endDate: '2026-12-03',
			'additionalFields.color': '#FF8800',
			'additionalFields.shopIds': '1002-01, 1002-02',
		},
		fields: [
			CENTER,
			{ name: 'name', label: 'Name', kind: 'requiredText' },
			{ name: 'description', label: 'Description', kind: 'requiredText' },
			{ name: 'eventType', label: 'Event Type', kind: 'choice' },
			START,
			END,
			{ name: 'additionalFields.color', label: 'Color', kind: 'color' },
			{ name: 'additionalFields.shopIds', label: 'Shop Names or IDs', kind: 'shopIdList' },
		],
		extra: [
			{ title: 'Event Type empty', p: { eventType: '' }, label: 'Event Type' },
			{ title: 'a platform service type', p: { eventType: 'service' }, label: 'Event Type' },
			{ title: 'name of 256 characters', p: { name: 'n'.repeat(256) }, label: 'Name' },
			{
				title: 'description of 5001 characters',
				p: { description: 'd'.repeat(5001) },
				label: 'Description',
			},
			{
				title: 'end before start',
				p: { startDate: '2026-12-03', endDate: '2026-12-01' },
				label: 'End Date',
				lookup:
					'the node compares the days in the center zone (see report: avoidable for plain dates)',
			},
			{ title: 'half a pair: no end', p: { endDate: '' }, label: 'End Date' },
			{ title: 'half a pair: no start', p: { startDate: undefined }, label: 'Start Date' },
		],
		untabled: { options: 'Treat Existing As Success is compared with === true' },
		controlMinItems: 1,
	},
	{
		id: 'ShoppingCenterIntake declaredTurnover.submit',
		node: 'ShoppingCenterIntake',
		resource: 'declaredTurnover',
		operation: 'submit',
		parameters: {
			center: rl(fromItem('center')),
			shop: rl(fromItem('shop')),
			month: fromItem('month'),
			turnover: fromItem('turnover'),
			amountUnit: fromItem('amountUnit'),
			additionalFields: {
				receiptsCount: fromItem('additionalFields.receiptsCount'),
				visitorsCount: fromItem('additionalFields.visitorsCount'),
			},
		},
		good: {
			center: PRO,
			shop: '1002-03',
			month: '2026-10-15',
			turnover: '1 234 567',
			amountUnit: 'kopecks',
			'additionalFields.receiptsCount': 10,
			'additionalFields.visitorsCount': 200,
		},
		fields: [
			CENTER,
			SHOP,
			{ name: 'month', label: 'Month', kind: 'date' },
			{ name: 'turnover', label: 'Turnover', kind: 'kopecks' },
			{ name: 'amountUnit', label: 'Amount Unit', kind: 'choice' },
			{ name: 'additionalFields.receiptsCount', label: 'Receipts Count', kind: 'count' },
			{ name: 'additionalFields.visitorsCount', label: 'Visitors Count', kind: 'count' },
		],
		extra: [
			...[
				'12.345',
				'0.001',
				'1 234,567',
				'12.3.4',
				'.5',
				'12.',
				'1,234.56',
				'1.234,56',
				'-12.34',
				'12.34e1',
			].map((t) => ({
				title: `currency units ${JSON.stringify(t)}`,
				p: { amountUnit: 'currencyUnits', turnover: t },
				label: 'Turnover',
			})),
			{
				title: 'currency units as a number with 3 decimals',
				p: { amountUnit: 'currencyUnits', turnover: 12.345 },
				label: 'Turnover',
			},
			{
				title: 'currency units too large',
				p: { amountUnit: 'currencyUnits', turnover: '90071992547409.92' },
				label: 'Turnover',
			},
			{ title: 'Amount Unit empty', p: { amountUnit: '' }, label: 'Amount Unit' },
			{ title: 'Amount Unit rubles', p: { amountUnit: 'rubles' }, label: 'Amount Unit' },
			// at 23:30 on the 30th in Vladivostok December has begun at UTC+14 (the API decides it, in
			// the shop's zone), but January has begun nowhere
			{
				title: 'the month after next at 23:30 on the 30th in Vladivostok',
				p: { center: VLADIVOSTOK, shop: '1004-01', month: '2027-01-01' },
				now: VLAD_MONTH_END,
				label: 'Month',
				lookup: 'a month not begun in any time zone',
			},
			{
				title: 'the month after next just after midnight in Vladivostok',
				p: { center: VLADIVOSTOK, shop: '1004-01', month: '2027-01' },
				now: VLAD_NEW_MONTH,
				label: 'Month',
				lookup: 'a month not begun in any time zone',
			},
			{
				title: 'next month in Moscow',
				p: { center: BASIC, shop: '1001-02', month: '2026-12-31' },
				label: 'Month',
				lookup: 'the future is decided in the center zone',
			},
		],
		controlMinItems: 1,
	},
];
