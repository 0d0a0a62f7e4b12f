/**
 * Shopping Center Portal: every resource and its operations, typed (a missing or misspelled key fails the type
 * check), mapped to the execute function of each operation file.
 */
import type { OperationMap } from '../../shared/router';
import * as passGetMany from './pass/getMany.operation';
import * as ticketGetMany from './ticket/getMany.operation';

export type PortalOperations = {
	ticket: 'getMany';
	pass: 'getMany';
};

export const operations: OperationMap<PortalOperations> = {
	ticket: { getMany: ticketGetMany.execute },
	pass: { getMany: passGetMany.execute },
};
