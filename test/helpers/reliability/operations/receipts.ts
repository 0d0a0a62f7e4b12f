/** The bad-input table's operations of Receipts: accepted values, tested fields and their own cases. */
import { BAD_VALUES } from '../bad-values';
import { rl } from '../run';
import {
	fromItem,
	PRO,
	DISPLAY_NOTE,
	FILE_OUTPUT_UNTABLED,
	SHOP_SCOPE_NOTE,
	FILE_CASES,
	LIMIT_FIELD,
	CENTER,
	SHOP,
	RETURN_ALL_CASES,
	SIMPLIFY,
	periodCases,
	type OpSpec,
} from './common';

export const RECEIPTS_OPERATIONS: OpSpec[] = [
	{
		id: 'ShoppingCenterReceipts receipt.export',
		node: 'ShoppingCenterReceipts',
		resource: 'receipt',
		operation: 'export',
		parameters: {
			center: rl(fromItem('center')),
			shop: rl(fromItem('shop')),
			periodBy: 'created',
			createdStartDate: fromItem('createdStartDate'),
			createdEndDate: fromItem('createdEndDate'),
			receivedStartDate: fromItem('receivedStartDate'),
			receivedEndDate: fromItem('receivedEndDate'),
			documentTypes: fromItem('documentTypes'),
			otherDocumentTypes: fromItem('otherDocumentTypes'),
			returnAll: false,
			limit: fromItem('limit'),
			simplify: fromItem('simplify'),
			addRubles: fromItem('addRubles'),
		},
		good: {
			center: PRO,
			shop: '1002-03',
			createdStartDate: '2026-11-18',
			createdEndDate: '2026-11-19',
			receivedStartDate: '2026-11-18',
			receivedEndDate: '2026-11-19',
			documentTypes: ['receipt'],
			otherDocumentTypes: 'correction',
			simplify: true,
			limit: 2,
			addRubles: true,
		},
		fields: [
			CENTER,
			SHOP,
			{ name: 'createdStartDate', label: 'Creation Start Date', kind: 'date' },
			{ name: 'createdEndDate', label: 'Creation End Date', kind: 'date' },
			{ name: 'documentTypes', label: 'Document Types', kind: 'documentTypes' },
			{ name: 'otherDocumentTypes', label: 'Other Document Types', kind: 'otherDocumentTypes' },
			LIMIT_FIELD,
			SIMPLIFY,
			{ name: 'addRubles', label: 'Add Ruble Amounts', kind: 'boolean' },
		],
		extra: [
			...FILE_CASES,
			...periodCases('Creation Start Date', 'Creation End Date', {
				start: 'createdStartDate',
				end: 'createdEndDate',
			}),
			{
				title: 'no document type at all',
				p: { documentTypes: [], otherDocumentTypes: '' },
				label: 'Document Types',
			},
			{
				title: 'only separators as document types',
				p: { documentTypes: [' '], otherDocumentTypes: ' , ,' },
				label: 'Document Types',
			},
			// "Period By" shows and hides the pairs: its bad values and the second pair are literal variants
			{ title: 'Period By unknown', params: { periodBy: '={{ "creation" }}' }, label: 'Period By' },
			{
				title: 'Period By an object',
				params: { periodBy: '={{ { by: "created" } }}' },
				label: 'Period By',
			},
			...(['receivedStartDate', 'receivedEndDate'] as const).flatMap((name) =>
				BAD_VALUES.date.map((b) => ({
					title: `both pairs, ${name}: ${b.title}`,
					params: { periodBy: 'both' },
					p: { [name]: b.value },
					label: name === 'receivedStartDate' ? 'Reception Start Date' : 'Reception End Date',
				})),
			),
			...periodCases('Reception Start Date', 'Reception End Date', {
				start: 'receivedStartDate',
				end: 'receivedEndDate',
			}).map((c) => ({
				...c,
				title: `reception pair only: ${c.title}`,
				params: { periodBy: 'received' },
			})),
			...RETURN_ALL_CASES,
		],
		untabled: {
			...FILE_OUTPUT_UNTABLED,
			shopScope: SHOP_SCOPE_NOTE,
			periodBy: DISPLAY_NOTE,
			receivedStartDate: 'in the extra cases (Period By = both)',
			receivedEndDate: 'in the extra cases (Period By = both)',
		},
		controlMinItems: 2,
	},
];
