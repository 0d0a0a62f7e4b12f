/**
 * Shopping Center: every resource and its operations, typed (a missing or misspelled key fails the type
 * check), mapped to the execute function of each operation file.
 */
import type { OperationMap } from '../../shared/router';
import * as centerGetMany from './center/getMany.operation';
import * as shopGetMany from './shop/getMany.operation';

export type DirectoryOperations = {
	center: 'getMany';
	shop: 'getMany';
};

export const operations: OperationMap<DirectoryOperations> = {
	center: { getMany: centerGetMany.execute },
	shop: { getMany: shopGetMany.execute },
};
