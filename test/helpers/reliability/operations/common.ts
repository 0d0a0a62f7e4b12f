/**
 * What the bad-input table's per-node operation lists share: the spec types, the centers and clocks
 * the cases use, the common field specs and case generators (period pairs, literal-only fields, files).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { BAD_VALUES, type Kind } from '../bad-values';
import type { ActionNodeName } from '../run';

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

export const DISPLAY_NOTE =
	'an options field that shows or hides other fields: tested with literal bad values in the extra cases';

/** Output and the file's options (shared/output/fileOptions.ts): refusals in the extra cases of Receipt → Export; the files themselves in test/output. */
export const FILE_NOTE =
	'read before any request: extra cases of Receipt → Export; files in test/output';
export const FILE_OUTPUT_UNTABLED: Record<string, string> = {
	output: FILE_NOTE,
	fileFormat: FILE_NOTE,
	'fileOptions.binaryPropertyName': FILE_NOTE,
	'fileOptions.fileName': FILE_NOTE,
	'fileOptions.delimiter': FILE_NOTE,
	'fileOptions.bom': FILE_NOTE,
};
export const SHOP_SCOPE_NOTE = 'all shops of the center: test/output/file-output.test.ts';
export const FILE_CASES: BadCase[] = [
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

export const LIMIT_FIELD: FieldSpec = { name: 'limit', label: 'Limit', kind: 'limit' };
export const CENTER: FieldSpec = { name: 'center', label: 'Center', kind: 'id' };
export const SHOP: FieldSpec = { name: 'shop', label: 'Shop', kind: 'id' };
export const START: FieldSpec = { name: 'startDate', label: 'Start Date', kind: 'date' };
export const END: FieldSpec = { name: 'endDate', label: 'End Date', kind: 'date' };

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

export const RETURN_ALL_CASES = literalCases('returnAll', 'Return All', 'boolean');
export const SIMPLIFY: FieldSpec = { name: 'simplify', label: 'Simplify', kind: 'boolean' };
export const INCLUDE_ARCHIVED: FieldSpec = {
	name: 'includeArchived',
	label: 'Include Archived',
	kind: 'boolean',
};

/** The common period cases of a read with Start Date / End Date. */
export function periodCases(
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
