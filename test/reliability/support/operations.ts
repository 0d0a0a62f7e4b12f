/**
 * Every operation of every action node (from each node's actions/index.ts), as the bad-input table
 * drives it: the parameters (each tested field read from the item through an expression), values the
 * node accepts, the tested fields with their kind, and the operation's own cases (end before start,
 * half a period pair, future days near midnight in the center's zone, ...).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { BAD_VALUES, HUGE, type BadValue, type Kind } from './bad-values';
import { rl, type ActionNodeName } from './run';

/** `{{ $json.p["name"] }}`: the field's value comes from the item, with its JavaScript type. */
export const fromItem = (name: string): string => `={{ $json.p[${JSON.stringify(name)}] }}`;

export interface FieldSpec {
	/** key in the item's `p` (collection options dotted: additionalFields.color) */
	name: string;
	/** the field's label, which the error message must start with */
	label: string;
	kind: Kind;
}

export interface BadCase {
	title: string;
	/** overrides of the item's `p` values */
	p?: Record<string, unknown>;
	/** overrides of the item's other JSON (counter records) */
	item?: Record<string, unknown>;
	/** overrides of the literal parameters (options that show or hide other fields) */
	params?: INodeParameters;
	/** the label the message must start with */
	label: string;
	/** the item the message must name (default: the item that carries the case) */
	itemIndex?: number;
	/** the check needs the center's time zone: the token call and GET /sc may be made */
	lookup?: string;
	/** the harness clock for the run */
	now?: string;
	/** several input items (the case is the whole list) */
	items?: IDataObject[];
}

export interface OpSpec {
	/** "Node resource.operation (variant)" */
	id: string;
	node: ActionNodeName;
	resource: string;
	operation: string;
	parameters: INodeParameters;
	/** values the node accepts (the control run proves it) */
	good: Record<string, unknown>;
	/** other JSON of the item (counter records) */
	itemJson?: IDataObject;
	fields: FieldSpec[];
	extra?: BadCase[];
	/** fields of the operation that are not in the generated table, with the reason */
	untabled?: Record<string, string>;
	/** the control run writes or reads; it must succeed with these many output items at least */
	controlMinItems?: number;
	/** false: the cases are lists of items already (no Continue On Fail run of one case per item) */
	multiItem?: boolean;
	/** the control run's items when they are not the good values */
	controlItems?: IDataObject[];
}

export const BASIC = '1001';
export const PRO = '1002';
/** PRO, Asia/Vladivostok (UTC+10): its "tomorrow" starts ten hours before UTC's. */
export const VLADIVOSTOK = '1004';

/** 23:30 on 2026-11-20 in Vladivostok; still 13:30 on the 20th in UTC. */
export const VLAD_LATE = '2026-11-20T13:30:00Z';
/** 00:30 on 2026-11-21 in Vladivostok; still the 20th in UTC (and in Moscow). */
export const VLAD_AFTER_MIDNIGHT = '2026-11-20T14:30:00Z';
/** 23:59 on 2026-11-20 in Moscow. */
export const MOSCOW_LATE = '2026-11-20T20:59:00Z';
/** 23:30 on 2026-11-30 in Vladivostok: December starts there in 30 minutes, in UTC in 10.5 hours. */
export const VLAD_MONTH_END = '2026-11-30T13:30:00Z';
export const VLAD_NEW_MONTH = '2026-11-30T14:30:00Z';

const DISPLAY_NOTE =
	'an options field that shows or hides other fields: tested with literal bad values in the extra cases';

/** Output and the file's options (shared/output/fileOptions.ts): refusals in the extra cases of Receipt → Export; the files themselves in test/output. */
const FILE_NOTE = 'read before any request: extra cases of Receipt → Export; files in test/output';
const FILE_OUTPUT_UNTABLED: Record<string, string> = {
	output: FILE_NOTE,
	fileFormat: FILE_NOTE,
	'fileOptions.binaryPropertyName': FILE_NOTE,
	'fileOptions.fileName': FILE_NOTE,
	'fileOptions.delimiter': FILE_NOTE,
	'fileOptions.bom': FILE_NOTE,
};
const SHOP_SCOPE_NOTE = 'all shops of the center: test/output/file-output.test.ts';
const FILE_CASES: BadCase[] = [
	{ title: 'an Output that is not one of the choices', params: { output: 'xml' }, label: 'Output' },
	{
		title: 'a File Name that is a path',
		params: { output: 'file', fileOptions: { fileName: '../x.csv' } },
		label: 'File Name',
	},
	{
		title: 'a Delimiter that is not , or ;',
		params: { output: 'file', fileOptions: { delimiter: '|' } },
		label: 'Delimiter',
	},
	{
		title: 'Add UTF-8 BOM that is not true or false',
		params: { output: 'file', fileOptions: { bom: 'maybe' } },
		label: 'Add UTF-8 BOM',
	},
];

const LIMIT_FIELD: FieldSpec = { name: 'limit', label: 'Limit', kind: 'limit' };
const CENTER: FieldSpec = { name: 'center', label: 'Center', kind: 'id' };
const SHOP: FieldSpec = { name: 'shop', label: 'Shop', kind: 'id' };
const START: FieldSpec = { name: 'startDate', label: 'Start Date', kind: 'date' };
const END: FieldSpec = { name: 'endDate', label: 'End Date', kind: 'date' };

/**
 * Bad values of a field that shows or hides others (Return All hides Limit): given as a literal expression
 * in the parameters, so the fields it governs keep their literal setup.
 */
export function literalCases(param: string, label: string, kind: Kind): BadCase[] {
	return BAD_VALUES[kind].map((b) => ({
		title: `${label}: ${b.title}`,
		params: { [param]: `={{ ${JSON.stringify(b.value)} }}` },
		label,
	}));
}

const RETURN_ALL_CASES = literalCases('returnAll', 'Return All', 'boolean');
const SIMPLIFY: FieldSpec = { name: 'simplify', label: 'Simplify', kind: 'boolean' };
const INCLUDE_ARCHIVED: FieldSpec = {
	name: 'includeArchived',
	label: 'Include Archived',
	kind: 'boolean',
};

/** The common period cases of a read with Start Date / End Date. */
function periodCases(
	start = 'Start Date',
	end = 'End Date',
	names = { start: 'startDate', end: 'endDate' },
): BadCase[] {
	return [
		{
			title: 'end before start',
			p: { [names.start]: '2026-11-10', [names.end]: '2026-11-09' },
			label: end,
		},
		{
			title: 'end before start by a year',
			p: { [names.start]: '2026-01-01', [names.end]: '2025-12-31' },
			label: end,
		},
		{ title: 'half a pair: no end', p: { [names.end]: '' }, label: end },
		{ title: 'half a pair: no start', p: { [names.start]: undefined }, label: start },
	];
}

export const OPERATIONS: OpSpec[] = [
	// ------------------------------------------------------------------ Shopping Center
	{
		id: 'ShoppingCenter center.getMany',
		node: 'ShoppingCenter',
		resource: 'center',
		operation: 'getMany',
		parameters: { returnAll: false, limit: fromItem('limit') },
		good: { limit: 2 },
		fields: [LIMIT_FIELD],
		extra: RETURN_ALL_CASES,
		controlMinItems: 2,
	},
	{
		id: 'ShoppingCenter shop.getMany',
		node: 'ShoppingCenter',
		resource: 'shop',
		operation: 'getMany',
		parameters: {
			center: rl(fromItem('center')),
			returnAll: false,
			limit: fromItem('limit'),
			includeArchived: fromItem('includeArchived'),
		},
		good: { center: PRO, limit: 2, includeArchived: 'true' },
		fields: [CENTER, LIMIT_FIELD, INCLUDE_ARCHIVED],
		extra: RETURN_ALL_CASES,
		controlMinItems: 2,
	},
	// ------------------------------------------------------------------ Revenue
	{
		id: 'ShoppingCenterRevenue dailySalesAggregate.getMany',
		node: 'ShoppingCenterRevenue',
		resource: 'dailySalesAggregate',
		operation: 'getMany',
		parameters: {
			center: rl(fromItem('center')),
			shop: rl(fromItem('shop')),
			startDate: fromItem('startDate'),
			endDate: fromItem('endDate'),
			returnAll: false,
			limit: fromItem('limit'),
			simplify: fromItem('simplify'),
			addRubles: fromItem('addRubles'),
		},
		good: {
			center: PRO,
			shop: '1002-03',
			startDate: '2026-11-01',
			endDate: '2026-11-03',
			simplify: true,
			limit: 2,
			addRubles: true,
		},
		fields: [
			CENTER,
			SHOP,
			START,
			END,
			LIMIT_FIELD,
			SIMPLIFY,
			{ name: 'addRubles', label: 'Add Ruble Amounts', kind: 'boolean' },
		],
		extra: [...periodCases(), ...RETURN_ALL_CASES],
		controlMinItems: 2,
		untabled: { ...FILE_OUTPUT_UNTABLED, shopScope: SHOP_SCOPE_NOTE },
	},
	{
		id: 'ShoppingCenterRevenue monthlyTotal.getMany',
		node: 'ShoppingCenterRevenue',
		resource: 'monthlyTotal',
		operation: 'getMany',
		parameters: {
			center: rl(fromItem('center')),
			shop: rl(fromItem('shop')),
			startDate: fromItem('startDate'),
			endDate: fromItem('endDate'),
			returnAll: false,
			limit: fromItem('limit'),
			addRubles: fromItem('addRubles'),
		},
		good: {
			center: BASIC,
			shop: '1001-02',
			startDate: '2026-08-01',
			endDate: '2026-10-31',
			limit: 2,
			addRubles: 'false',
		},
		fields: [
			CENTER,
			SHOP,
			START,
			END,
			LIMIT_FIELD,
			{ name: 'addRubles', label: 'Add Ruble Amounts', kind: 'boolean' },
		],
		extra: [...periodCases(), ...RETURN_ALL_CASES],
		controlMinItems: 2,
	},
	{
		id: 'ShoppingCenterRevenue turnoverSetting.get',
		node: 'ShoppingCenterRevenue',
		resource: 'turnoverSetting',
		operation: 'get',
		parameters: { center: rl(fromItem('center')), shop: rl(fromItem('shop')) },
		good: { center: PRO, shop: '1002-01' },
		fields: [CENTER, SHOP],
		controlMinItems: 1,
	},
	{
		id: 'ShoppingCenterRevenue cashRegister.getMany',
		node: 'ShoppingCenterRevenue',
		resource: 'cashRegister',
		operation: 'getMany',
		parameters: {
			center: rl(fromItem('center')),
			shop: rl(fromItem('shop')),
			returnAll: false,
			limit: fromItem('limit'),
			includeArchived: fromItem('includeArchived'),
		},
		good: { center: PRO, shop: '1002-01', limit: 2, includeArchived: false },
		fields: [CENTER, SHOP, LIMIT_FIELD, INCLUDE_ARCHIVED],
		extra: RETURN_ALL_CASES,
		controlMinItems: 1,
	},
	// ------------------------------------------------------------------ Receipts
	{
		id: 'ShoppingCenterReceipts receipt.export',
		node: 'ShoppingCenterReceipts',
		resource: 'receipt',
		operation: 'export',
		parameters: {
			center: rl(fromItem('center')),
			shop: rl(fromItem('shop')),
			periodBy: 'created',
			createdStartDate: fromItem('createdStartDate'),
			createdEndDate: fromItem('createdEndDate'),
			receivedStartDate: fromItem('receivedStartDate'),
			receivedEndDate: fromItem('receivedEndDate'),
			documentTypes: fromItem('documentTypes'),
			otherDocumentTypes: fromItem('otherDocumentTypes'),
			returnAll: false,
			limit: fromItem('limit'),
			simplify: fromItem('simplify'),
			addRubles: fromItem('addRubles'),
		},
		good: {
			center: PRO,
			shop: '1002-03',
			createdStartDate: '2026-11-18',
			createdEndDate: '2026-11-19',
			receivedStartDate: '2026-11-18',
			receivedEndDate: '2026-11-19',
			documentTypes: ['receipt'],
			otherDocumentTypes: 'correction',
			simplify: true,
			limit: 2,
			addRubles: true,
		},
		fields: [
			CENTER,
			SHOP,
			{ name: 'createdStartDate', label: 'Creation Start Date', kind: 'date' },
			{ name: 'createdEndDate', label: 'Creation End Date', kind: 'date' },
			{ name: 'documentTypes', label: 'Document Types', kind: 'documentTypes' },
			{ name: 'otherDocumentTypes', label: 'Other Document Types', kind: 'otherDocumentTypes' },
			LIMIT_FIELD,
			SIMPLIFY,
			{ name: 'addRubles', label: 'Add Ruble Amounts', kind: 'boolean' },
		],
		extra: [
			...FILE_CASES,
			...periodCases('Creation Start Date', 'Creation End Date', {
				start: 'createdStartDate',
				end: 'createdEndDate',
			}),
			{
				title: 'no document type at all',
				p: { documentTypes: [], otherDocumentTypes: '' },
				label: 'Document Types',
			},
			{
				title: 'only separators as document types',
				p: { documentTypes: [' '], otherDocumentTypes: ' , ,' },
				label: 'Document Types',
			},
			// "Period By" shows and hides the pairs: its bad values and the second pair are literal variants
			{ title: 'Period By unknown', params: { periodBy: '={{ "creation" }}' }, label: 'Period By' },
			{
				title: 'Period By an object',
				params: { periodBy: '={{ { by: "created" } }}' },
				label: 'Period By',
			},
			...(['receivedStartDate', 'receivedEndDate'] as const).flatMap((name) =>
				BAD_VALUES.date.map((b) => ({
					title: `both pairs, ${name}: ${b.title}`,
					params: { periodBy: 'both' },
					p: { [name]: b.value },
					label: name === 'receivedStartDate' ? 'Reception Start Date' : 'Reception End Date',
				})),
			),
			...periodCases('Reception Start Date', 'Reception End Date', {
				start: 'receivedStartDate',
				end: 'receivedEndDate',
			}).map((c) => ({
				...c,
				title: `reception pair only: ${c.title}`,
				params: { periodBy: 'received' },
			})),
			...RETURN_ALL_CASES,
		],
		untabled: {
			...FILE_OUTPUT_UNTABLED,
			shopScope: SHOP_SCOPE_NOTE,
			periodBy: DISPLAY_NOTE,
			receivedStartDate: 'in the extra cases (Period By = both)',
			receivedEndDate: 'in the extra cases (Period By = both)',
		},
		controlMinItems: 2,
	},
	// ------------------------------------------------------------------ Attendance
	{
		id: 'ShoppingCenterAttendance attendance.get (scope center)',
		node: 'ShoppingCenterAttendance',
		resource: 'attendance',
		operation: 'get',
		parameters: {
			center: rl(fromItem('center')),
			startDate: fromItem('startDate'),
			endDate: fromItem('endDate'),
			granularity: fromItem('granularity'),
			scope: 'sc',
		},
		good: { center: PRO, startDate: '2026-11-01', endDate: '2026-11-07', granularity: 'day' },
		fields: [
			CENTER,
			START,
			END,
			{ name: 'granularity', label: 'Granularity', kind: 'granularity' },
		],
		extra: [
			...periodCases(),
			// with the scope an expression n8n shows every field that depends on it: the required ones get values
			{
				title: 'Scope unknown',
				params: { scope: '={{ "center" }}', zone: rl('100201'), shop: rl('1002-01') },
				label: 'Scope',
			},
			{
				title: 'Scope an array',
				params: { scope: '={{ ["sc"] }}', zone: rl('100201'), shop: rl('1002-01') },
				label: 'Scope',
			},
		],
		untabled: {
			scope: DISPLAY_NOTE,
			zone: 'in the (scope zone) variant',
			shop: 'in the (scope shop) variant',
		},
		controlMinItems: 7,
	},
	{
		id: 'ShoppingCenterAttendance attendance.get (scope zone)',
		node: 'ShoppingCenterAttendance',
		resource: 'attendance',
		operation: 'get',
		parameters: {
			center: rl(PRO),
			startDate: '2026-11-01',
			endDate: '2026-11-02',
			granularity: 'day',
			scope: 'zone',
			zone: rl(fromItem('zone')),
		},
		good: { zone: '100201' },
		fields: [{ name: 'zone', label: 'Counting Zone', kind: 'id' }],
		controlMinItems: 2,
	},
	{
		id: 'ShoppingCenterAttendance attendance.get (scope shop)',
		node: 'ShoppingCenterAttendance',
		resource: 'attendance',
		operation: 'get',
		parameters: {
			center: rl(PRO),
			startDate: '2026-11-01',
			endDate: '2026-11-02',
			granularity: 'day',
			scope: 'shop',
			shop: rl(fromItem('shop')),
		},
		good: { shop: '1002-03' },
		fields: [SHOP],
		controlMinItems: 2,
	},
	{
		id: 'ShoppingCenterAttendance countingZone.getMany',
		node: 'ShoppingCenterAttendance',
		resource: 'countingZone',
		operation: 'getMany',
		parameters: { center: rl(fromItem('center')), returnAll: false, limit: fromItem('limit') },
		good: { center: PRO, limit: 2 },
		fields: [CENTER, LIMIT_FIELD],
		extra: RETURN_ALL_CASES,
		controlMinItems: 2,
	},
	// ------------------------------------------------------------------ Portal
	{
		id: 'ShoppingCenterPortal ticket.getMany (period)',
		node: 'ShoppingCenterPortal',
		resource: 'ticket',
		operation: 'getMany',
		parameters: {
			center: rl(fromItem('center')),
			selectBy: 'createdPeriod',
			startDate: fromItem('startDate'),
			endDate: fromItem('endDate'),
			statuses: fromItem('statuses'),
			returnAll: false,
			limit: fromItem('limit'),
			simplify: fromItem('simplify'),
		},
		good: {
			center: BASIC,
			startDate: '2026-10-01',
			endDate: '2026-11-19',
			statuses: [],
			simplify: true,
			limit: 2,
		},
		fields: [
			CENTER,
			START,
			END,
			{ name: 'statuses', label: 'Statuses', kind: 'ticketStatuses' },
			LIMIT_FIELD,
			SIMPLIFY,
		],
		extra: [
			...periodCases(),
			...periodCases().map((c) => ({
				...c,
				title: `validity period: ${c.title}`,
				params: { selectBy: 'activePeriod' },
			})),
			{
				title: 'Select By unknown',
				params: { selectBy: '={{ "both" }}', ticketNumbers: '1001000101' },
				label: 'Select By',
			},
			// tickets take exactly one selection: numbers AND a period is a pass-only choice
			{
				title: 'two selections (numbers and a creation period)',
				params: { selectBy: '={{ "ticketNumbersCreated" }}', ticketNumbers: '1001000101' },
				label: 'Select By',
			},
			{
				title: 'two selections (numbers and a validity period)',
				params: { selectBy: '={{ "ticketNumbersActive" }}', ticketNumbers: '1001000101' },
				label: 'Select By',
			},
			...RETURN_ALL_CASES,
		],
		untabled: {
			...FILE_OUTPUT_UNTABLED,
			selectBy: DISPLAY_NOTE,
			ticketNumbers: 'in the (ticket numbers) variant',
		},
		controlMinItems: 2,
	},
	{
		id: 'ShoppingCenterPortal ticket.getMany (ticket numbers)',
		node: 'ShoppingCenterPortal',
		resource: 'ticket',
		operation: 'getMany',
		parameters: {
			center: rl(BASIC),
			selectBy: 'ticketNumbers',
			ticketNumbers: fromItem('ticketNumbers'),
			returnAll: true,
		},
		good: { ticketNumbers: '1001000101, 1001000102' },
		fields: [{ name: 'ticketNumbers', label: 'Ticket Numbers', kind: 'ticketNumbers' }],
		controlMinItems: 0,
		untabled: { ...FILE_OUTPUT_UNTABLED },
	},
	{
		id: 'ShoppingCenterPortal pass.getMany (period)',
		node: 'ShoppingCenterPortal',
		resource: 'pass',
		operation: 'getMany',
		parameters: {
			center: rl(fromItem('center')),
			selectBy: 'activePeriod',
			startDate: fromItem('startDate'),
			endDate: fromItem('endDate'),
			statuses: fromItem('statuses'),
			otherStatuses: fromItem('otherStatuses'),
			returnAll: false,
			limit: fromItem('limit'),
			simplify: fromItem('simplify'),
		},
		good: {
			center: PRO,
			startDate: '2026-11-01',
			endDate: '2026-11-30',
			statuses: ['approved'],
			otherStatuses: 'pending, expired',
			simplify: true,
			limit: 2,
		},
		fields: [
			CENTER,
			START,
			END,
			{ name: 'statuses', label: 'Statuses', kind: 'passStatuses' },
			{ name: 'otherStatuses', label: 'Other Statuses', kind: 'passStatuses' },
			LIMIT_FIELD,
			SIMPLIFY,
		],
		extra: [
			...periodCases(),
			{
				title: 'Select By unknown',
				params: { selectBy: '={{ "everything" }}', ticketNumbers: '1002000101' },
				label: 'Select By',
			},
			...periodCases().map((c) => ({
				...c,
				title: `numbers within a creation period: ${c.title}`,
				params: { selectBy: 'ticketNumbersCreated', ticketNumbers: '1002000101' },
			})),
			...RETURN_ALL_CASES,
		],
		untabled: {
			...FILE_OUTPUT_UNTABLED,
			selectBy: DISPLAY_NOTE,
			ticketNumbers: 'in the (ticket numbers) variant',
		},
		controlMinItems: 2,
	},
	{
		id: 'ShoppingCenterPortal pass.getMany (ticket numbers)',
		node: 'ShoppingCenterPortal',
		resource: 'pass',
		operation: 'getMany',
		parameters: {
			center: rl(PRO),
			selectBy: 'ticketNumbersActive',
			ticketNumbers: fromItem('ticketNumbers'),
			startDate: '2026-01-01',
			endDate: '2026-12-31',
			returnAll: true,
		},
		good: { ticketNumbers: ['1002000101', 1002000102] },
		fields: [{ name: 'ticketNumbers', label: 'Ticket Numbers', kind: 'ticketNumbers' }],
		controlMinItems: 0,
		untabled: { ...FILE_OUTPUT_UNTABLED },
	},
	// ------------------------------------------------------------------ Anomalies
	{
		id: 'ShoppingCenterAnomalies anomaly.getMany',
		node: 'ShoppingCenterAnomalies',
		resource: 'anomaly',
		operation: 'getMany',
		parameters: {
			center: rl(fromItem('center')),
			startDate: fromItem('startDate'),
			endDate: fromItem('endDate'),
			returnAll: false,
			limit: fromItem('limit'),
			shop: rl(fromItem('shop')),
			status: fromItem('status'),
			level: fromItem('level'),
		},
		good: {
			center: PRO,
			startDate: '2026-10-01',
			endDate: '2026-11-19',
			limit: 2,
			shop: '',
			status: '',
			level: '',
		},
		fields: [
			CENTER,
			START,
			END,
			LIMIT_FIELD,
			{ name: 'shop', label: 'Shop', kind: 'optionalId' },
			{ name: 'status', label: 'Status', kind: 'optionalChoice' },
			{ name: 'level', label: 'Level', kind: 'optionalChoice' },
		],
		extra: [...periodCases(), ...RETURN_ALL_CASES],
		controlMinItems: 2,
		untabled: { ...FILE_OUTPUT_UNTABLED },
	},
	// ------------------------------------------------------------------ Intake
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

/** Every bad case of an operation: the generated table for its fields, then its own cases. */
export function casesOf(op: OpSpec): BadCase[] {
	const generated = op.fields.flatMap((f) =>
		BAD_VALUES[f.kind].map((b: BadValue) => ({
			title: `${f.label}: ${b.title}`,
			p: { [f.name]: b.value },
			label: f.label,
		})),
	);
	return [...generated, ...(op.extra ?? [])];
}

/** The input items of a case (one item unless the case is a list of items). */
export function itemsOf(op: OpSpec, c: BadCase): IDataObject[] {
	if (c.items) return c.items;
	return [
		{ ...(op.itemJson ?? {}), ...(c.item ?? {}), p: { ...op.good, ...(c.p ?? {}) } } as IDataObject,
	];
}
