/**
 * Shopping Center Revenue: every resource and its operations, typed (a missing or misspelled key fails the type
 * check), mapped to the execute function of each operation file.
 */
import type { OperationMap } from '../../shared/router';
import * as cashRegisterGetMany from './cashRegister/getMany.operation';
import * as dailySalesGetMany from './dailySalesAggregate/getMany.operation';
import * as monthlyTotalsGetMany from './monthlyTotal/getMany.operation';
import * as turnoverSettingsGet from './turnoverSetting/get.operation';

export type RevenueOperations = {
	dailySalesAggregate: 'getMany';
	monthlyTotal: 'getMany';
	turnoverSetting: 'get';
	cashRegister: 'getMany';
};

export const operations: OperationMap<RevenueOperations> = {
	dailySalesAggregate: { getMany: dailySalesGetMany.execute },
	monthlyTotal: { getMany: monthlyTotalsGetMany.execute },
	turnoverSetting: { get: turnoverSettingsGet.execute },
	cashRegister: { getMany: cashRegisterGetMany.execute },
};
