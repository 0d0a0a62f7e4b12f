/**
 * The money unit, said where it is used: every money value of the API is integer kopecks (1/100 of
 * the currency unit), and the texts that say so are written once here. "Add Ruble Amounts" is a field
 * of its own (not under Options), off by default, and the one switch for items, CSV and JSON Lines
 * (../output/deliver.ts): the API's fields stay kopecks either way.
 */
import type { INodeProperties } from 'n8n-workflow';

type Display = INodeProperties['displayOptions'];

/** Hint under the fields of operations whose rows carry money. */
export const KOPECKS_HINT =
	'Money fields (…_sum, turnover, manual_turnover) are integer kopecks: income_sum 15836978 = 158,369.78. Turn on Add Ruble Amounts for rouble columns.';

export function rubleAmountsField(displayOptions?: Display): INodeProperties {
	return {
		displayName: 'Add Ruble Amounts',
		name: 'addRubles',
		type: 'boolean',
		default: false,
		description:
			'Whether to add a &lt;field&gt;_rub column (roubles, kopecks / 100) next to each money field: in the items, in a CSV file and in a JSON Lines file alike',
		hint: 'The API fields stay in kopecks; income_sum 15836978 gets income_sum_rub 158369.78 beside it',
		displayOptions,
	};
}
