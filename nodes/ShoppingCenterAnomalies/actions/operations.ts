/**
 * Shopping Center Anomalies: every resource and its operations, typed (a missing or misspelled key fails the type
 * check), mapped to the execute function of each operation file.
 */
import type { OperationMap } from '../../shared/router';
import * as anomalyGetMany from './anomaly/getMany.operation';

export type AnomaliesOperations = {
	anomaly: 'getMany';
};

export const operations: OperationMap<AnomaliesOperations> = {
	anomaly: { getMany: anomalyGetMany.execute },
};
