/** The bad-input table's operations of Anomalies: accepted values, tested fields and their own cases. */
import { rl } from '../run';
import {
	fromItem,
	PRO,
	FILE_OUTPUT_UNTABLED,
	LIMIT_FIELD,
	CENTER,
	START,
	END,
	RETURN_ALL_CASES,
	periodCases,
	type OpSpec,
} from './common';

export const ANOMALIES_OPERATIONS: OpSpec[] = [
	{
		id: 'ShoppingCenterAnomalies anomaly.getMany',
		node: 'ShoppingCenterAnomalies',
		resource: 'anomaly',
		operation: 'getMany',
		parameters: {
			center: rl(fromItem('center')),
			startDate: fromItem('startDate'),
			endDate: fromItem('endDate'),
			returnAll: false,
			limit: fromItem('limit'),
			shop: rl(fromItem('shop')),
			status: fromItem('status'),
			level: fromItem('level'),
		},
		good: {
			center: PRO,
			startDate: '2026-10-01',
			endDate: '2026-11-19',
			limit: 2,
			shop: '',
			status: '',
			level: '',
		},
		fields: [
			CENTER,
			START,
			END,
			LIMIT_FIELD,
			{ name: 'shop', label: 'Shop', kind: 'optionalId' },
			{ name: 'status', label: 'Status', kind: 'optionalChoice' },
			{ name: 'level', label: 'Level', kind: 'optionalChoice' },
		],
		extra: [...periodCases(), ...RETURN_ALL_CASES],
		controlMinItems: 2,
		untabled: { ...FILE_OUTPUT_UNTABLED },
	},
];
