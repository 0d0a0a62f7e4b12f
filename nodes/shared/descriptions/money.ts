/**
 * The money unit, said where it is used: every money value of the API is integer kopecks (1/100 of
 * the currency unit), and the texts that say so are written once here. "Add Ruble Amounts" is a field
 * of its own (not under Options), off by default, and the one switch for items, CSV and JSON Lines
 * (../output/deliver.ts): the API's fields stay kopecks either way.
 */
import type { INodeProperties } from 'n8n-workflow';
import { notice } from './notices';

type Display = INodeProperties['displayOptions'];

const KOPECKS =
	'Money fields (…_sum, turnover, manual_turnover) are integer kopecks: income_sum 15836978 = 158,369.78.';

/** The notice above the switch of operations whose rows carry money: what it says follows the switch. */
export const KOPECKS_NOTICES = {
	off: `${KOPECKS} Turn on Add Ruble Amounts for ruble columns.`,
	on: `${KOPECKS} Add Ruble Amounts is on: each gets a _rub field in rubles beside it (income_sum_rub 158369.78).`,
} as const;

/** The kopecks notice, one text while Add Ruble Amounts is off and another while it is on. */
export function kopecksNotices(): INodeProperties[] {
	return [
		notice('kopecksNotice', KOPECKS_NOTICES.off, { show: { addRubles: [false] } }),
		notice('kopecksNoticeRubles', KOPECKS_NOTICES.on, { show: { addRubles: [true] } }),
	];
}

export function rubleAmountsField(displayOptions?: Display): INodeProperties {
	return {
		displayName: 'Add Ruble Amounts',
		name: 'addRubles',
		type: 'boolean',
		default: false,
		description:
			'Whether to add a &lt;field&gt;_rub column (rubles, kopecks / 100) next to each money field: in the items, in a CSV file and in a JSON Lines file alike',
		hint: 'The API fields stay in kopecks; income_sum 15836978 gets income_sum_rub 158369.78 beside it',
		displayOptions,
	};
}
