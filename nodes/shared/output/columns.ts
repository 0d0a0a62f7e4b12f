/**
 * What a file export writes per kind of record: the CSV columns in the spec's field order (nested
 * objects as dotted names; arrays and objects of unshown shape as JSON in one cell), the money fields
 * (integer kopecks, summed in the summary) and the date the summary's first / last date is read from.
 */
import { isMoneyName } from '../rubles';
export type ExportKind = 'receipt' | 'dailySales' | 'anomaly' | 'ticket' | 'pass';

export interface KindColumns {
	columns: string[];
	money: string[];
	dateField: string;
	fileStem: string;
}

const VAT = ['no', '0', '5', '7', '10', '18', '20', '22', '105', '107', '110', '118', '120', '122'];
const vat = (prefix = '') => VAT.map((r) => `${prefix}nds_${r}_sum`);
const PAYMENTS = [
	'cash_sum',
	'ecash_sum',
	'advanced_sum',
	'full_prepayment_sum',
	'partial_prepayment_sum',
	'prepaid_sum',
	'credit_sum',
	'provision_sum',
];
const PERSON = ['id', 'name', 'email', 'mall_staff', 'phone'];
const under = (parent: string, names: string[]) => names.map((n) => `${parent}.${n}`);

const RECEIPT = [
	'sc_id',
	'shop_id',
	'id',
	'document_type',
	'created_datetime',
	'received_datetime',
	'kkt_id',
	'kkt_reg_id',
	'kkt_serial_number',
	'kkt_fiscal_drive_number',
	'fiscal_document_number',
	'shift_number',
	'shift_check_number',
	'operation_type',
	'total_sum',
	...PAYMENTS,
	...vat(),
	'items_count',
];

const DAILY = [
	'sc_id',
	'shop_id',
	'date',
	'kkts_count',
	'receipts_count',
	'income_receipts_count',
	'refund_receipts_count',
	'income_sum',
	'income_without_nds_sum',
	'refund_sum',
	'refund_without_nds_sum',
	...PAYMENTS,
	...['cash', 'ecash', 'prepaid', 'credit', 'provision'].map((p) => `refund_${p}_sum`),
	...vat(),
	...vat('refund_'),
	'turnover',
];

const ANOMALY = [
	'id',
	'date',
	'created_at',
	'type',
	'type_title',
	'level',
	'magnitude',
	'status',
	'shop_id',
	'shop_name',
	'title',
	'description',
	'period',
];

const PASS = [
	'id',
	'status',
	'pass_type',
	'person',
	...under('vehicle', ['plate_number', 'brand', 'vehicle_type']),
	'ticket_uid',
	'created_at',
	'valid_from',
	'valid_to',
	'permanent',
	'work_period',
	...under('author', PERSON),
	'tags',
];

const TYPE = ['id', 'title', 'analytics_key'];
const TICKET = [
	'ticket_uid',
	'title',
	'status',
	'archived',
	'work_period',
	'text',
	'created_at',
	'resolution_created_at',
	'begin_time',
	'end_time',
	...under('ticket_type', TYPE),
	...under('ticket_type.children', TYPE),
	'has_passes',
	'parameters',
	...under('sell_location', ['id', 'name']),
	...under('arendator', ['id', 'legal_name', 'inn']),
	...under('author', PERSON),
	'custom_fields',
	'agreement_comments',
];

function kind(columns: string[], dateField: string, fileStem: string): KindColumns {
	return { columns, money: columns.filter(isMoneyName), dateField, fileStem };
}

export const KINDS: Record<ExportKind, KindColumns> = {
	receipt: kind(RECEIPT, 'created_datetime', 'receipts'),
	dailySales: kind(DAILY, 'date', 'daily-sales'),
	anomaly: kind(ANOMALY, 'date', 'anomalies'),
	ticket: kind(TICKET, 'created_at', 'tickets'),
	pass: kind(PASS, 'created_at', 'passes'),
};
