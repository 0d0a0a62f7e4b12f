/** A generated document as the receipt export returns it (fields exactly as in the spec's Receipt). */
import { isoAt } from './calendar';
import { DOCUMENT_TYPES, NDS_FIELDS, type RawReceipt } from './receipt-gen';

export function receiptToApi(r: RawReceipt, zone: string): Record<string, unknown> {
	const row: Record<string, unknown> = {
		id: r.id,
		document_type: DOCUMENT_TYPES[r.type],
		created_datetime: isoAt(r.created, zone),
		received_datetime: isoAt(r.received, zone),
		kkt_id: r.kkt.id,
		kkt_reg_id: r.kkt.reg_id,
		kkt_serial_number: r.kkt.serial_number,
		kkt_fiscal_drive_number: r.kkt.fiscal_number,
		fiscal_document_number: r.fdn,
		shift_number: r.shift,
		shift_check_number: r.shiftCheck,
		operation_type: r.op,
		total_sum: r.total,
		cash_sum: r.cash,
		ecash_sum: r.ecash,
		advanced_sum: r.advanced,
		full_prepayment_sum: r.fullPrep,
		partial_prepayment_sum: r.partialPrep,
		prepaid_sum: r.prepaid,
		credit_sum: r.credit,
		provision_sum: r.provision,
	};
	NDS_FIELDS.forEach((field, k) => (row[field] = r.nds[k]));
	row.items_count = r.items;
	return row;
}
