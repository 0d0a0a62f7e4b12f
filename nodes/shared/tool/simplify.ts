/**
 * The Simplify option of the wide records (receipts, daily sales, tickets, passes): the dozen fields a
 * person asks about instead of 30 to 60. On by default when the node runs as an AI tool (n8n's `@tool`
 * display condition: the node type's name ends in "Tool"), off otherwise. Nested objects become flat
 * fields (author.name → author_name); money stays in integer kopecks.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

/** Output field → where it is in the API's record (a dot path). */
type FieldSet = Array<[string, string]>;

const same = (...names: string[]): FieldSet => names.map((n) => [n, n]);

/** The simplified fields per "resource.operation". Fields the record does not have are left out. */
export const SIMPLE_FIELDS: Record<string, FieldSet> = {
	'receipt.export': same(
		'id',
		'sc_id',
		'shop_id',
		'document_type',
		'created_datetime',
		'received_datetime',
		'operation_type',
		'total_sum',
		'cash_sum',
		'ecash_sum',
		'items_count',
		'kkt_reg_id',
		'fiscal_document_number',
		'shift_number',
	),
	'dailySalesAggregate.getMany': same(
		'date',
		'sc_id',
		'shop_id',
		'receipts_count',
		'income_receipts_count',
		'refund_receipts_count',
		'income_sum',
		'income_without_nds_sum',
		'refund_sum',
		'cash_sum',
		'ecash_sum',
		'turnover',
		'kkts_count',
		'income_sum_rub',
		'refund_sum_rub',
		'turnover_rub',
	),
	'ticket.getMany': [
		...same('ticket_uid', 'sc_id', 'title', 'status', 'archived', 'created_at'),
		['resolution_created_at', 'resolution_created_at'],
		...same('begin_time', 'end_time', 'has_passes'),
		['ticket_type', 'ticket_type.title'],
		['shop_id', 'sell_location.id'],
		['shop_name', 'sell_location.name'],
		['tenant', 'arendator.legal_name'],
		['author_name', 'author.name'],
	],
	'pass.getMany': [
		...same('id', 'sc_id', 'status', 'pass_type', 'ticket_uid', 'created_at'),
		...same('valid_from', 'valid_to', 'permanent', 'work_period'),
		['vehicle_plate', 'vehicle.plate_number'],
		['vehicle_brand', 'vehicle.brand'],
		['author_name', 'author.name'],
		['tags', 'tags[].name'],
	],
};

const TOOL = '@tool';

/**
 * The Simplify field of one operation: two fields of the same name, one shown when the node runs as a
 * tool (default on) and one otherwise (default off), so each place gets its own default.
 */
export function simplifyField(show: Record<string, string[]>): INodeProperties[] {
	const base = {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean' as const,
		description:
			'Whether to return a simplified version of the response instead of the raw data (about a dozen fields; money stays in integer kopecks)',
	};
	return [
		{ ...base, default: false, displayOptions: { show, hide: { [TOOL]: [true] } } },
		{ ...base, default: true, displayOptions: { show: { ...show, [TOOL]: [true] } } },
	];
}

function valueAt(record: IDataObject, path: string): unknown {
	const list = path.indexOf('[].');
	if (list >= 0) {
		const items = valueAt(record, path.slice(0, list));
		if (!Array.isArray(items)) return undefined;
		return items.map((item) => valueAt(item as IDataObject, path.slice(list + 3)));
	}
	let value: unknown = record;
	for (const key of path.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as IDataObject)[key];
	}
	return value;
}

/** The record's simplified copy (fields in the set's order; absent ones left out). */
export function simplifyRecord(record: IDataObject, fields: FieldSet): IDataObject {
	const out: IDataObject = {};
	for (const [name, path] of fields) {
		const value = valueAt(record, path);
		if (value !== undefined) out[name] = value as IDataObject[keyof IDataObject];
	}
	return out;
}

/** The field set of an operation, when it has the Simplify option. */
export function simpleFieldsOf(resource: string, operation: string): FieldSet | undefined {
	return SIMPLE_FIELDS[`${resource}.${operation}`];
}
