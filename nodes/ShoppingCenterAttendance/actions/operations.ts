/**
 * Shopping Center Attendance: every resource and its operations, typed (a missing or misspelled key fails the type
 * check), mapped to the execute function of each operation file.
 */
import type { OperationMap } from '../../shared/router';
import * as attendanceGet from './attendance/get.operation';
import * as zoneGetMany from './countingZone/getMany.operation';

export type AttendanceOperations = {
	attendance: 'get';
	countingZone: 'getMany';
};

export const operations: OperationMap<AttendanceOperations> = {
	attendance: { get: attendanceGet.execute },
	countingZone: { getMany: zoneGetMany.execute },
};
