/**
 * Optional currency-unit views of money fields ("Add Ruble Amounts": item output, CSV and JSON Lines
 * alike). The API's fields stay as they are (integer kopecks); the view adds `<field>_rub` next to each
 * (kopecks / 100, to the kopeck), e.g. income_sum 1234550 → income_sum_rub 12345.5.
 */
import type { IDataObject } from 'n8n-workflow';

/** Derived from kopeck sums, so kopecks too, but may carry decimals (PRO monthly rows). */
const DERIVED = new Set(['average_check_sum', 'revenue_per_area']);

/**
 * The one definition of a money field (kopecks) by its name: every `*_sum`, the calculated `turnover`,
 * the declared `manual_turnover`, and the PRO monthly `average_check_sum` (kopecks per receipt) and
 * `revenue_per_area` (kopecks per unit of area_size). Not `ocr` (a ratio). The file export's money
 * columns (output/columns.ts) and the ruble views read it.
 */
export function isMoneyName(name: string): boolean {
	return (
		name.endsWith('_sum') || name === 'turnover' || name === 'manual_turnover' || DERIVED.has(name)
	);
}

/** A money field with a value in kopecks: a whole number, or any finite number for the derived ones. */
function isKopecksField(name: string, value: unknown): boolean {
	if (typeof value !== 'number' || !Number.isFinite(value)) return false;
	return (DERIVED.has(name) || Number.isInteger(value)) && isMoneyName(name);
}

/** Kopecks to the currency unit, to the kopeck, without binary noise (1999 → 19.99; 12345.67 → 123.46). */
function toRubles(kopecks: number): number {
	return Math.round(kopecks) / 100;
}

/** The row with `<field>_rub` after each money field (a new object; the row itself is left as it is). */
export function withRubles(row: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const name in row) {
		const value = row[name];
		out[name] = value;
		if (isKopecksField(name, value)) out[`${name}_rub`] = toRubles(value as number);
	}
	return out;
}
