/**
 * Optional currency-unit views of money fields ("Add Ruble Amounts": item output, CSV and JSON Lines
 * alike). The API's fields stay as they are (integer kopecks); the view adds `<field>_rub` next to each
 * (kopecks / 100, to the kopeck), e.g. income_sum 1234550 → income_sum_rub 12345.5.
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * Money fields in kopecks: every integer `*_sum`, the calculated `turnover`, the declared
 * `manual_turnover`, and the PRO monthly `average_check_sum` (kopecks per receipt) and
 * `revenue_per_area` (kopecks per unit of area_size), which are derived from kopeck sums and may carry
 * decimals. Not `ocr` (a ratio).
 */
export function isKopecksField(name: string, value: unknown): boolean {
	if (typeof value !== 'number' || !Number.isFinite(value)) return false;
	if (name === 'average_check_sum' || name === 'revenue_per_area') return true;
	if (!Number.isInteger(value)) return false;
	return name.endsWith('_sum') || name === 'turnover' || name === 'manual_turnover';
}

/** Kopecks to the currency unit, to the kopeck, without binary noise (1999 → 19.99; 12345.67 → 123.46). */
export function toRubles(kopecks: number): number {
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
