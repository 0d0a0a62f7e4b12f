/**
 * Shopping Center Intake: every resource and its operations, typed (a missing or misspelled key fails the type
 * check), mapped to the execute function of each operation file.
 */
import type { OperationMap } from '../../shared/router';
import * as submitAttendance from './dailyAttendance/submit.operation';
import * as createEvent from './calendarEvent/create.operation';
import * as submitCounterHours from './counterHour/submit.operation';
import * as declareTurnover from './declaredTurnover/submit.operation';

export type IntakeOperations = {
	dailyAttendance: 'submit';
	counterHour: 'submit';
	calendarEvent: 'create';
	declaredTurnover: 'submit';
};

export const operations: OperationMap<IntakeOperations> = {
	dailyAttendance: { submit: submitAttendance.execute },
	counterHour: { submit: submitCounterHours.execute },
	calendarEvent: { create: createEvent.execute },
	declaredTurnover: { submit: declareTurnover.execute },
};
