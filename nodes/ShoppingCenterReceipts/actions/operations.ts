/**
 * Shopping Center Receipts: every resource and its operations, typed (a missing or misspelled key fails the type
 * check), mapped to the execute function of each operation file.
 */
import type { OperationMap } from '../../shared/router';
import * as receiptExport from './receipt/export.operation';

export type ReceiptsOperations = {
	receipt: 'export';
};

export const operations: OperationMap<ReceiptsOperations> = {
	receipt: { export: receiptExport.execute },
};
