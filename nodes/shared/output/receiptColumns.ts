/**
 * The columns of a receipt file, in the spec's field order: written by the receipt export (Receipts
 * node) and by the New Receipt trigger's file output, so both files are alike.
 */
import { defineColumns, names, PAYMENTS, vat } from './columns';

export const RECEIPT_COLUMNS = defineColumns(
	[
		...names('sc_id shop_id id document_type created_datetime received_datetime kkt_id'),
		...names('kkt_reg_id kkt_serial_number kkt_fiscal_drive_number fiscal_document_number'),
		...names('shift_number shift_check_number operation_type total_sum'),
		...PAYMENTS,
		...vat(),
		'items_count',
	],
	'created_datetime',
	'receipts',
);
