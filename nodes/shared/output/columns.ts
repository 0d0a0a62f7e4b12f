/**
 * What a file export writes, as each operation file declares it (its side fact `fileColumns`): the CSV
 * columns in the spec's field order (nested objects as dotted names; arrays and objects of unshown
 * shape as JSON in one cell), the money fields (integer kopecks, summed in the summary), the date the
 * summary's first / last date is read from and the file name's stem. The parts several lists share
 * (VAT and payment sums, a person, nested names) are here.
 */
import { isMoneyName } from '../rubles';

/** Output field → where it is in the API's record (a dot path; `a[].b` maps a list). */
export type FieldSet = Array<[string, string]>;

export interface KindColumns {
	columns: string[];
	money: string[];
	dateField: string;
	fileStem: string;
	/** the columns are all a record can hold (a simplified record): no last `other_fields` column */
	closed?: boolean;
}

const VAT = ['no', '0', '5', '7', '10', '18', '20', '22', '105', '107', '110', '118', '120', '122'];
/** The VAT sums (`nds_<rate>_sum`), with a prefix for the refund ones. */
export const vat = (prefix = '') => VAT.map((r) => `${prefix}nds_${r}_sum`);
export const PAYMENTS = [
	'cash_sum',
	'ecash_sum',
	'advanced_sum',
	'full_prepayment_sum',
	'partial_prepayment_sum',
	'prepaid_sum',
	'credit_sum',
	'provision_sum',
];
export const PERSON = ['id', 'name', 'email', 'mall_staff', 'phone'];
/** Column names written as one text, separated by spaces. */
export const names = (text: string): string[] => text.split(' ');
/** Names of a nested object's fields as columns: `parent.name`. */
export const under = (parent: string, names: string[]) => names.map((n) => `${parent}.${n}`);

/** An operation's file columns; its money columns are those isMoneyName (../rubles.ts) names. */
export function defineColumns(columns: string[], dateField: string, fileStem: string): KindColumns {
	return { columns, money: columns.filter(isMoneyName), dateField, fileStem };
}

/**
 * The columns of a file of simplified records (Simplify on): the field set's names in its order, as
 * the items have them (with Add Ruble Amounts the CSV adds each money column's ruble column after it,
 * as a simplified item keeps each money field's `_rub` twin); nothing else, so no `other_fields`.
 */
export function simplifiedColumns(kind: KindColumns, fields: FieldSet): KindColumns {
	const names = fields.map(([name]) => name);
	return { ...defineColumns(names, kind.dateField, kind.fileStem), closed: true };
}
