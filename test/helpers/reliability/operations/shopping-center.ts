/** The bad-input table's operations of Shopping Center: accepted values, tested fields and their own cases. */
import { rl } from '../run';
import {
	fromItem,
	PRO,
	LIMIT_FIELD,
	CENTER,
	RETURN_ALL_CASES,
	INCLUDE_ARCHIVED,
	type OpSpec,
} from './common';

export const SHOPPING_CENTER_OPERATIONS: OpSpec[] = [
	{
		id: 'ShoppingCenter center.getMany',
		node: 'ShoppingCenter',
		resource: 'center',
		operation: 'getMany',
		parameters: { returnAll: false, limit: fromItem('limit') },
		good: { limit: 2 },
		fields: [LIMIT_FIELD],
		extra: RETURN_ALL_CASES,
		controlMinItems: 2,
	},
	{
		id: 'ShoppingCenter shop.getMany',
		node: 'ShoppingCenter',
		resource: 'shop',
		operation: 'getMany',
		parameters: {
			center: rl(fromItem('center')),
			returnAll: false,
			limit: fromItem('limit'),
			includeArchived: fromItem('includeArchived'),
		},
		good: { center: PRO, limit: 2, includeArchived: 'true' },
		fields: [CENTER, LIMIT_FIELD, INCLUDE_ARCHIVED],
		extra: RETURN_ALL_CASES,
		controlMinItems: 2,
	},
];
